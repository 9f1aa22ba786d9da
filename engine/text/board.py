"""The board in words, for a reader who cannot see the picture: ``/sw board text:true`` and
the terminal's ``board`` command print the same lines (``board_lines``), and the pictures'
descriptions (``renderer.describe``) take their parts from here.

Everything is read from a view (``engine.core.view``), so only what that viewer may see is
told; no line here reads a coin count. The regions are grouped by holder: each player's
races (the active one first) with their regions, then the Lost Tribes', the Monsters', and
the regions nobody holds. Every region of the map appears once, with its terrain, its
symbols, its tokens and the pieces on it (Fortresses, the Dragon, Relics, Places…).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.content import treasures
from engine.core.markers import MARKER_NAMES
from lang import ntr, ptr, tr

from . import names as named
from .telling import tokens

#: The markers that hold a region as a player's race would: grouped apart, not listed as
#: pieces of the region.
HOLDERS = ("lost_tribe", "monster")

View = dict[str, Any]


def piece_name(key: str) -> str:
    """The readable name of a marker key: a piece of the box, or a Place or Relic."""
    if key in MARKER_NAMES:
        return named.piece(key)
    if key in treasures():
        return named.treasure(key)
    return key.replace("_", " ")


def pieces_text(markers: dict[str, int]) -> str:
    """The pieces on a region, in the box's order: ``Fortress, Encampment ×3``."""
    order = list(MARKER_NAMES)
    parts = []
    for key in sorted(markers, key=lambda k: (order.index(k) if k in order else len(order), k)):
        if markers[key]:
            name = piece_name(key)
            parts.append(name if markers[key] == 1 else f"{name} ×{markers[key]}")
    return ", ".join(parts)


def and_list(items: Sequence[str]) -> str:
    """``12``, ``12 and 14``, ``3, 5 and 9``: items joined for a sentence."""
    if len(items) <= 1:
        return "".join(items)
    return tr("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def semicolons(parts: Sequence[str]) -> str:
    """Parts of a sentence between semicolons, spaced as the language spaces them."""
    # i18n: between two parts of a sentence ("Orcs, 4 regions; Elves in decline, 2 regions").
    return tr("; ").join(parts)


def seat_names(v: View) -> list[str]:
    """Each seat's player as public texts name them: ``ann (A1)`` in a team game, else
    ``ann`` (the seat names come with the view's teams)."""
    names = [str(p["name"]) for p in v["players"]]
    teams = (v.get("rulesets") or {}).get("teams") or {}
    seats = teams.get("seat_names") if teams.get("teams") else None
    if not seats:
        return names
    return [tr("{name} ({seat})", name=n, seat=seats[i]) for i, n in enumerate(names)]


def phase_words(phase: str) -> str:
    """A turn's phase as a board's header says it (``conquering``)."""
    told = {
        "setup": ptr("board phase", "setting up"),
        "pick": ptr("board phase", "picking a combo"),
        "conquer": ptr("board phase", "conquering"),
        "redeploy": ptr("board phase", "redeploying"),
        "closing": ptr("board phase", "redeploying"),
        "over": ptr("board phase", "game over"),
    }
    return told.get(phase, phase)


def turn_words(v: View) -> str:
    """Whose turn it is and what they are doing: ``Ann's turn (conquering)``, with whoever
    else must act now (a defender placing tokens); ``game over`` at the end."""
    if v["phase"] == "over":
        return phase_words("over")
    names = seat_names(v)
    words = tr("{who}'s turn ({phase})", who=names[v["turn_seat"]], phase=phase_words(v["phase"]))
    actor = v.get("to_act")
    if actor is not None and actor != v["turn_seat"]:
        words += " · " + tr("{who} to act", who=names[actor])
    return words


def header(v: View) -> str:
    """``Round 3/10 · Ann's turn (conquering)``; at the end, ``Round 10/10 · game over``."""
    return tr("Round {round}/{turns}", round=v["round"], turns=v["turns"]) + " · " + turn_words(v)


def regions_of(v: View, seat: int, race: str) -> list[dict[str, Any]]:
    """The regions ``seat`` holds with ``race``, by number."""
    return [r for r in v["regions"] if r["owner"] == seat and r["race"] == race]


def race_line(v: View, seat: int, race: dict[str, Any]) -> str:
    """A race of a player, with its power and how many regions it holds: ``Orcs Hill,
    4 regions`` (``in decline`` for a race in decline)."""
    combo = named.combo(race["race"], race["power"])
    regions = ntr("{n} region", "{n} regions", len(regions_of(v, seat, race["race"])))
    if race.get("in_decline"):
        return tr("{combo} in decline, {regions}", combo=combo, regions=regions)
    return tr("{combo}, {regions}", combo=combo, regions=regions)


def races_line(v: View, seat: int) -> str:
    """A player's races: the active one, then those in decline; ``no race`` before the
    first pick."""
    p = v["players"][seat]
    races = ([p["active"]] if p["active"] else []) + list(p["declined"])
    return semicolons([race_line(v, seat, r) for r in races]) or tr("no race yet")


def place_text(r: dict[str, Any]) -> str:
    """A region's number, terrain and symbols: ``12 Forest, Cavern, Magic Source``."""
    facts = [named.terrain(r["terrain"]), *(named.symbol(f) for f in r["features"])]
    if r.get("impassable"):
        facts.append(tr("impassable"))
    return f"{r['id']} " + ", ".join(facts)


def holder_marker(r: dict[str, Any]) -> str | None:
    """The marker that holds a region no player's race holds (a Lost Tribe, Monsters), or
    None; a region with both is the Lost Tribe's, the Monsters listed as its pieces."""
    if r["race"]:
        return None
    return next((key for key in HOLDERS if r["markers"].get(key)), None)


def region_line(r: dict[str, Any]) -> str:
    """One region as the text board lists it: ``12 Forest, Cavern: 3 tokens · Fortress``
    (the tokens of its race, or of the Lost Tribe or Monsters holding it)."""
    holder = holder_marker(r)
    contents = []
    if r["race"]:
        contents.append(tokens(r["tokens"]))
    elif holder is not None:
        contents.append(tokens(r["markers"][holder]))
    pieces = pieces_text({k: n for k, n in r["markers"].items() if k != holder})
    if pieces:
        contents.append(pieces)
    if not contents:
        return f"- {place_text(r)}"
    return "- " + tr("{place}: {contents}", place=place_text(r), contents=" · ".join(contents))


def held_by_marker(v: View, key: str) -> list[dict[str, Any]]:
    """The regions a marker of ``key`` holds (a Lost Tribe, Monsters: ``holder_marker``)."""
    return [r for r in v["regions"] if holder_marker(r) == key]


def nobodys(v: View) -> list[dict[str, Any]]:
    """The regions neither a player's race nor a Lost Tribe nor Monsters hold."""
    return [r for r in v["regions"] if not r["race"] and holder_marker(r) is None]


def player_lines(v: View, seat: int, names: Sequence[str]) -> list[str]:
    """A player's heading, then each of their races and its regions."""
    p = v["players"][seat]
    head = tr("{who}: {races}", who=names[seat], races=races_line(v, seat))
    active = p["active"]
    if active and active.get("hand"):
        head += " · " + tr("{tokens} in hand", tokens=tokens(active["hand"]))
    lines = [head]
    for race in ([active] if active else []) + list(p["declined"]):
        lines += [region_line(r) for r in regions_of(v, seat, race["race"])]
    return lines


def board_lines(v: View) -> list[str]:
    """The whole board in words, grouped by holder (the module's docstring says how)."""
    names = seat_names(v)
    lines = [header(v)]
    for p in v["players"]:
        lines += player_lines(v, p["seat"], names)
    for key, title in (("lost_tribe", tr("Lost Tribes")), ("monster", tr("Monsters"))):
        held = held_by_marker(v, key)
        if held:
            lines.append(tr("{holder}: {regions}", holder=title, regions=_regions(len(held))))
            lines += [region_line(r) for r in held]
    empty = nobodys(v)
    if empty:
        lines.append(tr("Held by nobody: {regions}", regions=_regions(len(empty))))
        lines += [region_line(r) for r in empty]
    if v.get("hidden_treasures"):
        lines.append(
            ntr(
                "{n} Place or Relic still face down under the Monsters",
                "{n} Places and Relics still face down under the Monsters",
                v["hidden_treasures"],
            )
        )
    return lines


def _regions(n: int) -> str:
    return ntr("{n} region", "{n} regions", n)


__all__ = [
    "HOLDERS",
    "and_list",
    "board_lines",
    "header",
    "holder_marker",
    "piece_name",
    "pieces_text",
    "place_text",
    "race_line",
    "races_line",
    "region_line",
    "regions_of",
    "seat_names",
    "semicolons",
    "turn_words",
]
