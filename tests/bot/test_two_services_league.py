"""League results exactly once across processes (issue 24, item 2): two bot processes (two
``GameService`` objects, their own caches and connections) on one database.

A finished game's results and rating changes are written in the transaction that commits
its last move, after that transaction claimed the game's next revision: the same last move
pressed in both processes is applied once and rated once. Two rated games of one season
ending at once in two processes are both rated, one after the other (the season's lock),
so each member's rating moves on from where the other game left it.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

import pytest

from bot.service import GameService
from engine import apply, legal_actions, to_act
from engine.core.copying import clone
from engine.simulate import choose

#: ``await opened(target)``: a service on the database, closed after the test (conftest).
Opener = Callable[..., Awaitable[GameService]]


async def _to_last_move(service: GameService, channel: int, seed: int) -> tuple[int, str]:
    """Play the channel's game on until one action would end it; that member and action."""
    rng = random.Random(seed)
    while True:
        lg = await service.in_channel(channel)
        assert lg.game is not None
        state = lg.game.state
        seat = to_act(state)
        assert seat is not None
        actions = legal_actions(state, seat)
        for action in actions:
            if to_act(apply(clone(state), seat, action)) is None:
                return lg.user_at(seat), action.text
        await service.act(channel, lg.user_at(seat), choose(rng, state, actions))


async def _rated_game(service: GameService, channel: int, players: tuple[int, int]) -> int:
    lg = await service.create(1, channel, players[0], "p", 2)
    await service.join(channel, players[1], "q")
    await service.start(channel, players[0])
    return lg.id


async def _rows(service: GameService, table: str, game_id: int) -> int:
    row = await service.storage.fetchone(
        f"SELECT COUNT(*) AS n FROM {table} WHERE game_id = ?", (game_id,)
    )
    assert row is not None
    return int(row["n"])


async def test_the_last_move_pressed_in_both_processes_rates_the_game_once(
    database: str, opened: Opener
) -> None:
    a, b = await opened(database), await opened(database)
    await a.league.open_season(1, 100, 11, "Spring")
    gid = await _rated_game(a, 100, (11, 22))
    member, last = await _to_last_move(a, 100, seed=2)
    await b.in_channel(100)  # B holds the game too, as a second process would
    results = await asyncio.gather(
        a.act(100, member, last), b.act(100, member, last), return_exceptions=True
    )
    assert sum(isinstance(r, BaseException) for r in results) == 1, results
    assert (await a.load(gid)).status == "over"
    assert await _rows(a, "results", gid) == 2
    assert await _rows(a, "rating_events", gid) == 2


async def test_two_rated_games_ending_at_once_in_two_processes_are_rated_in_turn(
    database: str, opened: Opener
) -> None:
    a, b = await opened(database), await opened(database)
    season = await a.league.open_season(1, 100, 11, "Spring")
    # The same two members play both games.
    first = await _rated_game(a, 100, (11, 22))
    second = await _rated_game(b, 200, (11, 22))
    end_first = await _to_last_move(a, 100, seed=2)
    end_second = await _to_last_move(b, 200, seed=3)
    await asyncio.gather(a.act(100, *end_first), b.act(200, *end_second))
    events = await a.storage.fetchall(
        "SELECT game_id, user_id, mu_before, mu_after FROM rating_events"
        " WHERE season_id = ? ORDER BY seq",
        (season.id,),
    )
    assert sorted({e["game_id"] for e in events}) == [first, second]
    assert len(events) == 4
    for user in (11, 22):
        mine = [e for e in events if e["user_id"] == user]
        # The later game starts from the rating the earlier one left: neither was lost.
        assert mine[1]["mu_before"] == pytest.approx(mine[0]["mu_after"])
        assert mine[0]["mu_before"] != mine[0]["mu_after"]
