"""A player's own controls: the whole turn as select menus and buttons.

The panel is built from ``legal_actions`` for the member who must act, and is pure data (text
and rows of components); ``controls`` turns it into a Discord view. Every component names
the game, the state version it was built for, the panel's own settings (how many tokens a
placement moves, the region a move starts from, the page of targets) and what a press does:

- ``a=<action>|<action>``: apply these actions, all or nothing;
- ``s=<region>``: choose where a move starts (shows the panel again);
- ``n=<count>``: tokens per placement or move (0 = all);
- ``p=<page>``: another page of conquest targets;
- ``o=<page>``: another page of the other moves (powers, abandons, Relics and Places);
- ``g=1`` / ``g=0``: the ⚙ settings view (the Sigil's standing order) and back;
- ``undo``: take back the last action;
- ``board``: the board, privately, with the regions in reach and their cost.

A press on a panel built for an earlier version is never applied: the member gets the fresh
panel instead, so two taps on one option never play it twice.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import Action, label, legal_actions, to_act
from engine.core.actions import (
    Abandon,
    Conquer,
    Decline,
    Deploy,
    EndConquests,
    EndTurn,
    Finish,
    Move,
    PickCombo,
    Reinforce,
)
from engine.core.board import mapdef, regions_of
from engine.core.legal import end_actions
from engine.core.state import CLOSING, CONQUER, OVER, PICK, SETUP, GameState
from engine.core.turn import acting_race, closing_action, owed
from engine.core.validation import problem
from engine.text.glossary import power_summary, race_summary
from engine.text.names import combo, power, symbol, terrain, treasure
from engine.text.names import race as race_name
from engine.text.sums import conquest_sum
from engine.worlds.surface.actions import DragonAttack, Enchant
from lang import ntr, ptr, tr

from .narrate import one_monster, owed_pieces
from .panel_parts import MAX_OPTIONS, MAX_TEXT, Button, Menu, Option, Panel, Settings
from .question import asked, orders_on_offer, question_panel, settings_panel
from .teams import who

#: Token counts offered for a placement or a move, besides "all".
AMOUNTS = (1, 2, 3, 5)
#: The actions that take a region from someone: they share the conquest menu.
CONQUESTS = (Conquer, Reinforce, DragonAttack, Enchant)
#: Actions with buttons of their own rather than a place in a menu.
ON_BUTTONS = (Decline, EndConquests, EndTurn, Finish)


def _short(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def combo_blurb(race: str, power_name: str) -> str:
    """What a combo's race and power do, for its option in the pick menu: each one's
    sentence of ``/sw rules`` (``engine.text.glossary``), in the language spoken."""
    return tr(
        "{race_does} {power}: {power_does}",
        race_does=race_summary(race),
        power=power(power_name),
        power_does=power_summary(power_name),
    )


def build(
    s: GameState,
    seat: int,
    settings: Settings | None = None,
    *,
    can_undo: bool = False,
    note: str = "",
) -> Panel:
    """The panel of ``seat`` now. Someone not to act gets a text and no controls."""
    settings = settings or Settings()
    head = f"{note}\n\n" if note else ""
    if s.turn.phase == OVER:
        return Panel(head + tr("The game is over."))
    actor = to_act(s)
    if actor != seat:
        name = who(s, actor) if actor is not None else tr("nobody")
        return Panel(
            head + tr("It's **{who}**'s move now; you will be pinged when it is yours.", who=name)
        )
    actions = legal_actions(s, seat)
    orders = orders_on_offer(actions)
    if asked(s):
        panel = question_panel(s, seat)
    elif settings.gear and orders:
        panel = settings_panel(s, seat, actions)
    elif s.turn.phase == PICK:
        panel = _pick(s, actions)
    elif s.turn.phase == SETUP:
        panel = _setup(s, actions)
    elif s.turn.phase == CONQUER:
        panel = _conquer(s, actions, settings)
    else:
        panel = _redeploy(s, actions, settings)
    extra = [Button(tr("Undo"), "undo")] if can_undo else []
    if orders and not asked(s) and not settings.gear:
        extra.append(Button(tr("⚙ Sigil order"), "g=1"))
    for button in extra:
        last = panel.rows[-1] if panel.rows and isinstance(panel.rows[-1], list) else None
        if last is None or len(last) >= 5:
            if len(panel.rows) >= 5:
                break  # no room: the orders stay in the other moves' menu
            last = []
            panel.rows.append(last)
        last.append(button)
    panel.text = head + panel.text
    panel.settings = settings
    return panel


def _pick(s: GameState, actions: list[Action]) -> Panel:
    coins = s.players[s.turn.seat].coins
    options = []
    for a in actions:
        if not isinstance(a, PickCombo):
            continue
        c = s.market[a.slot - 1]
        options.append(
            Option(
                # The engine's label ("Forest Orcs · 9 tokens · costs 1 coin"), numbered.
                _short(f"{a.slot}. " + label(s, a).removeprefix(ptr("label start", "Pick "))),
                f"a={a.text}",
                _short(combo_blurb(c.race, c.power)),
            )
        )
    text = ntr(
        "**Round {round}/{turns}** · pick a combo. You have {n} coin; "
        "each combo costs one coin per combo above it.",
        "**Round {round}/{turns}** · pick a combo. You have {n} coins; "
        "each combo costs one coin per combo above it.",
        coins,
        round=s.round,
        turns=s.turns,
    )
    return Panel(text, [Menu("pick", tr("Pick a combo…"), options)])


def _setup(s: GameState, actions: list[Action]) -> Panel:
    """A decision before the first turn (a Monster on a Lost Tribe region): one menu of the
    choices, each labelled by the engine."""
    options = [Option(_short(label(s, a)), f"a={a.text}") for a in actions[:MAX_OPTIONS]]
    if one_monster(s):
        text = tr("**Before the first turn** · choose where your Monster goes.")
    else:
        text = tr("**Before the first turn** · choose where your Monsters go.")
    return Panel(text, [Menu("setup", tr("Choose a region…"), options)])


def _where(s: GameState, rid: int) -> str:
    return tr("{region} · {terrain}", region=rid, terrain=terrain(mapdef(s).regions[rid].terrain))


def _holder(s: GameState, rid: int) -> str:
    """Who is in a region, for the description of a target."""
    r = s.regions[rid]
    features = sorted(mapdef(s).regions[rid].features)
    parts = []
    if r.race and r.tokens:
        owner = who(s, r.owner) if r.owner is not None and r.owner >= 0 else "?"
        fields = {"owner": owner, "race": race_name(r.race), "tokens": r.tokens}
        if s.races[r.race].in_decline:
            parts.append(tr("{owner}'s {race} in decline ({tokens})", **fields))
        else:
            parts.append(tr("{owner}'s {race} ({tokens})", **fields))
    elif r.markers.get("lost_tribe"):
        parts.append(tr("Lost Tribe ({tokens})", tokens=r.markers["lost_tribe"]))
    else:
        parts.append(tr("empty"))
    # The Lost Tribe feature only says where they started, and a Mountain marker repeats
    # the terrain: neither tells the player anything here.
    shown = [symbol(f) for f in features if f != "Lost Tribe"]
    marks = [
        treasure(k)
        for k, v in sorted(r.markers.items())
        if v and k not in ("lost_tribe", "mountain")
    ]
    return " · ".join(parts + shown + marks)


def _page(items: list[Action], asked: int) -> tuple[list[Action], int, int]:
    """The page ``asked`` of ``items`` (the last one if it is past the end), 25 to a page as
    a select menu holds: ``(shown, page, pages)``."""
    pages = max(1, -(-len(items) // MAX_OPTIONS))
    page = min(asked, pages - 1)
    return items[page * MAX_OPTIONS : (page + 1) * MAX_OPTIONS], page, pages


def _conquer(s: GameState, actions: list[Action], settings: Settings) -> Panel:
    race = acting_race(s)
    assert race is not None
    rows: list[Menu | list[Button]] = []
    targets = sorted(
        (a for a in actions if isinstance(a, CONQUESTS)),
        key=lambda a: (getattr(a, "region", 0), CONQUESTS.index(type(a))),
    )
    shown, page, pages = _page(targets, settings.page)
    if shown:
        options = [
            Option(_short(_target_label(s, a)), f"a={a.text}", _target_blurb(s, a))
            for a in shown
            if isinstance(a, CONQUESTS)
        ]
        if pages > 1:
            what = tr("Conquer a region ({page}/{pages})…", page=page + 1, pages=pages)
        else:
            what = tr("Conquer a region…")
        rows.append(Menu("conquer", what, options))
    buttons: list[Button] = []
    other = [a for a in actions if not isinstance(a, (*CONQUESTS, *ON_BUTTONS))]
    if other:
        menu, turn = _other_menu(s, other, settings)
        rows.append(menu)
        buttons += turn
    # Each button is offered only when the engine would take it now: while a choice is
    # forced (the Flames' Volcano, the Shadow Mimes' power) nothing else is legal.
    may_stop = EndConquests() in actions
    if may_stop:
        ends = end_actions(s)
        buttons.insert(0, Button(tr("Stop conquering"), "a=stop", "primary"))
        if len(ends) > 1:
            end = "a=" + "|".join(a.text for a in ends)
            buttons.insert(1, Button(tr("End turn"), end, "success"))
    if any(isinstance(a, Decline) for a in actions):
        buttons.append(Button(tr("Decline"), "a=decline", "danger"))
    if pages > 1:
        turn_page = tr("◀ Targets") if page else tr("More targets ▶")
        buttons.append(Button(turn_page, f"p={(page + 1) % pages}"))
    if targets and len(buttons) < 4:  # leave room for Undo
        buttons.append(Button(tr("🗺 Costs on the board"), "board"))
    if buttons:
        rows.append(buttons)
    own = len(regions_of(s, race.name))
    fields = {
        "round": s.round,
        "turns": s.turns,
        "combo": combo(race.name, race.power),
        "tokens": ntr("{n} token", "{n} tokens", race.hand),
        "regions": ntr("{n} region", "{n} regions", own),
    }
    if may_stop:
        text = tr(
            "**Round {round}/{turns}** · your **{combo}**: {tokens} in hand, {regions}. "
            "Conquer, or stop to redeploy.",
            **fields,
        )
    else:
        text = tr(
            "**Round {round}/{turns}** · your **{combo}**: {tokens} in hand, {regions}. "
            "First make the choice below: it comes before any other.",
            **fields,
        )
    if not targets and may_stop:
        text += "\n" + tr("No region is in reach of your tokens in hand now.")
    return Panel(text, rows)


def _target_blurb(s: GameState, a: Action) -> str:
    """A target's description: a conquest's cost as the rules add it up, then who is there
    (when it fits in Discord's 100 characters: the sum comes first, said shorter if need
    be, ``engine.text.sums``)."""
    holder = _holder(s, getattr(a, "region", 0))
    cost = conquest_sum(s, a, MAX_TEXT)
    if cost is None:
        return _short(holder)
    both = f"{cost} · {holder}"
    return both if len(both) <= MAX_TEXT else cost


def _target_label(s: GameState, a: Action) -> str:
    # A label's first words say what the menu's placeholder says already ("Conquer a
    # region…"); each language's catalog gives them as its labels begin.
    if isinstance(a, Conquer):
        return label(s, a).removeprefix(ptr("label start", "Conquer "))
    if isinstance(a, Reinforce):
        return label(s, a).removeprefix(ptr("label start", "Final conquest "))
    return label(s, a)


def _other_menu(
    s: GameState, actions: list[Action], settings: Settings
) -> tuple[Menu, list[Button]]:
    """The menu of the moves without a menu of their own, a page of 25 at a time, and the
    button that turns its pages (none when one page holds them all)."""
    # A free gain on offer (the Fountain of Youth's token) comes first: it is never cut off
    # by a long list of abandonments or Relic targets.
    actions = sorted(actions, key=lambda a: not a.bonus)
    shown, page, pages = _page(actions, settings.more)
    # A Relic's conquest or the Will-o'-Wisps' roll says its cost as the rules add it up.
    options = [
        Option(_short(label(s, a)), f"a={a.text}", conquest_sum(s, a, MAX_TEXT)) for a in shown
    ]
    kinds = {type(a) for a in actions}
    abandons = kinds == {Abandon}
    if pages == 1:
        placeholder = tr("Abandon a region…") if abandons else tr("Other moves (powers, abandon)…")
        return Menu("other", placeholder, options), []
    at = {"page": page + 1, "pages": pages}
    if abandons:
        placeholder = tr("Abandon a region ({page}/{pages})…", **at)
    else:
        placeholder = tr("Other moves (powers, abandon) ({page}/{pages})…", **at)
    turn = Button(tr("◀ Moves") if page else tr("More moves ▶"), f"o={(page + 1) % pages}")
    return Menu("other", placeholder, options), [turn]


def _redeploy(s: GameState, actions: list[Action], settings: Settings) -> Panel:
    race = acting_race(s)
    assert race is not None
    own = regions_of(s, race.name)
    hand = race.hand
    rows: list[Menu | list[Button]] = []
    sources = sorted({a.source for a in actions if isinstance(a, Move)})
    places = sorted({a.region for a in actions if isinstance(a, Deploy)})
    # Counts only where there is something to count: the tokens in hand when they may be
    # placed, those of the regions they may leave.
    most = max([hand if places else 0] + [s.regions[r].tokens - 1 for r in sources])
    if most > 1:
        amounts = [n for n in AMOUNTS if n < most] + [0]
        rows.append(
            [
                Button(
                    tr("All ({n})", n=most) if n == 0 else str(n),
                    f"n={n}",
                    "primary" if n == settings.amount else "secondary",
                )
                for n in amounts
            ]
        )

    def count(available: int) -> int:
        return available if settings.amount == 0 else min(settings.amount, available)

    # Where tokens may go is what legal_actions lists; the panel only chooses the count.
    if places:
        n = count(hand)
        rows.append(
            _region_menu(
                s,
                "place",
                ntr("Place {n} token from your hand in…", "Place {n} tokens from your hand in…", n),
                places,
                lambda rid: f"a=deploy {rid} {n}",
            )
        )
    buttons: list[Button] = []
    source = settings.source if settings.source in sources else None
    if source is not None:
        n = count(s.regions[source].tokens - 1)
        targets = sorted({a.target for a in actions if isinstance(a, Move) and a.source == source})
        rows.append(
            _region_menu(
                s,
                "moveto",
                ntr(
                    "Move {n} token from {source} to…",
                    "Move {n} tokens from {source} to…",
                    n,
                    source=source,
                ),
                targets,
                lambda rid: f"a=move {source} {rid} {n}",
            )
        )
        buttons.append(Button(tr("Cancel move"), "s=x"))
    elif sources:
        start = tr("Move tokens from…")
        rows.append(_region_menu(s, "movefrom", start, sources, lambda r: f"s={r}"))
    other = [a for a in actions if not isinstance(a, (Deploy, Move, *ON_BUTTONS))]
    menu = None
    if other:
        menu, turn = _other_menu(s, other, settings)
        rows.append(menu)
        buttons += turn
    closing = closing_action(s)
    ends = [a for a in actions if isinstance(a, (EndTurn, Finish))]
    finish = []
    for a in ends:
        text = tr("Done placing") if isinstance(a, Finish) else tr("End turn")
        if isinstance(a, EndTurn) and a.decline:
            text = tr("End turn, then decline")
        finish.append(Button(text, f"a={a.text}", "success"))
    if finish or buttons:
        rows.append(finish + buttons)
    placed = ", ".join(
        tr("{region}: {tokens}", region=rid, tokens=s.regions[rid].tokens) for rid in own
    )
    name = race_name(race.name)
    if s.turn.phase == CLOSING:
        lead = tr(
            "Your **{race}** were driven out: place your {pieces}.",
            race=name,
            pieces=owed_pieces(race),
        )
    else:
        lead = ntr(
            "**Redeploy** your **{race}**: {n} token in hand.",
            "**Redeploy** your **{race}**: {n} tokens in hand.",
            hand,
            race=name,
        )
    text = lead + "\n" + tr("Your regions (tokens): {placed}.", placed=placed or tr("none"))
    if hand and ends:
        text += "\n" + tr(
            "Tokens still in hand when you press {button} are spread for you.",
            button=_end_name(closing),
        )
    if not ends:
        why = problem(s, _seat(s), closing)
        if why:
            text += "\n" + tr("Before you end: {why}", why=why)
            due = owed(s, race)
            if menu is not None and due is not None and any(type(a) is type(due) for a in other):
                # A tap panel names the tap that makes the choice, never a typed command.
                text += " " + tr("Choose it in **{menu}** below.", menu=menu.placeholder)
    return Panel(text, rows)


def _region_menu(
    s: GameState, name: str, placeholder: str, regions: list[int], value: Callable[[int], str]
) -> Menu:
    """A menu of regions, each with its terrain and tokens; ``value`` is each one's payload."""
    options = [
        Option(
            _short(
                tr("{region} · has {tokens}", region=_where(s, rid), tokens=s.regions[rid].tokens)
            ),
            value(rid),
        )
        for rid in regions[:MAX_OPTIONS]
    ]
    return Menu(name, placeholder, options)


def _end_name(a: Action) -> str:
    return "**" + (tr("Done placing") if isinstance(a, Finish) else tr("End turn")) + "**"


def _seat(s: GameState) -> int:
    seat = to_act(s)
    assert seat is not None
    return seat
