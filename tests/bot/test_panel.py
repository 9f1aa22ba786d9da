"""The panel offers every legal move, and only legal moves, from real game positions."""

from __future__ import annotations

import random

from bot.panel import MAX_OPTIONS, Menu, Settings, build
from engine import legal_actions, to_act
from engine.core.actions import Conquer, Reinforce
from engine.core.rules import apply
from engine.simulate import choose
from tests.engine.helpers import play, start


def payloads(panel) -> list[str]:
    """Every payload a tap on the panel can send."""
    out = [b.payload for b in panel.buttons()]
    out += [o.value for m in panel.menus() for o in m.options]
    return out


def reachable(s, seat: int) -> set[str]:
    """Action texts reachable from the panel by any sequence of settings taps (counts,
    a move's start, pages), as a member would explore it."""
    seen: set[Settings] = set()
    todo = [Settings()]
    actions: set[str] = set()
    while todo:
        settings = todo.pop()
        if settings in seen:
            continue
        seen.add(settings)
        for p in payloads(build(s, seat, settings)):
            if p.startswith("a="):
                actions.update(p[2:].split("|")[:1])
            elif p[:2] in ("n=", "s=", "p=", "o="):
                todo.append(settings.after(p))
    return actions


def test_every_legal_action_is_on_the_panel_and_nothing_else() -> None:
    """Issue 9: every legal move reachable from buttons and menus, through whole games."""
    for players, seed in ((2, 1), (3, 4), (5, 9)):
        s = start(players=players, seed=seed)
        rng = random.Random(seed)
        checked = 0
        while (seat := to_act(s)) is not None and checked < 150:
            legal = {a.text for a in legal_actions(s, seat)}
            offered = reachable(s, seat)
            assert legal <= offered, (s.turn.phase, sorted(legal - offered))
            # Counts between 1 and all are legal too, so the panel may offer 2, 3, 5 as well;
            # anything else it offers must be legal.
            for text in offered - legal:
                verb = text.split()[0]
                assert verb in ("deploy", "move"), text
            s = apply(s, seat, choose(rng, s, legal_actions(s, seat))) or s
            checked += 1
        assert checked == 150 or to_act(s) is None  # a whole game, or 150 positions


def test_more_than_25_targets_are_paged() -> None:
    """A Flying race on the 5-player map may conquer almost any region [SW: Flying]."""
    s = start(("Ratmen", "Flying"), players=5, seed=2)
    seat = to_act(s)
    s = apply(s, seat, legal_actions(s, seat)[0]) or s  # pick the Flying Ratmen
    targets = {a.text for a in legal_actions(s, seat) if isinstance(a, (Conquer, Reinforce))}
    assert len(targets) > MAX_OPTIONS
    shown: set[str] = set()
    pages = 0
    settings = Settings()
    while True:
        panel = build(s, seat, settings)
        [menu] = [m for m in panel.menus() if m.name == "conquer"]
        assert isinstance(menu, Menu) and len(menu.options) <= MAX_OPTIONS
        shown |= {o.value[2:] for o in menu.options}
        pages += 1
        turn = next(b for b in panel.buttons() if b.payload.startswith("p="))
        settings = settings.after(turn.payload)
        if settings.page == 0:
            break
    assert pages == 2 and shown == targets


def test_a_member_not_to_act_gets_no_controls() -> None:
    s = start(players=3, seed=1)
    seat = to_act(s)
    other = (seat + 1) % 3
    panel = build(s, other)
    assert panel.rows == [] and "move now" in panel.text


def _check_positions(s, rng: random.Random, count: int) -> None:
    for _ in range(count):
        seat = to_act(s)
        if seat is None:
            return
        legal = {a.text for a in legal_actions(s, seat)}
        missing = legal - reachable(s, seat)
        assert not missing, (s.turn.phase, sorted(missing))
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))


def test_every_race_and_power_has_its_moves_on_the_panel() -> None:
    """Each special power and race played from the first turn: their own actions (peace,
    Fortress, Hero, Encampment, Dragon, enchantment, Berserk roll, the Amazons' 4...) are
    all reachable by taps."""
    from engine.core.abilities import POWERS, RACES

    races = sorted(RACES)
    for i, power in enumerate(sorted(POWERS)):
        race = races[i % len(races)]
        _check_positions(start((race, power), players=3, seed=i), random.Random(i), 120)
    for i, race in enumerate(races):
        _check_positions(start((race, "Flying"), players=2, seed=i), random.Random(i), 80)


def test_an_owed_choice_is_told_in_words_with_the_tap_that_makes_it() -> None:
    """The Amazons' four [SW p.8, Amazons: "remove four tokens from the map"]: before the
    turn may end, a tap panel says what is owed in words and names the menu that holds the
    choice, never a typed command's syntax."""
    s = start(("Amazons", "Merchant"))
    play(s, "pick 1", "conquer 19", "conquer 20", "conquer 21", "conquer 14", "stop")
    panel = build(s, 0)
    [line] = [t for t in panel.text.splitlines() if t.startswith("Before you end:")]
    assert "REGION" not in line and "withdraw " not in line, line
    assert line.endswith("Choose it in **Other moves (powers, abandon)…** below."), line
    other = next(m for m in panel.menus() if m.name == "other")
    assert other.placeholder == "Other moves (powers, abandon)…"
    assert any(o.value.startswith("a=withdraw ") for o in other.options)
