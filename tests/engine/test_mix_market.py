"""Mixed markets: one market of both worlds' races and powers, and what is taken out of it
before the start (rulings 98, 105-110).

[SWU "Compatibility with Small World"] "you can easily mix and match elements from both
games, taking some Small World races underground or bringing some underground races to the
surface", and "Powers and effects that make no sense (because they were linked to a Terrain
type that no longer exists, or because they are linked to Relics or Places when those are
not in play) do not apply and must be taken out of the game before start."
"""

from __future__ import annotations

import io

import pytest

from engine import new_game, view
from engine.console.cli import main
from engine.core.abilities import POWERS, RACES
from engine.core.content import powers, races
from engine.core.fitting import taken_out
from engine.core.rulesets import RULESETS, RuleSet, game_sets, player_counts
from engine.core.worlds import WORLDS
from engine.rulesets.mix import removed

from .helpers_mix import MIX

#: What each world takes out of a mixed market with no Relics or Places added, and why.
TAKEN_OUT = {
    # Terrains and symbols no Underground region is or counts as.
    "underground": {"Humans", "Hill", "Mounted", "Underworld"},
    # No Chasm, no Volcano on the surface; no Relic or Place in play there.
    "surface": {"Flames", "Spiderines", "Adventurous", "Magic"},
}

#: Some of the reasons given.
REASONS = {
    "underground": {
        "Underworld": "Cavern: none in Small World Underground",
        "Mounted": "Hill or Farmland: none in Small World Underground",
    },
    "surface": {
        "Flames": "Volcano: none in Small World",
        "Adventurous": "no Popular Places in play",
        "Magic": "no Righteous Relics in play",
    },
}


def _names(s) -> tuple[set[str], set[str]]:
    """Every banner and badge of the game: the stacks, the market, and the races in play."""
    banners = {*s.race_stack, *(c.race for c in s.market), *s.races}
    badges = {*s.power_stack, *s.power_discard, *(c.power for c in s.market)}
    return banners, badges


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_one_market_holds_both_worlds(world: str) -> None:
    """Both sets' banners and badges are shuffled into the stacks, less those taken out."""
    s = new_game(["A", "B", "C"], 1, world=world, options=MIX)
    banners, badges = _names(s)
    out = TAKEN_OUT[world]
    assert banners == {n for n in races() if n not in out}
    assert badges == {n for n in powers() if n not in out}
    assert {races()[n].set for n in banners} == {"base", "underground"}
    assert {powers()[n].set for n in badges} == {"base", "underground"}


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_without_the_option_the_world_keeps_its_own(world: str) -> None:
    s = new_game(["A", "B", "C"], 1, world=world)
    own = WORLDS[world].content_set
    banners, badges = _names(s)
    assert banners == {n for n, d in races().items() if d.set == own}
    assert badges == {n for n, d in powers().items() if d.set == own}


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_what_makes_no_sense_is_taken_out_and_shown(world: str) -> None:
    """Each banner or badge linked only to what the world lacks is out, with its reason,
    which everyone sees in the view."""
    s = new_game(["A", "B"], 1, world=world, options=MIX)
    out = removed(s)
    assert set(out) == TAKEN_OUT[world]
    assert view(s)["rulesets"]["mix"]["taken_out"] == out
    for name, why in REASONS[world].items():
        assert out[name] == why


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_a_world_keeps_all_of_its_own_content(world: str) -> None:
    """A world always makes sense of its own banners and badges: a one-world game, the
    printed game, loses nothing."""
    w = WORLDS[world]
    assert taken_out(w, game_sets(w.content_set, {})) == {}


def test_every_need_names_a_terrain_or_symbol_of_some_world() -> None:
    known = set().union(*(w.terrains | w.features for w in WORLDS.values()))
    for ability in (*RACES.values(), *POWERS.values()):
        assert set(ability.needs) <= known, ability.name
        assert set(ability.needs_treasures) <= {"place", "relic"}, ability.name


def test_relics_and_places_in_play_on_the_surface_keep_their_powers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "... linked to Relics or Places when those are not in play": with another option that
    puts the Underground's Relics and Places on the surface (its ``treasure_sets``),
    Adventurous and Magic stay in the market."""
    monkeypatch.setitem(
        RULESETS,
        "test_treasures",
        RuleSet(name="test_treasures", players=(), treasure_sets=lambda _: ("underground",)),
    )
    s = new_game(["A", "B"], 1, world="surface", options={**MIX, "test_treasures": True})
    assert set(removed(s)) == {"Flames", "Spiderines"}
    _, badges = _names(s)
    assert {"Adventurous", "Magic"} <= badges


def test_any_player_count_and_six_with_teams() -> None:
    """Mixed markets change no player count: 2 to 5, and 6 with team play."""
    assert player_counts(MIX) == (2, 3, 4, 5)
    assert player_counts({**MIX, "teams": True}) == (6,)
    for n in (2, 5):
        assert len(new_game([f"P{i}" for i in range(n)], 1, options=MIX).players) == n
    with pytest.raises(ValueError, match="2 to 5 players"):
        new_game([f"P{i}" for i in range(6)], 1, options=MIX)
    s = new_game([f"P{i}" for i in range(6)], 1, options={**MIX, "teams": True})
    assert s.turns == 8
    banners, _ = _names(s)
    assert {races()[n].set for n in banners} == {"base", "underground"}


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_simulate_plays_mixed_games(world: str) -> None:
    """``python -m engine simulate --mix`` plays random mixed-market games."""
    out = io.StringIO()
    argv = ["simulate", "--players", "3", "--games", "2", "--world", world, "--mix"]
    assert main(argv, stdout=out) == 0
    assert out.getvalue().startswith("games=2 games_per_s=")
