"""Using a Relic or a Place is the player's choice [SWU p.14]: "Using a Relic's power is always
optional", "Using a Popular Place's power is always optional" (FR "Il n'est jamais obligatoire
d'utiliser un Lieu Légendaire"). Where a Place works by itself its owner may forgo it for the
turn; where using it could only cost its holder, the engine does not use it (docs/rulings.md,
ruling 70). Same staging and map facts as the Relic tests (``helpers_treasures``).
"""

from __future__ import annotations

from engine import default_action, legal_actions
from engine.core.board import tray
from engine.core.state import GameState
from engine.core.view import label
from engine.worlds.underground.places import Forgo, TakeFountainToken

from .helpers import cost, owned, pass_turns, play, put, texts
from .helpers_treasures import FOE, ME, end_turn_gain, found, refused
from .test_treasures_places import declined_with

# --- the Fountain of Youth: the player's token, taken by a deadline --------------------------


def _fountain_turn() -> GameState:
    """P1 found the Fountain last turn; P1's next turn has just begun (troops readied)."""
    s = found("fountain")
    play(s, "stop", "end")
    pass_turns(s, 0)
    return s


def test_the_fountain_token_is_offered_at_the_start_of_the_turn_only() -> None:
    """[SWU p.15] "At the start of his turn, the player ... receives 1 bonus Race token": once
    the turn has started to expand (a conquest), the start of the turn is over."""
    s = _fountain_turn()
    assert TakeFountainToken() in legal_actions(s)
    assert label(s, TakeFountainToken()).startswith("Take the Fountain of Youth's bonus token")
    target = next(t for t in texts(s) if t.startswith("conquer "))
    play(s, target)
    refused(s, "fountain", "start of your turn")


def test_a_deadline_takes_the_fountain_token_before_stopping() -> None:
    """The token is a free gain ("Using a Popular Place's power is always optional" [SWU
    p.14], and no one would leave it): the deadline's first default takes it, the next stops."""
    s = _fountain_turn()
    left = tray(s, ME[0])
    first = default_action(s)
    assert first == TakeFountainToken()
    play(s, first)
    assert tray(s, ME[0]) == left - 1
    assert default_action(s) is not None and default_action(s).text == "stop"


def test_the_fountain_is_not_offered_to_a_race_in_decline() -> None:
    """[SWU p.14] "Popular Places' powers cannot be used by Races that are In Decline"."""
    s = declined_with("fountain", {8: 2}, at=8)
    assert TakeFountainToken() not in legal_actions(s)


# --- the Places that pay by themselves may be forgone ----------------------------------------


def test_the_mines_coins_are_taken_unless_the_player_forgoes_them() -> None:
    """[SWU p.15] "the player whose troops occupy the Mine of the Lost Dwarf's Region collects 2
    bonus Victory coins"; [SWU p.14] "Using a Popular Place's power is always optional": doing
    nothing takes them, ``forgo`` gives them up for this turn only."""
    s = found("lost_mine")
    assert "forgo 8" in texts(s)
    assert label(s, Forgo(8)) == "Forgo the Mine of the Lost Dwarf this turn · 2 coins fewer"
    assert default_action(s) is not None and default_action(s).text == "stop"
    play(s, "forgo 8")
    assert "forgo 8" not in texts(s)
    told = [e for e in s.events if e["kind"] == "forgo"]
    assert told == [{"kind": "forgo", "seat": 0, "race": ME[0], "place": "lost_mine", "region": 8}]
    assert end_turn_gain(s) == 2  # regions 5 and 8, no Mine coins
    pass_turns(s, 0)
    assert "forgo 8" in texts(s)  # the next turn it works again
    assert end_turn_gain(s) == 2 + 2


def test_the_mine_is_forgone_during_redeployment_too_and_never_by_a_deadline() -> None:
    """The choice stays open until the turn ends (the coins come "at the end of his turn")."""
    s = found("lost_mine")
    play(s, "stop")
    assert "forgo 8" in texts(s)
    assert default_action(s) is not None and default_action(s).text == "end"
    play(s, "forgo 8")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 2


def test_an_in_decline_race_s_diamond_fields_may_be_forgone_on_its_owner_s_turn() -> None:
    """[SWU p.15] "The Diamond Fields function even when the troops that occupy it are In
    Decline": their owner may still do without them on his turn."""
    s = declined_with("diamonds", {8: 1, 16: 1, 5: 1}, at=8)
    assert label(s, Forgo(8)) == "Forgo the Diamond Fields this turn · 2 coins fewer"
    play(s, "forgo 8")
    assert end_turn_gain(s) == 1 + 3  # Mummies on 0, three declined regions, no Mudpool bonus


def test_forgoing_the_keep_gives_up_its_coin_and_the_scepter_then_doubles_no_keep_coin() -> None:
    """[SWU p.15] "The Keep on the Motherland is worth 1 bonus Victory coin"; the Scepter
    doubles "the number of Victory coins collected from that Region": a forgone Keep pays
    nothing there to double."""
    s = found("keep")
    play(s, "forgo 8")
    assert end_turn_gain(s) == 2


def test_a_forgo_is_refused_where_no_place_of_yours_works_by_itself() -> None:
    """Only a Place of the player's that works by itself can be forgone."""
    s = found("lost_mine")
    refused(s, "forgo 5", "holds no Place of yours")


# --- where using a Place could only cost its holder, it is not used ----------------------------


def test_the_keep_does_not_defend_against_its_own_player() -> None:
    """[SWU p.15] "The Keep also augments that Region's defense by 1" — a power of its
    occupant, whose use "is always optional" [SWU p.14]: the player does not use it against
    his own active race, which takes its declined Keep region for 1 token less than an
    opponent pays."""
    s = declined_with("keep", {5: 1}, at=5)  # Mummies on 0, next to 5
    put(s, 1, *FOE, {11: 1})
    assert cost(s, "Mummies", 5) == 2 + 1 + 1  # 1 declined token, Mummies +1, no Keep
    assert cost(s, "Kraken", 5) == 2 + 1 + 1  # 1 token and the Keep
    hand = s.races["Mummies"].hand
    play(s, "conquer 5")
    assert s.races["Mummies"].hand == hand - 4 and owned(s, "Mummies")[5] == 4


def test_the_pipe_never_costs_a_quarreling_set_but_joins_a_flock() -> None:
    """[SWU p.15] the Pipe makes the regions of its terrain "adjacent, for the player's whose
    Troops occupy that Region"; Quarreling pays "for each separate set of Regions", Flocking
    "if all of your Regions form a single set". Using the Pipe is optional [SWU p.14]: it
    links Mudpools 8 and 16 for Flocking, and not for Quarreling. Regions 5 and 8 border."""
    quarrel = found("pipe", race=(ME[0], "Quarreling"), at={5: 1, 16: 1})
    assert end_turn_gain(quarrel) == 3 + 2  # {5, 8} and {16}
    flock = found("pipe", race=(ME[0], "Flocking"), at={5: 1, 16: 1})
    assert end_turn_gain(flock) == 3 + 2  # one set through the Pipe
