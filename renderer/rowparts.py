"""What a player's row in the legend is made of, shared by the one-row-per-player legend
(:mod:`.legend`) and the team legend (:mod:`.teamrows`): a race's token sample and the
pieces a player keeps off the map.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from lang import ntr, tr

from .fonts import draw_text
from .icons import INITIALS, SS
from .palette import DECLINE_FILL, INK, RGB, initials, text_on
from .pieces import piece_name
from .teams import seat_label


def holdings(view: dict[str, Any], p: dict[str, Any]) -> list[tuple[str, str]]:
    """What a player keeps off the map, as (icon kind, words): the pieces each of their races
    holds (Silver Hammers, Mushroom Armor, the Bag), then the seats holding their Vengeance
    markers. Empty for most players, and always on the surface."""
    return [(kind, words) for kind, words, _ in holdings_short(view, p)]


def holdings_short(view: dict[str, Any], p: dict[str, Any]) -> list[tuple[str, str, str]]:
    """``holdings`` with a short form of each, for a row with little room: the count of a
    piece ("4"), or the seats holding a player's Vengeance markers by seat name ("B1")."""
    out: list[tuple[str, str, str]] = []
    races = [p["active"]] if p.get("active") else []
    races += p.get("declined") or []
    for race in races:
        for kind, n in sorted((race.get("pieces") or {}).items()):
            if not n:
                continue
            out.append((kind, count_words(kind, n), str(n)))
    players = view["players"]
    seats = [s for s in p.get("marks") or () if 0 <= s < len(players)]
    if seats:
        who = ", ".join(players[s]["name"] for s in seats)
        words = tr("Vengeance on {who}", who=who)
        out.append(("vengeance", words, " ".join(seat_label(view, s) for s in seats)))
    return out


def count_words(kind: str, n: int) -> str:
    """``n`` pieces of ``kind`` a player keeps off the map, in words ("4 Silver Hammers")."""
    if kind == "hammer":
        return ntr("{n} Silver Hammer", "{n} Silver Hammers", n)
    if kind == "armor":
        return ntr("{n} Mushroom Armor", "{n} Mushroom Armors", n)
    if kind == "bag":
        return ntr("{n} Bag-o'-Many-Things", "{n} Bags-o'-Many-Things", n)
    return f"{n} × {piece_name(kind)}"


def coins_text(coins: int) -> str:
    """A player's coins once the game is over ("57 coins")."""
    return ntr("{n} coin", "{n} coins", coins)


def race_sample(race: str, colour: RGB, decline: bool = False) -> Image.Image:
    """A token sample for the legend: the race's initials on its owner's colour (dark and
    ringed in the owner's colour for a race in decline)."""
    return _sample(initials(race), colour, decline)


@cache
def _sample(tag: str, colour: RGB, decline: bool) -> Image.Image:
    """A token sample with the initials ``tag`` (``race_sample``)."""
    h = 40
    n = h * SS
    wdt = int(n * 1.45) // SS * SS
    big = Image.new("RGBA", (wdt, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    fill = DECLINE_FILL if decline else colour
    d.rounded_rectangle((0, 0, wdt - 1, n - 1), radius=n / 2, fill=fill, outline=INK, width=SS * 3)
    if decline:
        d.rounded_rectangle(
            (SS * 3, SS * 3, wdt - 1 - SS * 3, n - 1 - SS * 3),
            radius=n / 2 - SS * 3,
            outline=colour,
            width=SS * 5,
        )
    draw_text(d, (wdt / 2, n / 2), tag, int(n * INITIALS), text_on(fill), anchor="mm", scale=SS)
    return big.convert("RGBa").reduce(SS).convert("RGBA")
