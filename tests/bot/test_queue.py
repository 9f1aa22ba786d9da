"""The open-play queue's commands and taps (issue 38, section 1), through the real bot
under simcord: joining (by command and by taps), changing one's wishes, leaving, the list
(who, for what, since when, no rating), the organiser's settings, the cap on unfinished
games, a pair's invitation answered by taps, and forged queue controls."""

from __future__ import annotations

from typing import Any

import discord

from bot import ratings
from bot.controls import FORGED
from bot.ratings import Rating

from .forge import press_forged
from .test_mentions import Pings
from .world import World, labels, public, world

NAMES = ("ann", "bob", "cyd", "dan", "eve")


async def league(env: Any, w: World | None = None) -> tuple[World, Any]:
    """A server with members (``w``, or a new one) and an organiser (Manage Server), its
    season open."""
    w = w or await world(env, NAMES)
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    organiser = w.guild.add_member(env.create_user("org"), roles=[role])
    opened = await organiser.slash(w.channel, "league open", name="Autumn")
    assert not opened.ephemeral, opened.response.content
    return w, organiser


async def rows(env: Any) -> dict[int, Any]:
    """The queue as stored, by member."""
    return {r["user_id"]: r for r in await env.bot.storage.fetchall("SELECT * FROM queue")}


async def test_joining_changing_ones_wishes_listing_and_leaving(simcord_env) -> None:
    w = await world(simcord_env, NAMES)
    ann, bob, *_ = w.members
    # No season: the queue has nothing to form games for.
    refused = await ann.slash(w.channel, "league queue join", players="3,4")
    assert refused.ephemeral and "No season is open" in refused.response.content
    assert await rows(simcord_env) == {}
    w, _ = await league(simcord_env, w)

    joined = await ann.slash(w.channel, "league queue join", players="3 or 4")
    assert not joined.ephemeral
    assert joined.response.content.startswith(f"🎲 {ann.mention} joined the queue for 3 or 4")
    assert "1 member waits." in joined.response.content
    assert labels(joined.response.message) == ["▶ Join queue", "Leave queue"]
    [row] = (await rows(simcord_env)).values()
    assert (row["players"], row["world"], row["deadline_hours"]) == ("3,4", None, None)
    first = row["joined_at"]

    # What cannot be read is refused, and changes nothing.
    for typed, said in (("3,x", "“x” is not a number"), ("7", "No game is played by 7")):
        bad = await ann.slash(w.channel, "league queue join", players=typed)
        assert bad.ephemeral and said in bad.response.content
    assert (await rows(simcord_env))[ann.id]["players"] == "3,4"

    # Joining again changes the wishes and keeps the place.
    simcord_env.backend.clock.elapsed += 600
    again = await ann.slash(
        w.channel, "league queue join", players="4-5", world="underground", deadline_hours=48
    )
    assert "now waits for 4 or 5 players on Small World Underground, 48 h a decision" in (
        again.response.content
    )
    row = (await rows(simcord_env))[ann.id]
    assert (row["players"], row["world"], row["deadline_hours"]) == ("4,5", "underground", 48)
    assert row["joined_at"] == first

    # The list: who, for what, since when; no rating, though ann has one.
    season = await simcord_env.bot.service.league.current(w.guild.id)
    await simcord_env.bot.storage.execute(
        "INSERT INTO ratings (season_id, user_id, mu, sigma, games, wins, updated_at)"
        " VALUES (?, ?, 41.5, 2.0, 9, 5, ?)",
        (season.id, ann.id, first),
    )
    shown = await bob.slash(w.channel, "league queue list")
    text = shown.response.content
    assert not shown.ephemeral and "**🎲 Queue · Autumn** · 1 member waits." in text
    assert f"{ann.mention} · 4 or 5 players on Small World Underground" in text and "<t:" in text
    assert str(ratings.display(Rating(41.5, 2.0))) not in text and "830" not in text
    assert labels(shown.response.message) == ["▶ Join queue", "Leave queue"]

    left = await ann.slash(w.channel, "league queue leave")
    assert left.ephemeral and left.response.content == "You left the queue."
    gone = await ann.slash(w.channel, "league queue leave")
    assert gone.ephemeral and gone.response.content == "You are not in the queue."
    empty = await bob.slash(w.channel, "league queue list")
    assert "Nobody waits in the queue of **Autumn**" in empty.response.content


async def test_joining_and_leaving_by_taps(simcord_env) -> None:
    w, _ = await league(simcord_env)
    ann, bob, *_ = w.members
    shown = await bob.slash(w.channel, "league queue list")
    menu = await ann.click(shown.response, label="▶ Join queue")
    assert menu.ephemeral
    [[select]] = [row["components"] for row in menu.response.components]
    ticked = [o["value"] for o in select["options"] if o.get("default")]
    assert ticked == ["3", "4"] and select["max_values"] == 5
    chose = await ann.select(menu.response, ["2", "5"])
    assert chose.response.content == "✅ You wait for 2 or 5 players."
    [told] = chose.followups
    assert not told.ephemeral
    assert f"{ann.mention} joined the queue for 2 or 5 players" in told.content
    assert (await rows(simcord_env))[ann.id]["players"] == "2,5"
    # Tapped again, the menu ticks the counts the member waits for.
    menu = await ann.click(told, label="▶ Join queue")
    [[select]] = [row["components"] for row in menu.response.components]
    assert [o["value"] for o in select["options"] if o.get("default")] == ["2", "5"]
    left = await ann.click(told, label="Leave queue")
    assert left.ephemeral and left.response.content == "You left the queue."
    assert await rows(simcord_env) == {}


async def test_the_organisers_settings_and_the_cap_on_unfinished_games(simcord_env) -> None:
    w, organiser = await league(simcord_env)
    ann, bob, *_ = w.members
    shown = await ann.slash(w.channel, "league queue settings")
    assert shown.ephemeral and "100 rating points apart at once, 25 more" in (
        shown.response.content
    )
    assert "in 3 unfinished games here cannot join" in shown.response.content
    refused = await ann.slash(w.channel, "league queue settings", cap=1)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    changed = await organiser.slash(
        w.channel, "league queue settings", cap=1, tolerance=150, widening=10
    )
    assert not changed.ephemeral
    assert "150 rating points apart at once, 10 more" in changed.response.content
    assert "in 1 unfinished game here cannot join" in changed.response.content

    # ann is in a lobby: at the cap of 1, told so, not queued (by command or by tap).
    await ann.slash(w.channel, "sw new", players=3)
    capped = await ann.slash(w.channel, "league queue join", players="4")
    assert capped.ephemeral
    assert "You are in 1 unfinished games here" in capped.response.content
    listed = await bob.slash(w.channel, "league queue list")
    tapped = await ann.click(listed.response, label="▶ Join queue")
    assert tapped.ephemeral and "You are in 1 unfinished games" in tapped.response.content
    assert await rows(simcord_env) == {}
    # Her lobby gone, she may join.
    await ann.slash(w.channel, "sw cancel")
    assert not (await ann.slash(w.channel, "league queue join", players="4")).ephemeral


async def test_a_pair_by_invitation_and_an_invitation_turned_down(simcord_env, monkeypatch) -> None:
    w, _ = await league(simcord_env)
    pings = Pings(simcord_env.backend, simcord_env.bot.user.id)
    monkeypatch.setattr(simcord_env.backend, "_mention_state", pings)
    ann, bob, cyd, dan, eve = w.members
    for options, said in (
        ({"players": "3,4", "partner": cyd}, "queue for 6 players only"),
        ({"partner": bob}, "you are already you"),
    ):
        refused = await bob.slash(w.channel, "league queue join", **options)
        assert refused.ephemeral and said in refused.response.content
    asked = await bob.slash(w.channel, "league queue join", partner=cyd)
    text = asked.response.content
    assert f"{bob.mention} joined the queue for a team game of 6" in text
    assert f"🤝 {cyd.mention}: {bob.mention} asks you to queue together" in text
    assert labels(asked.response.message) == ["🤝 Team up", "No thanks"]
    # The invitation pings the partner, and only them.
    assert pings.records[-1][1] == [cyd.id]
    listed = await ann.slash(w.channel, "league queue list")
    assert f"asked {cyd.mention} to team up" in listed.response.content

    # Only the member invited may answer.
    other = await dan.click(asked.response, label="🤝 Team up")
    assert other.ephemeral and f"That invitation is for {cyd.mention}" in other.response.content
    yes = await cyd.click(asked.response, label="🤝 Team up")
    assert yes.response.content.startswith(f"🤝 {bob.mention} and {cyd.mention} queue together")
    stored = await rows(simcord_env)
    assert (stored[bob.id]["partner"], stored[cyd.id]["partner"]) == (cyd.id, bob.id)
    assert stored[cyd.id]["players"] == "6"
    listed = await ann.slash(w.channel, "league queue list")
    assert f"🤝 with {cyd.mention}" in listed.response.content
    # No message of the queue pinged anyone else.
    assert [who for _, who, _, _ in pings.records if who] == [[cyd.id]]
    # The answered invitation keeps no taps of its own.
    assert labels(public(w)[-3]) == ["▶ Join queue", "Leave queue"]

    # eve asks dan, who says no: eve waits for a team game alone.
    asked = await eve.slash(w.channel, "league queue join", players="6", partner=dan)
    no = await dan.click(asked.response, label="No thanks")
    said = f"{dan.mention} said no thanks: {eve.mention} waits for a team game alone."
    assert no.response.content == said
    stored = await rows(simcord_env)
    assert stored[eve.id]["partner"] is None and dan.id not in stored

    # A member of a pair who leaves leaves the other alone, told so.
    left = await bob.slash(w.channel, "league queue leave")
    assert left.response.content == f"You left the queue. {cyd.mention} stays in it alone."
    assert (await rows(simcord_env))[cyd.id]["partner"] is None


async def test_forged_queue_controls_get_one_private_line(simcord_env) -> None:
    w, _ = await league(simcord_env)
    ann, bob, *_ = w.members
    shown = await bob.slash(w.channel, "league queue list")
    for custom_id, value in (
        ("swq:fly", None),
        (f"swq:pair:{2**63}:yes", None),
        ("swq:pair:12:maybe", None),
        ("swq:counts", "9"),
        ("swq:counts", "x"),
    ):
        pressed = await press_forged(ann, shown.response, custom_id, value)
        assert pressed.ephemeral, custom_id
        said = pressed.response.content
        assert said in (FORGED, "Choose the numbers of players you accept."), (custom_id, said)
    assert await rows(simcord_env) == {}


async def test_a_member_who_leaves_the_server_is_taken_out_when_discord_says_so(
    simcord_env, db_path
) -> None:
    """Discord tells the bot that a member left only with the Server Members intent, which
    the bot does not ask for: this bot is given it, as an operator could. (Without it, a
    member who left is found when a game is formed: ``test_queue_forming.py``.)"""
    from .conftest import make_bot

    bot = make_bot(db_path)
    bot._connection._intents.members = True
    await simcord_env.restart_bot(bot)
    w, _ = await league(simcord_env)
    ann, bob, cyd, *_ = w.members
    await bob.slash(w.channel, "league queue join", partner=cyd)
    await cyd.slash(w.channel, "league queue join", partner=bob)
    await ann.slash(w.channel, "league queue join", players="4")
    w.guild.remove_member(ann)
    w.guild.remove_member(cyd)
    await simcord_env.settle()
    stored = await rows(simcord_env)
    assert sorted(stored) == [bob.id] and stored[bob.id]["partner"] is None
    await bot.storage.close()
