"""Every public line of whole team games names each player with their seat (issue 37, T1).

Team games on both worlds, in English and in French, are played to their end through the
bot's service, each seat choosing a random legal action as the simulated player does; the
test then reads every message the game posts in its channel (the outbox rows the announcer
posts: turn summaries, turn messages, questions, the game's end) and finds, beside every
player's name, that player's seat (``alice (A1)``).

[TEAMS "Playing in Teams"] "Players sit around the table, opposite from their team partner
(i.e. A1, B1, C1, A2, B2, C2)": the seat names the players go by.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import GameService
from engine import legal_actions, to_act
from engine.rulesets.teams import seat_name
from engine.simulate import choose

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")
#: Each game played: world, options, the language it speaks, the seed of the game and of its
#: choices, and kinds of event whose lines dropped the seat (the issue's examples) that it
#: tells, so that the check reads those lines too. Between them they tell every one.
GAMES = [
    ("surface", {"mix": True, "surface_relics": True}, "en", 8, {"mime", "monsters", "steal"}),
    ("surface", {}, "fr", 1, {"discover", "monsters", "sigil", "soapbar"}),
    ("underground", {"mix": True}, "fr", 2, {"discover", "pay"}),
    ("underground", {}, "en", 1, {"discover", "steal"}),
]


async def _play(service: GameService, channel: int, seed: int) -> set[str]:
    """Play the channel's game to its end, random legal actions; the event kinds it told."""
    rng = random.Random(seed)
    kinds: set[str] = set()
    lg = await service.in_channel(channel)
    while lg.game is not None and (seat := to_act(lg.game.state)) is not None:
        s = lg.game.state
        outcome = await service.act(
            channel, lg.user_at(seat), choose(rng, s, legal_actions(s, seat))
        )
        kinds |= {e["kind"] for e in outcome.new_events + outcome.finished_turn_events}
        lg = outcome.game
    return kinds


def _named(line: str, seats: dict[str, int]) -> Iterator[tuple[str, str]]:
    """Each player's name in ``line``, with the text right after it."""
    for name in seats:
        for found in re.finditer(rf"\b{name}\b", line):
            yield name, line[found.end() : found.end() + 6]


@pytest.mark.parametrize(("world", "options", "language", "seed", "kinds"), GAMES)
async def test_every_public_line_of_a_team_game_names_each_player_with_their_seat(
    opened,
    tmp_path: Path,
    world: str,
    options: dict[str, bool],
    language: str,
    seed: int,
    kinds: set[str],
) -> None:
    service = await opened(tmp_path / "db.sqlite3", seed)
    channel = 500
    lg = await service.create(
        1, channel, 11, NAMES[0], 6, world=world, teams=True, options=options, language=language
    )
    for n, name in enumerate(NAMES[1:], start=2):
        await service.join(channel, 11 * n, name)
    await service.start(channel, 11)
    assert kinds <= await _play(service, channel, seed)
    lg = await service.last_game(channel)
    assert lg.status == "over"
    s = lg.game.state
    seats = {p.name: i for i, p in enumerate(s.players)}
    rows = await service.storage.fetchall(
        "SELECT payload FROM outbox WHERE game_id = ? AND kind = 'channel' ORDER BY id",
        (lg.id,),
    )
    lines = [line for r in rows for line in json.loads(r["payload"])["content"].splitlines()]
    told = 0
    for line in lines:
        for name, after in _named(line, seats):
            told += 1
            label = f" ({seat_name(seats[name])})"
            assert after.startswith(label), line
    assert told > 100


def test_the_narration_names_players_only_through_the_seats_names() -> None:
    # One way a seat becomes a name (``engine.text.seats``): no sentence reads a player's
    # name from the state itself, so none can leave the seat out.
    root = Path(__file__).resolve().parents[2]
    told = ["bot/narrate.py", "bot/messages.py", "bot/question.py"]
    told += [f"engine/text/{m}.py" for m in ("narration", "teams", "telling")]
    for path in told:
        source = (root / path).read_text()
        assert not re.search(r"\.players\b", source), path


def test_between_them_the_games_tell_every_kind_the_issue_named() -> None:
    # Discoveries, the Sigil, the Soapbar, thefts, Monster placements, the Mimics, payments.
    told = set().union(*(kinds for *_rest, kinds in GAMES))
    assert told == {"discover", "sigil", "soapbar", "steal", "monsters", "mime", "pay"}
