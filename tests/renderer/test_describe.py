"""Every picture in words (``renderer.describe``, issue 40): what each description says,
that it fits Discord's 1,024 characters, and that no coin total is told before the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import apply, legal_actions, new_game, to_act, view
from engine.core.changes import attack_costs, turn_marks
from engine.core.rulesets import options_for
from engine.simulate import choose
from engine.text import names
from engine.text.board import seat_names
from lang import speaking
from renderer import describe
from renderer.describe import LIMIT, Picture, fit
from renderer.sheet import places
from tests.renderer.test_league import card, row, standings
from tests.renderer.test_replay import turn_views

#: The longest display name Discord allows: 32 characters.
LONG = ("Aurelia the Unconquerable Queen", "Bramwell of the Seven Hills XIV", "Chen Wei")


def game(players: int, seed: int, world: str = "surface", names_: tuple[str, ...] = ()) -> Any:
    """A seeded game played at random through ``apply`` and ``legal_actions``, yielding the
    state after every action (the same object, played on between yields)."""
    who = list(names_[:players]) + [f"P{i + 1}" for i in range(len(names_), players)]
    s = new_game(who, seed, world=world, options=options_for(players))
    rng = random.Random(seed)
    while (seat := to_act(s)) is not None:
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
        yield s


def after_turns(s: Any) -> dict[str, Any]:
    """The public view with the latest turn's marks, as a turn's post draws it."""
    v = view(s)
    v["marks"] = turn_marks(s, s.last_events)
    return v


@pytest.mark.parametrize(("players", "world"), [(3, "surface"), (6, "surface"), (5, "underground")])
def test_a_board_names_the_round_every_player_and_their_races(players: int, world: str) -> None:
    for i, s in enumerate(game(players, 11, world, LONG)):
        if i % 9:
            continue
        v = after_turns(s)
        said = describe.board(v)
        assert 0 < len(said) <= LIMIT
        assert said.startswith(f"The board, round {v['round']} of {v['turns']}: ")
        for who, p in zip(seat_names(v), v["players"], strict=True):
            assert f"{who}: " in said
            for race in ([p["active"]] if p["active"] else []) + p["declined"]:
                held = sum(
                    1 for r in v["regions"] if r["owner"] == p["seat"] and r["race"] == race["race"]
                )
                told = names.combo(race["race"], race["power"])
                assert told in said, (told, said)
                if len(said) < LIMIT - 100:  # all of it told: the counts too
                    unit = "region" if held == 1 else "regions"
                    assert (
                        f"{told}{' in decline' if race['in_decline'] else ''}, {held} {unit}"
                        in said
                    )
        # No coin count: a seat's own view (its coins in it) is described as the public one.
        for seat in range(players):
            mine = view(s, seat)
            mine["marks"] = v["marks"]
            assert describe.board(mine) == said
        assert "coin" not in said


def test_a_board_tells_what_the_latest_turn_changed() -> None:
    seen = 0
    for s in game(3, 5):
        marks = turn_marks(s, s.last_events)
        if not marks["taken"] or to_act(s) is None:
            continue
        said = describe.board(after_turns(s))
        who = seat_names(view(s))
        for region, seat in marks["taken"].items():
            assert f"{who[seat]} took region" in said
            assert str(region) in said.split("Latest changes: ")[1]
        seen += 1
    assert seen > 5


def test_a_members_own_board_tells_what_they_can_conquer() -> None:
    s = next(s for s in game(3, 5) if s.turn.phase == "conquer" and to_act(s) is not None)
    v = after_turns(s)
    v["marks"]["costs"] = attack_costs(s, to_act(s))
    said = describe.board(v)
    assert v["marks"]["costs"]
    expected = ", ".join(
        f"{r} ({n} token{'s' if n > 1 else ''})" for r, n in sorted(v["marks"]["costs"].items())
    )
    assert f"You can conquer, with the cost in tokens: {expected}." in said
    v["marks"]["costs"] = {}
    assert "You have nothing to conquer right now." in describe.board(v)


def test_a_description_too_long_keeps_the_essentials_and_points_to_the_text_board() -> None:
    essentials = [f"Player {i}: " + "Dragon Master Will-o'-Wisps, 9 regions." * 2 for i in range(6)]
    more = ["Latest changes: " + ", ".join(str(n) for n in range(200)) + "."]
    said = fit(essentials, more)
    assert len(said) <= LIMIT
    assert all(sentence in said for sentence in essentials)
    assert said.endswith("Every region in words: /sw board text:True.")
    with speaking("fr"):
        assert fit(essentials, more).endswith(
            "Toutes les régions en mots : /sw plateau texte:True."
        )
    # Within the limit, everything is told and no pointer is added.
    assert fit(essentials[:2], ["Short."]) == " ".join([*essentials[:2], "Short."])


def test_the_combos_are_six_with_their_price_and_coins() -> None:
    s = next(s for s in game(4, 9) if any(c.coins for c in s.market))
    v = view(s)
    said = describe.combos(v)
    assert said.startswith(f"The combos for sale, round {v['round']} of {v['turns']}: ")
    assert len(v["market"]) == 6
    for c in v["market"]:
        price = "free" if c["slot"] == 1 else f"costs {c['slot'] - 1} coin"
        line = f"{c['slot']}. {names.combo(c['race'], c['power'])}, {c['tokens']} tokens, {price}"
        assert line in said
        if c["coins"]:
            assert f"{c['coins']} coin{'s' if c['coins'] > 1 else ''} on it" in said


@pytest.mark.parametrize("players", [3, 6])
def test_the_final_sheet_gives_the_places_and_scores(players: int) -> None:
    *_, s = game(players, 21)
    v = view(s)
    said = describe.final(v)
    assert len(said) <= LIMIT
    assert said.startswith(f"Final scores after round {v['round']} of {v['turns']}. Winner")
    who = seat_names(v)
    ranking = v["result"]["ranking"]
    for place, entry in zip(places(ranking), ranking, strict=True):
        assert f"{place}. {who[entry['seat']]}: {entry['coins']} coins, " in said
    for t in v["result"].get("teams") or []:
        assert f"Team {t['team']}, place {t['place']}: " in said


def test_standings_and_a_card_tell_the_tables_first_rows() -> None:
    said = describe.standings(standings(rows=20, provisional=2))
    assert said.startswith("Season 3. Small World Fans · updated 12 Oct 2025. 1. Player 1, ")
    assert "1. Player 1, rating 1590, 29 games, 10 wins." in said
    assert len(said) <= LIMIT
    if "Provisional: " not in said:
        assert said.endswith("more rows.")
    short = describe.standings(standings(rows=2, provisional=1))
    assert short.endswith("Provisional: Player 3, rating 1570, 2 games, 10 wins.")
    assert "2 of" not in describe.standings(standings(rows=0))
    assert describe.standings(standings(rows=0)).endswith("No ranked players yet.")
    assert describe.standings({"rows": [row(1)], "page": 2, "pages": 3}).startswith(
        "Standings · page 2 of 3. 1. Player 1"
    )
    told = describe.card(
        card(head_to_head={"opponent": "Bram", "games": 4, "ahead": 3, "behind": 1})
    )
    assert told == (
        "League card of Aurelia, Season 3: rating 1642, rank 3, 12 games, 5 wins. "
        "51.2 coins a game on average. Most played: Flying Skeletons (4 games), "
        "Dragon Master Will-o'-Wisps (3 games). Best combos: Merchant Humans (67% wins). "
        "Against Bram: ahead 3, behind 1."
    )


def test_a_replay_says_what_it_shows() -> None:
    views = turn_views(3, 5, 6)
    said = describe.replay(views)
    assert said.startswith(
        "Animated replay: the board after each turn, 6 pictures, from the set-up to round "
    )
    for who in seat_names(views[-1]):
        assert f"{who}: " in said


def test_a_picture_cannot_be_made_without_a_description() -> None:
    with pytest.raises(ValueError, match="no description"):
        Picture("board.png", b"png", " ")
    with pytest.raises(ValueError, match="over 1024"):
        Picture("board.png", b"png", "x" * (LIMIT + 1))
    assert Picture("board.png", b"png", "The board.").description == "The board."


def test_descriptions_speak_french() -> None:
    *_, s = game(3, 21)
    with speaking("fr"):
        v = view(s)
        assert describe.final(v).startswith(f"Scores finaux après le tour {v['round']} sur ")
        assert describe.board(v).startswith(f"Le plateau, tour {v['round']} sur ")
        assert describe.combos(v).startswith("Les combinaisons disponibles, tour ")
