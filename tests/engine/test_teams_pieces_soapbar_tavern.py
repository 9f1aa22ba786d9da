"""Rule tests for team play's Golden Soapbar (checklist T-R1) and Glandulf's Tavern (T-P1),
found for real in a 6-player team game on ``swu-6p`` (``helpers_team_pieces`` lists the map
facts), and for the team pieces joining the hidden stack.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, default_action, new_game, parse, view
from engine.core.board import mapdef
from engine.core.content import treasures
from engine.core.turns import start_turn

from .helpers import play, put, reveal, where_is
from .helpers_team_pieces import ADA, ALLY, ANN, BEN, BOB, ME, found, team_game, verbs
from .helpers_teams import SIX

TEAM_KEYS = {"soapbar", "tavern", "boneyard", "mirror"}


# --- the hidden stack -------------------------------------------------------------------------


def test_team_pieces_are_shuffled_with_the_underground_ones_in_team_games_only() -> None:
    """[TEAMS] "Shuffle the 4 Places & 1 Relic (along with others you may already own if
    playing with Small World Underground) and set them face down in a pile"; "draw as many as
    there are Monster occupied regions" [SWU p.2] (``swu-6p`` has 7)."""
    assert {k for k, t in treasures().items() if t.set == "teams"} >= TEAM_KEYS
    drawn: set[str] = set()
    for seed in range(1, 40):
        s = new_game(SIX, seed, world="underground", options={"teams": True})
        assert len(s.treasures) == 7
        drawn |= set(s.treasures)
        plain = new_game(SIX[:5], seed, world="underground")
        assert not TEAM_KEYS & set(plain.treasures)
    assert drawn >= TEAM_KEYS
    assert drawn - TEAM_KEYS  # shuffled with the Underground's own


# --- T-R1 the Golden Soapbar ------------------------------------------------------------------


def test_the_soapbar_pays_a_coin_then_moves_next_to_the_race_the_deadline_to_the_ally() -> None:
    """[TEAMS "The Golden Soapbar"] "At turn's end, collect 1 bonus Victory coin; you must then
    immediately move the Soapbar to a region adjacent to, but not occupied by, your active
    race. This region might be empty, ... occupied by some of your ally's troops". Both
    "adjacent to" and "occupied by" take "your active race" (ruling 76): any region next to
    one of Ann's, not the Soapbar's region alone."""
    s = found("soapbar", stage=lambda s: put(s, ADA, *ALLY, {23: 2}, active=True))
    assert not any(v.startswith("soapbar") for v in verbs(s))  # at the turn's end only
    play(s, "stop")
    offered = sorted(v for v in verbs(s) if v.startswith("soapbar"))
    # Ann holds 1 (the Soapbar's) and 5. Next to 1: 17, 23 (Ada's), 27; next to 5: 16, 17,
    # 21 (12 is a Chasm). 1 and 5 are Ann's active race's.
    assert offered == ["soapbar 16", "soapbar 17", "soapbar 21", "soapbar 23", "soapbar 27"]
    with pytest.raises(IllegalAction, match="Golden Soapbar"):
        play(s, "end")  # the move is owed first
    with pytest.raises(IllegalAction, match="region next to your active race"):
        play(s, "soapbar 5")
    with pytest.raises(IllegalAction, match="region next to your active race"):
        play(s, "soapbar 10")  # next to Ada's 23, not to Ann's race
    assert default_action(s) == parse("soapbar 23")  # the ally's region
    coins = s.players[ANN].coins
    play(s, "soapbar 21")  # next to Ann's 5, not to the Soapbar's 1
    assert s.players[ANN].coins == coins + 1
    assert where_is(s, "soapbar") == [21]
    moved = [e for e in s.events if e["kind"] == "soapbar"][-1]
    assert (moved["source"], moved["region"]) == (1, 21)
    # The coin is private; the move is public.
    assert all(e["kind"] != "bonus" for e in view(s)["events"])
    assert any(e["kind"] == "bonus" for e in view(s, ANN)["events"])
    assert not any(v.startswith("soapbar") for v in verbs(s))  # once
    play(s, "end")
    assert s.players[ANN].coins == coins + 1 + 2  # regions 1 and 5; the Soapbar has gone


def test_the_soapbar_never_goes_into_a_chasm_and_stays_with_nowhere_to_go() -> None:
    """[TEAMS] "The Soapbar just cannot be moved to a region occupied by your own active
    troops"; a Chasm is "inaccessible to the players" [SWU] (ruling 77). Ann's race alone on
    5: the Soapbar may go next to it, never into Chasm 12. With every region next to the race
    closed it stays, and the coin is still collected (ruling 76): here Ann's Kraken hold
    every region but the Chasms (the River too, which "you do not have to empty" [SWU p.11,
    Kraken])."""
    s = team_game()
    put(s, ANN, *ME, {5: 3}, hand=6)
    reveal(s, 5, "soapbar")
    start_turn(s, ANN)
    play(s, "stop")
    offered = {v for v in verbs(s) if v.startswith("soapbar")}
    assert "soapbar 12" not in offered and offered == {
        "soapbar 1",
        "soapbar 16",
        "soapbar 17",
        "soapbar 21",
    }
    full = team_game()
    lands = [r.id for r in mapdef(full).regions if not r.impassable]
    put(full, ANN, *ALLY, dict.fromkeys(lands, 1))
    reveal(full, 5, "soapbar")
    start_turn(full, ANN)
    play(full, "stop")
    assert sorted(v for v in verbs(full) if v.startswith("soapbar")) == ["soapbar 5"]
    coins = full.players[ANN].coins
    play(full, "soapbar 5")
    assert where_is(full, "soapbar") == [5] and full.players[ANN].coins == coins + 1


def test_the_soapbar_does_nothing_for_a_race_in_decline() -> None:
    """[TEAMS] "Relics & Places can never be used by Races that are In Decline, even Ghouls." """
    s = team_game()
    put(s, ANN, *ALLY, {5: 1}, decline=True)
    put(s, ANN, *ME, {21: 2})
    reveal(s, 5, "soapbar")
    start_turn(s, ANN)
    assert not any(v.startswith("soapbar") for v in verbs(s))
    play(s, "stop")
    assert not any(v.startswith("soapbar") for v in verbs(s))
    play(s, "end")
    assert where_is(s, "soapbar") == [5]


# --- T-P1 Glandulf's Tavern --------------------------------------------------------------------


def test_the_tavern_pays_two_coins_kept_by_default() -> None:
    """[TEAMS "Glandulf's Tavern"] "At turn's end, collect 2 bonus Victory coins." Sharing is
    the holder's choice: a deadline keeps them."""
    s = found("tavern")
    play(s, "stop")
    shares = [v for v in verbs(s) if v.startswith("tavern")]
    # Any other player, 1 or 2 coins, the ally first.
    assert shares[:2] == ["tavern 3 1", "tavern 3 2"] and len(shares) == 10
    assert default_action(s) == parse("end")
    coins = s.players[ANN].coins
    play(s, "end")
    assert s.players[ANN].coins == coins + 2 + 2  # regions 1 and 5, and the Tavern


def test_the_tavern_shares_its_coins_with_any_player_in_secret() -> None:
    """[TEAMS] "You can share these bonus coins (and these coins only) with the player of your
    choice, including but not limited to your Ally"; "Their individual stash of victory coins
    remains secret"."""
    s = found("tavern")
    play(s, "stop")
    mine, theirs = s.players[ANN].coins, s.players[BEN].coins
    play(s, "tavern 4 2")
    assert s.players[BEN].coins == theirs + 2
    with pytest.raises(IllegalAction, match="already shared"):
        play(s, "tavern 3 1")
    with pytest.raises(IllegalAction):
        play(s, "tavern 4 3")
    public = view(s)["events"]
    assert not any(e["kind"].startswith("tavern") for e in public)
    assert [e["coins"] for e in view(s, ANN)["events"] if e["kind"] == "tavern_give"] == [2]
    assert [e["giver"] for e in view(s, BEN)["events"] if e["kind"] == "tavern_gift"] == [ANN]
    assert not any(e["kind"] == "tavern_gift" for e in view(s, BOB)["events"])
    play(s, "end")
    assert s.players[ANN].coins == mine + 2  # the regions only: both Tavern coins given


def test_the_tavern_gives_nothing_on_a_decline_turn() -> None:
    """[TEAMS] "Relics & Places can never be used by Races that are In Decline"."""
    s = found("tavern")
    play(s, "stop", "end")
    from .helpers_team_pieces import defaults_until

    defaults_until(s, ANN)
    coins = s.players[ANN].coins
    play(s, "decline")
    assert s.players[ANN].coins == coins + 2  # regions 1 and 5, no Tavern
