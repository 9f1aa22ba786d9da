"""The worker processes (``bot.workers``): AI decisions and pictures off the event loop.

A job runs in another process and gives what the same job gives in a thread (the same PNG
bytes, the same AI move at a fixed number of playouts); a server's own map is drawn and
played there too; an error in a worker reaches the bot, where a board that cannot be drawn
still leaves its text posted; ``WORKERS=0`` runs the jobs in threads of the bot.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator, Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from ai import make_player
from bot import outbox
from bot.jobs import board_png, choose_move, map_preview_picture
from bot.messages import CHANNEL, Announcement
from bot.outbox import PARTIAL
from bot.settings import MAX_DEFAULT_WORKERS, Settings, default_workers
from bot.workers import Workers, map_data
from engine import apply, legal_actions, new_game, parse, to_act, to_json, view
from engine.core.content import register_map
from engine.core.copying import clone
from engine.core.state import GameState
from engine.simulate import choose
from lang import speaking
from renderer.mapcheck import board_geometry
from renderer.static import use_geometry
from tests.docs_example import docs_example

from .conftest import make_bot
from .world import actor, game_of, public, started_game, world

#: Playouts per AI decision: fixed, so that the move depends on the position alone.
ITERATIONS = 8


@pytest.fixture(scope="module")
def pool() -> Iterator[Workers]:
    """One worker process for the module's tests (starting one costs about a second)."""
    workers = Workers(1)
    workers.start()
    yield workers
    asyncio.run(workers.close())


@pytest.fixture
async def simcord_bot(db_path: Path) -> AsyncIterator[Any]:
    """The real bot with one worker process (the other bot tests draw in threads)."""
    bot = make_bot(db_path, workers=1)
    yield bot
    await bot.workers.close()
    await bot.storage.close()


def positions(players: int, seed: int, count: int, map_id: str | None = None) -> list[GameState]:
    """Positions with a real choice (more than three legal moves) from a random game."""
    rng = random.Random(seed)
    s = new_game([f"P{i + 1}" for i in range(players)], seed, map_id)
    out = []
    while (seat := to_act(s)) is not None and len(out) < count:
        moves = legal_actions(s, seat)
        if s.round >= 2 and len(moves) > 3 and rng.random() < 0.3:
            out.append(clone(s))
        apply(s, seat, choose(rng, s, moves))
    return out


def club_map() -> str:
    """The docs' example map, registered in this process as a server's own map is (its
    engine JSON and its geometry): the key games name it by."""
    data = docs_example()
    key = register_map(data)
    use_geometry(key, board_geometry(data))
    return key


async def test_a_worker_process_draws_the_same_board_as_a_thread(pool: Workers) -> None:
    assert pool.running
    assert await pool.run(os.getpid) != os.getpid(), "the job ran in the bot's own process"
    [mid] = positions(3, seed=7, count=1)
    board = view(mid)
    in_thread = await Workers(0).run(board_png, board)
    assert await pool.run(board_png, board) == in_thread
    assert in_thread.startswith(b"\x89PNG")
    assert pool.queued == 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_an_ai_seat_moves_the_same_in_a_worker_as_in_a_thread(
    pool: Workers, level: str
) -> None:
    for i, s in enumerate(positions(4, seed=11, count=3)):
        seat = to_act(s)
        assert seat is not None
        seed = 1000 + i
        # The move as the bot chose it before the pool: the player in a thread, on a clone.
        player = make_player(level, seed, iterations=ITERATIONS)
        expected = await asyncio.to_thread(player.choose, clone(s), seat)
        text = await pool.run(choose_move, level, seed, None, ITERATIONS, to_json(s), seat)
        assert parse(text) == expected, (level, i, text, expected.text)


async def test_a_servers_own_map_is_drawn_and_played_in_a_worker(pool: Workers) -> None:
    key = club_map()
    assert map_data(key) is not None and map_data("sw-3p") is None
    s = new_game(["P1", "P2"], 3, key)
    board = view(s)
    drawn = await pool.run(board_png, board, map_key=key)
    assert drawn == await Workers(0).run(board_png, board)
    preview = await pool.run(map_preview_picture, key, 2, map_key=key)
    assert preview == await Workers(0).run(map_preview_picture, key, 2)
    # Described in the language of the job's caller, in the worker too.
    with speaking("fr"):
        french = await pool.run(map_preview_picture, key, 2, map_key=key)
    assert french.description != preview.description
    assert french.description.startswith("Le plateau, tour 1 sur ")
    # The AI gets the map with the state (its JSON carries a server's own map).
    [mid] = positions(2, seed=5, count=1, map_id=key)
    seat = to_act(mid)
    assert seat is not None
    expected = make_player("normal", 9, iterations=ITERATIONS).choose(clone(mid), seat)
    text = await pool.run(choose_move, "normal", 9, None, ITERATIONS, to_json(mid), seat)
    assert parse(text) == expected


async def test_an_error_in_a_worker_is_raised_in_the_bot(pool: Workers) -> None:
    with pytest.raises(FileNotFoundError):
        await pool.run(board_png, {"map": "no-such-map"})
    assert pool.queued == 0
    # The pool goes on after a failed job.
    assert await pool.run(os.getpid) != os.getpid()


async def test_workers_0_runs_jobs_in_threads_of_the_bot(monkeypatch) -> None:
    inline = Workers(0)
    inline.start()
    assert not inline.running
    assert await inline.run(os.getpid) == os.getpid()
    with pytest.raises(FileNotFoundError):
        await inline.run(board_png, {"map": "no-such-map"})
    await inline.close()
    # The setting: 0 is allowed, unset means one a core (at most 4), nonsense is refused.
    monkeypatch.chdir(Path(__file__).parent)  # no .env here
    monkeypatch.setenv("WORKERS", "0")
    assert Settings.from_env().workers == 0
    monkeypatch.delenv("WORKERS")
    assert Settings.from_env().workers == default_workers()
    assert 1 <= default_workers() <= MAX_DEFAULT_WORKERS
    for bad in ("-1", "two", "1.5"):
        monkeypatch.setenv("WORKERS", bad)
        with pytest.raises(ValueError, match="WORKERS must be a whole number, 0 or more"):
            Settings.from_env()


#: How long a command may take to settle with its AI move and boards in a worker process:
#: the workers run at a lower priority than the bot, so on a busy machine they wait (it took
#: more than simcord's 5 s there). The test waits for the work to end, up to this.
SETTLE_CEILING = 180


@pytest.mark.simcord(settle_timeout=SETTLE_CEILING)
async def test_the_bot_plays_an_ai_seat_and_posts_boards_through_its_workers(
    simcord_env,
) -> None:
    w = await world(simcord_env, names=("ann",))
    bot = simcord_env.bot
    assert bot.workers.running
    bot.ai_seats.iterations = 4
    ann = w.members[0]
    await ann.slash(w.channel, "sw new", players=2)
    await ann.slash(w.channel, "sw addai", level="normal")
    await ann.slash(w.channel, "sw start")
    await bot.ai_seats.idle()
    for _ in range(2):
        lg = await game_of(w)
        assert lg.seat_row(to_act(lg.game.state)).ai is None, "the AI did not play its turn"
        if lg.game.state.turn.phase == "pick":
            await ann.slash(w.channel, "sw pick", slot=1)
        await ann.slash(w.channel, "sw end")
        await bot.ai_seats.idle()
    ai = next(s.name for s in lg.seats if s.ai)
    boards = [m for m in public(w) if m.attachments and f"**{ai}'s turn**" in m.content]
    assert boards, "no board of the AI's turn was posted"
    assert (await boards[-1].attachments[0].read()).startswith(b"\x89PNG")
    assert bot.workers.queued == 0


async def test_a_board_a_worker_cannot_draw_leaves_the_text_posted(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    await started_game(w)
    await actor(w)
    bot = simcord_env.bot
    lg = await game_of(w)
    broken = Announcement(CHANNEL, "A board on no map", image="board", view={"map": "nowhere"})
    async with bot.storage.transaction() as tx:
        ids = await outbox.record(tx, lg.id, [broken], bot.service.clock())
    [done] = await bot.announcer.deliver(lg.id, ids)
    assert done.status == PARTIAL and "could not be drawn" in (done.error or ""), done
    posted = w.channel.last_message
    assert posted.content.startswith("A board on no map\n\n⚠️ The board image could not be")
    assert not posted.attachments


async def test_a_dead_workers_job_runs_again_on_fresh_processes() -> None:
    """A worker killed (out of memory, by an operator) breaks Python's process pool for good;
    the bot starts new worker processes and the job runs there, so no job is lost to it."""
    workers = Workers(1)
    workers.start()
    try:
        first = await workers.run(os.getpid)
        assert first != os.getpid()
        os.kill(first, signal.SIGKILL)
        # The pool learns of the death at this job (or before, if it noticed): either way
        # the job is done, by another process.
        again = await workers.run(os.getpid)
        assert again not in (first, os.getpid())
        state = positions(3, seed=4, count=1)[0]
        assert (await workers.run(board_png, view(state)))[:8] == b"\x89PNG\r\n\x1a\n"
        # A job that kills its worker (here: ends the process) runs once more, then fails;
        # the jobs after it still run.
        with pytest.raises(BrokenProcessPool):
            await workers.run(os._exit, 3)
        assert await workers.run(os.getpid) not in (first, again, os.getpid())
        assert workers.queued == 0
    finally:
        await workers.close()


@pytest.mark.simcord(settle_timeout=SETTLE_CEILING)
async def test_after_a_worker_died_the_next_turn_goes_out_with_its_board(
    simcord_env, caplog: pytest.LogCaptureFixture
) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    await started_game(w)
    bot = simcord_env.bot
    assert bot.workers.running
    os.kill(await bot.workers.run(os.getpid), signal.SIGKILL)
    caplog.clear()
    member, seat = await actor(w)
    lg = await game_of(w)
    if lg.game.state.turn.phase == "pick":
        await member.slash(w.channel, "sw pick", slot=1)
    await member.slash(w.channel, "sw end")
    name = lg.seat_row(seat).name
    # The summary of the turn just ended, with its board, and the next player's ping.
    [turn] = [m for m in public(w) if m.content.startswith(f"**{name}'s turn**")]
    # The board came with the message, not by an edit after a failed drawing.
    assert [a.filename for a in turn.attachments] == ["board.png"], turn.content
    assert turn.edited_at is None
    assert (await turn.attachments[0].read()).startswith(b"\x89PNG")
    assert "could not be drawn" not in turn.content
    tracebacks = [r.getMessage() for r in caplog.records if r.exc_info]
    assert not tracebacks, tracebacks
    assert to_act((await game_of(w)).game.state) != seat
