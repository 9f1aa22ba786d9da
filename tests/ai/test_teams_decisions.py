"""The AI's team decisions [TEAMS] (``ai.teamplay``): every level decides the Monsters at setup,
the Golden Soapbar's move, Glandulf's Tavern's gift, Bony's banner, Mirror's Vale's swap, the
Sigil of Sacrifice's mode, answers and standing order, and each choice is the sensible one
where it is clear.

Every position is reached by real play from ``new_game`` (``apply``/``legal_actions``): the
piece positions through the engine's own staging for the team pieces
(``tests.engine.helpers_team_pieces``: a position put before Ann's turn starts, the piece
discovered by a real conquest; ``tests.engine.helpers_sigil``: the Sigil's opening).
Seats: 0 Ann (A1), 1 Bob (B1), 2 Cid (C1), 3 Ada (A2, Ann's ally), 4 Ben (B2), 5 Cy (C2).
"""

from __future__ import annotations

import pytest

from ai import make_player
from ai.teamplay import depth
from engine import Action, GameState, apply, default_action, legal_actions, new_game, parse, to_act
from engine.core.state import SETUP
from engine.rulesets.monsters import PlaceMonsters
from engine.rulesets.teams.pieces import ShareTavern
from engine.rulesets.teams.sigil import SigilOrder, standing_order
from tests.engine.helpers import play, put
from tests.engine.helpers_sigil import defaults_until, sigil_opening, to_seat_4
from tests.engine.helpers_sigil import play as play_as
from tests.engine.helpers_team_pieces import ADA, ALLY, ANN, BOB, CID, found, verbs
from tests.engine.helpers_team_pieces import defaults_until as pieces_until
from tests.engine.helpers_teams import SIX

LEVELS = ("easy", "normal", "hard")


def choices(s: GameState, levels: tuple[str, ...] = LEVELS) -> dict[str, str]:
    """What each level (small search budgets) chooses for the seat to act, as text."""
    seat = to_act(s)
    assert seat is not None
    out = {}
    for level in levels:
        a = make_player(level, seed=7, iterations=2).choose(s, seat)
        assert a in legal_actions(s, seat)
        out[level] = a.text
    return out


def only(s: GameState, levels: tuple[str, ...] = LEVELS) -> str:
    """The one choice every level makes here."""
    found_ = set(choices(s, levels).values())
    assert len(found_) == 1, found_
    return found_.pop()


# --- setup: the Monsters ------------------------------------------------------------------


def test_monsters_go_deep_unless_the_ally_opens_the_game() -> None:
    # [TEAMS "Setup"] "before the first turn, all players except the first one should place 1
    # Monster token in the Lost Tribe regions of their choice": B1, C1, A2, B2, C2. A Monster
    # adds 1 to the region's defence and hides a Place or Relic for its first conqueror; the
    # first movers come in at the edge. B1 and C1 have an enemy (A1) moving first: the lair
    # farthest from the edge. A2's ally A1 opens the game: an edge lair, a prize for A1.
    s = new_game(SIX, 1, world="surface", options={"teams": True})
    dist = depth(s)
    picked: dict[int, int] = {}
    ais = [make_player("easy", seed=k) for k in range(6)]
    while s.turn.phase == SETUP:
        seat = to_act(s)
        assert seat is not None
        lairs = [a.region for a in legal_actions(s, seat) if isinstance(a, PlaceMonsters)]
        text = only(s)
        rid = parse(text).region
        if seat == ADA:
            assert dist[rid] == min(dist[r] for r in lairs)
        else:
            assert dist[rid] == max(dist[r] for r in lairs)
        picked[seat] = rid
        apply(s, seat, ais[seat].choose(s, seat))
    assert sorted(picked) == [1, 2, 3, 4, 5]
    assert dist[picked[BOB]] > dist[picked[ADA]]
    # Not the deadline's choice (the lowest id): B1 decided.
    first = new_game(SIX, 1, world="surface", options={"teams": True})
    assert default_action(first) != parse(only(first))


# --- the Golden Soapbar -------------------------------------------------------------------


def test_the_soapbar_goes_to_the_allys_race() -> None:
    # [TEAMS "The Golden Soapbar"] "move the Soapbar to a region adjacent to, but not occupied
    # by, your active race. This region might be ... occupied by some of your ally's troops":
    # the ally collects its coin at the end of its own turn. Ann holds 1 (the Soapbar's) and
    # 5; any region next to either is open (ruling 76).
    s = found("soapbar", stage=lambda s: put(s, ADA, *ALLY, {23: 2}, active=True))
    play(s, "stop")
    assert sorted(v for v in verbs(s) if v.startswith("soapbar")) == [
        "soapbar 16",
        "soapbar 17",
        "soapbar 21",
        "soapbar 23",
        "soapbar 27",
    ]
    assert only(s) == "soapbar 23"
    # Ada's race on 21, next to Ann's 5 and not to the Soapbar's 1: there it goes too.
    s = found("soapbar", stage=lambda s: put(s, ADA, *ALLY, {21: 2}, active=True))
    play(s, "stop")
    assert only(s) == "soapbar 21"


def test_the_soapbar_never_goes_to_an_enemys_active_race_when_anything_else_borders() -> None:
    # An enemy's active race would collect the coin next turn; a race In Decline cannot use
    # a Relic [TEAMS "Relics & Places can never be used by Races that are In Decline"]. Next
    # to Ann's 1 and 5: Bob's active Kraken on 16, 17, 21 and 27, Cid's Mudmen In Decline
    # on 23.
    def stage(s: GameState) -> None:
        put(s, BOB, "Kraken", "Stone", {16: 2, 17: 2, 21: 2, 27: 2}, active=True)
        put(s, CID, "Mudmen", "Mining", {23: 1}, decline=True)

    s = found("soapbar", stage=stage)
    play(s, "stop")
    assert default_action(s) == parse("soapbar 16")  # the deadline: lowest id
    assert only(s) == "soapbar 23"


# --- Glandulf's Tavern --------------------------------------------------------------------


def test_the_tavern_gives_to_the_ally_the_ai_believes_lower_and_keeps_otherwise() -> None:
    # [TEAMS "Glandulf's Tavern"] "You can share these bonus coins ... with the player of your
    # choice, including but not limited to your Ally"; [TEAMS "End of the Game"] the team
    # scores its lower member. Ada holds nothing: as far as Ann can know, Ada is the lower.
    s = found("tavern")
    play(s, "stop")
    assert only(s) == "tavern 3 2"
    # Ada holds six regions: her estimated purse and income put her ahead; Ann keeps them.
    rich = {23: 2, 27: 2, 10: 2, 19: 2, 6: 2, 8: 2}
    s = found("tavern", stage=lambda s: put(s, ADA, *ALLY, rich, active=True))
    play(s, "stop")
    kept = choices(s)
    assert not any(t.startswith("tavern") for t in kept.values()), kept


def test_the_tavern_gift_never_reads_the_allys_real_purse() -> None:
    # [TEAMS] "Their individual stash of victory coins remains secret and should not be
    # shared with their partner": the same choice whatever Ada really has.
    seen = set()
    for coins in (0, 5, 200):
        s = found("tavern")
        play(s, "stop")
        s.players[ADA].coins = coins
        seen.add(tuple(choices(s).values()))
    assert len(seen) == 1


def test_the_tavern_never_gives_to_an_enemy() -> None:
    # Ann far ahead of everyone: a gift still goes only to her ally, whatever the enemies hold.
    s = found("tavern")
    play(s, "stop")
    for level, text in choices(s).items():
        a = parse(text)
        assert not isinstance(a, ShareTavern) or a.seat == ADA, level


# --- Bony's Boneyard ----------------------------------------------------------------------


def test_bony_protects_the_teams_banner_most_at_risk() -> None:
    # [TEAMS "Bony's Boneyard"] "place Bony the Lich on one In Decline banner of your choice
    # (your own, your ally's one of your enemies')": Ann's Shrooms In Decline (21) have no
    # enemy next door; Ada's Mudmen In Decline (23) sit next to Cid's active Ogres (10, 27).
    def stage(s: GameState) -> None:
        put(s, ANN, "Shrooms", "Fisher", {21: 1}, decline=True)
        put(s, ADA, "Mudmen", "Mining", {23: 1}, decline=True)
        put(s, CID, "Ogres", "Stone", {10: 4, 27: 6})

    s = found("boneyard", stage=stage)
    assert sorted(verbs(s)) == ["bony 21", "bony 23"]
    assert default_action(s) == parse("bony 21")  # the deadline: the occupier's own
    assert only(s) == "bony 23"


def test_bony_never_protects_an_enemy_when_a_team_banner_is_in_play() -> None:
    def stage(s: GameState) -> None:
        put(s, BOB, "Mudmen", "Mining", {23: 1}, decline=True)
        put(s, ANN, "Shrooms", "Fisher", {21: 1}, decline=True)
        put(s, CID, "Ogres", "Stone", {10: 4, 27: 6})

    s = found("boneyard", stage=stage)
    assert only(s) == "bony 21"


# --- Mirror's Vale ------------------------------------------------------------------------


def mirror_turn(ann: dict[int, int], ada: dict[int, int]) -> GameState:
    """Ann (Immortal) holds ``ann`` and finds Mirror's Vale; Ada's Kraken (Mining: +1 coin a
    Mine [SWU]) hold ``ada``; play to Ann's next turn start, where the swap is offered."""
    s = found("mirror", at=ann, stage=lambda s: put(s, ADA, "Kraken", "Mining", ada))
    play(s, "stop", "end")
    pieces_until(s, ANN)
    assert "mirror" in verbs(s)
    return s


def test_mirror_swaps_when_the_team_gains() -> None:
    # [TEAMS "Mirror's Vale"] "At turn start, you may exchange your Special Power with the
    # Special Power of your ally". Ann holds four Mines, Ada none: Mining pays Ann 4 a turn
    # and costs Ada nothing.
    s = mirror_turn({5: 2, 17: 2, 10: 2, 7: 2, 18: 2}, {23: 2})
    assert default_action(s) != parse("mirror")  # a deadline never swaps
    assert make_player("easy", seed=7).choose(s, ANN) == parse("mirror")


def test_mirror_keeps_the_powers_when_the_ally_would_lose() -> None:
    # Ada holds the four Mines: the swap would cost her 4 a turn and pay Ann nothing.
    s = mirror_turn({5: 2}, {17: 2, 10: 2, 7: 2, 18: 2})
    for seed in range(3):
        assert make_player("easy", seed=seed).choose(s, ANN) != parse("mirror")


# --- the Sigil of Sacrifice ---------------------------------------------------------------


def test_the_sigil_mode_names_no_enemy_and_asks_the_holders_own_race_in_decline() -> None:
    # [TEAMS "Sigil of Sacrifice"] "ask another race to take losses in your stead ... (and
    # could be yourself, if you're willing to sacrifice your own In Decline race!)": the
    # cheapest tokens to lose, and the holder answers for them.
    s = sigil_opening(mode=None)
    assert to_act(s) == 3
    # No race In Decline yet: no mode (an active race's token is worth one of the team's).
    assert only(s) == "sigil 0 0 0"
    play_as(s, 3, "sigil 1 0 0")
    to_seat_4(s)
    play_as(s, 4, "stop", "end")
    defaults_until(s, 3)
    play_as(s, 3, "decline")
    defaults_until(s, 3)
    play_as(s, 3, "pick 1", "conquer 1")  # round 3: A2's Ogres take the Sigil back
    assert "sigil 2 3 1" in verbs(s) and "sigil 2 1 0" in verbs(s)
    assert only(s) == "sigil 2 3 1"


def test_asked_for_the_ally_the_ai_sacrifices_from_its_strongest_region() -> None:
    # [TEAMS] "that player may sacrifice one his race token instead; the player chooses which
    # Region to take it from, and could refuse": for the ally, from the region it keeps best.
    s = to_seat_4(sigil_opening("sigil 2 0 0"))
    play_as(s, 4, "conquer 5")
    assert to_act(s) == ANN
    offers = [a for a in legal_actions(s, ANN) if a.text.startswith("sacrifice")]
    most = max(s.regions[parse(a.text).region].tokens for a in offers)
    assert most >= 2
    text = only(s)
    assert text.startswith("sacrifice") and s.regions[parse(text).region].tokens == most


def test_asked_for_an_enemy_the_ai_refuses() -> None:
    # The holder took an enemy's losses (an opponent's choice of mode, made by hand here):
    # asked to sacrifice for C1's Spiderines, the AI refuses.
    s = to_seat_4(sigil_opening("sigil 1 2 0"))
    play_as(s, 4, "conquer 30")
    assert to_act(s) == 3
    assert only(s) == "refuse"


def test_the_standing_order_stays_only_my_ally() -> None:
    # Ruling 88: the orders are "always offer", "only my ally" (the default) and "never"; the
    # AI keeps "only my ally" and sets it back when it is anything else.
    s = sigil_opening("sigil 1 0 0")
    assert "standing 0" in verbs(s)
    assert not isinstance(make_player("easy", seed=7).choose(s, 3), SigilOrder)
    play_as(s, 3, "standing 0")
    assert standing_order(s, 3) == "ask"
    to_seat_4(s)
    play_as(s, 4, "stop", "end")
    defaults_until(s, 3)
    assert "standing 1" in verbs(s)
    picked: Action = make_player("easy", seed=7).choose(s, 3)
    assert picked == parse("standing 1")


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_ai_team_games_make_only_team_sided_choices(world: str) -> None:
    # Six easy seats play a team game: every Tavern gift goes to the giver's ally, every
    # Sigil mode names the holder's side or none, and no standing order is changed.
    from engine.rulesets.teams import partner
    from engine.rulesets.teams.sigil import SigilMode

    s = new_game(SIX, 3, world=world, options={"teams": True})
    ais = [make_player("easy", seed=k) for k in range(6)]
    while (seat := to_act(s)) is not None:
        a = ais[seat].choose(s, seat)
        if isinstance(a, ShareTavern):
            assert a.seat == partner(seat)
        if isinstance(a, SigilMode) and a.mode:
            assert a.seat in (seat, partner(seat))
        assert not isinstance(a, SigilOrder)
        apply(s, seat, a)
    assert s.result is not None
