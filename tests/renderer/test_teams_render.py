"""Six seats and three teams in pictures: the sixth seat's colour, the team marks of the
legend and the teams on the final score sheet, on real played team games of both worlds.

[TEAMS "Playing in Teams"] "The players pair up in 3 teams of 2 players each (i.e. Team A, B,
and C), ... seated A1, B1, C1, A2, B2, C2" and "Their individual stash of victory coins
remains secret and should not be shared with their partner"; [TEAMS "End of the Game"] "each
team's score is equal to the lowest score of its two players".
"""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

from engine import view
from renderer import render_board
from renderer.board import compose
from renderer.demo import played
from renderer.icons import COST_RING
from renderer.legend import legend_height, row_heights
from renderer.palette import DECLINE_FILL, SEAT_COLOURS, TRIBE_FILL, seat_colour
from renderer.shapes import map_shape
from renderer.sheet import compose_final
from renderer.teams import legend_order, seat_label, team_spans
from tests.renderer.vision import lab, least_delta_e

WORLDS = ("surface", "underground")


def mid(world: str, seed: int = 1) -> dict[str, Any]:
    """A 6-player team game's public view a third of the way through (no coins in it)."""
    return view(played(6, seed, 22 * 6, world), None)


def end(world: str, seed: int = 1) -> dict[str, Any]:
    return view(played(6, seed, None, world), None)


# --- the seats' colours ------------------------------------------------------------------


def test_no_seat_passes_for_a_declined_race_a_lost_tribe_or_a_cost() -> None:
    """Six seats need six colours (``test_colour_vision`` keeps every pair apart); none of them
    looks like the other pills and rings drawn on a region, a race in decline, a Lost Tribe or
    the red cost ring, with normal, protan, deutan or tritan vision (at least 10 ΔE00: these
    differ in pattern as well, hatching, brown ink or a white disc)."""
    assert len(SEAT_COLOURS) == 6 and len(set(SEAT_COLOURS)) == 6
    for seat in range(6):
        for other in (DECLINE_FILL, TRIBE_FILL, COST_RING):
            assert least_delta_e(seat_colour(seat), other) >= 10, (seat, other)


def test_partners_share_a_family_of_hues_told_apart_by_lightness() -> None:
    """A team reads as one on the board: partners' colours are nearer in hue to each other than
    to any other team's, and differ in lightness (L*) by at least 10."""

    def hue_gap(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
        _, a1, b1 = lab(a)
        _, a2, b2 = lab(b)
        d = abs(math.atan2(b1, a1) - math.atan2(b2, a2))
        return min(d, 2 * math.pi - d)

    for seat in range(3):
        mine, ally = seat_colour(seat), seat_colour(seat + 3)
        others = [seat_colour(x) for x in range(6) if x not in (seat, seat + 3)]
        assert all(hue_gap(mine, ally) < hue_gap(mine, o) for o in others), seat
        assert abs(lab(mine)[0] - lab(ally)[0]) >= 10, seat


@pytest.mark.parametrize("world", WORLDS)
def test_six_seats_on_the_board_in_six_colours(world: str) -> None:
    """The tokens of every seat of a real team game are drawn in that seat's colour."""
    s = played(6, 2, 40 * 6, world)
    img = compose(view(s)).image.convert("RGB")
    colours = {c for _, c in img.getcolors(1 << 20) or []}
    owners = {r.owner for r in s.regions if r.race and not s.races[r.race].in_decline}
    assert len(owners) >= 5
    for seat in owners:
        assert seat_colour(seat) in colours, seat


# --- the legend -----------------------------------------------------------------------------


@pytest.mark.parametrize("world", WORLDS)
def test_the_legend_groups_partners_under_their_team_letter(world: str) -> None:
    v = mid(world)
    teams = v["rulesets"]["teams"]
    assert [seat_label(v, x) for x in range(6)] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    assert legend_order(v) == [0, 3, 1, 4, 2, 5]
    composed = compose(v)
    texts = composed.texts
    names = {p["seat"]: next(t for t in texts if t.text == p["name"]) for p in v["players"]}
    board_h = map_shape(v["map"]).height
    # One row per team, top to bottom A, B, C; the partners side by side on it, the first
    # seat (A1) left of the second (A2).
    for (_, seats), (_, below) in zip(team_spans(v), team_spans(v)[1:], strict=False):
        assert max(names[x].box[3] for x in seats) < min(names[x].box[1] for x in below)
    for team in teams["teams"]:
        letter = next(t for t in texts if t.text == team["team"] and t.box[1] > board_h)
        first, second = (names[x] for x in team["seats"])
        assert abs(first.box[3] - second.box[3]) <= 10  # one line (accents aside)
        assert first.box[2] < second.box[0]
        # The letter sits left of the seat discs, level with the partners' row.
        assert letter.box[2] < 40
        assert first.box[1] < (letter.box[1] + letter.box[3]) / 2 < first.box[1] + 88
    # The status line names the seat to act with its seat name.
    seat = v["to_act"]
    assert any(
        t.text.startswith(f"▶ {seat_label(v, seat)} {v['players'][seat]['name']}") for t in texts
    )
    assert composed.image.height == board_h + legend_height(v)
    assert len(row_heights(v)) == 3


def test_a_game_without_teams_keeps_seat_order_and_numbers() -> None:
    v = view(played(5, 1, 40), None)
    assert legend_order(v) == [0, 1, 2, 3, 4]
    assert [seat_label(v, x) for x in range(5)] == ["1", "2", "3", "4", "5"]
    texts = compose(v).texts
    assert not any(t.text in ("A", "B", "C") for t in texts)


@pytest.mark.parametrize("world", WORLDS)
def test_no_coins_on_a_team_board_before_the_end(world: str) -> None:
    """Partners' coins stay secret: the public board of a team game has none, and coins
    slipped into its view change nothing drawn; the score sheet refuses an unfinished game."""
    v = mid(world)
    assert all("coins" not in p for p in v["players"])
    leaked = copy.deepcopy(v)
    for p in leaked["players"]:
        p["coins"] = 123
        p["score_history"] = [5, 50, 123]
    assert render_board(leaked) == render_board(v)
    assert not any("coin" in t.text for t in compose(leaked).texts)
    with pytest.raises(ValueError):
        compose_final(v)


# --- the score sheet ------------------------------------------------------------------------


@pytest.mark.parametrize("world", WORLDS)
@pytest.mark.parametrize("seed", [1, 3])
def test_the_score_sheet_ranks_the_teams_by_their_lower_partner(world: str, seed: int) -> None:
    v = end(world, seed)
    result = v["result"]
    coins = {p["seat"]: p["coins"] for p in v["players"]}
    names = {p["seat"]: p["name"] for p in v["players"]}
    composed = compose_final(v)
    texts = composed.texts
    words = [t.text for t in texts]
    assert "Teams" in words and "Players" in words
    players_top = next(t for t in texts if t.text == "Players").box[1]
    rows = []
    for team in result["teams"]:
        a, b = team["seats"]
        # The team's score is the lower partner's coins, worked out here from the players'.
        assert team["score"] == min(coins[a], coins[b])
        label = f"Team {team['team']} · {names[a]} & {names[b]}"
        row = next(t for t in texts if t.text == label)
        assert row.box[3] < players_top
        score = next(
            t
            for t in texts
            if t.text == f"{team['score']} coins" and abs(t.box[1] - row.box[1]) < 30
        )
        assert f"best partner {max(coins[a], coins[b])}" in words
        rows.append((row.box[1], team["score"], score))
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)  # in the result's order
    assert [r[1] for r in rows] == sorted((r[1] for r in rows), reverse=True)
    won = [t for t in result["teams"] if t["team"] in result["winning_teams"]]
    title = words[0]
    for team in won:
        assert f"Team {team['team']}" in title
    # The players are still ranked one by one, under the teams.
    for row in result["ranking"]:
        hit = next(t for t in texts if t.text == row["name"])
        assert hit.box[1] > players_top
        assert f"{row['coins']} coins" in words
