"""bot.stats on hand-built result rows, with every number worked out by hand."""

from __future__ import annotations

import pytest

from bot.stats import Row, StatRow, combo_name, combo_stats, head_to_head, player_combos

ANN, BOB, CAT, DAN = 1, 2, 3, 4


def row(
    game: int,
    user: int,
    rank: int,
    coins: int,
    players: int,
    combos: list[list[str]],
    map_id: str = "m3",
) -> Row:
    return {
        "game_id": game,
        "user_id": user,
        "map_id": map_id,
        "world": "base",
        "rank": rank,
        "coins": coins,
        "players": players,
        "combos": combos,
    }


ORCS_FLY = ["Orcs", "Flying"]
ORCS_HILL = ["Orcs", "Hill"]
ELVES_FLY = ["Elves", "Flying"]
RATS_HILL = ["Ratmen", "Hill"]

ROWS: list[Row] = [
    # Game 1, 3 players on m3: Ann wins with Orcs picked twice (two different powers).
    row(1, ANN, 1, 90, 3, [ORCS_FLY, ORCS_HILL]),
    row(1, BOB, 2, 70, 3, [ELVES_FLY]),
    row(1, CAT, 3, 50, 3, [RATS_HILL, ELVES_FLY]),
    # Game 2, 2 players on m2: Bob wins with Flying Orcs.
    row(2, ANN, 2, 60, 2, [ELVES_FLY], map_id="m2"),
    row(2, BOB, 1, 80, 2, [ORCS_FLY], map_id="m2"),
    # Game 3, 4 players on m4: Cat and Dan share first place (equal coins and tokens).
    row(3, ANN, 3, 40, 4, [ORCS_FLY, ORCS_FLY], map_id="m4"),
    row(3, BOB, 4, 30, 4, [RATS_HILL], map_id="m4"),
    row(3, CAT, 1, 75, 4, [ELVES_FLY], map_id="m4"),
    row(3, DAN, 1, 75, 4, [RATS_HILL, ORCS_HILL], map_id="m4"),
]


def by_key(table: list[StatRow]) -> dict[str, StatRow]:
    return {s.key: s for s in table}


def test_combo_name_is_power_then_race() -> None:
    assert combo_name("Orcs", "Flying") == "Flying Orcs"


def test_by_race_counts_a_double_pick_once() -> None:
    table = by_key(combo_stats(ROWS, "race", 1))
    orcs = table["Orcs"]
    # Ann g1 (Orcs twice: one game, won), Bob g2 (won), Ann g3 (Orcs twice: one game),
    # Dan g3 (won, shared first place).
    assert (orcs.games, orcs.wins) == (4, 3)
    assert orcs.win_rate == 0.75
    assert orcs.avg_coins == (90 + 80 + 40 + 75) / 4
    assert orcs.players_avg == (3 + 2 + 4 + 4) / 4
    assert orcs.edge == pytest.approx(0.75 - (1 / 3 + 1 / 2 + 1 / 4 + 1 / 4) / 4)

    elves = table["Elves"]
    # Bob g1, Cat g1, Ann g2, Cat g3 (won).
    assert (elves.games, elves.wins, elves.avg_coins) == (4, 1, (70 + 50 + 60 + 75) / 4)

    ratmen = table["Ratmen"]
    # Cat g1, Bob g3, Dan g3 (won).
    assert (ratmen.games, ratmen.wins) == (3, 1)
    assert ratmen.win_rate == pytest.approx(1 / 3)


def test_by_power() -> None:
    table = by_key(combo_stats(ROWS, "power", 1))
    # Flying: Ann g1 (won), Bob g1, Cat g1, Ann g2, Bob g2 (won), Ann g3, Cat g3 (won).
    assert (table["Flying"].games, table["Flying"].wins) == (7, 3)
    # Hill: Ann g1 (won), Cat g1, Bob g3, Dan g3 (Ratmen and Orcs both Hill: once, won).
    assert (table["Hill"].games, table["Hill"].wins) == (4, 2)
    assert table["Hill"].avg_coins == (90 + 50 + 30 + 75) / 4


def test_by_combo() -> None:
    table = combo_stats(ROWS, "combo", 1)
    assert [(s.key, s.games, s.wins) for s in table] == [
        ("Hill Orcs", 2, 2),
        ("Flying Orcs", 3, 2),
        ("Hill Ratmen", 3, 1),
        ("Flying Elves", 4, 1),
    ]
    assert table[0].win_rate == 1.0
    assert table[0].edge == pytest.approx(1.0 - (1 / 3 + 1 / 4) / 2)


def test_by_map() -> None:
    table = combo_stats(ROWS, "map", 1)
    # m4 and m2 both at 1/2: more games first.
    assert [(s.key, s.games, s.wins, s.players_avg) for s in table] == [
        ("m4", 4, 2, 4.0),
        ("m2", 2, 1, 2.0),
        ("m3", 3, 1, 3.0),
    ]
    m4, m2, m3 = table
    assert m4.win_rate == 0.5
    assert m4.avg_coins == (40 + 30 + 75 + 75) / 4
    # Four players, two of them first: the shared place puts the map above chance.
    assert m4.edge == pytest.approx(0.25)
    # Every game has exactly one winner on m2 and m3: exactly chance.
    assert m2.edge == pytest.approx(0.0)
    assert m3.edge == pytest.approx(0.0)


def test_by_map_names_a_clubs_map_by_its_own_id() -> None:
    """A server's own map is stored as ``id@hash``: the table shows the id players know."""
    rows = [row(9, ANN, 1, 50, 2, [ORCS_FLY], "tiny-2p@0123456789ab"),
            row(9, BOB, 2, 40, 2, [ELVES_FLY], "tiny-2p@0123456789ab")]  # fmt: skip
    assert [s.key for s in combo_stats(rows, "map", 1)] == ["tiny-2p"]


def test_min_games_filters_small_samples() -> None:
    assert [s.key for s in combo_stats(ROWS, "combo", 3)] == [
        "Flying Orcs",
        "Hill Ratmen",
        "Flying Elves",
    ]
    assert [s.key for s in combo_stats(ROWS, "combo", 4)] == ["Flying Elves"]
    assert combo_stats(ROWS, "combo", 5) == []
    assert len(combo_stats(ROWS, "combo", 0)) == 4


def test_sort_breaks_ties_by_games_then_key() -> None:
    rows = [
        row(1, ANN, 1, 50, 2, [["Zombies", "Flying"]]),
        row(1, BOB, 2, 40, 2, [["Amazons", "Flying"]]),
        row(2, ANN, 1, 50, 2, [["Amazons", "Flying"]]),
        row(2, BOB, 2, 40, 2, [["Zombies", "Flying"]]),
        row(3, ANN, 1, 50, 2, [["Giants", "Flying"]]),
        row(3, BOB, 2, 40, 2, [["Wizards", "Flying"]]),
        row(4, ANN, 1, 50, 2, [["Giants", "Flying"]]),
        row(4, BOB, 2, 40, 2, [["Wizards", "Flying"]]),
    ]
    # Giants 2/2 first; Amazons and Zombies both 1/2: by name; Wizards 0/2 last.
    assert [s.key for s in combo_stats(rows, "race", 1)] == [
        "Giants",
        "Amazons",
        "Zombies",
        "Wizards",
    ]
    more = [*rows, row(5, CAT, 1, 60, 2, [["Humans", "Flying"]])]
    # Humans 1/1 ties Giants 2/2 on win rate: more games goes first.
    assert [s.key for s in combo_stats(more, "race", 1)][:2] == ["Giants", "Humans"]


def test_a_player_without_combos_counts_for_maps_only() -> None:
    rows = [row(1, ANN, 1, 10, 2, []), row(1, BOB, 2, 5, 2, [ORCS_FLY])]
    assert [s.key for s in combo_stats(rows, "race", 1)] == ["Orcs"]
    assert combo_stats(rows, "map", 1)[0].games == 2


def test_unknown_grouping_is_refused() -> None:
    with pytest.raises(ValueError):
        combo_stats(ROWS, "world", 1)


def test_extra_keys_and_tuples_are_accepted() -> None:
    rows = [
        {**row(1, ANN, 1, 10, 2, []), "combos": [("Orcs", "Flying")], "rated": True},
        {**row(1, BOB, 2, 5, 2, []), "combos": [("Orcs", "Hill")], "rated": True},
    ]
    assert [(s.key, s.games, s.wins) for s in combo_stats(rows, "race", 1)] == [("Orcs", 2, 1)]


# --- one player's combos -----------------------------------------------------------------


ANNS = [
    row(1, ANN, 1, 90, 3, [ORCS_FLY, ORCS_HILL]),
    row(2, ANN, 2, 60, 2, [ELVES_FLY]),
    row(3, ANN, 3, 40, 4, [ORCS_FLY, ORCS_FLY]),
    row(4, ANN, 1, 70, 3, [ELVES_FLY]),
    row(5, ANN, 2, 55, 3, [ELVES_FLY, RATS_HILL]),
    row(6, ANN, 3, 20, 3, [["Giants", "Swamp"]]),
]


def test_player_combos() -> None:
    favourite, best = player_combos(ANNS)
    # Flying Elves 3 games (1 win), Flying Orcs 2 (1 win; the double pick in game 3 is one
    # game), then Hill Orcs and Hill Ratmen and Swamp Giants 1 each: by name.
    assert favourite == [("Flying Elves", 3), ("Flying Orcs", 2), ("Hill Orcs", 1)]
    assert best == [
        ("Hill Orcs", 1, 1.0),
        ("Flying Orcs", 2, 0.5),
        ("Flying Elves", 3, 1 / 3),
    ]


def test_player_best_needs_min_games() -> None:
    _, best = player_combos(ANNS, min_games=2)
    assert best == [("Flying Orcs", 2, 0.5), ("Flying Elves", 3, 1 / 3)]
    _, best = player_combos(ANNS, min_games=3)
    assert best == [("Flying Elves", 3, 1 / 3)]
    favourite, best = player_combos(ANNS, min_games=4)
    assert best == []
    assert len(favourite) == 3


def test_player_best_leaves_out_combos_never_won() -> None:
    favourite, best = player_combos([row(1, ANN, 2, 10, 2, [ORCS_FLY])])
    assert favourite == [("Flying Orcs", 1)]
    assert best == []


def test_player_combos_of_nobody_and_of_several() -> None:
    assert player_combos([]) == ([], [])
    with pytest.raises(ValueError):
        player_combos(ROWS)


# --- head to head ------------------------------------------------------------------------


def test_head_to_head() -> None:
    # Ann and Bob: g1 Ann ahead, g2 Bob ahead, g3 Ann (3rd) ahead of Bob (4th).
    assert head_to_head(ROWS, ANN, BOB) == (3, 2, 1)
    assert head_to_head(ROWS, BOB, ANN) == (3, 1, 2)


def test_head_to_head_shared_place_counts_for_neither() -> None:
    assert head_to_head(ROWS, CAT, DAN) == (1, 0, 0)


def test_head_to_head_counts_only_games_both_played() -> None:
    # Dan played only game 3, where he shared first and Ann was third.
    assert head_to_head(ROWS, ANN, DAN) == (1, 0, 1)
    assert head_to_head(ROWS, ANN, 99) == (0, 0, 0)


def test_head_to_head_needs_two_players() -> None:
    with pytest.raises(ValueError):
        head_to_head(ROWS, ANN, ANN)
