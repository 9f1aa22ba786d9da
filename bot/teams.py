"""Team play in the bot's words: seat names (A1 … C2) beside player names, the teams of a
lobby as they pair up, the draw that pairs the rest, the seat order, and team places.

Pure functions, no Discord and no database. The rules are the engine's
(``engine.rulesets.teams``): seats A1 B1 C1 A2 B2 C2, team score = the lower partner's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from engine.core.state import GameState
from engine.rulesets.teams import OPTION, PLAYERS, TEAM_LETTERS, TEAM_SIZE, seating
from engine.text.seats import named
from lang import N_, ntr, tr

T = TypeVar("T")

#: How a pair formed, as the lobby tells it.
HOW = {"choice": N_("chose each other"), "host": N_("paired by the host"), "draw": N_("drawn")}


def is_team_game(s: GameState) -> bool:
    """Whether the game is played in teams."""
    return bool(s.options.get(OPTION))


def who(s: GameState, seat: int) -> str:
    """A seat's player as public texts name it: ``ann (A1)`` in a team game, else ``ann``
    (``engine.text.seats``, where every sentence of the narration gets its names)."""
    return named(s, seat)


def letter(team: int) -> str:
    """``A``, ``B`` or ``C``."""
    return TEAM_LETTERS[team]


def free_team(taken: Sequence[int | None]) -> int:
    """The first team letter no pair holds yet."""
    return next(t for t in range(len(TEAM_LETTERS)) if t not in taken)


def draw_pairs(unpaired: Sequence[T], seed: int) -> list[tuple[T, T]]:
    """Pairs drawn from the unpaired seats (given in a fixed order), from the game's seed:
    the same lobby and seed always draw the same pairs. An odd one out stays unpaired."""
    order = list(unpaired)
    random.Random(f"teams:{seed}").shuffle(order)
    return [(order[i], order[i + 1]) for i in range(0, len(order) - 1, TEAM_SIZE)]


def seat_order(pairs: Sequence[Sequence[T]], seed: int) -> list[T]:
    """The seat order of a team game: team A's pair, B's, C's, each pair's first player drawn
    from the game's seed (ruling 111), in the rules' order A1 B1 C1 A2 B2 C2."""
    rng = random.Random(f"seats:{seed}")
    drawn: list[list[T]] = []
    for pair in pairs:
        drawn.append(list(pair))
        rng.shuffle(drawn[-1])
    return seating(drawn)


def team_places(result: dict[str, Any]) -> dict[int, tuple[int, int]]:
    """Each seat's team (0 A, 1 B, 2 C) and its team's place, as the engine's result of a
    team game gives it (``engine.rulesets.teams.team_result``: tied teams share a place)."""
    out: dict[int, tuple[int, int]] = {}
    for e in result.get("teams", []):
        for seat in e["seats"]:
            out[seat] = (TEAM_LETTERS.index(e["team"]), e["place"])
    return out


def team_lines(s: GameState) -> list[str]:
    """The teams at the end: team score (the lower partner's), its players, the winner."""
    result = s.result or {}
    teams = result.get("teams")
    if not teams:
        return []
    lines = []
    for e in teams:
        names = " & ".join(who(s, x) for x in e["seats"])
        # The engine places the teams (ruling 73: tied teams share a place).
        lines.append(
            tr(
                "{place}. **Team {team}** · {score} (best {best}) · {players}",
                place=e["place"],
                team=e["team"],
                score=e["score"],
                best=e["best"],
                players=names,
            )
        )
    winners = result.get("winning_teams", [])
    won = tr(" and ").join(tr("Team {team}", team=t) for t in winners)
    if result.get("tiebreak_used"):
        head = ntr(
            "👥 **Teams** (a team scores its lower partner's coins) · winner: **{teams}** "
            "(tie broken)",
            "👥 **Teams** (a team scores its lower partner's coins) · winner: **{teams}** "
            "(tie broken)",
            len(winners),
            teams=won,
        )
    else:
        head = ntr(
            "👥 **Teams** (a team scores its lower partner's coins) · winner: **{teams}**",
            "👥 **Teams** (a team scores its lower partner's coins) · winner: **{teams}**",
            len(winners),
            teams=won,
        )
    return [head, *lines]


def lobby_teams(seats: Sequence[Any]) -> str:
    """The pairing step as the lobby shows it: Team A/B/C as they form, who is unpaired,
    and partner choices waiting for an answer. ``seats`` are the lobby's seat rows."""
    names = {s.user_id: s.name for s in seats}
    lines = []
    for t, tl in enumerate(TEAM_LETTERS):
        pair = [s for s in seats if s.team == t]
        if pair:
            how = HOW.get(pair[0].paired_by or "", "")
            members = " & ".join(f"**{s.name}**" for s in pair)
            if how:
                line = tr("Team {team}: {players} ({how})", team=tl, players=members, how=tr(how))
            else:
                line = tr("Team {team}: {players}", team=tl, players=members)
            lines.append(line)
        else:
            lines.append(tr("Team {team}: —", team=tl))
    free = [s for s in seats if s.team is None]
    if free:
        lines.append(tr("Unpaired: {players}", players=", ".join(s.name for s in free)))
    asks = [
        f"{s.name} → {names[s.partner]}"
        for s in free
        if s.partner is not None and s.partner in names
    ]
    if asks:
        lines.append(tr("Waiting for an answer: {choices}", choices=", ".join(asks)))
    missing = PLAYERS - len(seats)
    how_to = tr(
        "Choose your partner below (you pair when you choose each other), or the host "
        "pairs players or draws the rest; the host may also start and let the draw pair the rest."
    )
    if missing > 0:
        how_to = ntr("{n} more to join.", "{n} more to join.", missing) + " " + how_to
    lines.append(how_to)
    return "\n".join(lines)
