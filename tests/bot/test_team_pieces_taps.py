"""Every team piece's choice by taps in a real 6-player team game through the bot (issue 22):
the Golden Soapbar's move, Glandulf's Tavern's gift, Bony's banner, Mirror's Vale's swap,
the Sigil of Sacrifice's mode, its question to another player (the public line, the
▶ Answer panel, the region chosen; the deadline's answer) and the standing order (the
panel's ⚙ view and ``/sw play sigil_order``).

Each game is an Underground team game (``swu-6p``) whose seed reaches the piece early. The
turns before it are played by taps: a seeded random player (the engine's own
``simulate.choose``) picks each legal move, and its player opens their panel from the
public message and taps the control that plays exactly that move (``tap_until``); the
seeds were found by playing the same random player over the engine alone (no state is
edited). Then the member to act taps the piece's choice, and the engine's state after says
it was played.

Rules: team-play-6p.en.txt ("The Golden Soapbar", "Glandulf's Tavern", "Bony's Boneyard",
"Mirror's Vale", "Sigil of Sacrifice"); rulings 76-90.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.teams import who
from engine import legal_actions, to_act
from engine.core.interrupts import interrupt
from engine.core.state import GameState
from engine.rulesets.teams import seat_name
from engine.rulesets.teams.sigil import sigil_state, sigil_view, standing_order
from engine.simulate import choose

from .test_taps import choices, tap
from .world import World, game_of, public, world

SIX = ("ann", "bob", "cyd", "dan", "eve", "fay")


async def team_game(env: Any, seed: int) -> World:
    """A started Underground team game of six members from game seed ``seed``."""
    w = await world(env, SIX)
    env.bot.service.seed_source = lambda: seed
    host, *others = w.members
    opened = await host.slash(w.channel, "sw new", players=6, world="underground")
    assert not opened.ephemeral, opened.response.content
    for m in others:
        await m.slash(w.channel, "sw join")
    started = await host.slash(w.channel, "sw start")
    assert not started.ephemeral, started.response.content
    return w


def on_offer(verb: str, test: Callable[[Any], bool] = lambda a: True) -> Callable[..., bool]:
    """A position where the seat to act may play an action of ``verb``."""

    def wanted(s: GameState) -> bool:
        seat = to_act(s)
        return seat is not None and any(a.verb == verb and test(a) for a in legal_actions(s, seat))

    return wanted


async def reach(env: Any, seed: int, wanted: Callable[[GameState], bool]) -> tuple[World, Any]:
    """The game of ``seed`` played by the seeded random player until ``wanted``; then the
    member to act opens their panel by tapping the public message's button."""
    w = await team_game(env, seed)
    lg = await tap_until(w, wanted, seed)
    member = w.member(lg.user_at(to_act(lg.game.state)))
    return w, await open_own_panel(w, member)


async def tap_until(w: World, wanted: Callable[[GameState], bool], seed: int) -> Any:
    """Play the seeded random player's moves (``simulate.choose``, as the seeds were found)
    by taps until ``wanted``: each move's player opens their panel from the public message
    and taps the control that plays exactly that move (setting the count or the source of
    a move first, turning pages as needed)."""
    rng = random.Random(seed)
    while True:
        lg = await game_of(w)
        s = lg.game.state
        if wanted(s):
            return lg
        seat = to_act(s)
        assert seat is not None, "the game ended before the wanted position came up"
        action = choose(rng, s, legal_actions(s, seat))
        member = w.member(lg.user_at(seat))
        panel = await open_own_panel(w, member)
        version = s.version
        await tap_exactly(member, panel, action.text)
        assert (await state(w)).version > version, f"{action.text!r} was not played"


async def tap_exactly(member: Any, panel: Any, text: str) -> Any:
    """Tap the control whose payload plays ``text`` and nothing more."""
    words = text.split()
    tried: set[str] = set()
    for _ in range(8):
        offered = choices(panel)
        payloads = [c[2] for c in offered]
        hit = [c for c in offered if c[2] == f"a={text}"]
        if hit:
            return (await tap(member, panel, hit[0])).response
        step = None
        if words[0] == "move" and f"s={words[1]}" in payloads:
            step = f"s={words[1]}"
        elif words[0] in ("deploy", "move") and f"n={words[-1]}" in payloads:
            step = f"n={words[-1]}"
        elif words[0] in ("deploy", "move") and "n=0" in payloads:
            step = "n=0"  # all: the count is the whole hand or the region's tokens but one
        turn = [p for p in payloads if p.startswith(("o=", "p="))]
        step = step if step is not None and step not in tried else (turn[0] if turn else None)
        assert step is not None, f"{text!r} is not on the panel: {payloads}"
        tried.add(step)
        panel = (await tap(member, panel, next(c for c in offered if c[2] == step))).response
    raise AssertionError(f"{text!r} could not be tapped")


async def open_own_panel(w: World, member: Any) -> Any:
    """▶ Play (or ▶ Answer) on the latest public game message: the member's own panel."""
    for m in reversed(public(w)):
        for row in m.components:
            for c in row.children:
                if getattr(c, "label", None) in ("▶ Play", "▶ Answer"):
                    opened = await member.click(m, custom_id=c.custom_id)
                    assert opened.ephemeral, opened.response.content
                    return opened.response
    raise AssertionError("no public message opens a panel")


async def tap_action(w: World, panel: Any, text: str) -> Any:
    """Tap the panel's control that plays ``text``, turning the other moves' pages as a
    member would; returns the panel after the tap."""
    lg = await game_of(w)
    member = w.member(lg.user_at(to_act(lg.game.state)))
    for _ in range(6):
        offered = choices(panel)
        hit = [c for c in offered if text in c[2].removeprefix("a=").split("|")]
        if hit:
            return (await tap(member, panel, hit[0])).response
        pages = [c for c in offered if c[2].startswith("o=")]
        assert pages, f"{text!r} is not on the panel: {panel.content}"
        panel = (await tap(member, panel, pages[0])).response
    raise AssertionError(f"{text!r} is not on any page of the panel")


async def state(w: World) -> GameState:
    return (await game_of(w)).game.state


# --- the pieces ------------------------------------------------------------------------


async def test_the_golden_soapbar_moves_where_tapped(simcord_env) -> None:
    # [TEAMS "The Golden Soapbar"] "you must then immediately move the Soapbar to a region
    # adjacent to, but not occupied by, your active race."
    w, panel = await reach(simcord_env, 25, on_offer("soapbar"))
    s = await state(w)
    moves = [a for a in legal_actions(s, to_act(s)) if a.verb == "soapbar"]
    chosen = moves[-1]  # not the deadline's default (the first)
    await tap_action(w, panel, chosen.text)
    s = await state(w)
    assert s.regions[chosen.region].markers.get("soapbar") == 1


async def test_glandulfs_tavern_gives_to_the_player_tapped(simcord_env) -> None:
    # [TEAMS "Glandulf's Tavern"] "You can share these bonus coins ... with the player of
    # your choice, including but not limited to your Ally."
    w, panel = await reach(simcord_env, 2, on_offer("tavern"))
    s = await state(w)
    gifts = [a for a in legal_actions(s, to_act(s)) if a.verb == "tavern"]
    gift = gifts[-1]  # an opponent, 2 coins
    before = s.players[gift.seat].coins
    await tap_action(w, panel, gift.text)
    s = await state(w)
    assert s.players[gift.seat].coins == before + gift.coins


async def test_bonys_boneyard_puts_bony_on_the_banner_tapped(simcord_env) -> None:
    # [TEAMS "Bony's Boneyard"] Bony the Lich goes on an In Decline banner of your choice.
    w, panel = await reach(simcord_env, 330, on_offer("bony"))
    s = await state(w)
    places = [a for a in legal_actions(s, to_act(s)) if a.verb == "bony"]
    chosen = places[-1]
    banner = s.regions[chosen.region].race
    await tap_action(w, panel, chosen.text)
    assert (await state(w)).bony == banner


async def test_mirrors_vale_swaps_the_powers_when_tapped(simcord_env) -> None:
    # [TEAMS "Mirror's Vale"] exchange special powers with your ally.
    w, panel = await reach(simcord_env, 18, on_offer("mirror"))
    s = await state(w)
    seat = to_act(s)
    mine = s.races[s.players[seat].active]
    ally = s.races[s.players[(seat + 3) % 6].active]
    powers = (mine.power, ally.power)
    await tap_action(w, panel, "mirror")
    s = await state(w)
    assert (s.races[mine.name].power, s.races[ally.name].power) == powers[::-1]


async def test_the_sigils_mode_and_target_by_taps(simcord_env) -> None:
    # [TEAMS "Sigil of Sacrifice"] "As soon as your troops occupy the Sigil of Sacrifice, you
    # may, at your choice ...: Choose to take losses in lieu of another race ... Or ask
    # another race to take losses in your stead" (ruling 86).
    w, panel = await reach(simcord_env, 14, on_offer("sigil", lambda a: a.mode > 0))
    s = await state(w)
    modes = [a for a in legal_actions(s, to_act(s)) if a.verb == "sigil" and a.mode == 2]
    chosen = modes[-1]
    await tap_action(w, panel, chosen.text)
    st = sigil_state(await state(w))
    assert st["mode"] == "give" and st["target_seat"] == chosen.seat


def sigil_asked(s: GameState) -> bool:
    return interrupt(s) is not None


async def test_the_sigils_question_has_its_own_line_and_panel(simcord_env) -> None:
    # [TEAMS] "that player may sacrifice one his race token instead; the player chooses which
    # Region to take it from, and could refuse" (rulings 87-88).
    w = await team_game(simcord_env, 14)
    lg = await tap_until(w, sigil_asked, 14)
    s = lg.game.state
    asked = to_act(s)
    assert asked != s.turn.seat  # another player is asked, in the middle of a turn
    await simcord_env.bot.announcer.deliver_due()
    line = public(w)[-1]
    assert f"<@{lg.user_at(asked)}> ({seat_name(asked)})" in line.content
    assert "your turn" not in line.content and "▶ Answer" in line.content
    assert "Refuse the sacrifice" in line.content  # the deadline's answer, told
    panel = await open_own_panel(w, w.member(lg.user_at(asked)))
    assert panel.content.startswith("❓ **A question for you**")
    sacrifices = [a for a in legal_actions(s, asked) if a.verb == "sacrifice"]
    chosen = sacrifices[-1]
    tokens = s.regions[chosen.region].tokens
    saved = s.races[sigil_state(s)["asked"][0]["for"]]
    hand = saved.hand
    await tap_action(w, panel, chosen.text)
    s = await state(w)
    assert s.regions[chosen.region].tokens == tokens - 1 or s.regions[chosen.region].race is None
    assert s.races[saved.name].hand == hand + 1


async def test_the_sigils_question_unanswered_takes_the_deadlines_refusal(simcord_env) -> None:
    # Ruling 88: the deadline refuses for the player asked (the loss stands), and says so.
    w = await team_game(simcord_env, 14)
    lg = await tap_until(w, sigil_asked, 14)
    asked = to_act(lg.game.state)
    service = simcord_env.bot.service
    later = datetime.now(UTC) + timedelta(days=30)
    service.games.clock = lambda: later
    outcome = await service.run_deadline(lg.id)
    assert outcome is not None
    assert outcome.applied[0].text == "refuse"
    await simcord_env.bot.desk.announce(outcome)
    said = "\n".join(m.content for m in public(w)[-3:])
    assert "⏰ Time ran out for" in said and "Refuse the sacrifice" in said
    assert "no sacrifice" in said  # the loss stood
    s = outcome.game.game.state
    assert any(e["kind"] == "sigil_refused" and e["seat"] == asked for e in s.events)


async def test_a_standing_order_set_by_command_while_asked_answers_the_question(
    simcord_env,
) -> None:
    # Ruling 88: the order may be set once while asked; "never" answers the question (the
    # holder named the race it protects, so only "never" keeps it from being asked).
    w = await team_game(simcord_env, 14)
    lg = await tap_until(w, sigil_asked, 14)
    asked = to_act(lg.game.state)
    member = w.member(lg.user_at(asked))
    r = await member.slash(w.channel, "sw play", sigil_order=2)
    assert r.ephemeral, r.response.content
    s = await state(w)
    assert standing_order(s, asked) == "never"
    assert any(e["kind"] == "sigil_refused" and e["seat"] == asked for e in s.events)


async def test_the_standing_order_by_the_panels_settings_and_by_command(simcord_env) -> None:
    # Ruling 88: each player's standing order ("always offer", "only my ally", "never"),
    # set on one's own turn once the Sigil is in play.
    w, panel = await reach(simcord_env, 173, on_offer("standing"))
    s = await state(w)
    seat = to_act(s)
    assert standing_order(s, seat) == "ally"
    gear = [c for c in choices(panel) if c[2] == "g=1"]
    assert gear, panel.content
    member = w.member((await game_of(w)).user_at(seat))
    settings = (await tap(member, panel, gear[0])).response
    assert "standing order" in settings.content
    await tap_action(w, settings, "standing 2")
    assert standing_order(await state(w), seat) == "never"
    # Once a turn: the command is refused now, and says why.
    again = await member.slash(w.channel, "sw play", sigil_order=0)
    assert again.ephemeral
    assert standing_order(await state(w), seat) == "never"


def asked_by_another(s: GameState) -> bool:
    shown = sigil_view(s)
    holder = shown["holder_seat"] if shown else None
    return sigil_asked(s) and holder is not None and holder != to_act(s)


async def test_a_player_asked_by_the_sigils_holder_is_told_who_asks(simcord_env) -> None:
    # [TEAMS] "Or ask another race to take losses in your stead; that player must be willing
    # to do so": the holder asks; the player asked answers on their panel.
    w = await team_game(simcord_env, 523)
    lg = await tap_until(w, asked_by_another, 523)
    s = lg.game.state
    asked, holder = to_act(s), sigil_view(s)["holder_seat"]
    await simcord_env.bot.announcer.deliver_due()
    line = next(m for m in reversed(public(w)) if "❓" in m.content).content
    assert f"<@{lg.user_at(asked)}> ({seat_name(asked)})" in line
    assert f"**{who(s, holder)}** asks you to take a loss with your" in line
    assert "your turn" not in line.split("❓")[1]
    panel = await open_own_panel(w, w.member(lg.user_at(asked)))
    assert panel.content.startswith("❓ **A question for you**")
    await tap_action(w, panel, "refuse")
    s = await state(w)
    assert any(e["kind"] == "sigil_refused" and e["seat"] == asked for e in s.events)
