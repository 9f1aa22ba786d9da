"""Rule tests for team play's Bony's Boneyard (checklist T-P2) and Mirror's Vale (T-P3), found
for real in a 6-player team game on ``swu-6p`` (``helpers_team_pieces`` lists the map facts).
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, default_action, parse, view
from engine.core.conquest import conquest_cost
from engine.core.state import GameState
from engine.core.turns import start_turn

from .helpers import play, put, reveal
from .helpers_team_pieces import (
    ADA,
    ALLY,
    ANN,
    BOB,
    CID,
    ME,
    defaults_until,
    found,
    team_game,
    verbs,
)

MUDMEN = ("Mudmen", "Mining")
SHROOMS = ("Shrooms", "Fisher")
OGRES = ("Ogres", "Stone")


def banners(s: GameState) -> None:
    """Bob's Mudmen In Decline hold 23 (next to Cid's Ogres in 10), Ann's Shrooms In Decline
    hold 21; Cid's Ogres hold 10 and 27 (both next to 23, 27 next to 1)."""
    put(s, BOB, *MUDMEN, {23: 1}, decline=True)
    put(s, ANN, *SHROOMS, {21: 1}, decline=True)
    put(s, CID, *OGRES, {10: 4, 27: 6})


# --- T-P2 Bony's Boneyard ---------------------------------------------------------------------


def test_bony_goes_at_once_on_an_in_decline_banner_of_the_occupiers_choice() -> None:
    """[TEAMS "Bony's Boneyard"] "As soon as your troops occupy the Boneyard, place Bony the
    Lich on one In Decline banner of your choice (your own, your ally's one of your
    enemies')." The choice comes first; a deadline takes the occupier's own banner."""
    s = found("boneyard", stage=banners)
    assert sorted(verbs(s)) == ["bony 21", "bony 23"]  # nothing else until Bony is placed
    assert default_action(s) == parse("bony 21")
    with pytest.raises(IllegalAction):
        play(s, "stop")
    play(s, "bony 23")
    assert s.bony == "Mudmen" and view(s)["bony"] == "Mudmen"
    told = [e for e in s.events if e["kind"] == "bony"][-1]
    assert (told["banner"], told["banner_seat"]) == ("Mudmen", BOB)
    assert not any(v.startswith("bony") for v in verbs(s))


def test_bonys_banner_is_immune_to_opponents_powers_but_not_to_conquest() -> None:
    """[TEAMS] Bony "makes all corresponding In Decline tokens on the board immune to any
    opponents' racial & special powers" (checklist: "Not immune to normal conquest"): the
    Ogres' discount ("conquer any Region with 1 less Ogre token" [SWU p.11]) does not apply,
    the plain conquest does."""
    s = found("boneyard", stage=banners)
    play(s, "bony 23", "stop", "end")
    defaults_until(s, CID)
    ogres = s.races["Ogres"]
    # Region 23: 2 + 1 token; no Ogre discount against Bony's Mudmen.
    assert conquest_cost(s, ogres, 23) == 3
    # Ann's Shrooms In Decline are not under Bony: the discount applies (21 is not next to
    # the Ogres, so only the price is checked).
    assert conquest_cost(s, ogres, 21) == 2
    play(s, "conquer 23")
    assert s.regions[23].race == "Ogres" and s.regions[23].tokens == 3
    assert "Mudmen" not in s.races and s.bony is None  # the banner left the board (ruling 81)


def test_bony_leaves_when_the_occupiers_go_in_decline() -> None:
    """[TEAMS] "If your troops occupying the Boneyard go In Decline ... Bony immediately
    abandons the In Decline banner he was protecting and goes back next to the board"."""
    s = found("boneyard", stage=banners)
    play(s, "bony 23", "stop", "end")
    defaults_until(s, ANN)
    assert s.bony == "Mudmen"
    play(s, "decline")
    assert s.bony is None
    told = s.last_events + s.events  # the decline ended Ann's turn
    assert any(e["kind"] == "bony_leaves" and e["why"] == "decline" for e in told)


def test_bony_leaves_when_the_occupiers_abandon_the_boneyard() -> None:
    """[TEAMS] "If your troops occupying the Boneyard ... abandon the region that contains it,
    Bony immediately abandons the In Decline banner"."""
    s = found("boneyard", stage=banners)
    play(s, "bony 23", "stop", "end")
    defaults_until(s, ANN)
    play(s, "abandon 1")
    assert s.bony is None
    assert not any(v.startswith("bony") for v in verbs(s))  # Ann no longer holds it


def test_bony_leaves_when_the_boneyard_is_conquered_and_the_new_occupier_chooses() -> None:
    """Ruling 80 (checklist RECOMMEND "also when the region is conquered"): Bony leaves the
    banner the old occupier chose, and "As soon as your troops occupy the Boneyard" the new
    occupier places him."""
    s = found("boneyard", stage=banners)
    play(s, "bony 21", "stop", "end")
    defaults_until(s, CID)
    assert s.bony == "Shrooms"
    play(s, "conquer 1")
    assert s.regions[1].race == "Ogres" and s.bony is None
    assert any(e["kind"] == "bony_leaves" and e["why"] == "conquered" for e in s.events)
    assert sorted(verbs(s)) == ["bony 21", "bony 23"]
    play(s, "bony 23")
    assert s.bony == "Mudmen"


def test_with_no_banner_in_decline_bony_waits() -> None:
    """Ruling 79: with no In Decline banner on the board, Bony has nowhere to go: nothing is
    forced, and he is placed as soon as a banner is in play on the occupier's turn."""
    s = found("boneyard")
    assert "stop" in verbs(s) and not any(v.startswith("bony") for v in verbs(s))
    assert s.bony is None


# --- T-P3 Mirror's Vale ---------------------------------------------------------------------


def test_mirrors_vale_swaps_powers_with_the_ally_at_turn_start_pieces_to_hand() -> None:
    """[TEAMS "Mirror's Vale"] "At turn start, you may exchange your Special Power with the
    Special Power of your ally. If any of the two powers thus swapped have tokens on the board
    ... these tokens are immediately removed from the board and placed into their new owner's
    hand, ready to play." Optional: a deadline never swaps."""

    def ally(s: GameState) -> None:
        put(s, ADA, "Kraken", "Bivouacking", {23: 3}).camps_free = 5

    s = found("mirror", stage=ally)
    assert "mirror" not in verbs(s)  # at the start of the turn only
    play(s, "stop", "end")
    defaults_until(s, ANN)
    assert sum(r.markers.get("camp", 0) for r in s.regions) == 5  # Ada placed them
    assert "mirror" in verbs(s) and default_action(s) != parse("mirror")
    play(s, "mirror")
    ann, ada = s.races["Shadow Mimes"], s.races["Kraken"]
    assert (ann.power, ada.power) == ("Bivouacking", "Immortal")
    assert sum(r.markers.get("camp", 0) for r in s.regions) == 0
    assert (ann.camps_free, ada.camps_free) == (5, 0)
    told = [e for e in view(s)["events"] if e["kind"] == "mirror"][-1]
    assert (told["gave"], told["got"], told["ally"]) == ("Immortal", "Bivouacking", ADA)
    assert "mirror" not in verbs(s)  # once a turn


def test_mirrors_vale_needs_an_ally_with_an_active_power_and_no_conquest_yet() -> None:
    """Ruling 82 (checklist RECOMMEND "both players need an active power"); "At turn start":
    not after a conquest or an abandonment."""
    s = team_game()
    put(s, ANN, *ME, {5: 2, 1: 2})
    reveal(s, 1, "mirror")
    start_turn(s, ANN)
    assert "mirror" not in verbs(s)  # Ada has no race
    s2 = team_game()
    put(s2, ANN, *ME, {5: 2, 1: 2})
    put(s2, ADA, *ALLY, {23: 2})
    reveal(s2, 1, "mirror")
    start_turn(s2, ANN)
    assert "mirror" in verbs(s2)
    play(s2, "abandon 5")
    assert "mirror" not in verbs(s2)
    with pytest.raises(IllegalAction, match="start of your turn"):
        play(s2, "mirror")


def test_bony_waiting_is_placed_once_a_banner_is_in_decline_on_the_occupiers_turn() -> None:
    """Ruling 79: "As soon as your troops occupy the Boneyard, place Bony ... on one In Decline
    banner": with none in play he waits, and the occupier places him at the start of the
    first of its turns where one is (here Ada's, declined on her turn); the view shows him."""
    s = found("boneyard", stage=lambda s: put(s, ADA, *ALLY, {23: 2}))
    play(s, "stop", "end")
    defaults_until(s, ADA)
    play(s, "decline")
    defaults_until(s, ANN)
    assert verbs(s) == ["bony 23"]
    play(s, "bony 23")
    assert view(s)["bony"] == "Kraken" and view(s, BOB)["bony"] == "Kraken"


def test_a_swapped_dragon_leaves_the_board_for_its_new_owner_to_send_again() -> None:
    """[TEAMS "Mirror's Vale"] the swapped powers' "tokens are immediately removed from the
    board and placed into their new owner's hand, ready to play" (ruling 83): the Dragon
    leaves its region and the new Dragon Master may send it this very turn."""

    def ally(s: GameState) -> None:
        put(s, ADA, "Kraken", "Dragon Master", {23: 3})
        s.regions[23].markers["dragon"] = 1

    s = found("mirror", stage=ally)
    play(s, "stop", "end")
    defaults_until(s, ANN)
    assert sum(r.markers.get("dragon", 0) for r in s.regions) == 1
    play(s, "mirror")
    assert sum(r.markers.get("dragon", 0) for r in s.regions) == 0
    assert s.races["Shadow Mimes"].power == "Dragon Master"
    assert any(v.startswith("dragon") for v in verbs(s))
