"""AI seats in 6-player team games [TEAMS] (issue 22, item 6): every level finishes a team game
on both worlds, weighs its team's score rather than its own, never reads a partner's purse,
and chooses among actions it does not know; ``python -m ai tournament --teams`` rates seats
and teams."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from ai import LEVELS, make_player
from ai.__main__ import main
from ai.evaluate import value
from ai.search import margin, standing
from ai.team import combine
from ai.tournament import play_game
from engine import Action, GameState, apply, legal_actions, new_game, to_act
from engine.core.actions import Conquer
from engine.core.copying import clone
from engine.core.rulesets import options_for
from engine.core.state import CONQUER, OVER, PICK, REDEPLOY
from engine.rulesets.teams import partner
from tests.engine.helpers import run_python

#: Small search budgets keep these games quick; the rules they exercise are the same.
ITERATIONS = 2
SIX = [f"P{i + 1}" for i in range(6)]


def easy_game(world: str, seed: int, steps: int | None = None) -> GameState:
    """A team game played by six easy seats (seeds 0..5), every action validated by
    ``apply``, for ``steps`` actions or to its end."""
    s = new_game(SIX, seed, world=world, options=options_for(6))
    players = [make_player("easy", seed=k) for k in range(6)]
    done = 0
    while (seat := to_act(s)) is not None and (steps is None or done < steps):
        apply(s, seat, players[seat].choose(s, seat))
        done += 1
    return s


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_every_level_finishes_a_team_game(world: str) -> None:
    # [TEAMS "Playing in Teams"] six players in three teams; [TEAMS "End of the Game"] the
    # game ends after 8 turns. Every level sits at the table; play_game validates every action.
    seats = [LEVELS[k % len(LEVELS)] for k in range(6)]
    ai = [make_player(level, seed=k, iterations=ITERATIONS) for k, level in enumerate(seats)]
    rec = play_game(ai, seed=22, world=world, options=options_for(6))
    assert sum(rec.wins) == pytest.approx(1.0)
    assert sum(rec.team_wins) == pytest.approx(1.0)
    assert len(rec.team_scores) == 3
    for t, score in enumerate(rec.team_scores):
        # "each team's score is the lowest of the two player's scores"
        assert score == min(rec.coins[t], rec.coins[t + 3])
    for level, times in zip(seats, rec.times, strict=True):
        assert times, f"{level} never had to decide"


def ally_choice(world: str, seeds: range) -> tuple[GameState, int, Conquer] | None:
    """The first position of real play by six easy seats where the seat conquering would take
    a region of its ally if it played for its own score only: (state, seat, that conquest)."""
    for seed in seeds:
        s = new_game(SIX, seed, world=world, options=options_for(6))
        players = [make_player("easy", seed=k) for k in range(6)]
        while (seat := to_act(s)) is not None:
            if s.turn.phase == CONQUER and seat == s.turn.seat:
                actions = legal_actions(s, seat)
                if any(
                    type(a) is Conquer and s.regions[a.region].owner == partner(seat)
                    for a in actions
                ):
                    selfish = clone(s)
                    selfish.options = {}  # the same player, told the game has no teams
                    a = make_player("easy", seed=seat).choose(selfish, seat)
                    if type(a) is Conquer and s.regions[a.region].owner == partner(seat):
                        return s, seat, a
            apply(s, seat, players[seat].choose(s, seat))
    return None


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_the_easy_level_spares_its_ally_for_the_team_score(world: str) -> None:
    # [TEAMS "End of the Game"] "each team's score is the lowest of the two player's scores":
    # taking a region from one's partner costs the team what the partner loses. Reached by
    # real play: a seat about to conquer, whose own-score choice is its ally's region.
    found = ally_choice(world, range(1, 4))
    assert found is not None, "no seat was tempted by its ally's region"
    s, seat, selfish = found
    team = make_player("easy", seed=seat).choose(s, seat)
    assert team != selfish
    assert not (isinstance(team, Conquer) and s.regions[team.region].owner == partner(seat))
    # Its evaluation says why: after taking the ally's region the team is worse off.
    took, other = clone(s), clone(s)
    apply(took, seat, selfish)
    apply(other, seat, team)
    assert value(took, seat) < value(other, seat)


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_the_search_scores_teams_against_teams(world: str) -> None:
    # [TEAMS "End of the Game"] the team is rated on the lower of its partners' scores: a
    # finished game's margin is the seat's team against the other two teams on average.
    s = easy_game(world, 3)
    assert s.turn.phase == OVER
    sides = [combine(standing(s, t), standing(s, t + 3)) for t in range(3)]
    for seat in range(6):
        mine = sides[seat % 3]
        expected = mine - (sum(sides) - mine) / 2
        assert margin(s, seat) == pytest.approx(expected)
        assert margin(s, seat) == pytest.approx(margin(s, partner(seat)))


def _decisions(world: str) -> list[GameState]:
    """States of a real team game with a choice in each phase, on and off turn."""
    s = new_game(SIX, 5, world=world, options=options_for(6))
    rng = random.Random(5)
    found: dict[str, GameState] = {}
    while (seat := to_act(s)) is not None:
        actions = legal_actions(s, seat)
        kind = "off" if seat != s.turn.seat else s.turn.phase
        if len(actions) > 1 and kind not in found and kind in ("off", PICK, CONQUER, REDEPLOY):
            found[kind] = clone(s)
        apply(s, seat, actions[rng.randrange(len(actions))])
    return list(found.values())


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_partners_cannot_see_each_others_coins(level: str) -> None:
    # [TEAMS "Playing in Teams"] "Their individual stash of victory coins remains secret and
    # should not be shared with their partner": the choice is the same whatever the ally's
    # (and every other seat's) purse holds.
    for s in _decisions("surface"):
        seat = to_act(s)
        assert seat is not None
        a = make_player(level, seed=3, iterations=ITERATIONS).choose(s, seat)
        richer = clone(s)
        for other, p in enumerate(richer.players):
            if other != seat:
                p.coins += 40 if other == partner(seat) else 7
        b = make_player(level, seed=3, iterations=ITERATIONS).choose(richer, seat)
        assert a == b


@dataclass(slots=True, unsafe_hash=True)
class Unknown(Action):
    """An action of a kind no AI level knows (a decision another part of the game adds)."""

    verb: ClassVar[str] = "unknown"
    n: int


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("world", ["surface", "underground"])
def test_every_level_chooses_among_actions_it_does_not_know(level: str, world: str) -> None:
    # New team decisions (a team piece's choice, a Monster to place, a standing order) arrive
    # as ordinary legal actions; a level must choose among them without crashing, even when
    # the engine would refuse them on its private copies.
    states = _decisions(world)
    assert len(states) == 4
    for s in states:
        seat = to_act(s)
        assert seat is not None
        player = make_player(level, seed=1, iterations=ITERATIONS)
        offered = [*legal_actions(s, seat), Unknown(1), Unknown(2)]
        assert player.decide(s, seat, offered) in offered
        only = [Unknown(1), Unknown(2)]
        assert player.decide(s, seat, only) in only


def test_tournament_teams_prints_seats_and_teams(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--teams", "--games", "2", "--quiet"]
    assert main([*args, "--seats", "easy,random,easy,easy,random,easy"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("6 players, teams, sw-6p, 2 games, seats rotated")
    seats = out[out.index("by seat") + 2 :][:6]
    assert [r.split()[0] for r in seats] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    at = next(i for i, line in enumerate(out) if line.startswith("by team"))
    teams = out[at + 2 : at + 5]
    assert [r.split()[:2] for r in teams] == [["team", "A"], ["team", "B"], ["team", "C"]]
    # Every game has one winning team (or a shared win): team shares add up to 100%.
    assert sum(float(r.split()[3].rstrip("%")) for r in teams) == pytest.approx(100.0, abs=0.2)
    at = next(i for i, line in enumerate(out) if line.startswith("by pair"))
    pairs = [r.split()[0] for r in out[at + 2 : at + 5]]
    assert pairs == ["easy+easy", "random+random", "easy+easy"]


def test_tournament_teams_on_the_underground(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--teams", "--world", "underground", "--games", "1"]) == 0
    assert capsys.readouterr().out.startswith("6 players, teams, swu-6p, 1 games")


def test_tournament_teams_refuses_another_player_count() -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--teams", "--players", "4", "--games", "1"])
    with pytest.raises(SystemExit):
        main(["tournament", "--players", "4", "--games", "1"])


def test_bench_teams_reports_teams_and_seats() -> None:
    # Issue 22, item 4: per-team and per-seat figures of the 6-player boards, random and AI.
    done = run_python(
        "bench/teams.py", "--random", "3", "--ai", "1", "--duel", "1", "--deadline", "1"
    )
    text = done.stdout
    for board in ("sw-6p", "swu-6p"):
        assert f"\n{board} · " in f"\n{text}"
    assert text.count("random play (seeds 1..3): 3 games") == 2
    assert text.count("AI easy in every seat (seeds 1..1): 1 games") == 2
    for team in "ABC":
        assert text.count(f"\n  {team}  ") == 4
    for seat in ("A1", "B1", "C1", "A2", "B2", "C2"):
        assert text.count(f"\n  {seat}  ") == 4
    assert text.count("selfish+selfish") == 2
    assert text.count("deadline+deadline") == 2


def test_bench_teams_rounds_and_the_weight_sweep() -> None:
    # Issue 22 (session 3): each seat's gains by round (``--rounds``), and the sweep of the
    # partner weighting (``bench/weights.py``): one team with the candidate weight, two with
    # the base, win shares with intervals.
    done = run_python("bench/teams.py", "--random", "2", "--ai", "0", "--rounds", "--maps", "sw-6p")
    text = done.stdout
    assert text.count("coins gained by round") == 1
    assert "    1     2     3     4     5     6     7     8" in text
    done = run_python("bench/weights.py", "--games", "1", "--weights", "0.25", "--maps", "sw-6p")
    line = done.stdout.strip()
    assert line.startswith("sw-6p w=0.25 vs 0.5, 1 games")
    assert line.count("w=0.25:") == 1 and line.count("w=0.5:") == 2
    done = run_python("bench/teams_why.py", "--games", "1", "--map", "sw-6p")
    text = done.stdout
    assert text.startswith("sw-6p: 1 games") and "regions taken a game" in text
    for seat in ("A1", "B1", "C1", "A2", "B2", "C2"):
        assert f"{seat} first conquest" in text and f"{seat} pieces found a game" in text
