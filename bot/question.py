"""A question the engine puts to a seat other than the one whose turn it is, in the middle
of a turn (``engine.core.interrupts``: the Sigil of Sacrifice asks a player to take a loss
for another race): the public line that says who is asked and why (never "it's your
turn"), the private question panel with its answers, and the Sigil's standing order as a
settings view of the turn panel.

Pure data, as ``bot.panel``: the answers are the engine's legal actions, each labelled by
the engine; the deadline's answer is ``default_action``'s, told in advance. The sentences
here are the bot's (the engine's ``owed_reason`` is the question's own text).
"""

from __future__ import annotations

from datetime import datetime

from engine import Action, default_action, label, legal_actions
from engine.core.board import mapdef
from engine.core.interrupts import interrupt
from engine.core.state import GameState
from engine.rulesets.teams import seat_name
from engine.rulesets.teams.sacrifices import SigilSacrifice, saving
from engine.rulesets.teams.sigil import ORDER_TEXT, ORDERS, SigilOrder, sigil_view, standing_order
from engine.text.names import race, terrain
from lang import tr

from .panel_parts import MAX_OPTIONS, Button, Menu, Option, Panel
from .teams import is_team_game, who

#: The standing order named in the settings view's explanation.
ALLY = "ally"


def asked(s: GameState) -> bool:
    """Whether the decision now is a mid-turn question (not a turn, not a defender's
    placing)."""
    return interrupt(s) is not None


def _short(text: str, most: int = 80) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _ts(dt: datetime) -> str:
    return f"<t:{int(dt.timestamp())}:R>"


def question_line(s: GameState, mention: str, deadline: datetime | None) -> str:
    """The public line of a question: who is asked, by whom and why, where to answer, and
    what the deadline answers for them."""
    found = interrupt(s)
    assert found is not None
    pending, handler = found
    seat = pending.seat
    fallback = default_action(s)
    then = ""
    if deadline:
        then = tr(
            " Deadline {when}; then: {fallback}.", when=_ts(deadline), fallback=label(s, fallback)
        )
    named = f" ({seat_name(seat)})" if is_team_game(s) else ""
    head = tr(
        "**Round {round}/{turns}** · ❓ {mention}",
        round=s.round,
        turns=s.turns,
        mention=mention + named,
    )
    if pending.kind == "sigil":
        why = _sigil_why(s, seat, pending.race)
        if why:
            return tr(
                "{head}, {why} — press **▶ Answer** to answer on your panel.{then}",
                head=head,
                why=why,
                then=then,
            )
    question = handler.owed_reason(s, s.races[pending.race])
    return tr(
        "{head}, a question for you: {question} Press **▶ Answer**.{then}",
        head=head,
        question=question,
        then=then,
    )


def _sigil_why(s: GameState, seat: int, giver: str) -> str:
    """``A1 asks you to take a loss with your Ratmen for bob (B1)'s Elves`` (Sigil)."""
    shown = sigil_view(s)
    saved = saving(s)
    if shown is None or shown["holder_seat"] is None or saved is None:
        return ""
    holder = shown["holder_seat"]
    fields = {"giver": race(giver), "saved": race(saved.name)}
    if saved.owner != seat:
        fields["owner"] = who(s, saved.owner)
    if holder == seat:
        if saved.owner == seat:
            return tr(
                "the Sigil of Sacrifice you hold asks whether you take a loss with your "
                "**{giver}** so that your {saved} keep their token",
                **fields,
            )
        return tr(
            "the Sigil of Sacrifice you hold asks whether you take a loss with your "
            "**{giver}** so that {owner}'s {saved} keep their token",
            **fields,
        )
    fields["holder"] = who(s, holder)
    if saved.owner == seat:
        return tr(
            "**{holder}** asks you to take a loss with your **{giver}** so that "
            "your {saved} keep their token (Sigil of Sacrifice)",
            **fields,
        )
    return tr(
        "**{holder}** asks you to take a loss with your **{giver}** so that "
        "{owner}'s {saved} keep their token (Sigil of Sacrifice)",
        **fields,
    )


def question_panel(s: GameState, seat: int) -> Panel:
    """The panel of the seat asked: the question, a menu of the regions to take the loss
    from, and a button per other answer (refuse; a new standing order)."""
    found = interrupt(s)
    assert found is not None
    pending, handler = found
    actions = legal_actions(s, seat)
    question = handler.owed_reason(s, s.races[pending.race])
    fallback = default_action(s)
    rows: list[Menu | list[Button]] = []
    regions = [a for a in actions if isinstance(a, SigilSacrifice)]
    if regions:
        options = [
            Option(
                _short(
                    tr(
                        "{region} · {terrain} · has {tokens}",
                        region=a.region,
                        terrain=terrain(mapdef(s).regions[a.region].terrain),
                        tokens=s.regions[a.region].tokens,
                    ),
                    100,
                ),
                f"a={a.text}",
            )
            for a in regions[:MAX_OPTIONS]
        ]
        rows.append(Menu("answer", tr("Accept: take the loss from…"), options))
    others = [a for a in actions if not isinstance(a, (SigilSacrifice, SigilOrder))]
    buttons = [Button(_short(label(s, a)), f"a={a.text}", "danger") for a in others[:5]]
    if buttons:
        rows.append(buttons)
    orders = [a for a in actions if isinstance(a, SigilOrder)]
    if orders:
        rows.append(_order_buttons(orders))
    text = tr("❓ **A question for you** · {question}", question=question)
    if fallback is not None:
        text += "\n" + tr(
            "If you do not answer by the deadline: {fallback}.", fallback=label(s, fallback)
        )
    if orders:
        text += "\n" + tr(
            "⚙ Your standing order: **{order}**; a new one may be set once while asked.",
            order=tr(ORDER_TEXT[standing_order(s, seat)]),
        )
    return Panel(text, rows)


def _order_buttons(orders: list[Action]) -> list[Button]:
    return [
        Button("⚙ " + tr(ORDER_TEXT[ORDERS[a.order]]), f"a={a.text}")
        for a in orders
        if isinstance(a, SigilOrder)
    ][:5]


def orders_on_offer(actions: list[Action]) -> list[Action]:
    """The standing orders a turn panel may set now (a free action once a turn)."""
    return [a for a in actions if isinstance(a, SigilOrder)]


def settings_panel(s: GameState, seat: int, actions: list[Action]) -> Panel:
    """The turn panel's ⚙ view: the Sigil's standing order, a button per order on offer,
    and back to the turn."""
    current = tr(ORDER_TEXT[standing_order(s, seat)])
    ally = tr(ORDER_TEXT[ALLY])
    text = tr(
        "⚙ **Sigil of Sacrifice: your standing order** is **{order}**. It answers for you "
        'when a sacrifice would be asked of you ("{ally}": you are asked only when '
        "your ally or you are on the other side). It may be changed once a turn.",
        order=current,
        ally=ally,
    )
    rows: list[Menu | list[Button]] = []
    orders = orders_on_offer(actions)
    if orders:
        rows.append(_order_buttons(orders))
    rows.append([Button(tr("◀ Back to the turn"), "g=0")])
    return Panel(text, rows)
