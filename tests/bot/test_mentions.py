"""No message the bot posts or edits pings @everyone, @here, a role, or a member it does not
mean to: hostile names and texts through every public path.

Every message simcord creates or edits goes through its mention check (what Discord would
ping given the message's text and its effective ``allowed_mentions``); the test records each
one. The bot has the Mention Everyone permission and the role is mentionable, so an
unguarded ``@everyone`` or ``<@&role>`` would really ping.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from engine import legal_actions

from .world import World, actor, game_of, play_until


class Pings:
    """Who each message the bot sent or edited would notify, in order."""

    def __init__(self, backend: Any, bot_id: int) -> None:
        self.records: list[tuple[str, list[int], list[int], bool]] = []
        self._real = backend._mention_state
        self._bot_id = bot_id
        self.edits = 0
        self.dms = 0

    def __call__(self, channel: Any, author_id: int, content: str, policy: Any, reply: Any) -> Any:
        result = self._real(channel, author_id, content, policy, reply)
        if author_id == self._bot_id:
            _users, _roles, ping_users, ping_roles, everyone = result
            self.records.append((content, list(ping_users), list(ping_roles), everyone))
            if channel.guild_id is None:
                self.dms += 1
        return result

    def count_edits(self, backend: Any) -> Any:
        """A wrapper of the backend's edit that counts the bot's edits of public messages."""
        real = backend.edit_message

        def edit(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
            message = real(channel_id, message_id, fields)
            if message.author_id == self._bot_id and not message.is_ephemeral:
                self.edits += 1
            return message

        return edit


async def hostile_world(env: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[World, Any, Any, Pings]:
    """Members named like mentions and markdown, a mentionable role, a member who is not
    playing (the victim of ``<@id>``), an organiser; the bot may mention everyone."""
    guild = env.create_guild()
    channel = guild.create_text_channel("smallworld")
    role = guild.create_role("mods", mentionable=True)
    victim = guild.add_member(env.create_user("victim"))
    names = ["@everyone", "@here", f"<@&{role.id}>"]
    members = [guild.add_member(env.create_user(f"p{i}"), nick=n) for i, n in enumerate(names)]
    members.append(guild.add_member(env.create_user("p3"), nick=f"<@{victim.id}>"))
    members.append(guild.add_member(env.create_user("p4"), nick="**x** __y__ ||z|| `" + "w" * 20))
    powers = discord.Permissions(manage_guild=True)
    organiser = guild.add_member(
        env.create_user("org"),
        nick="@everyone @here",
        roles=[guild.create_role("org", permissions=powers)],
    )
    # simcord's bot may mention everyone (its own role has the permission), as on a server
    # that grants it: an unguarded "@everyone" would ping.
    assert guild.me.guild_permissions.mention_everyone
    await env.bot.tree.sync()
    pings = Pings(env.backend, env.bot.user.id)
    monkeypatch.setattr(env.backend, "_mention_state", pings)
    monkeypatch.setattr(env.backend, "edit_message", pings.count_edits(env.backend))
    return World(env, guild, channel, members), role, (victim, organiser), pings


def hostile_texts(role: Any, victim: Any) -> list[str]:
    """Texts a member may type that the bot might repeat."""
    return [
        "@everyone",
        "@here",
        f"<@&{role.id}>",
        f"<@{victim.id}>",
        f"@everyone @here <@&{role.id}> <@{victim.id}> **bold** ||spoiler|| `code",
        "@everyone " + "x" * 3000,
    ]


async def test_hostile_names_and_texts_ping_no_one_unintended(simcord_env, monkeypatch) -> None:
    env = simcord_env
    w, role, (victim, organiser), pings = await hostile_world(env, monkeypatch)
    texts = hostile_texts(role, victim)
    players = w.members[:3]
    spectator = w.members[3]
    seen: dict[str, str] = {}

    # League: a season named like mentions, opened publicly.
    name = f"@everyone <@&{role.id}> <@{victim.id}>"  # as reported: it pinged both
    r = await organiser.slash(w.channel, "league open", name=name, days=30)
    assert not r.ephemeral and name in r.response.content
    seen[f"/league open name:{name!r}"] = r.response.content[:80]
    # Lobby, with a hostile host, joiner and leaver.
    await players[0].slash(w.channel, "sw new", players=3)
    await w.members[4].slash(w.channel, "sw join")
    await w.members[4].slash(w.channel, "sw leave")
    for m in players[1:]:
        await m.slash(w.channel, "sw join")
    await spectator.slash(w.channel, "sw follow")
    await players[0].slash(w.channel, "sw start")
    # Hostile texts where members type them.
    for text in texts:
        who, _seat = await actor(w)
        r = await who.slash(w.channel, "sw do", action=text)
        seen[f"/sw do action:{text[:30]!r}"] = r.response.content[:80]
        r = await who.slash(w.channel, "sw rules", name=text)
        seen[f"/sw rules name:{text[:30]!r}"] = r.response.content[:80]
        r = await who.slash(w.channel, "league stats", map=text[:100])
        seen[f"/league stats map:{text[:30]!r}"] = r.response.content[:80]
    # Turns by commands: each posts or edits the live message, names included.
    for _ in range(6):
        who, _seat = await actor(w)
        lg = await game_of(w)
        action = legal_actions(lg.game.state)[0]
        await who.slash(w.channel, "sw do", action=action.text)
        await who.slash(w.channel, "sw status")
    await players[1].slash(w.channel, "sw away", days=1.0)
    await players[1].slash(w.channel, "sw back")
    # The host gives a seat to the member named in markdown: the newcomer is pinged.
    newcomer = w.members[4]
    r = await players[0].slash(w.channel, "sw replace", player=players[2], by=newcomer)
    assert r.ephemeral and r.response.content == "Done."
    # The rest of the game, the game over and the ratings, standings, and the close.
    await play_until(w, lambda s: s.turn.phase == "over", seed=3)
    await env.bot.announcer.deliver_due()
    await players[2].slash(w.channel, "league standings")
    await players[2].slash(w.channel, "league player", member=players[0])
    await organiser.slash(w.channel, "league close")

    # Every path was taken: public edits (the live turn message), DMs to the follower,
    # the game over, the season's final standings.
    assert len(pings.records) > 40 and pings.edits > 3 and pings.dms > 3
    assert any("Game over" in c or "wins" in c for c, *_ in pings.records)
    assert any("Final standings" in c for c, *_ in pings.records)
    allowed = {m.id for m in players} | {newcomer.id}
    for content, users, roles, everyone in pings.records:
        assert not everyone, content
        assert not roles, content
        assert set(users) <= allowed, (content, users)
    # Pings that do happen are the turn's player told it is their move, or the newcomer
    # told they take a seat.
    pinged = [(c, u) for c, u, _r, _e in pings.records if u]
    assert pinged and all("your" in c or "takes over" in c for c, _u in pinged), pinged
    assert any(u == [newcomer.id] and "takes over" in c for c, u in pinged)
    assert victim.id not in {u for _c, us, _r, _e in pings.records for u in us}
    # The hostile names and texts did reach the messages (so the check was not vacuous).
    sent = "\n".join(c for c, *_ in pings.records)
    assert "@everyone" in sent and f"<@&{role.id}>" in sent and f"<@{victim.id}>" in sent
    for what, reply in sorted(seen.items()):
        print(what, "->", reply)
    print(f"{len(pings.records)} messages and edits, {pings.edits} public edits, {pings.dms} DMs")
    print("pinged:", sorted({u for _c, us, _r, _e in pings.records for u in us}), "of", allowed)
