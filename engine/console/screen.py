"""What the terminal game prints: the board, the legal actions, events, regions, rules, results.

Everything here is text built from ``engine.core.view`` (so only what a seat may see is shown);
``engine.console.terminal`` prints it during a hot-seat game and ``engine.console.playthrough``
reuses the event sentences in the golden files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.board import mapdef
from engine.core.content import treasures
from engine.core.errors import EngineError
from engine.core.markers import MARKER_NAMES
from engine.core.state import CLOSING, GameState
from engine.core.view import label, view
from engine.core.words import and_list, plural
from engine.text import glossary
from engine.text.narration import underground_sentence


class InputError(EngineError):
    """The typed line is neither a command nor an action of the list."""


def piece_name(key: str) -> str:
    """The readable name of a marker key: a piece of the box, or a Place or Relic."""
    if key in MARKER_NAMES:
        return MARKER_NAMES[key]
    found = treasures().get(key)
    return found.name if found is not None else key.replace("_", " ")


def _markers(markers: dict[str, int]) -> str:
    order = list(MARKER_NAMES)
    names = []
    for key in sorted(markers, key=lambda k: (order.index(k) if k in order else len(order), k)):
        name = piece_name(key)
        names.append(name if markers[key] == 1 else f"{name} ×{markers[key]}")
    return ", ".join(names)


def render_state(s: GameState, viewer: int | None) -> list[str]:
    """The compact board as ``viewer`` may see it: only what ``view(s, viewer)`` exposes."""
    v = view(s, viewer)
    names = [p["name"] for p in v["players"]]
    actor = v["to_act"]
    lines = [
        f"== Round {v['round']}/{v['turns']} · {names[v['turn_seat']]}'s turn · {v['phase']} =="
    ]
    if actor is not None:
        why = " (redeploying tokens lost this turn)" if v["phase"] == CLOSING else ""
        lines.append(f"To act: {names[actor]}{why}")
    lines.append("Combos for sale:")
    for c in v["market"]:
        on_it = f" · {plural(c['coins'], 'coin')} on it" if c["coins"] else ""
        price = f"price {plural(c['slot'] - 1, 'coin')}" if c["slot"] > 1 else "free"
        lines.append(
            f"  {c['slot']}. {c['power']} {c['race']} · {plural(c['tokens'], 'token')} · "
            f"{price}{on_it}"
        )
    lines.append("Regions:")
    width = max(8, *(len(r["terrain"]) for r in v["regions"]))
    for r in v["regions"]:
        if not r["race"] and not r["markers"]:
            continue
        parts = [f"  {r['id']:>2} {r['terrain']:<{width}}"]
        if r["race"]:
            decline = " (decline)" if r["in_decline"] else ""
            parts.append(f" {r['race']} of {names[r['owner']]} ×{r['tokens']}{decline}")
        if r["markers"]:
            parts.append(f" [{_markers(r['markers'])}]")
        lines.append("".join(parts))
    lines.append("Players:")
    for p in v["players"]:
        races = []
        if p["active"]:
            a = p["active"]
            races.append(f"{a['power']} {a['race']} (hand {a['hand']}, tray {a['tray']})")
        races.extend(f"{d['race']} in decline" for d in p["declined"])
        peace = f" · at peace with {names[p['peace_with']]}" if p["peace_with"] is not None else ""
        marker = " ←" if p["seat"] == actor else ""
        lines.append(f"  {p['name']}: {', '.join(races) or 'no race'}{peace}{marker}")
    # Only the viewer's own entry carries coins (view drops the others before the end).
    for p in v["players"]:
        if "coins" in p and p["seat"] == viewer:
            lines.append(f"Your coins ({p['name']}): {p['coins']}")
    return lines


def render_actions(s: GameState, actions: Sequence[Action]) -> list[str]:
    """The numbered legal actions with their labels and text forms."""
    width = len(str(len(actions)))
    return [f"  {i:>{width}}. {label(s, a)}  [{a.text}]" for i, a in enumerate(actions, start=1)]


#: Event fields naming a seat, read as the player's name by the generic line.
_SEAT_FIELDS = frozenset({"to", "victim", "by", "ally", "defender_seat", "owner", "from"})
#: Event fields counting something, read as "3 tokens" by the generic line.
_COUNT_FIELDS = {"tokens": "token", "coins": "coin", "hammers": "Silver Hammer"}


def describe_event(e: dict[str, Any], names: Sequence[str]) -> str:
    """One readable line for an event the reader may see (``visible_events`` decides).

    Kinds this front end knows get a sentence of their own; any other kind (the abilities
    add their own events) and any known kind whose fields are not the expected ones get the
    generic line of ``describe_any``, so an event never stops the game from being shown.
    """
    try:
        text = _describe_known(e, names)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        text = None
    return text if text is not None else describe_any(e, names)


def _seat_name(seat: object, names: Sequence[str]) -> str | None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return None


def _field_text(key: str, value: Any, names: Sequence[str]) -> str | None:
    """One field of an event in words, or None when it says nothing (empty, None)."""
    words = key.replace("_", " ")
    if value is None or value == [] or value == {}:
        return None
    if isinstance(value, bool):
        # A flag that is off says nothing ("no lost tribe"), except a failed roll.
        if key == "success":
            return "success" if value else "failure"
        return words if value else None
    if key == "lost" and isinstance(value, int):
        return f"lost {plural(value, 'token')}"
    if key in _SEAT_FIELDS:
        return f"{words} {_seat_name(value, names) or value}"
    if key == "seats" and isinstance(value, list):
        return "seats " + and_list([_seat_name(x, names) or str(x) for x in value])
    if key in _COUNT_FIELDS and isinstance(value, int):
        return plural(value, _COUNT_FIELDS[key])
    if key in ("treasure", "piece", "relic", "place") and isinstance(value, str):
        return piece_name(value)
    if key == "regions" and isinstance(value, list):
        return ("region " if len(value) == 1 else "regions ") + and_list([str(x) for x in value])
    if isinstance(value, list):
        return f"{words} " + and_list([str(x) for x in value])
    if isinstance(value, dict):
        inner = [_field_text(str(k), v, names) for k, v in value.items()]
        return f"{words}: " + ", ".join(x for x in inner if x)
    return f"{words} {value}"


def describe_any(e: dict[str, Any], names: Sequence[str]) -> str:
    """A readable line for any event: who, what (its kind in words) and its fields in words.

    ``{"kind": "steal", "seat": 0, "race": "Drow", "victim": 1, "coins": 1}`` reads
    ``P1's Drow: steal (victim P2, 1 coin)``; nothing is printed as ``key=value``.
    """
    what = str(e.get("kind", "event")).replace("_", " ")
    seat = _seat_name(e.get("seat"), names)
    race = e.get("race")
    if seat and isinstance(race, str):
        head = f"{seat}'s {race}: {what}"
    elif seat:
        head = f"{seat}: {what}"
    else:
        head = what[:1].upper() + what[1:]
    skip = {"kind", "seat", "race", "private"}
    parts: list[str | None] = []
    for k, v in e.items():
        if k in skip or (k == "defender_seat" and e.get("defender")):
            continue
        if k == "defender" and isinstance(v, str):
            owner = _seat_name(e.get("defender_seat"), names)
            parts.append(f"from {owner}'s {v}" if owner else f"from the {v}")
        else:
            parts.append(_field_text(str(k), v, names))
    shown = [p for p in parts if p]
    return f"{head} ({', '.join(shown)})" if shown else head


def _describe_known(e: dict[str, Any], names: Sequence[str]) -> str | None:
    """The sentence of an event kind this front end knows; None for any other kind."""

    def who(key: str = "seat") -> str:
        seat = e.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def regions(key: str = "regions") -> str:
        return and_list([str(rid) for rid in e.get(key, [])])

    kind = e.get("kind")
    if kind == "pick":
        paid = f"pays {plural(e['paid'], 'coin')}" if e.get("paid") else "free"
        took = f", takes {plural(e['took'], 'coin')} from it" if e.get("took") else ""
        return f"{who()} picks {e['power']} {e['race']} (slot {e['slot']}, {paid}{took})"
    if kind in ("conquer", "enchant", "dragon"):
        how = {"conquer": "conquer", "enchant": "enchant", "dragon": "send the Dragon to"}[kind]
        extra = ""
        if e.get("defender"):
            owner = f"{who('defender_seat')}'s " if e.get("defender_seat") is not None else ""
            lost = f"lost {plural(e['lost'], 'token')}" if e.get("lost") else "no token lost"
            extra = f" from {owner}{e['defender']} ({lost})"
        elif e.get("lost_tribe"):
            extra = " from a Lost Tribe"
        return (
            f"{who()}'s {e['race']} {how} {e['region']} with {plural(e['tokens'], 'token')}{extra}"
        )
    if kind == "roll":
        result = "success" if e["success"] else "failure"
        return f"{who()} rolls {e['die']} for region {e['region']}: {result}"
    if kind == "berserk":
        return f"{who()} rolls the Berserk die: {e['die']}"
    if kind == "abandon":
        return f"{who()}'s {e['race']} abandon {e['region']}"
    if kind == "decline":
        return f"{who()}'s {e['race']} go into decline"
    if kind == "vanish":
        return f"{who()}'s {e['race']} leave the map"
    if kind == "grow":
        return f"{who()}'s {e['race']} gain {plural(e['tokens'], 'token')}"
    if kind == "peace":
        return f"{who()} makes peace with {who('ally')}"
    if kind == "fortify":
        return f"{who()} builds a Fortress in {e['region']}"
    if kind == "ready":
        # [SW "Ready your Troops"]: one token stays in each region, the others come in hand.
        if e["tokens"]:
            text = (
                f"{who()}'s {e['race']} take {plural(e['tokens'], 'token')} in hand to conquer, "
                "leaving one in each region"
            )
        else:
            text = f"{who()}'s {e['race']} have {plural(e['hand'], 'token')} in hand to conquer"
        if e["tokens"] and e.get("hand", e["tokens"]) != e["tokens"]:
            text += f" ({e['hand']} in hand in all)"
        return text
    if kind == "return":
        n = e["tokens"]
        went = "goes" if n == 1 else "go"
        return f"{who()}'s {e['race']}: {plural(n, 'leftover token')} {went} back to {regions()}"
    if kind == "spread":
        n = e["tokens"]
        was = "is" if n == 1 else "are"
        spread = f"{plural(n, 'token')} left in hand {was} spread over {regions()}"
        return f"{who()}'s {e['race']}: {spread}"
    if kind == "placed":
        one = piece_name(e["piece"])
        many = "Heroes" if e["piece"] == "hero" else f"{one}s"
        n = len(e["regions"])
        return (
            f"{who()}'s {e['race']}: {n} {one if n == 1 else many} left unplaced put in {regions()}"
        )
    if kind == "discover":
        # [SWU p.5] Conquering a Monster region reveals the Place or Relic hidden under it.
        found = treasures()[e["treasure"]]
        sort = "Righteous Relic" if found.relic else "Popular Place"
        return f"{who()}'s {e['race']} discover {found.name} (a {sort}) in region {e['region']}"
    if kind == "river":
        # [SWU p.7] River regions conquered this turn are emptied at redeployment.
        n = e["tokens"]
        leave = "leaves" if n == 1 else "leave"
        where = ("region " if len(e["regions"]) == 1 else "regions ") + regions()
        return (
            f"{who()}'s {e['race']}: {plural(n, 'token')} {leave} the River ({where}) "
            "to be redeployed"
        )
    told = underground_sentence(e, names)
    if told is not None:
        return told
    if kind == "score":
        return f"{who()} scores {plural(e['coins'], 'coin')}"
    if kind == "turn":
        return f"Round {e['round']}: {who()}'s turn"
    if kind == "game_over":
        winners = [names[w] for w in e.get("winners", []) if 0 <= w < len(names)]
        if len(winners) == 1:
            return f"Game over: {winners[0]} wins"
        if winners:
            return f"Game over: {and_list(winners)} share the victory"
        return "Game over"
    return None


def render_region(s: GameState, rid: int, viewer: int | None = None) -> list[str]:
    """Region ``rid`` as ``viewer`` sees it: terrain, features, holder, and its neighbours."""
    m = mapdef(s)
    if not 0 <= rid < len(m.regions):
        raise InputError(f"There is no region {rid}; this map has 0 to {len(m.regions) - 1}.")
    v = view(s, viewer)
    names = [p["name"] for p in v["players"]]

    def holder(r: dict[str, Any]) -> str:
        parts = []
        if r["race"]:
            decline = " in decline" if r["in_decline"] else ""
            parts.append(
                f"{names[r['owner']]}'s {r['race']}{decline}, {plural(r['tokens'], 'token')}"
            )
        tribe = r["markers"].get("lost_tribe")
        if tribe:
            parts.append(f"a Lost Tribe, {plural(tribe, 'token')}")
        monsters = r["markers"].get("monster")
        if monsters:
            parts.append(f"Monsters, {plural(monsters, 'token')}")
        return "; ".join(parts)

    d = m.regions[rid]
    r = v["regions"][rid]
    facts = [d.terrain, *sorted(d.features)]
    if d.edge:
        facts.append("on the board's edge")
    if d.coastal:
        facts.append("coastal")
    lines = [f"Region {rid}: " + ", ".join(facts)]
    lines.append("  Held by: " + (holder(r) or "nobody (empty)"))
    pieces = {k: n for k, n in r["markers"].items() if n and k not in ("lost_tribe", "monster")}
    if pieces:
        lines.append("  Pieces: " + _markers(pieces))
    lines.append("  Adjacent:")
    for n in sorted(d.adjacent):
        nr = v["regions"][n]
        held = holder(nr)
        lines.append(f"    {n:>2} {nr['terrain']}" + (f" · {held}" if held else ""))
    return lines


def render_rules(name: str) -> list[str]:
    """``rules NAME``: the short explanation of a race, power or rule term; a list without."""
    if not name.strip():
        e = glossary.entries()
        races = [n for n, text in e.items() if text.startswith("Race ·")]
        powers = [n for n, text in e.items() if text.startswith("Special power ·")]
        terms = list(glossary.RULE_TERMS)
        return [
            "Races: " + ", ".join(sorted(races)),
            "Special powers: " + ", ".join(sorted(powers)),
            "Rule terms: " + ", ".join(terms),
            'Type "rules NAME" for one of them.',
        ]
    found = glossary.lookup(name)
    if found is None:
        close = glossary.search(name, limit=6)
        if len(close) == 1:
            found = glossary.lookup(close[0])
        else:
            hint = f" Did you mean: {', '.join(close)}?" if close else ' Type "rules" for the list.'
            return [f"Nothing called {name.strip()!r}.{hint}"]
    assert found is not None
    title, text = found
    return [f"{title}: {text}"]


def render_result(s: GameState) -> list[str]:
    """The final ranking with every coin total revealed."""
    result = view(s)["result"] or {}
    winners = {s.players[seat].name for seat in result.get("winners", [])}
    lines = ["Final ranking:"]
    for place, row in enumerate(result.get("ranking", []), start=1):
        star = " (winner)" if row["name"] in winners else ""
        lines.append(
            f"  {place}. {row['name']}: {plural(row['coins'], 'coin')}, "
            f"{plural(row['tokens'], 'token')} on the board{star}"
        )
    if len(winners) > 1:
        lines.append("Shared victory: " + ", ".join(sorted(winners)))
    return lines


__all__ = [
    "InputError",
    "describe_any",
    "describe_event",
    "piece_name",
    "render_actions",
    "render_region",
    "render_result",
    "render_rules",
    "render_state",
]
