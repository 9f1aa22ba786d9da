"""What the desk tells a member privately, composed from the game: the actions played with
what the dice and the engine did, their panel, why a panel press played nothing, and why
the channel did not get the turn message as meant.

Apart from ``bot.desk``, which carries a request to the service and the answer back to
Discord: these only compose texts and views, reading the game and never changing it.
"""

from __future__ import annotations

from typing import Any

import discord

from engine import to_act
from engine.core.view import visible_events
from lang import ntr, slash, tr

from .controls import panel_view
from .messages import CHANNEL
from .narrate import describe_event, score_line
from .outbox import BLOCKED, PARTIAL, PENDING
from .panel import Settings
from .panel import build as build_panel
from .posting import Delivery
from .service.bounds import MAX_TURN_STEPS
from .service.loaded import LoadedGame
from .service.outcome import Applied

#: Events told to the member at once in their reply: what the dice and the tray said.
TOLD_AT_ONCE = frozenset({"roll", "berserk", "grow", "return", "spread"})


def delivery_note(deliveries: list[Delivery]) -> str | None:
    """What the member must know when the channel did not get the turn message as meant."""
    for d in deliveries:
        if d.kind != CHANNEL:
            continue
        if d.status == PARTIAL:
            return tr(
                "Your move counts. The board image could not be posted ({error}): the "
                "turn went out as text, and `{command}` shows the board.",
                error=d.error,
                command=slash("sw board"),
            )
        if d.status == BLOCKED:
            return tr(
                "Your move counts, but I cannot post in this channel ({error}). The game "
                "is paused until I can; the host was told by DM.",
                error=d.error,
            )
        if d.status == PENDING:
            return tr(
                "Your move counts. Discord has not taken the turn message yet ({error}); "
                "I keep trying.",
                error=d.error,
            )
    return None


def told(
    lg: LoadedGame, applied: list[Applied], events: list[dict[str, Any]], seat: int | None
) -> str:
    """The actions, what the dice said, what the engine did for the member, and, once
    their turn is over, what it scored."""
    assert lg.game is not None
    state = lg.game.state
    lines = ["✅ " + " → ".join(a.label for a in applied)]
    for e in visible_events(state, events, seat):
        if e["kind"] == "score" and seat is not None and e.get("seat") == seat:
            coins = state.players[seat].coins
            lines.append(
                ntr(
                    "Your turn scored {n} coin: you have {coins} now.",
                    "Your turn scored {n} coins: you have {coins} now.",
                    e["coins"],
                    coins=coins,
                )
            )
            lines.append(score_line(e))
        elif e["kind"] in TOLD_AT_ONCE:
            lines.append(describe_event(state, e) or "")
    return "\n".join(line for line in lines if line)


def seat_panel(
    lg: LoadedGame, seat: int | None, settings: Settings | None = None, note: str = ""
) -> tuple[str, discord.ui.View | None]:
    """The panel of the member playing ``seat`` as a text and a view (None when nothing
    is theirs)."""
    assert lg.game is not None
    if seat is None:
        return tr("You are not playing in this game."), None
    state = lg.game.state
    undo_ok = (
        to_act(state) == seat
        and lg.game.can_undo(seat) is None
        # A turn at its bound takes no undo (``bounds``): no button that is refused.
        and state.turn.steps < MAX_TURN_STEPS
    )
    panel = build_panel(state, seat, settings, can_undo=undo_ok, note=note)
    text = panel.text if len(panel.text) <= 2000 else panel.text[:1999] + "…"
    if not panel.rows:
        return text, None
    return text, panel_view(lg.id, state.version, panel)


def refusal(lg: LoadedGame, version: int, exc: Exception) -> str:
    """Why a panel press played nothing."""
    assert lg.game is not None
    if lg.game.state.version != version:
        return tr("⚠️ That panel was out of date, so nothing was played. Here is the game now.")
    return f"⚠️ {exc}"
