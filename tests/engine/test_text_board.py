"""The board in words (``engine.text.board``), which ``/sw board text:true`` and the
terminal's ``board`` command print: every region once, under its holder, with its terrain,
symbols, tokens and pieces; no coin count; the terminal prints the same lines (issue 40)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from engine import Game, GameConfig, view
from engine.console.cli import run_play
from engine.core.rulesets import options_for
from engine.text import names
from engine.text.board import board_lines, piece_name, seat_names
from lang import speaking

from .helpers import random_positions

#: A region's line: ``- 12 Forest, Cavern: 3 tokens · Fortress``.
REGION = re.compile(r"- (\d+) (.*)")

#: Players, world and seed of the random games read: seeds whose games put down Fortresses,
#: the Dragon, Heroes, Relics, Places… (checked below).
GAMES = [
    (3, "surface", 50),
    (6, "surface", 46),  # three teams of two
    (4, "underground", 44),
    (6, "underground", 46),
]


def region_lines(lines: list[str]) -> dict[int, tuple[str, str]]:
    """Each region's line, and the heading it stands under, by region number."""
    out: dict[int, tuple[str, str]] = {}
    heading = ""
    for line in lines:
        found = REGION.fullmatch(line)
        if found is None:
            heading = line
            continue
        rid = int(found[1])
        assert rid not in out, f"region {rid} told twice"
        out[rid] = (line, heading)
    return out


def check_position(v: dict[str, Any]) -> None:
    """Every region once, under its holder, with what stands on it."""
    told = region_lines(board_lines(v))
    assert sorted(told) == [r["id"] for r in v["regions"]]
    who = seat_names(v)
    for r in v["regions"]:
        line, heading = told[r["id"]]
        assert names.terrain(r["terrain"]) in line
        for symbol in r["features"]:
            assert names.symbol(symbol) in line
        if r["race"]:
            assert heading.startswith(f"{who[r['owner']]}: ")
            assert f": {r['tokens']} token" in line
        elif r["markers"].get("lost_tribe"):
            assert heading.startswith("Lost Tribes: ")
        elif r["markers"].get("monster"):
            assert heading.startswith("Monsters: ")
        else:
            assert heading.startswith("Held by nobody: ")
        for key, n in r["markers"].items():
            if n and key not in ("lost_tribe", "monster"):
                assert piece_name(key) in line, (key, line)


@pytest.mark.parametrize(("players", "world", "seed"), GAMES)
def test_every_region_is_told_once_under_its_holder(players: int, world: str, seed: int) -> None:
    options = options_for(players)
    pieces: set[str] = set()
    for i, s in enumerate(random_positions(players, world, options, seed)):
        if i % 5:
            continue  # every fifth position is plenty
        v = view(s)
        check_position(v)
        pieces |= {k for r in v["regions"] for k, n in r["markers"].items() if n}
        # No coin count: a seat's own view (its coins in it) reads the same as the public one.
        for seat in range(players):
            assert board_lines(view(s, seat)) == board_lines(v)
    # The games put down more than the map's own pieces (Lost Tribes, Mountains).
    assert len(pieces - {"lost_tribe", "mountain", "black_mountain", "monster"}) >= 2, pieces


def test_the_header_and_a_players_heading() -> None:
    s = next(iter(random_positions(3, "surface", {}, seed=3)))
    lines = board_lines(view(s))
    assert lines[0] == "Round 1/10 · P1's turn (picking a combo)"
    assert lines[1:4] == ["P1: no race yet", "P2: no race yet", "P3: no race yet"]


def drive(game: Game, *typed: str) -> str:
    """What the terminal game printed for the typed lines."""
    out = io.StringIO()
    assert run_play(game, io.StringIO("".join(f"{x}\n" for x in typed)), out) == 0
    return out.getvalue()


def test_the_terminal_board_command_prints_the_same_lines() -> None:
    game = Game(GameConfig(players=("P1", "P2", "P3"), seed=7))
    printed = drive(game, "1", "board", "quit")
    expected = board_lines(view(game.state, 0))
    assert "\n".join(expected) in printed
    assert "Held by nobody: " in printed and "P1: " in printed


def test_the_terminal_board_command_in_french() -> None:
    game = Game(GameConfig(players=("P1", "P2", "P3"), seed=7))
    with speaking("fr"):
        printed = drive(game, "plateau", "quitter")
        expected = board_lines(view(game.state, 0))
    assert expected[0] == "Tour 1/10 · tour de P1 (choix d'une combinaison)"
    assert "\n".join(expected) in printed
    assert "À personne : " in printed
