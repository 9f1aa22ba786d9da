"""What ``/sw status`` tells a member about a game under way: the round, who acts and by
when, each seat's races and who plays it, the log of seat changes and the last actions."""

from __future__ import annotations

from bot.messages import ts
from bot.options import options_line
from bot.service import GameService
from bot.service.loaded import LoadedGame
from bot.teams import who
from engine import to_act
from engine.core.state import CLOSING, GameState


async def status_text(service: GameService, lg: LoadedGame, s: GameState) -> str:
    """The status of ``lg`` (its state ``s``), one Discord message long at most."""
    lines = [f"**Round {s.round}/{s.turns}** · phase {s.turn.phase} · map `{s.map_id}`"]
    if options_line(s.options):
        lines.append(f"{options_line(s.options)}.")
    seat = to_act(s)
    if seat is not None:
        waiting = " (placing tokens after an attack)" if s.turn.phase == CLOSING else ""
        deadline = f", deadline {ts(lg.deadline_at)}" if lg.deadline_at else ""
        lines.append(f"To act: **{who(s, seat)}**{waiting}{deadline}")
    now = service.clock()
    for i, p in enumerate(s.players):
        active = f"{s.races[p.active].power} {p.active}" if p.active else "no active race"
        decl = ", ".join(p.declined) or "none"
        row = lg.seat_row(i)
        how = ""
        if row.ai is not None:
            how = " · 🤖 an AI stands in" if row.stand_in else " · 🤖 AI"
        elif row.away_until is not None and row.away_until > now:
            how = f" · 🏖️ away until {ts(row.away_until)}"
        lines.append(f"{i + 1}. {who(s, i)}: {active}; in decline: {decl}{how}")
    changes = await service.seat_changes(lg.id)
    if changes:
        lines.append("**Seats** (who played where):")
        lines += changes[-5:]
    rows = await service.history(lg.id, limit=10)
    if rows:
        names = [p.name for p in s.players]
        lines.append("**Last actions** (⏰ played by a deadline):")
        lines += [
            f"`{r['seq']:>4}` {names[r['seat']]}: {r['text']}" + (" ⏰" if r["auto"] else "")
            for r in rows
        ]
    return "\n".join(lines)[:2000]
