"""Every component of a panel maps to a move the engine takes, in both worlds.

Positions come from seeded random play through the engine (``engine.simulate.choose``), so
they are real positions of real games, Underground ones included. For each position every
panel a member can reach by settings taps (counts, a move's start, pages) is built, and:

- each action a component sends applies (all of a batch, in order) without a refusal;
- each navigation component leads to a panel that offers at least one action;
- each legal action is reachable by taps (the project's "every legal move by taps");
- the panel fits Discord's limits once turned into a view.
"""

from __future__ import annotations

import random

import pytest

from bot.controls import panel_view
from bot.panel import MAX_OPTIONS, Panel, Settings, build
from engine import EngineError, apply, legal_actions, parse, problem, to_act
from engine.core.actions import Deploy, EndConquests, Move, PickCombo
from engine.core.copying import clone
from engine.core.setup import new_game
from engine.core.state import CONQUER, GameState
from engine.simulate import choose
from tests.engine.helpers import start

#: Payloads that change what the panel shows, without playing anything.
NAVIGATION = ("n=", "s=", "p=", "o=")


def payloads(panel: Panel) -> list[str]:
    """Every payload a tap on the panel can send (a menu option's value is its payload)."""
    return [b.payload for b in panel.buttons()] + [
        o.value for m in panel.menus() for o in m.options
    ]


def panels(s: GameState, seat: int) -> list[Panel]:
    """Every panel the member can reach from the first one by settings taps."""
    seen: set[Settings] = set()
    todo = [Settings()]
    out = []
    while todo:
        settings = todo.pop()
        if settings in seen:
            continue
        seen.add(settings)
        panel = build(s, seat, settings, can_undo=True)
        out.append(panel)
        todo += [settings.after(p) for p in payloads(panel) if p[:2] in NAVIGATION]
    return out


def check_position(s: GameState, seat: int) -> None:
    """The four promises of the module docstring, at one position."""
    legal = legal_actions(s, seat)
    offered: set[str] = set()
    for panel in panels(s, seat):
        check_limits(panel)
        for p in payloads(panel):
            if p.startswith("a="):
                texts = p[2:].split("|")
                check_batch(s, seat, texts)
                offered.add(texts[0])
            elif p[:2] in NAVIGATION:
                after = build(s, seat, panel.settings.after(p))
                assert any(q.startswith("a=") for q in payloads(after)), (p, after.text)
            else:
                assert p in ("undo", "board"), p
    missing = {a.text for a in legal} - offered
    assert not missing, (s.turn.phase, sorted(missing))


def check_batch(s: GameState, seat: int, texts: list[str]) -> None:
    """A component's actions: the first is legal now (a count between 1 and all for a
    placement or a move, which ``legal_actions`` lists by its two ends), and the whole batch
    applies, each after the one before."""
    first = parse(texts[0])
    legal = legal_actions(s, seat)
    if isinstance(first, (Deploy, Move)):
        assert problem(s, seat, first) is None, texts
    else:
        assert first in legal, (texts, [a.text for a in legal])
    probe = clone(s)
    for text in texts:
        try:
            apply(probe, seat, parse(text))
        except EngineError as exc:  # pragma: no cover - the failure message
            raise AssertionError(f"{texts}: {exc}") from exc


def check_limits(panel: Panel) -> None:
    """Discord's limits: 5 rows, 5 buttons a row, 1 to 25 options a menu, ids of 100."""
    assert len(panel.rows) <= 5
    for row in panel.rows:
        if isinstance(row, list):
            assert 1 <= len(row) <= 5
    for menu in panel.menus():
        assert 1 <= len(menu.options) <= MAX_OPTIONS
    view = panel_view(2**62, 10**6, panel)
    assert all(len(item.custom_id) <= 100 for item in view.children)  # type: ignore[attr-defined]


def play(s: GameState, rng: random.Random, positions: int) -> int:
    """Check ``positions`` positions of a seeded random game (fewer if it ends first)."""
    checked = 0
    while checked < positions and (seat := to_act(s)) is not None:
        check_position(s, seat)
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
        checked += 1
    return checked


@pytest.mark.parametrize("world", ["surface", "underground"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_component_is_a_legal_move_and_every_move_a_component(
    world: str, players: int
) -> None:
    """Whole random games of each world and size: two seeds each."""
    for seed in (players, 10 + players):
        s = new_game([f"P{i + 1}" for i in range(players)], seed, None, world=world)
        assert play(s, random.Random(seed), 400) > 40


def test_the_flames_owe_the_volcano_and_the_panel_offers_only_that() -> None:
    """[SWU p.10, Flames] "When you select this race, place the Volcano on one of the Abysmal
    Chasm Regions marked with a Volcano symbol." Until it is placed nothing else is legal:
    the panel offers the Volcano sites and no "Stop conquering" or "End turn" (a Flames
    player pressed "Stop conquering" eleven times and was refused eleven times)."""
    s = start(("Flames", "Fisher"), players=3, seed=3, world="underground")
    seat = to_act(s)
    apply(s, seat, PickCombo(1))
    assert s.turn.phase == CONQUER and EndConquests() not in legal_actions(s, seat)
    panel = build(s, seat)
    sent = [p for p in payloads(panel) if p.startswith("a=")]
    assert sent and all(p.startswith("a=volcano ") for p in sent), sent
    assert "First make the choice below" in panel.text
    check_position(s, seat)


def test_the_shadow_mimes_choose_their_power_before_anything_else() -> None:
    """[SWU, Shadow Mimes] "if you select the Shadow Mimes you may immediately swap their
    Special Power": keeping or swapping comes first, and the panel offers only that."""
    s = start(("Shadow Mimes", "Fisher"), players=3, seed=5, world="underground")
    seat = to_act(s)
    apply(s, seat, PickCombo(1))
    sent = {p[2:].split()[0] for p in payloads(build(s, seat)) if p.startswith("a=")}
    assert sent == {"keepmime", "mime"}, sent
    check_position(s, seat)


def test_every_underground_race_and_power_has_its_moves_on_the_panel() -> None:
    """Each Underground banner and badge played from the first turn, checked at every
    position of its first 60 actions."""
    from engine.core.content import powers, races

    names = sorted(r for r, d in races().items() if d.set == "underground")
    badges = sorted(p for p, d in powers().items() if d.set == "underground")
    assert names and badges
    for i, power in enumerate(badges):
        race = names[i % len(names)]
        s = start((race, power), players=3, seed=i, world="underground")
        play(s, random.Random(i), 60)
    for i, race in enumerate(names):
        s = start((race, badges[(i + 5) % len(badges)]), players=2, seed=i, world="underground")
        play(s, random.Random(i), 60)
