"""Helpers for the tutorial's tests under simcord: open a member's tutorial with
``/tutorial start`` and play it by taps, following each suggestion of the coach (the action
the lesson names) as a member does, on the panel of the thread's ▶ Play button."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import to_act
from engine.tutorial.arrangement import LEARNER, arrangement
from engine.tutorial.coach import suggestion
from engine.tutorial.lessons import lesson

from .test_taps import choices, tap
from .world import World

PLAY = ("▶ Play", "▶ Jouer")


@dataclass
class Played:
    """A tutorial played by taps: its thread, the taps and the game's id."""

    thread: Any
    game_id: int
    taps: int = 0
    lessons: list[str] = field(default_factory=list)


def thread_messages(thread: Any) -> list[Any]:
    """The thread's messages everyone in it sees, oldest first."""
    return [m for m in thread.history() if not m.flags.ephemeral]


def play_message(thread: Any) -> Any:
    """The thread's latest message carrying ▶ Play."""
    for m in reversed(thread_messages(thread)):
        for row in m.components:
            for item in row.children:
                if getattr(item, "label", None) in PLAY:
                    return m
    raise AssertionError("no message of the thread offers ▶ Play")


def lesson_keys(thread: Any, texts: dict[str, str]) -> list[str]:
    """The lessons posted in the thread, in order, by key (``texts``: key → its text in the
    tutorial's language)."""
    found = []
    for m in thread_messages(thread):
        for key, text in texts.items():
            if m.content.startswith(text):
                found.append(key)
    return found


async def open_tutorial(w: World, member: Any, world: str | None = None) -> Played:
    """``/tutorial start`` by ``member``; the thread it opened, the AI's first moves done."""
    before = list(w.channel.threads)
    options = {"world": world} if world else {}
    r = await member.slash(w.channel, "tutorial start", **options)
    assert r.ephemeral, r.response.content
    [thread] = [t for t in w.channel.threads if t not in before]
    service = w.env.bot.service
    running = await service.tutorials.running(w.guild.id, member.id)
    assert running is not None and running.channel_id == thread.id
    await w.env.bot.ai_seats.idle()
    return Played(thread, running.game_id)


async def follow_the_lessons(w: World, member: Any, played: Played, stop: Any = None) -> Played:
    """Tap what the coach suggests until the game ends (or ``stop(state)`` holds)."""
    service = w.env.bot.service
    while True:
        lg = await service.load(played.game_id)
        state = lg.game.state
        if to_act(state) is None or (stop is not None and stop(state)):
            return played
        assert to_act(state) == LEARNER
        opened = await member.click(play_message(played.thread), label=_play_label(played))
        assert opened.ephemeral, opened.response.content
        panel = opened.response
        played.taps += 1
        while True:
            lg = await service.load(played.game_id)
            state = lg.game.state
            if to_act(state) != LEARNER:
                break
            wanted = suggestion(state, LEARNER, arrangement(await _world(w, played)))
            assert wanted is not None
            options = choices(panel)
            if not options:
                break  # the turn ended and came back: a new panel from ▶ Play
            pick = next((c for c in options if c[2] == f"a={wanted.text}"), None)
            assert pick is not None, (wanted.text, [c[2] for c in options], panel.content)
            r = await tap(member, panel, pick)
            played.taps += 1
            panel = r.response or panel
            await w.env.bot.ai_seats.idle()


async def _world(w: World, played: Played) -> str:
    """The tutorial's world, as its row keeps it."""
    row = await w.env.bot.service.storage.fetchone(
        "SELECT world FROM tutorials WHERE game_id = ?", (played.game_id,)
    )
    return str(row["world"])


def _play_label(played: Played) -> str:
    for m in reversed(thread_messages(played.thread)):
        for row in m.components:
            for item in row.children:
                if getattr(item, "label", None) in PLAY:
                    return str(item.label)
    raise AssertionError("no ▶ Play")


__all__ = ["Played", "follow_the_lessons", "lesson", "lesson_keys", "open_tutorial"]
