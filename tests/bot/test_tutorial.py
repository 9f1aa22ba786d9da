"""``/tutorial`` under simcord (issue 39 §1): played to its end by taps in a thread of its
own, both worlds, both languages, each lesson posted in order; a skipped lesson and a
tutorial started again; a finished tutorial counts for no league."""

from __future__ import annotations

from typing import Any

import pytest
from discord import ChannelType, Permissions
from simcord.backend.errors import SetupError

from bot.startup import INVITE
from engine.tutorial.arrangement import arrangement
from engine.tutorial.lessons import lesson
from lang import speaking, tr

from .locales import GUILD, speak
from .test_league import league_world
from .tutorial_taps import (
    follow_the_lessons,
    lesson_keys,
    open_tutorial,
    thread_messages,
)
from .world import world

#: Create Private Threads.
PRIVATE = Permissions(create_private_threads=True)


def _texts(world_name: str, code: str) -> dict[str, str]:
    with speaking(code):
        return {k: tr(lesson(k).text) for k in arrangement(world_name).order}


@pytest.mark.parametrize("world_name", ["surface", "underground"])
@pytest.mark.parametrize("code", ["en", "fr"])
async def test_the_tutorial_by_taps(simcord_env, monkeypatch, world_name: str, code: str) -> None:
    w = await world(simcord_env, names=("ann",))
    [ann] = w.members
    speak(monkeypatch).update({GUILD: code, ann.id: code})
    played = await open_tutorial(w, ann, None if world_name == "surface" else world_name)
    played = await follow_the_lessons(w, ann, played)
    plan = arrangement(world_name)
    assert lesson_keys(played.thread, _texts(world_name, code)) == list(plan.order)
    service = w.env.bot.service
    lg = await service.load(played.game_id)
    assert lg.status == "over" and not lg.rated
    # Never counted: no results row, no season, no rating.
    rows = await service.league.result_rows(w.guild.id)
    assert rows == []
    assert await service.tutorials.finished(w.guild.id, ann.id) == [world_name]
    assert await service.tutorials.running(w.guild.id, ann.id) is None
    # Taps: what the member pressed (▶ Play and each choice), as the README reports.
    print(f"tutorial {world_name}/{code}: {played.taps} taps")
    assert played.taps < 80


def _has(message: Any, verb: str) -> bool:
    return any(
        getattr(item, "custom_id", "").endswith(f":{verb}")
        for row in message.components
        for item in row.children
    )


def _button(message: Any, verb: str) -> str:
    """The custom id of a lesson message's button."""
    for row in message.components:
        for item in row.children:
            if getattr(item, "custom_id", "").endswith(f":{verb}"):
                return str(item.custom_id)
    raise AssertionError(f"no {verb} button")


async def test_a_skipped_lesson_and_starting_again(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    ann, bob = w.members
    played = await open_tutorial(w, ann)
    [market] = thread_messages(played.thread)[1:]
    assert market.content.startswith(tr(lesson("market").text))
    # The thread is private: another member cannot even see its lessons.
    with pytest.raises(SetupError, match="not visible"):
        await bob.click(market, custom_id=_button(market, "skip"))
    r = await ann.click(market, custom_id=_button(market, "skip"))
    assert r.ephemeral and r.response.content == "The next lesson is skipped."
    # The combo's lesson is skipped: after the pick, the conquest's comes alone.
    await follow_the_lessons(w, ann, played, stop=lambda s: s.round == 2)
    texts = _texts("surface", "en")
    given = lesson_keys(played.thread, texts)
    assert given[:2] == ["market", "conquest"] and "powers" not in given
    service = w.env.bot.service
    row = await service.storage.fetchone("SELECT progress FROM tutorials")
    assert '"skipped": ["powers"]' in row["progress"]
    # Coming back: /tutorial start says where it is and tells the current lesson again.
    r = await ann.slash(w.channel, "tutorial start")
    assert r.ephemeral and played.thread.mention.replace("<#", "") in r.response.content
    assert texts[given[-1]] in r.response.content
    # Start again: the game under way is cancelled, a new one opens in the same thread.
    first = played.game_id
    last = [m for m in thread_messages(played.thread) if _has(m, "again")][-1]
    r = await ann.click(last, custom_id=_button(last, "again"))
    running = await service.tutorials.running(w.guild.id, ann.id)
    assert running is not None and running.game_id != first
    assert running.channel_id == played.thread.id
    assert (await service.load(first)).status == "cancelled"
    assert thread_messages(played.thread)[-1].content.startswith(texts["market"])
    # A lesson of the cancelled game skips nothing more.
    r = await ann.click(market, custom_id=_button(market, "skip"))
    assert r.ephemeral and "has ended" in r.response.content


async def test_a_finished_tutorial_shows_on_the_player_card_and_counts_for_nothing(
    simcord_env,
) -> None:
    w, organiser = await league_world(simcord_env)
    ann = w.members[0]
    opened = await organiser.slash(w.channel, "league open", name="Autumn", days=30)
    assert not opened.ephemeral
    played = await follow_the_lessons(w, ann, await open_tutorial(w, ann))
    service = w.env.bot.service
    lg = await service.load(played.game_id)
    assert lg.status == "over" and not lg.rated and lg.season_id is None
    card = await ann.slash(w.channel, "league player")
    [shown] = card.followups or [card.response]
    assert "tutorial done: Small World" in shown.content
    [picture] = shown.attachments
    assert "Tutorial finished: Small World." in picture.description
    # No game counted: the card's games and the standings are empty.
    assert "0 games" in picture.description
    assert await service.league.result_rows(w.guild.id) == []


@pytest.mark.parametrize("private", [True, False])
async def test_the_thread_is_private_where_the_bot_may_make_one(simcord_env, private) -> None:
    """With the README's invite permissions the tutorial's thread is private; without
    Create Private Threads it is a public one, and the tutorial is the same."""
    w = await world(simcord_env, names=("ann",))
    [ann] = w.members
    guild = simcord_env.backend.get_guild(w.guild.id)
    everyone = guild.roles[w.guild.id]
    closed = int(everyone.permissions) & ~PRIVATE.value
    simcord_env.backend.edit_role(w.guild.id, w.guild.id, {"permissions": closed})
    allowed = INVITE if private else Permissions(INVITE.value & ~PRIVATE.value)
    role = next(r for r in guild.roles.values() if r.managed)
    simcord_env.backend.edit_role(w.guild.id, role.id, {"permissions": allowed.value})
    played = await open_tutorial(w, ann)
    kind = ChannelType.private_thread if private else ChannelType.public_thread
    # What Discord holds: the thread's type.
    assert simcord_env.backend.get_channel(played.thread.id).type == kind.value
    texts = _texts("surface", "en")
    assert lesson_keys(played.thread, texts) == ["market"]
