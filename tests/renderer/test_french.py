"""Pictures in French: the board's legend and key, the combos panel, the score sheet, the
replay captions and the league pictures write their words in the language spoken (the
caller's ``speaking``), read back through the texts each picture records; English stays as
it was, and a picture drawn in one language is never served from a cache in the other.

The game's names (races, powers, terrains) are the names catalog's, filled in elsewhere:
these tests assert the renderer's own words, and the race initials on the tokens.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game, view
from engine.simulate import random_game
from lang import speaking, tr
from renderer import combos
from renderer.board import compose
from renderer.combos import compose_combos
from renderer.demo import demo_seed, midgame, stage_markers
from renderer.league import compose_standings
from renderer.palette import initials
from renderer.player_card import compose_card
from renderer.replay import caption
from renderer.sheet import compose_final

pytestmark = pytest.mark.usefixtures("compiled")


@pytest.fixture(scope="module")
def compiled() -> None:
    """The French catalog must be compiled (``python -m lang compile``, as scripts/test does)."""
    with speaking("fr"):
        if tr("taken this turn") == "taken this turn":
            pytest.fail("no compiled French catalog: run `python -m lang compile`")


@pytest.fixture(scope="module")
def board_view() -> dict[str, Any]:
    """A real mid-game board with every race marker and the three marks of a turn."""
    v = view(stage_markers(midgame(4, demo_seed(4))))
    v["marks"] = {"taken": {"0": 0}, "lost": ["1"], "costs": {"2": 3}}
    return v


def words(composed: Any) -> list[str]:
    return [t.text for t in composed.texts]


def inside(composed: Any) -> None:
    """Every text lies inside the picture: nothing overflows its right edge."""
    width = composed.image.width
    for t in composed.texts:
        assert t.box[0] >= 0 and t.box[2] <= width, (t.text, t.box, width)


def test_the_legend_and_key_are_in_french_and_english_is_unchanged(
    board_view: dict[str, Any],
) -> None:
    v = board_view
    with speaking("fr"):
        fr = words(compose(v))
    en = words(compose(v))
    # The key: the marks of the turn, a race in decline, the Halflings' hole.
    for label in ("prise ce tour", "laissée vide ce tour", "pions pour conquérir", "en déclin"):
        assert label in fr
    assert "Tanière" in fr
    # The legend: the turn track and each active race's tokens.
    assert f"Tour {v['round']} / {v['turns']}" in fr
    assert any(t.endswith(" sur le plateau") for t in fr)
    for label in ("taken this turn", "left empty this turn", "tokens to conquer", "in decline"):
        assert label in en and label not in fr
    assert "Hole" in en
    assert f"Turn {v['round']} / {v['turns']}" in en
    assert any(t.endswith(" on the board") for t in en)


def test_the_key_is_cached_per_language(board_view: dict[str, Any]) -> None:
    # Drawn in English, then French, then English again: the cached key (the same board)
    # follows the language each time.
    assert "taken this turn" in words(compose(board_view))
    with speaking("fr"):
        assert "prise ce tour" in words(compose(board_view))
    assert "taken this turn" in words(compose(board_view))
    with speaking("fr"):
        assert "prise ce tour" in words(compose(board_view))


def test_the_combos_panel_is_in_french() -> None:
    v = view(new_game(["A", "B", "C"], 2))
    v["market"][1]["coins"] = 3
    with speaking("fr"):
        composed = compose_combos(v)
    fr = words(composed)
    assert "Combinaisons disponibles" in fr
    assert fr.count("pions") == 6
    assert "gratuit" in fr and "prix" in fr and "jeton" in fr and "jetons" in fr
    assert "dessus" in fr
    assert any(t.startswith("Prix : 1 jeton sur chaque combinaison") for t in fr)
    inside(composed)
    en = words(compose_combos(v))
    assert "Combos for sale" in en and "free" in en and "on it" in en
    assert en.count("tokens") == 6 and "coin" in en and "coins" in en


def test_the_combos_panel_names_the_race_first_where_the_language_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    v = view(new_game(["A", "B", "C"], 2))
    first = v["market"][0]

    def tops(composed: Any) -> tuple[int, int]:
        race = next(t for t in composed.texts if t.text == first["race"])
        power = next(t for t in composed.texts if t.text == first["power"])
        return race.box[1], power.box[1]

    race_y, power_y = tops(compose_combos(v))
    assert power_y < race_y  # English: "Forest / Elves"
    # A language whose combo reads race first ("Elfes des Forêts") puts the race on top.
    monkeypatch.setattr(combos.names, "combo", lambda race, power: f"{race} {power}")
    race_y, power_y = tops(compose_combos(v))
    assert race_y < power_y


def test_the_tokens_carry_french_initials() -> None:
    assert initials("Ghouls") == "Gh" and initials("Halflings") == "Ha"
    with speaking("fr"):
        assert initials("Ghouls") == "Zo"  # Zombies
        assert initials("Halflings") == "MP"  # Mi-portions
        assert initials("Lost Tribe") == "TO"  # Tribu oubliée
        assert initials("Wizards") == "Ma"  # Mages
    assert initials("Lost Tribe") == "LT"


def test_the_score_sheet_is_in_french() -> None:
    v = view(random_game(4, 4).state, None)
    result = v["result"]
    with speaking("fr"):
        composed = compose_final(v)
    fr = words(composed)
    ranking = result["ranking"]
    winner = ranking[0]["name"]
    assert f"Vainqueur : {winner}" in fr
    assert f"Partie terminée après {v['turns']} tours" in fr
    assert "Jetons après chaque tour" in fr and "tour" in fr
    for row in ranking:
        assert f"{row['coins']} jetons" in fr
        assert f"{row['tokens']} pions en jeu" in fr
    inside(composed)
    en = words(compose_final(v))
    assert f"Winner: {winner}" in en
    assert f"Game over after {v['turns']} turns" in en
    for row in ranking:
        assert f"{row['coins']} coins" in en
        assert f"{row['tokens']} tokens on board" in en


def test_replay_captions_are_in_french() -> None:
    v = view(new_game(["Ann", "Bob"], 1))
    with speaking("fr"):
        assert caption(v, 0, 5) == f"1/5 · tour {v['round']}/{v['turns']} · à Ann de jouer"
    assert caption(v, 0, 5) == f"1/5 · turn {v['round']}/{v['turns']} · Ann to play"


def test_the_league_pictures_are_in_french() -> None:
    data = {
        "title": "Saison 3",
        "page": 1,
        "pages": 2,
        "rows": [{"rank": 1, "name": "Ann", "rating": 1610, "games": 12, "wins": 5}],
        "provisional": [{"rank": None, "name": "Bob", "rating": 1500, "games": 2, "wins": 1}],
        "threshold": 5,
    }
    with speaking("fr"):
        standings = compose_standings(data)
        card = compose_card(
            {
                "name": "Ann",
                "rating": 1610,
                "rank": None,
                "games": 12,
                "wins": 5,
                "head_to_head": {"opponent": "Bob", "games": 3, "ahead": 2, "behind": 1},
            }
        )
    fr = words(standings)
    for label in ("Joueur", "Cote", "Parties", "Victoires", "Page 1 / 2"):
        assert label in fr
    assert "Provisoires (moins de 5 parties)" in fr
    inside(standings)
    fr = words(card)
    for label in ("Face-à-face", "contre Bob", "en 3 parties", "devant 2", "derrière 1"):
        assert label in fr
    assert "non classé" in fr and "42 % gagnées" in fr
    assert "Provisional (fewer than 5 games)" in words(compose_standings(data))
