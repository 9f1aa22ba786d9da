"""The combos panel: the six race banner and power badge pairs for sale.

One card per combo, stacked, so the panel stays narrow and tall like a phone held upright:
slot and price on the left, power and race in large type, tokens and coins on the right.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.text import names
from lang import ntr, tr

from .fonts import ellipsize, fit_text
from .icons import coin, paste_centred, seat_disc
from .key import holder_of
from .palette import INK, MUTED, PAPER, PAPER_DARK, WHITE, initials
from .picture import Composed, Writer, encode

WIDTH = 1000
TOP = 112
CARD = 128
GAP = 10
#: Columns: slot disc, race initials, names, tokens, price, coins lying on the combo.
COL_SLOT, COL_TAG, COL_NAME, COL_TOKENS, COL_PRICE, COL_COINS = 62, 164, 218, 640, 780, 910


#: Height of a line under the cards (what the Stonehedge grants, the Places still hidden).
NOTE = 54


def notes(view: dict[str, Any]) -> list[str]:
    """Lines under the cards about powers and finds beyond the six combos: the power the
    Stonehedge drew and who uses it, and how many Relics and Places still lie under Monsters.
    None on the surface, whose views have neither."""
    out: list[str] = []
    power = view.get("stonehedge")
    if power:
        holder = holder_of(view, "stonehedge")
        out.append(
            tr(
                "The Stonehedge grants {power} to whoever holds it: {holder}",
                power=names.power(power),
                holder=holder,
            )
        )
    hidden = view.get("hidden_treasures") or 0
    if hidden:
        out.append(tr("Relics and Places still under Monsters: {n}", n=hidden))
    return out


def compose_combos(view: dict[str, Any]) -> Composed:
    """The combos panel of a view as a Pillow image, with the texts written on it."""
    market = view.get("market") or []
    lines = notes(view)
    cards = TOP + (CARD + GAP) * max(1, len(market))
    height = cards + 10 + NOTE * len(lines)
    img = Image.new("RGB", (WIDTH, height), PAPER)
    out = Composed(img)
    w = Writer(img, out.texts)
    w.text((28, 42), tr("Combos for sale"), 40, anchor="lm")
    price = tr("Price: 1 coin on each combo above it · coins on a combo go to its taker")
    size = fit_text(price, 22, WIDTH - 56, bold=False, min_size=18)
    w.text((28, 86), ellipsize(price, size, WIDTH - 56, False), size, MUTED, bold=False)
    for i, c in enumerate(market):
        top = TOP + (CARD + GAP) * i
        _card(w, c, top)
    if not market:
        w.text((WIDTH / 2, TOP + CARD / 2), tr("No combos left"), 30, MUTED, anchor="mm")
    for i, line in enumerate(lines):
        size = fit_text(line, 28, WIDTH - 56, bold=False)
        w.text((28, cards + NOTE * (i + 0.5)), line, size, INK, bold=False)
    return out


def _card(w: Writer, c: dict[str, Any], top: int) -> None:
    cy = top + CARD / 2
    w.draw.rounded_rectangle(
        (16, top, WIDTH - 16, top + CARD), radius=18, fill=WHITE, outline=PAPER_DARK, width=3
    )
    paste_centred(w.img, seat_disc(INK, 68), (COL_SLOT, cy))
    w.text((COL_SLOT, cy), str(c["slot"]), 40, WHITE, anchor="mm")
    # The race's initials as on the board's tokens, in a neutral pill.
    w.draw.rounded_rectangle(
        (COL_TAG - 34, cy - 22, COL_TAG + 34, cy + 22),
        radius=22,
        fill=PAPER_DARK,
        outline=INK,
        width=3,
    )
    w.text((COL_TAG, cy), initials(c["race"]), 24, anchor="mm")
    # The power small and the race large, in the order the language names a combo: the
    # power first in English ("Forest / Elves"), the race first in French ("Elfes / des Forêts").
    room = COL_TOKENS - COL_NAME - 40
    power, race = names.power_beside(c["power"], c["race"]), names.race(c["race"])
    power_size = fit_text(power, 28, room, bold=False)
    race_size = fit_text(race, 40, room)
    power_y, race_y = (cy + 24, cy - 16) if race_first() else (cy - 22, cy + 18)
    w.text(
        (COL_NAME, power_y),
        ellipsize(power, power_size, room, False),
        power_size,
        MUTED,
        bold=False,
    )
    w.text((COL_NAME, race_y), ellipsize(race, race_size, room), race_size)
    w.text((COL_TOKENS, cy - 10), str(c["tokens"]), 46, anchor="mm")
    _under(w, COL_TOKENS, cy, tr("tokens"))
    price = c["slot"] - 1
    cost = tr("free") if price == 0 else f"−{price}"
    w.text((COL_PRICE, cy - 10), cost, fit_text(cost, 36, 126), anchor="mm")
    _under(w, COL_PRICE, cy, tr("price") if price == 0 else ntr("coin", "coins", price))
    if c.get("coins"):
        paste_centred(w.img, coin(56), (COL_COINS, cy - 10))
        w.text((COL_COINS, cy - 10), f"+{c['coins']}", 24, INK, anchor="mm")
        _under(w, COL_COINS, cy, tr("on it"))


def _under(w: Writer, x: float, cy: float, label: str) -> None:
    """A small muted word under a card's number, shrunk to its column."""
    size = fit_text(label, 20, 130, bold=False, min_size=16)
    w.text((x, cy + 32), label, size, MUTED, bold=False, anchor="mm")


def race_first() -> bool:
    """Whether the language spoken names a combo race first ("Elfes des Forêts")."""
    both = names.combo("\x01", "\x02")
    return both.find("\x01") < both.find("\x02")


def render_combos(view: dict[str, Any]) -> bytes:
    """The six visible combos of a view: slot, price, power and race, tokens, coins on it."""
    return encode(compose_combos(view).image)
