"""What the terminal game prints: the board, the legal actions, events, regions, rules, results.

Everything here is text built from ``engine.core.view`` (so only what a seat may see is shown);
``engine.console.terminal`` prints it during a hot-seat game and ``engine.console.playthrough``
reuses the event sentences in the golden files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.abilities import POWERS, RACES, TREASURES
from engine.core.actions import Action, Conquer
from engine.core.board import mapdef
from engine.core.conquest import target_problem
from engine.core.content import treasures
from engine.core.errors import EngineError
from engine.core.legal import legal_actions
from engine.core.markers import MARKER_NAMES
from engine.core.state import CLOSING, CONQUER, OVER, PICK, REDEPLOY, SETUP, GameState
from engine.core.turn import acting_race, to_act
from engine.core.validation import problem
from engine.core.view import label, view
from engine.text import glossary
from engine.text import names as named
from engine.text.sums import conquest_sum
from lang import ptr, tr

from .events import coins, describe_any, describe_event, piece_name, tokens
from .teams import seat_names, team_game_over, team_result, teams_line


class InputError(EngineError):
    """The typed line is neither a command nor an action of the list."""


def _markers(markers: dict[str, int]) -> str:
    order = list(MARKER_NAMES)
    names = []
    for key in sorted(markers, key=lambda k: (order.index(k) if k in order else len(order), k)):
        name = piece_name(key)
        names.append(name if markers[key] == 1 else f"{name} ×{markers[key]}")
    return ", ".join(names)


def phase_name(phase: str) -> str:
    """A turn phase in words (``conquer``), as the board's header shows it."""
    told = {
        SETUP: ptr("phase", "setup"),
        PICK: ptr("phase", "pick"),
        CONQUER: ptr("phase", "conquer"),
        REDEPLOY: ptr("phase", "redeploy"),
        CLOSING: ptr("phase", "closing"),
        OVER: ptr("phase", "over"),
    }
    return told.get(phase, phase)


def render_state(s: GameState, viewer: int | None) -> list[str]:
    """The compact board as ``viewer`` may see it: only what ``view(s, viewer)`` exposes."""
    v = view(s, viewer)
    names = seat_names(v)
    actor = v["to_act"]
    lines = [
        tr(
            "== Round {round}/{turns} · {who}'s turn · {phase} ==",
            round=v["round"],
            turns=v["turns"],
            who=names[v["turn_seat"]],
            phase=phase_name(v["phase"]),
        )
    ]
    if actor is not None:
        if v["phase"] == CLOSING:
            lines.append(tr("To act: {who} (redeploying tokens lost this turn)", who=names[actor]))
        else:
            lines.append(tr("To act: {who}", who=names[actor]))
    lines.append(tr("Combos for sale:"))
    for c in v["market"]:
        price = (
            tr("price {coins}", coins=coins(c["slot"] - 1))
            if c["slot"] > 1
            else ptr("combo price", "free")
        )
        parts = [named.combo(c["race"], c["power"]), tokens(c["tokens"]), price]
        if c["coins"]:
            parts.append(tr("{coins} on it", coins=coins(c["coins"])))
        lines.append(f"  {c['slot']}. " + " · ".join(parts))
    lines.append(tr("Regions:"))
    terrains = [named.terrain(r["terrain"]) for r in v["regions"]]
    width = max(8, *(len(t) for t in terrains))
    for r, terrain in zip(v["regions"], terrains, strict=True):
        if not r["race"] and not r["markers"]:
            continue
        parts = [f"  {r['id']:>2} {terrain:<{width}}"]
        if r["race"]:
            held = {"race": named.race(r["race"]), "who": names[r["owner"]], "n": r["tokens"]}
            if r["in_decline"]:
                parts.append(" " + tr("{race} of {who} ×{n} (decline)", **held))
            else:
                parts.append(" " + tr("{race} of {who} ×{n}", **held))
        if r["markers"]:
            parts.append(f" [{_markers(r['markers'])}]")
        lines.append("".join(parts))
    lines += teams_line(v)
    lines.append(tr("Players:"))
    for p in v["players"]:
        races = []
        if p["active"]:
            a = p["active"]
            races.append(
                tr(
                    "{combo} (hand {hand}, tray {tray})",
                    combo=named.combo(a["race"], a["power"]),
                    hand=a["hand"],
                    tray=a["tray"],
                )
            )
        races.extend(tr("{race} in decline", race=named.race(d["race"])) for d in p["declined"])
        line = "  " + tr(
            "{who}: {races}", who=names[p["seat"]], races=", ".join(races) or tr("no race")
        )
        if p["peace_with"] is not None:
            line += " · " + tr("at peace with {who}", who=names[p["peace_with"]])
        lines.append(line + (" ←" if p["seat"] == actor else ""))
    # Only the viewer's own entry carries coins (view drops the others before the end).
    for p in v["players"]:
        if "coins" in p and p["seat"] == viewer:
            lines.append(tr("Your coins ({who}): {coins}", who=p["name"], coins=p["coins"]))
    return lines


def describe_seen(s: GameState, e: dict[str, Any], names: Sequence[str]) -> str:
    """An event's line during a game (``describe_event``); the end of a team game names the
    winning team."""
    if e.get("kind") == "game_over":
        told = team_game_over(view(s), e)
        if told is not None:
            return told
    return describe_event(e, names)


def render_actions(s: GameState, actions: Sequence[Action]) -> list[str]:
    """The numbered legal actions with their labels and text forms, and a conquest's cost as
    the rules add it up (``5 = 2 + 2 tokens + 1 Mountain``)."""
    width = len(str(len(actions)))
    out = []
    for i, a in enumerate(actions, start=1):
        line = f"  {i:>{width}}. {label(s, a)}  [{a.text}]"
        cost = conquest_sum(s, a)
        out.append(f"{line}  {cost}" if cost else line)
    return out


def _check_region(s: GameState, rid: int) -> None:
    """Refuse a region number the map does not have."""
    if not 0 <= rid < len(s.regions):
        raise InputError(
            tr(
                "There is no region {region}; this map has 0 to {last}.",
                region=rid,
                last=len(s.regions) - 1,
            )
        )


def render_cost(s: GameState, rid: int, seat: int) -> list[str]:
    """What conquering region ``rid`` costs ``seat`` now, term by term (the terminal's
    ``cost N``), each way on offer (a conquest, the final one with the die, a Relic's, the
    Will-o'-Wisps' roll), or why it may not conquer it."""
    _check_region(s, rid)
    offered = []
    for a in legal_actions(s, seat):
        if getattr(a, "region", None) != rid:
            continue
        cost = conquest_sum(s, a)
        if cost is not None:
            # i18n: a conquest on offer and its cost, added up ("Conquer 3 · …: 3 = 2 + 1 …").
            offered.append(tr("{action}: {cost}", action=label(s, a), cost=cost))
    if offered:
        return offered
    why = problem(s, seat, Conquer(rid)) or tr("it is not on offer now.")
    out = [tr("You cannot conquer region {region} now: {why}", region=rid, why=why)]
    race = acting_race(s) if s.turn.phase == CONQUER and to_act(s) == seat else None
    if race is not None and target_problem(s, race, rid) is None:
        # A target out of reach of the tokens in hand: what it would cost.
        out.append(conquest_sum(s, Conquer(rid)) or "")
    return out


def render_region(s: GameState, rid: int, viewer: int | None = None) -> list[str]:
    """Region ``rid`` as ``viewer`` sees it: terrain, features, holder, and its neighbours."""
    _check_region(s, rid)
    m = mapdef(s)
    v = view(s, viewer)
    names = seat_names(v)

    def holder(r: dict[str, Any]) -> str:
        parts = []
        if r["race"]:
            held = {"who": names[r["owner"]], "race": named.race(r["race"])}
            if r["in_decline"]:
                parts.append(tr("{who}'s {race} in decline, {tokens}", **held, **_n(r["tokens"])))
            else:
                parts.append(tr("{who}'s {race}, {tokens}", **held, **_n(r["tokens"])))
        tribe = r["markers"].get("lost_tribe")
        if tribe:
            parts.append(tr("a Lost Tribe, {tokens}", **_n(tribe)))
        monsters = r["markers"].get("monster")
        if monsters:
            parts.append(tr("Monsters, {tokens}", **_n(monsters)))
        return "; ".join(parts)

    d = m.regions[rid]
    r = v["regions"][rid]
    facts = [named.terrain(d.terrain), *(named.symbol(f) for f in sorted(d.features))]
    if d.edge:
        facts.append(tr("on the board's edge"))
    if d.coastal:
        facts.append(tr("coastal"))
    lines = [tr("Region {region}: {facts}", region=rid, facts=", ".join(facts))]
    lines.append("  " + tr("Held by: {holder}", holder=holder(r) or tr("nobody (empty)")))
    pieces = {k: n for k, n in r["markers"].items() if n and k not in ("lost_tribe", "monster")}
    if pieces:
        lines.append("  " + tr("Pieces: {pieces}", pieces=_markers(pieces)))
    lines.append("  " + tr("Adjacent:"))
    for n in sorted(d.adjacent):
        nr = v["regions"][n]
        held = holder(nr)
        lines.append(f"    {n:>2} {named.terrain(nr['terrain'])}" + (f" · {held}" if held else ""))
    return lines


def _n(count: int) -> dict[str, str]:
    return {"tokens": tokens(count)}


def _glossary_names() -> dict[str, str]:
    """Every name ``rules NAME`` explains, as the reader sees it, with its glossary key:
    races, powers, Relics and Places, then rule terms (the same table in English)."""
    out = {named.race(n): n for n in RACES}
    out.update((named.power(n), n) for n in POWERS)
    out.update((named.treasure(key), treasures()[key].name) for key in TREASURES)
    out.update((tr(term), term) for term in glossary.RULE_TERMS)
    return out


def render_rules(name: str) -> list[str]:
    """``rules NAME``: the short explanation of a race, power or rule term; a list without.

    Names are read and listed as the reader's language writes them (``rules Elfes``)."""
    table = _glossary_names()
    if not name.strip():
        return [
            tr("Races: {names}", names=", ".join(sorted(named.race(n) for n in RACES))),
            tr("Special powers: {names}", names=", ".join(sorted(named.power(n) for n in POWERS))),
            tr("Rule terms: {names}", names=", ".join(glossary.rule_terms())),
            tr('Type "rules NAME" for one of them.'),
        ]
    found = glossary.lookup(name, table)
    if found is None:
        close = glossary.search(name, limit=6, table=table)
        if len(close) == 1:
            found = glossary.lookup(close[0], table)
        elif close:
            return [
                tr(
                    "Nothing called {name}. Did you mean: {names}?",
                    name=repr(name.strip()),
                    names=", ".join(close),
                )
            ]
        else:
            return [
                tr('Nothing called {name}. Type "rules" for the list.', name=repr(name.strip()))
            ]
    assert found is not None
    title, key = found
    entry = glossary.lookup(key)
    return [tr("{name}: {text}", name=title, text=entry[1] if entry else "")]


def render_result(s: GameState) -> list[str]:
    """The final ranking with every coin total revealed; in a team game the teams by their
    score first, then the players (``teams.team_result``)."""
    v = view(s)
    teamed = team_result(v)
    if teamed is not None:
        return teamed
    result = v["result"] or {}
    winners = {s.players[seat].name for seat in result.get("winners", [])}
    lines = [tr("Final ranking:")]
    for place, row in enumerate(result.get("ranking", []), start=1):
        fields = {"who": row["name"], "coins": coins(row["coins"]), "tokens": tokens(row["tokens"])}
        if row["name"] in winners:
            line = tr("{who}: {coins}, {tokens} on the board (winner)", **fields)
        else:
            line = tr("{who}: {coins}, {tokens} on the board", **fields)
        lines.append(f"  {place}. {line}")
    if len(winners) > 1:
        lines.append(tr("Shared victory: {who}", who=", ".join(sorted(winners))))
    return lines


__all__ = [
    "InputError",
    "coins",
    "describe_any",
    "describe_event",
    "describe_seen",
    "phase_name",
    "piece_name",
    "render_actions",
    "render_region",
    "render_result",
    "render_rules",
    "render_state",
    "seat_names",
    "tokens",
]
