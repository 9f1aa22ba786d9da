"""The whole game by taps: after ``/sw start`` nobody types a command.

Each member opens their own panel from the ▶ Play button of the latest public game message
and plays with its select menus and buttons. The channel gets one summary per turn (with
the board) and, while a turn is under way, one live message edited in place.
"""

from __future__ import annotations

import random
import re
from typing import Any

from engine import to_act

from .world import game_of, started_game, world

#: Phrases that would give away a coin total in public.
LEAKS = re.compile(r"victory coins|scored|\bhas \d+ coins|\bhave \d+ coins", re.I)
LIVE = "🎲"


def public(w: Any) -> list[Any]:
    """The channel's messages everyone sees, oldest first."""
    return [m for m in w.channel.history() if not m.flags.ephemeral]


def play_button(w: Any) -> Any:
    """The latest public message carrying ▶ Play."""
    for m in reversed(public(w)):
        for row in m.components:
            for item in row.children:
                if getattr(item, "label", None) == "▶ Play":
                    return m
    raise AssertionError("no public message offers ▶ Play")


def choices(panel: Any) -> list[tuple[str, str, str]]:
    """Every tap a panel offers: (kind, custom_id, payload); a menu's value is its payload."""
    out = []
    for row in panel.components:
        for c in row.get("components", []):
            if c["type"] == 2:
                payload = c["custom_id"].split(":", 4)[4]
                out.append(("button", c["custom_id"], payload))
            elif c["type"] == 3:
                for o in c["options"]:
                    out.append(("menu", c["custom_id"], o["value"]))
    return out


def weight(payload: str) -> float:
    """A random player who mostly conquers, places and ends, and now and then tries the
    rest (undo, counts, moves, pages, decline, abandon)."""
    verb = payload.removeprefix("a=").split(" ")[0]
    if payload.startswith("a="):
        return {"abandon": 0.2, "decline": 0.3, "stop": 1.0, "stop|end": 1.0}.get(verb, 3.0)
    return {"undo": 0.2}.get(payload, 0.4)


async def tap(member: Any, panel: Any, choice: tuple[str, str, str]) -> Any:
    kind, custom_id, payload = choice
    if kind == "button":
        return await member.click(panel, custom_id=custom_id)
    return await member.select(panel, [payload], custom_id=custom_id)


async def tap_out_the_decision(
    w: Any, member: Any, panel: Any, rng: random.Random, seat: int, state: Any
) -> int:
    """Tap random choices of ``member``'s panel (``weight``) until the decision leaves
    ``seat`` or the turn of ``state`` passes; how many taps it took."""
    taps = 0
    while True:
        options = choices(panel)
        assert options, panel.content
        pick = rng.choices(options, [weight(p) for _, _, p in options])[0]
        r = await tap(member, panel, pick)
        taps += 1
        assert taps < 2000
        if pick[2] != "board":  # the board comes as a message of its own
            panel = r.response or panel
        now = (await game_of(w)).game.state
        if to_act(now) != seat or (now.round, now.turn.seat) != (state.round, state.turn.seat):
            return taps


async def test_a_whole_game_by_taps_one_summary_per_turn(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    start = len(public(w))
    rng = random.Random(11)
    turns = 0
    taps = 0
    while True:
        lg = await game_of(w)
        state = lg.game.state
        seat = to_act(state)
        if seat is None:
            break
        turn = (state.round, state.turn.seat)
        member = w.member(lg.user_at(seat))
        opened = await member.click(play_button(w), label="▶ Play")
        assert opened.ephemeral, opened.response.content
        panel = opened.response
        taps += 1
        while True:
            options = choices(panel)
            assert options, panel.content
            pick = rng.choices(options, [weight(p) for _, _, p in options])[0]
            r = await tap(member, panel, pick)
            taps += 1
            assert taps < 5000
            # Nothing a member does in a turn adds a public message; the live one is edited.
            lives = [m for m in public(w) if m.content.startswith(LIVE)]
            assert len(lives) <= 1, [m.content for m in lives]
            if pick[2] != "board":  # the board comes as a message of its own
                panel = r.response or panel
            lg = await game_of(w)
            now = lg.game.state
            if (now.round, now.turn.seat) != turn or to_act(now) != seat:
                break
        if (now.round, now.turn.seat) != turn or lg.status == "over":
            turns += 1
            summaries = [m for m in public(w)[start:] if m.attachments]
            assert len(summaries) == turns, [m.content[:60] for m in summaries]
    lg = await game_of(w)
    assert lg.status == "over"
    messages = public(w)[start:]
    # One summary per turn with its board, the last one the final sheet; no live message left.
    assert len(messages) == turns
    assert all(m.attachments for m in messages)
    assert not any(m.content.startswith(LIVE) for m in messages)
    final = messages[-1]
    assert "Game over" in final.content
    assert [a.filename for a in final.attachments] == ["final.png", "board.png"]
    for m in messages[:-1]:
        assert not LEAKS.search(m.content), m.content
    assert turns == lg.game.state.turns * 3
    titles = [m.content.split("\n")[0] for m in messages]
    names = [p.name for p in lg.game.state.players]
    # Each summary is titled with the turn's player, in seat order, whoever ended it.
    assert titles == [f"**{names[i % 3]}'s turn**" for i in range(turns)]


def find(panel: Any, payload_prefix: str) -> tuple[str, str, str]:
    """The first tap of a panel whose payload starts with ``payload_prefix``."""
    return next(c for c in choices(panel) if c[2].startswith(payload_prefix))


async def test_a_typical_turn_takes_eight_taps(simcord_env) -> None:
    """Pick a combo, conquer three regions, put the tokens left in hand somewhere, end:
    the turn the issue counted at about 20 taps and 5-7 typed commands."""
    w = await world(simcord_env)
    await started_game(w)
    member = w.member((await game_of(w)).user_at(to_act((await game_of(w)).game.state)))
    taps = 0

    async def press(panel: Any, prefix: str) -> Any:
        nonlocal taps
        taps += 1
        r = await tap(member, panel, find(panel, prefix))
        return r.response

    opened = await member.click(play_button(w), label="▶ Play")
    taps += 1
    panel = await press(opened.response, "a=pick 1")
    for _ in range(3):
        panel = await press(panel, "a=conquer")
    panel = await press(panel, "a=stop")
    assert "Redeploy" in panel.content
    panel = await press(panel, "a=deploy")
    panel = await press(panel, "a=end")
    state = (await game_of(w)).game.state
    assert state.round == 1 and state.turn.seat == 1
    assert "Your turn scored" in panel.content
    took = [line for line in public(w)[-1].content.splitlines() if " took " in line]
    assert len(took) == 3
    assert taps == 8


async def test_sw_play_opens_the_panel_for_the_member_to_act_only(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    lg = await game_of(w)
    seat = to_act(lg.game.state)
    member = w.member(lg.user_at(seat))
    other = next(m for m in w.members if m.id != member.id)
    mine = await member.slash(w.channel, "sw play")
    assert mine.ephemeral and "pick a combo" in mine.response.content
    [(kind, _id, payload), *_] = choices(mine.response)
    assert kind == "menu" and payload == "a=pick 1"
    theirs = await other.slash(w.channel, "sw play")
    assert theirs.ephemeral and not theirs.response.components
    assert f"It's **{lg.game.state.players[seat].name}**'s move" in theirs.response.content
    # Opening a panel plays nothing and posts nothing in public.
    assert (await game_of(w)).game.state.version == lg.game.state.version
    assert not [m for m in public(w) if m.content.startswith(LIVE)]


async def test_the_panel_shows_the_targets_and_their_costs_on_the_board(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    lg = await game_of(w)
    member = w.member(lg.user_at(to_act(lg.game.state)))
    opened = await member.click(play_button(w), label="▶ Play")
    panel = (await tap(member, opened.response, find(opened.response, "a=pick 1"))).response
    r = await tap(member, panel, find(panel, "board"))
    shown = r.response
    assert shown.ephemeral and "with their cost" in shown.content
    assert [a.filename for a in shown.attachments] == ["board.png"]
    # Only the member saw it: the channel has no board of this turn yet.
    assert not [m for m in public(w) if m.content.startswith(LIVE) and m.attachments]


async def test_a_panel_still_plays_after_discords_view_timeout(simcord_env) -> None:
    """discord.py times private views out after 15 minutes; ours route by custom id."""
    w = await world(simcord_env)
    await started_game(w, deadline_hours=24.0)
    lg = await game_of(w)
    member = w.member(lg.user_at(to_act(lg.game.state)))
    version = lg.game.state.version
    opened = await member.click(play_button(w), label="▶ Play")
    await simcord_env.advance_time(20 * 60)
    r = await tap(member, opened.response, find(opened.response, "a=pick 1"))
    assert "✅ Pick" in r.response.content
    assert (await game_of(w)).game.state.version == version + 1
