"""A game in a thread of its own (``/sw new thread:true``) on a server that gave the bot only
the README's invite permissions: a refused game opens no thread and says why, and a thread
whose game could not be stored is deleted, or, where Discord refuses (403), says why it is
empty, and the member is told."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.startup import INVITE, NEEDED, invite_link

from .world import World, world

README = Path(__file__).resolve().parents[2] / "README.md"


def _readme_permissions() -> discord.Permissions:
    """The permissions of the README's invite link."""
    text = README.read_text(encoding="utf-8")
    found = re.search(r"permission integer `(\d+)`", text)
    assert found is not None
    assert f"permissions={found[1]}" in text
    return discord.Permissions(int(found[1]))


async def _invited(env: Any, *, thread_posts: bool = True) -> World:
    """A server whose bot role holds the README's invite permissions and nothing more, and
    whose Discord refuses to delete any channel or thread (403). ``thread_posts=False``:
    the channel denies the bot Send Messages in Threads."""
    w = await world(env, names=("ann", "bob"))
    guild = env.backend.get_guild(w.guild.id)
    role = next(r for r in guild.roles.values() if r.managed)
    env.backend.edit_role(w.guild.id, role.id, {"permissions": _readme_permissions().value})
    if not thread_posts:
        deny = discord.PermissionOverwrite(send_messages_in_threads=False)
        w.channel = w.guild.create_text_channel(
            "no-threads", overwrites={w.guild.roles[role.name]: deny}
        )
    env.inject_error(
        "DELETE", "/channels/*", status=403, code=50013, message="Missing Permissions", times=None
    )
    return w


def test_the_readme_invites_the_bot_with_what_it_uses() -> None:
    assert _readme_permissions() == INVITE
    assert all(getattr(INVITE, attr) for attr, _name in NEEDED)
    # The bot deletes only its own messages and manages no thread: neither is asked for.
    assert not INVITE.manage_threads and not INVITE.manage_channels and not INVITE.manage_messages


def test_the_logged_invite_link_is_the_readmes_with_the_application_filled_in() -> None:
    readme = README.read_text(encoding="utf-8")
    template = re.search(r"`(https://discord\.com/oauth2/authorize\?[^`]+)`", readme)
    assert template is not None
    link = invite_link(1234567890)
    assert link == template.group(1).replace("<APPLICATION_ID>", "1234567890")


async def test_a_refused_game_opens_no_thread_and_says_why(simcord_env) -> None:
    w = await _invited(simcord_env)
    r = await w.members[0].slash(w.channel, "sw new", players=2, thread=True, rated=True)
    assert r.ephemeral
    assert r.response.content == "No season is open on this server, so no game can be rated."
    assert w.channel.threads == []
    assert simcord_env.errors == []


async def test_without_thread_posts_the_thread_is_refused_before_it_opens(simcord_env) -> None:
    w = await _invited(simcord_env, thread_posts=False)
    r = await w.members[0].slash(w.channel, "sw new", players=2, thread=True)
    assert r.ephemeral and "Send Messages in Threads" in r.response.content
    assert w.channel.threads == []
    assert await w.env.bot.service.storage.fetchall("SELECT id FROM games") == []


async def test_a_game_that_could_not_be_stored_leaves_a_thread_that_says_why(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = await _invited(simcord_env)

    async def broken(*_args: Any) -> Any:
        raise sqlite3.OperationalError("disk I/O error")

    # The database fails between the thread's opening and the game's.
    monkeypatch.setattr(w.env.bot.service.lobby, "open", broken)
    r = await w.members[0].slash(w.channel, "sw new", players=2, thread=True)
    [thread] = w.channel.threads
    assert r.ephemeral
    assert r.response.content == (
        f"Something went wrong; no game was opened. Its thread {thread.mention} stays, empty: "
        "only a member who may manage threads can delete it."
    )
    [said] = thread.history()
    assert said.content == "No game could be opened here after all: this thread is empty."
    assert await w.env.bot.service.storage.fetchall("SELECT id FROM games") == []


async def test_with_the_invite_permissions_a_thread_game_opens_and_is_joined(simcord_env) -> None:
    w = await _invited(simcord_env)
    ann, bob = w.members
    r = await ann.slash(w.channel, "sw new", players=2, thread=True)
    [thread] = w.channel.threads
    assert not r.ephemeral and thread.mention in r.response.content
    [lobby] = thread.history()
    assert f"{ann.mention} is in." in lobby.content
    joined = await bob.slash(thread, "sw join")
    assert not joined.ephemeral and "(2/2)" in joined.response.content
