"""A 6-player team game through the real bot (issue 22, item 7): the lobby by taps (Join,
partner choice, the host's pairs, the draw), the seat order A1 B1 C1 A2 B2 C2, seat names in
public texts, and a restart in the middle of the lobby and of the game.

[TEAMS "Playing in Teams"] "The players pair up in 3 teams of 2 players each (i.e. Team A,
B, and C). Players sit around the table, opposite from their team partner (i.e. A1, B1, C1,
A2, B2, C2), and play proceeds clockwise, starting with the first player of Team A, A1."
"""

from __future__ import annotations

from typing import Any

from bot.teams import draw_pairs
from engine import to_act
from engine.core.state import SETUP
from engine.rulesets.teams import partner, seat_name, team_of

from .conftest import make_bot
from .world import World, game_of, public, world

SIX = ("ann", "bob", "cyd", "dan", "eve", "fay")


def lobby_message(w: World) -> Any:
    """The latest public message carrying the team lobby's controls."""
    return next(
        m
        for m in reversed(public(w))
        if any(c.custom_id.startswith("swl:") for row in m.components for c in row.children)
    )


def control(message: Any, suffix: str) -> str:
    """The custom id of the lobby control ending in ``suffix`` (``:join``, ``:partner``...)."""
    return next(
        c.custom_id
        for row in message.components
        for c in row.children
        if c.custom_id.endswith(suffix)
    )


async def tap(member: Any, w: World, verb: str) -> Any:
    m = lobby_message(w)
    return await member.click(m, custom_id=control(m, f":{verb}"))


async def choose(member: Any, w: World, other: Any) -> Any:
    m = lobby_message(w)
    return await member.select(m, [str(other.id)], custom_id=control(m, ":partner"))


async def test_a_team_lobby_formed_by_taps_then_played_with_a_restart(simcord_env, db_path) -> None:
    w = await world(simcord_env, SIX)
    ann, bob, cyd, dan, eve, fay = w.members
    opened = await ann.slash(w.channel, "sw new", players=6)
    assert not opened.ephemeral and "3 teams of 2" in opened.response.content
    assert "Team A: —" in opened.response.content
    lg = await game_of(w)
    assert lg.teams and lg.map_id == "sw-6p"
    posted = len(public(w))
    for m in (bob, cyd, dan, eve, fay):
        r = await tap(m, w, "join")
        assert not r.ephemeral, r.response.content
    assert "6/6" in lobby_message(w).content
    # Each tap edits the lobby message in place: the channel stays quiet.
    assert len(public(w)) == posted
    # A choice waits for the other's; the mutual choice pairs them as Team A.
    asked = await choose(ann, w, cyd)
    assert "wants to play with **cyd**" in asked.response.content
    self_pick = await choose(bob, w, bob)
    assert self_pick.ephemeral
    paired = await choose(cyd, w, ann)
    assert "form Team A" in paired.response.content
    assert "Team A: **ann** & **cyd** (chose each other)" in paired.response.content
    # The host pairs two players: Team B.
    m = lobby_message(w)
    host_pair = await ann.select(m, [str(dan.id), str(fay.id)], custom_id=control(m, ":pair"))
    assert "Team B" in host_pair.response.content
    not_host = await tap(bob, w, "draw")
    assert not_host.ephemeral and "host" in not_host.response.content
    assert len(public(w)) == posted

    # A restart in the lobby: the pairs are in SQLite, the lobby message's controls still work.
    await simcord_env.restart_bot(make_bot(db_path))
    lg = await game_of(w)
    assert {s.name: s.team for s in lg.seats} == {
        "ann": 0,
        "cyd": 0,
        "dan": 1,
        "fay": 1,
        "bob": None,
        "eve": None,
    }
    started = await tap(ann, w, "start")
    assert not started.ephemeral, started.response.content
    lg = await game_of(w)
    assert lg.status == "active" and lg.game.state.options["teams"]
    by_seat = {s.seat: s.name for s in lg.seats}
    # Team A (ann, cyd) sits A1 and A2, team B (dan, fay) B1 and B2; the host's start paired
    # bob and eve as Team C; partners sit opposite: seat i and i + 3.
    assert {by_seat[0], by_seat[3]} == {"ann", "cyd"}
    assert {by_seat[1], by_seat[4]} == {"dan", "fay"}
    assert {by_seat[2], by_seat[5]} == {"bob", "eve"}
    for s in lg.seats:
        assert s.team == team_of(s.seat)
        assert lg.seat_row(partner(s.seat)).team == s.team
    text = started.response.content
    for seat in range(6):
        assert f"{seat_name(seat)} <@{lg.user_at(seat)}>" in text
    # On the surface the setup comes first: B1 is pinged to place a Monster (team rules,
    # "Setup": "all players except the first one should place 1 Monster token").
    first = public(w)[-1]
    assert first.content.startswith("**Before the first turn**")
    assert f"<@{lg.user_at(1)}>" in first.content and first.attachments

    from .test_taps import choices, play_button
    from .test_taps import tap as panel_tap

    # B1, C1, A2, B2, C2 place their Monsters by taps.
    placed = []
    while (lg := await game_of(w)).game.state.turn.phase == SETUP:
        seat = to_act(lg.game.state)
        placed.append(seat)
        member = w.member(lg.user_at(seat))
        panel = (await member.click(play_button(w), label="▶ Play")).response
        options = [c for c in choices(panel) if c[2].startswith("a=monsters")]
        await panel_tap(member, panel, options[0])
    assert placed == [1, 2, 3, 4, 5]

    # The first turns by taps, a restart in the middle.

    for turn in range(4):
        if turn == 2:
            await simcord_env.restart_bot(make_bot(db_path))
        lg = await game_of(w)
        seat = to_act(lg.game.state)
        assert seat == turn  # play goes A1, B1, C1, A2, ...
        member = w.member(lg.user_at(seat))
        panel = (await member.click(play_button(w), label="▶ Play")).response
        for prefix in ("a=pick 1", "a=conquer", "a=stop", "a=deploy", "a=end"):
            options = [c for c in choices(panel) if c[2].startswith(prefix)]
            if not options:
                continue
            panel = (await panel_tap(member, panel, options[0])).response or panel
            lg = await game_of(w)
            if to_act(lg.game.state) != seat:
                break
        for _ in range(20):
            if to_act((await game_of(w)).game.state) != seat:
                break
            # Whatever is left of the turn: end it, after any choice owed first (a Place or
            # Relic found under a Monster asks its holder at once), its first option.
            acts = [c for c in choices(panel) if c[2].startswith("a=")]
            ends = [c for c in acts if c[2].startswith("a=end")]
            panel = (await panel_tap(member, panel, (ends or acts)[0])).response or panel
    lg = await game_of(w)
    assert to_act(lg.game.state) == 4
    summaries = [m for m in public(w) if m.content.startswith("**") and "'s turn**" in m.content]
    names = lg.game.state.players
    assert len(summaries) == 4, [m.content[:60] for m in summaries]
    for i, m in enumerate(summaries[:4]):
        assert m.content.startswith(f"**{names[i].name} ({seat_name(i)})'s turn**"), m.content
    # Coins stay secret: no public message tells a total (partners' included).
    for m in public(w):
        assert "coins" not in m.content.lower() or "My coins" in m.content, m.content


async def test_the_hosts_start_draws_every_pair_from_the_seed(simcord_env) -> None:
    w = await world(simcord_env, SIX)
    host, *others = w.members
    await host.slash(w.channel, "sw new", players=6, teams=True)
    for m in others:
        joined = await m.slash(w.channel, "sw join")
        assert "Team A: —" in joined.response.content
    await host.slash(w.channel, "sw start")
    lg = await game_of(w)
    ids = sorted(m.id for m in w.members)
    expected = {frozenset(p) for p in draw_pairs(ids, lg.seed)}
    got = {frozenset(s.user_id for s in lg.seats if s.team == t) for t in range(3)}
    assert got == expected
    assert all(s.paired_by == "draw" for s in lg.seats)


async def test_team_play_needs_six_players_and_secret_scores(simcord_env) -> None:
    w = await world(simcord_env, SIX)
    ann = w.members[0]
    five = await ann.slash(w.channel, "sw new", players=5, teams=True)
    assert five.ephemeral and "6 players" in five.response.content
    open_scores = await ann.slash(w.channel, "sw new", players=6, open_scores=True)
    assert open_scores.ephemeral and "secret" in open_scores.response.content
    plain = await ann.slash(w.channel, "sw new", players=6, teams=False)
    assert plain.ephemeral and "teams" in plain.response.content


async def test_ai_seats_pair_up_and_play_a_team_game(simcord_env) -> None:
    """An AI seat has no choice to make: a member who chooses it pairs with it at once
    (ruling 111); AI seats play their turns in the team game like anyone."""
    w = await world(simcord_env, ("ann", "bob"))
    w.env.bot.ai_seats.iterations = 2
    ann, bob = w.members
    await ann.slash(w.channel, "sw new", players=6, world="underground")
    await bob.slash(w.channel, "sw join")
    for _ in range(4):
        await ann.slash(w.channel, "sw addai", level="easy")
    lg = await game_of(w)
    ai = next(s for s in lg.seats if s.ai)
    paired = await choose(bob, w, type("Member", (), {"id": ai.user_id})())
    assert "form Team A" in paired.response.content
    started = await tap(ann, w, "start")
    assert not started.ephemeral
    await w.env.bot.ai_seats.idle()
    lg = await game_of(w)
    assert lg.map_id == "swu-6p" and not lg.rated
    bob_seat = lg.seat_of(bob.id)
    assert lg.seat_row(partner(bob_seat)).user_id == ai.user_id
    # The AI seats before the first member's seat have played; it is a member's move now.
    seat = to_act(lg.game.state)
    assert lg.seat_row(seat).ai is None


async def test_leaving_unpairs_the_team(simcord_env) -> None:
    w = await world(simcord_env, SIX[:3])
    ann, bob, cyd = w.members
    await ann.slash(w.channel, "sw new", players=6)
    await bob.slash(w.channel, "sw join")
    await cyd.slash(w.channel, "sw join")
    await choose(bob, w, cyd)
    await choose(cyd, w, bob)
    left = await bob.slash(w.channel, "sw leave")
    assert "Team A: —" in left.response.content and "Unpaired: ann, cyd" in left.response.content
    lg = await game_of(w)
    assert all(s.team is None and s.partner is None for s in lg.seats)
