"""Helpers that set up a server with members and play through slash commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import legal_actions, to_act


@dataclass
class World:
    """A server, a channel and its members, with the bot's commands synced."""

    env: Any
    guild: Any
    channel: Any
    members: list[Any]

    def member(self, user_id: int) -> Any:
        """The actor of a member by Discord id."""
        return next(m for m in self.members if m.id == user_id)


async def world(env: Any, names: tuple[str, ...] = ("ann", "bob", "cyd")) -> World:
    """A guild with a #smallworld channel and members; commands synced as in production."""
    guild = env.create_guild()
    channel = guild.create_text_channel("smallworld")
    members = [guild.add_member(env.create_user(n)) for n in names]
    await env.bot.tree.sync()
    return World(env, guild, channel, members)


async def started_game(w: World, players: int | None = None, **options: Any) -> Any:
    """Open, fill and start a game; returns the loaded game."""
    players = players or len(w.members)
    host, *others = w.members[:players]
    result = await host.slash(w.channel, "sw new", players=players, **options)
    assert not result.ephemeral, result.response.content
    for m in others:
        await m.slash(w.channel, "sw join")
    await host.slash(w.channel, "sw start")
    return await game_of(w)


async def game_of(w: World) -> Any:
    """The game loaded by the bot's service for the channel."""
    return await w.env.bot.service.last_game(w.channel.id)


async def actor(w: World) -> tuple[Any, int]:
    """The member who must act now, and their seat."""
    lg = await game_of(w)
    seat = to_act(lg.game.state)
    return w.member(lg.user_at(seat)), seat


async def legal_texts(w: World) -> list[str]:
    """Text forms of the legal actions of the member to act."""
    lg = await game_of(w)
    return [a.text for a in legal_actions(lg.game.state)]


async def play_until(w: World, wanted: Any, seed: int) -> Any:
    """Play random legal moves through the service (no Discord round trip) until
    ``wanted(state)`` holds; returns the loaded game. Fails if the game ends first."""
    import random

    from engine.simulate import choose

    service = w.env.bot.service
    rng = random.Random(seed)
    while True:
        lg = await game_of(w)
        state = lg.game.state
        if wanted(state):
            return lg
        seat = to_act(state)
        assert seat is not None, "the game ended before the wanted position came up"
        action = choose(rng, state, legal_actions(state, seat))
        await service.act(w.channel.id, lg.user_at(seat), action)


def public(w: World) -> list[Any]:
    """The channel's messages everyone sees, oldest first."""
    return [m for m in w.channel.history() if not m.flags.ephemeral]


def labels(message: Any) -> list[str]:
    """The labels of a public message's buttons."""
    return [item.label for row in message.components for item in row.children]


async def open_panel(w: World, member: Any) -> Any:
    """Press ▶ Play on the latest public game message: the member's own panel (ephemeral)."""
    message = next(m for m in reversed(public(w)) if "▶ Play" in labels(m))
    opened = await member.click(message, label="▶ Play")
    assert opened.ephemeral, opened.response.content
    return opened.response
