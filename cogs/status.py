"""What ``/sw status`` tells a member about a game: in the lobby, who has joined; under way,
the round, who acts and by when, each seat's races and who plays it, the log of seat changes
and the last actions."""

from __future__ import annotations

from bot.lobby_desk import seats
from bot.messages import ts
from bot.options import options_line
from bot.service import GameService
from bot.service.loaded import LoadedGame
from bot.teams import lobby_teams, who
from engine import to_act
from engine.core.state import CLOSING, CONQUER, OVER, PICK, REDEPLOY, SETUP, GameState
from engine.text.names import combo, race
from lang import ptr, tr


def phase_name(phase: str) -> str:
    """A turn's phase as the status names it."""
    return {
        SETUP: ptr("game phase", "setup"),
        PICK: ptr("game phase", "pick"),
        CONQUER: ptr("game phase", "conquer"),
        REDEPLOY: ptr("game phase", "redeploy"),
        CLOSING: ptr("game phase", "closing"),
        OVER: ptr("game phase", "over"),
    }.get(phase, phase)


def lobby_status(lg: LoadedGame) -> str:
    """The status of a lobby: who has joined, the options, the teams as they form."""
    names = ", ".join(s.name for s in lg.seats)
    text = tr("Lobby: {seated}/{players} joined ({names}).", names=names, **seats(lg))
    if options_line(lg.options):
        text += f"\n{options_line(lg.options)}."
    if lg.teams:
        text += "\n" + lobby_teams(lg.seats)
    return text


async def status_text(service: GameService, lg: LoadedGame, s: GameState) -> str:
    """The status of ``lg`` (its state ``s``), one Discord message long at most."""
    lines = [
        tr(
            "**Round {round}/{rounds}** · phase {phase} · map `{map}`",
            round=s.round,
            rounds=s.turns,
            phase=phase_name(s.turn.phase),
            map=s.map_id,
        )
    ]
    if options_line(s.options):
        lines.append(f"{options_line(s.options)}.")
    seat = to_act(s)
    if seat is not None:
        if s.turn.phase == CLOSING and lg.deadline_at:
            line = tr(
                "To act: **{who}** (placing tokens after an attack), deadline {deadline}",
                who=who(s, seat),
                deadline=ts(lg.deadline_at),
            )
        elif s.turn.phase == CLOSING:
            line = tr("To act: **{who}** (placing tokens after an attack)", who=who(s, seat))
        elif lg.deadline_at:
            line = tr(
                "To act: **{who}**, deadline {deadline}",
                who=who(s, seat),
                deadline=ts(lg.deadline_at),
            )
        else:
            line = tr("To act: **{who}**", who=who(s, seat))
        lines.append(line)
    now = service.clock()
    for i, p in enumerate(s.players):
        active = combo(p.active, s.races[p.active].power) if p.active else tr("no active race")
        decl = ", ".join(race(r) for r in p.declined) or ptr("races in decline", "none")
        row = lg.seat_row(i)
        how = ""
        if row.ai is not None:
            how = tr(" · 🤖 an AI stands in") if row.stand_in else tr(" · 🤖 AI")
        elif row.away_until is not None and row.away_until > now:
            how = tr(" · 🏖️ away until {when}", when=ts(row.away_until))
        lines.append(
            tr(
                "{seat}. {who}: {active}; in decline: {declined}{how}",
                seat=i + 1,
                who=who(s, i),
                active=active,
                declined=decl,
                how=how,
            )
        )
    changes = await service.seat_changes(lg.id)
    if changes:
        lines.append(tr("**Seats** (who played where):"))
        lines += changes[-5:]
    # Each action as its player read it on the button they chose, in the member's language.
    rows = [r for r in await service.last_actions(lg, limit=10) if "told" in r]
    if rows:
        lines.append(tr("**Last actions** (⏰ played by a deadline):"))
        lines += [
            f"`{r['seq']:>4}` "
            + tr("{who}: {action}", who=who(s, r["seat"]), action=r["told"])
            + (" ⏰" if r["auto"] else "")
            for r in rows
        ]
    return "\n".join(lines)[:2000]
