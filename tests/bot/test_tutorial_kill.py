"""A tutorial whose bot process is killed with SIGKILL as it posts a lesson (issue 39 §1):
the restarted bot posts that lesson, once, ``/tutorial start`` tells it again as the one the
member is at, and the tutorial goes on to its end with every lesson once, in order.

The process is the real bot under a simulated Discord whose channel outlives it
(``tests.bot.killable``); it may open no thread there, so the tutorial is played in the
channel itself (the fallback ``bot.tutorial_desk.tutorial_place`` takes), whose journal the
driver keeps.
"""

from __future__ import annotations

import asyncio
from typing import Any

from engine import to_act
from engine.tutorial.arrangement import LEARNER, arrangement
from engine.tutorial.coach import suggestion
from engine.tutorial.lessons import lesson
from lang import tr

from .crashes import Bot, Channel, Run, game, replays

#: The lesson the process dies posting: the reinforcement die's, in the first turn.
KILLED_AT = "die"


async def _learner_to_act(target: str) -> Any:
    """The game once the learner must act or it is over (the AI plays meanwhile)."""
    for _ in range(2400):
        lg = await game(target)
        seat = to_act(lg.game.state)
        if seat is None or seat == LEARNER:
            return lg
        await asyncio.sleep(0.05)
    raise AssertionError("the tutorial's AI never handed the move back")


async def _play(bot: Bot, target: str, until: str | None = None) -> dict[str, Any]:
    """Tap the suggested moves with ``/sw do`` until the game ends, or until the process
    dies (its last answer)."""
    plan = arrangement("surface")
    while True:
        lg = await _learner_to_act(target)
        state = lg.game.state
        tap = suggestion(state, LEARNER, plan)
        if tap is None:
            return {"over": True}
        answer = await bot.ask(op="slash", member=0, name="sw do", options={"action": tap.text})
        assert "no game" not in answer.get("content", ""), answer
        if answer.get("ended"):
            return answer


async def test_a_kill_while_posting_a_lesson_resumes_at_that_lesson(tmp_path) -> None:
    target = str(tmp_path / "smallworld.sqlite3")
    run = Run(target, Channel())
    plan = arrangement("surface")
    texts = [tr(lesson(k).text) for k in plan.order]
    killed_text = tr(lesson(KILLED_AT).text)
    try:
        bot = await run.start(threads=False)
        opened = await bot.ask(op="slash", member=0, name="tutorial start", options={})
        assert opened["ephemeral"], opened
        await bot.ask(op="crash", when="before_post", match=killed_text[:40])
        assert (await _play(bot, target)).get("ended")
        await bot.died()
        posted = [e["content"] for e in run.channel.created]
        assert not any(p.startswith(killed_text) for p in posted)
        # The move was committed with its lesson: the restart posts it, once.
        since = len(run.channel.created)
        again = await run.start(threads=False)
        hit = await run.channel.wait_for(lambda e: e["content"].startswith(killed_text), since)
        assert hit["by"] == again.pid
        # Coming back: the member is at that lesson.
        back = await again.ask(op="slash", member=0, name="tutorial start", options={})
        assert back["ephemeral"] and killed_text in back["content"]
        # And the tutorial goes on to its end: every lesson once, in order.
        assert (await _play(again, target)).get("over")
        await again.ask(op="idle")
        lessons = [t for e in run.channel.created for t in texts if e["content"].startswith(t)]
        assert lessons == texts
        lg = await game(target)
        assert lg.status == "over" and replays(lg)
    finally:
        for b in run.channel.bots:
            await b.stop()
