"""A rounds season's clock: when a round ends, and the time per decision that lets its games
end within it.

**Round ends.** Round ``n + 1`` is scheduled to start when round ``n`` was scheduled to end,
so the season keeps its calendar (rounds start at the same hour, days apart) whatever the
few minutes that forming, finishing and posting take. A round ends ``days`` after its
scheduled start (``round_end``), and at least half a round after it was formed: a round
formed late (the bot was down past its start) still gets time to be played.

**Time per decision** (``decision_hours``): a game of ``p`` players lasts ``t`` game turns
(the map's: 10 on the 2- and 3-player boards, 9 on the 4-player, 8 on the 5- and 6-player),
so each member makes about ``t`` turn decisions, one after another around the table: ``t ×
p`` decisions in a row, each of which may take its whole deadline. The deadline is the
round's time left, shared out among them, with a quarter kept back for the decisions
between turns (a defender placing their pieces) and for the bot's own work::

    hours = floor₀.₁( hours left in the round × 0.75 / (t × p) )

between 0.05 h (3 minutes, the least a game takes) and 336 h (14 days, the most). A 7-day
round of 4-player pods gives 168 × 0.75 / 36 = 3.5 h a decision; a 14-day round, 7 h. Members
usually act long before their deadline, and one who misses two in a row is stood in for by
the AI (which plays at once), so games end well within the round; the round's end finishes
those that do not (``bot.seasons.tables.finish_now``).
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from engine.core.content import load_map, map_for_players
from engine.core.rulesets import options_for, ruled_turns

#: The share of a round's time the turn decisions may use up.
SHARE = 0.75
#: The shortest and the longest time per decision a game allows (``Lobby.plan``).
SHORTEST = 0.05
LONGEST = 24.0 * 14


def decision_hours(left: timedelta, players: int, turns: int) -> float:
    """The time per decision, in hours, of a ``players``-player game of ``turns`` turns
    that must end within ``left`` (see the module's docstring)."""
    share = left.total_seconds() / 3600 * SHARE / (turns * players)
    return min(LONGEST, max(SHORTEST, math.floor(share * 10) / 10))


def round_end(scheduled: datetime, now: datetime, days: float) -> datetime:
    """When a round scheduled to start at ``scheduled`` and formed at ``now`` ends."""
    length = timedelta(days=days)
    return max(scheduled + length, now + length / 2)


def game_turns(players: int, world: str) -> int:
    """How many turns a game of ``players`` on ``world``'s built-in board lasts (a
    6-player game is a team game)."""
    return ruled_turns(options_for(players), load_map(map_for_players(players, world)).turns)
