"""Small World Underground in a channel: chosen at ``/sw new``, played to the end by taps.

The panels are built from ``legal_actions``, so every Underground choice (the Volcano, a
Mime's swap, Relics, the Queen, Armor, the Balrog...) is a menu option or a button like any
other; the coins stay hidden through every Underground transfer.
"""

from __future__ import annotations

import random

import pytest

from engine import to_act

from .test_full_game import assert_final_turn_told_once
from .test_taps import LEAKS, LIVE, choices, play_button, public, tap, weight
from .world import game_of, started_game, world

NAMES = ("ann", "bob", "cyd", "dee", "eve")


@pytest.mark.parametrize("players", [2, 3, 5])
async def test_a_whole_underground_game_by_taps(simcord_env, players: int) -> None:
    w = await world(simcord_env, names=NAMES[:players])
    lg = await started_game(w, world="underground")
    assert lg.map_id == f"swu-{players}p"
    assert lg.game.state.treasures, "the Monsters hide Places and Relics"
    lobby = public(w)[0]
    assert "Small World Underground" in lobby.content
    start = len(public(w))
    rng = random.Random(5)
    verbs: set[str] = set()
    taps = 0
    while True:
        lg = await game_of(w)
        seat = to_act(lg.game.state)
        if seat is None:
            break
        member = w.member(lg.user_at(seat))
        opened = await member.click(play_button(w), label="▶ Play")
        assert opened.ephemeral, opened.response.content
        panel = opened.response
        turn = (lg.game.state.round, lg.game.state.turn.seat)
        while True:
            options = choices(panel)
            assert options, panel.content
            pick = rng.choices(options, [weight(p) for _, _, p in options])[0]
            if pick[2].startswith("a="):
                verbs.add(pick[2][2:].split(" ")[0])
            r = await tap(member, panel, pick)
            taps += 1
            assert taps < 8000
            lives = [m for m in public(w) if m.content.startswith(LIVE)]
            assert len(lives) <= 1, [m.content for m in lives]
            if pick[2] != "board":
                panel = r.response or panel
            now = (await game_of(w)).game.state
            if (now.round, now.turn.seat) != turn or to_act(now) != seat:
                break
    lg = await game_of(w)
    assert lg.status == "over"
    messages = public(w)[start:]
    assert "Game over" in messages[-1].content
    assert_final_turn_told_once(messages[-1], lg.game.state)
    assert len(messages) == lg.game.state.turns * players
    assert all(m.attachments for m in messages)
    for m in messages[:-1]:
        # Hidden coins stay hidden: no total, whatever Liches, Thieves or the Ring took.
        assert not LEAKS.search(m.content), m.content
        assert not any("coins" in a.filename for a in m.attachments)
    # Underground choices were made from the panel like any other.
    underground = {
        "volcano", "mime", "keepmime", "ring", "scepter", "balrog", "ghost", "queen", "armor",
        "orb", "sword", "socks", "doormat", "bag", "altar", "vampire", "hammer", "wisp",
        "ancient", "reborn", "tomb", "vanish",
    }  # fmt: skip
    assert verbs & underground, sorted(verbs)
    # What the Monsters hid is told in the summaries.
    assert any("discover" in m.content for m in messages), "no Place or Relic was told"


async def test_a_board_without_its_drawing_is_refused_at_once(
    simcord_env, monkeypatch, tmp_path
) -> None:
    # Every built-in board has its drawing; a missing one (a new board whose drawing is not
    # committed yet) is refused before a lobby opens.
    monkeypatch.setattr("bot.service.lobby.GEOMETRY_DIR", tmp_path)
    w = await world(simcord_env, names=("ann", "bob"))
    host = w.members[0]
    r = await host.slash(w.channel, "sw new", players=2, world="underground")
    assert r.ephemeral
    assert "cannot be drawn yet" in r.response.content
    assert await w.env.bot.service.live_game_id(w.channel.id) is None


async def test_deadlines_carry_an_underground_game_forward(simcord_env) -> None:
    """Nobody plays: each deadline applies the engine's default (an owed Underground choice,
    such as the Flames' Volcano or a Mime keeping its power, when a race owes one), and the
    game goes on."""
    from engine import Game, default_action, parse

    w = await world(simcord_env)
    await started_game(w, world="underground", deadline_hours=1.0)
    for _ in range(12):
        if (await game_of(w)).game.state.round > 1:
            break
        await simcord_env.advance_time(61 * 60)
    lg = await game_of(w)
    assert lg.game.state.round == 2, "three turns went by on deadlines"
    rows = await simcord_env.bot.service.history(lg.id, limit=100)
    assert rows and all(r["auto"] for r in rows)
    # Replayed from the start, every action the bot applied was the engine's default then.
    replay = Game(lg.game.config)
    for r in rows:
        assert r["text"] == default_action(replay.state).text
        replay.play(r["seat"], parse(r["text"]))
    assert any("Time ran out" in m.content for m in w.channel.history())
