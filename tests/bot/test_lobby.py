"""Lobby commands through the real bot: new, join, leave, start, cancel, one game per channel."""

from __future__ import annotations

from typing import Any

from .world import World, game_of, public, world


async def test_new_join_start_and_second_game_refused(simcord_env) -> None:
    w = await world(simcord_env)
    ann, bob, cyd = w.members
    r = await ann.slash(w.channel, "sw new", players=3)
    assert "3 players" in r.response.content and not r.ephemeral
    again = await bob.slash(w.channel, "sw new", players=2)
    assert again.ephemeral and "already has a game" in again.response.content
    lg = await game_of(w)
    assert lg.player_count == 3 and [s.user_id for s in lg.seats] == [ann.id]
    early = await ann.slash(w.channel, "sw start")
    assert early.ephemeral and "1 of 3" in early.response.content
    await bob.slash(w.channel, "sw join")
    twice = await bob.slash(w.channel, "sw join")
    assert twice.ephemeral and "already in" in twice.response.content
    not_host = await bob.slash(w.channel, "sw start")
    assert not_host.ephemeral
    await cyd.slash(w.channel, "sw join")
    await ann.slash(w.channel, "sw start")
    lg = await game_of(w)
    assert lg.status == "active" and sorted(s.seat for s in lg.seats) == [0, 1, 2]
    # The turn message mentions the first player and carries the board image.
    last = w.channel.last_message
    first = lg.user_at(0)
    assert f"<@{first}>" in last.content and last.attachments
    assert last.attachments[0].filename == "board.png"


async def test_leave_and_cancel(simcord_env) -> None:
    w = await world(simcord_env)
    ann, bob, cyd = w.members
    await ann.slash(w.channel, "sw new", players=2)
    await bob.slash(w.channel, "sw join")
    await bob.slash(w.channel, "sw leave")
    assert len((await game_of(w)).seats) == 1
    refused = await cyd.slash(w.channel, "sw cancel")
    assert refused.ephemeral and "host" in refused.response.content
    await ann.slash(w.channel, "sw cancel")
    fresh = await bob.slash(w.channel, "sw new", players=2)
    assert not fresh.ephemeral


def test_the_world_choice_of_sw_new_lists_every_registered_world() -> None:
    """A world package that registers itself is offered by ``/sw new`` under its title, with
    no edit to the cog (docs/architecture.md, "a whole world")."""
    from cogs.game import GameCog
    from engine.core.worlds import WORLDS

    param = GameCog.new.get_parameter("world")
    assert param is not None
    offered = [(c.name, c.value) for c in param.choices]
    assert offered == [(w.display_name, name) for name, w in WORLDS.items()]
    assert offered == [("Small World", "surface"), ("Small World Underground", "underground")]


def _taps(message: Any) -> list[str]:
    """The labels of a lobby message's buttons."""
    return [c.label for row in message.components for c in row.children]


async def _tap(member: Any, w: World, label: str) -> Any:
    """Tap the button ``label`` of the latest lobby message (its tapped message, edited)."""
    lobby = next(m for m in reversed(public(w)) if label in _taps(m))
    return await member.click(lobby, label=label)


async def test_a_plain_lobby_is_all_taps_as_a_team_lobby_is(simcord_env) -> None:
    """Issue 37, L2: every lobby has the same taps (Join, Leave, the host's Start and
    Cancel), a plain one as a team one; each edits the lobby message in place."""
    w = await world(simcord_env)
    ann, bob, cyd = w.members
    await ann.slash(w.channel, "sw new", players=3)
    [lobby] = public(w)
    assert _taps(lobby)[:4] == ["Join", "Leave", "Start", "Cancel"]
    joined = await _tap(bob, w, "Join")
    assert not joined.ephemeral and f"{bob.mention} joined (2/3)." in joined.response.content
    assert "Players (2/3): **ann**, **bob**" in joined.response.content
    left = await _tap(bob, w, "Leave")
    assert f"{bob.mention} left (1/3)." in left.response.content
    # The host's taps are refused, privately, to anyone else.
    for label in ("Start", "Cancel"):
        refused = await _tap(cyd, w, label)
        assert refused.ephemeral and "host" in refused.response.content
    for member in (bob, cyd):
        await _tap(member, w, "Join")
    # A full lobby has no Join any more.
    assert "Join" not in _taps(public(w)[-1])
    started = await _tap(ann, w, "Start")
    assert not started.ephemeral and "The game begins!" in started.response.content
    lg = await game_of(w)
    assert lg.status == "active"
    assert f"<@{lg.user_at(0)}>, it's your turn" in w.channel.last_message.content


async def test_the_hosts_cancel_tap_closes_the_lobby(simcord_env) -> None:
    w = await world(simcord_env)
    ann = w.members[0]
    await ann.slash(w.channel, "sw new", players=2)
    cancelled = await _tap(ann, w, "Cancel")
    assert not cancelled.ephemeral
    assert cancelled.response.content.endswith("The game in this channel was cancelled.")
    # Nothing is left to press on it, and the channel is free for a new game.
    assert public(w)[-1].components == []
    assert not (await ann.slash(w.channel, "sw new", players=2)).ephemeral
