"""The Sigil of Sacrifice [TEAMS "Sigil of Sacrifice"] on swu-6p, from a real turn start.

Every position is reached by real actions (``helpers_sigil``: seed 28 has the Sigil on top of
the hidden stack; A2 discovers it under the Monsters of region 1). Rulings 86-90.
"""

from __future__ import annotations

import pytest

from engine import apply, default_action, legal_actions, parse, to_act
from engine.core.board import regions_of
from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.interrupts import interrupt
from engine.core.state import GameState, from_json, to_json
from engine.core.validation import problem
from engine.rulesets.teams.sigil import SigilMode, standing_order

from .helpers_sigil import SIGIL_REGION, active, defaults_until, play, sigil_opening, to_seat_4


def texts(s: GameState, seat: int) -> list[str]:
    return [a.text for a in legal_actions(s, seat)]


def test_occupying_the_sigil_asks_the_occupier_for_a_mode_with_no_mode_by_default() -> None:
    # [TEAMS] "As soon as your troops occupy the Sigil of Sacrifice, you may, at your choice
    # and depending on circumstances: Choose to take losses in lieu of another race (your own
    # In Decline, one of your ally's or even one of your enemies) ... Or ask another race to
    # take losses in your stead".
    s = sigil_opening(mode=None)
    assert to_act(s) == 3
    offered = texts(s, 3)
    # Nothing else first: the mode is chosen at once (ruling 86), every race in play but the
    # occupier's own active one named, ally's (seat 0) and enemies' (seats 1, 2) alike.
    assert offered == [
        "sigil 0 0 0",
        "sigil 1 0 0",
        "sigil 1 1 0",
        "sigil 1 2 0",
        "sigil 2 0 0",
        "sigil 2 1 0",
        "sigil 2 2 0",
    ]
    assert default_action(s) == SigilMode(0, 0, 0)
    label = parse("sigil 1 0 0").describe(s)
    assert label == "Sigil of Sacrifice: take the losses of Ann's Will-o'-Wisps"
    play(s, 3, "sigil 2 1 0")
    st = s.extras["sigil"]
    assert (st["race"], st["mode"], st["target"]) == ("Iron Dwarves", "give", "Mummies")
    assert s.events[-1]["kind"] == "sigil" and s.events[-1]["target_seat"] == 1
    # The turn goes on: conquests are offered again.
    assert "conquer 5" in texts(s, 3)


def test_take_mode_the_holder_sacrifices_an_active_token_and_the_ally_redeploys_theirs() -> None:
    # [TEAMS] "whenever that race would normally lose a token, you may sacrifice one of your
    # own active tokens instead, allowing the race you protected to redeploy their token
    # while you lose yours."
    s = to_seat_4(sigil_opening("sigil 1 0 0"))
    wisps, dwarves = s.races[active(s, 0)], s.races[active(s, 3)]
    on_sigil = s.regions[SIGIL_REGION].tokens
    play(s, 4, "conquer 0")  # C2 takes region 0 (2 Will-o'-Wisps): one would be lost
    assert s.events[-1]["lost"] == 1 and wisps.hand == 1
    # The decision falls on A2 in the middle of C2's turn (ruling 87): A2's answers only.
    assert to_act(s) == 3 and legal_actions(s, 4) == []
    assert texts(s, 3) == ["refuse", "sacrifice 1", "sacrifice 5", "standing 0", "standing 2"]
    asked = interrupt(s)
    assert asked is not None and asked[0].kind == "sigil"
    question = asked[1].owed_reason(s, dwarves)
    assert question.startswith("Sigil of Sacrifice: Ann's Will-o'-Wisps just lost a token.")
    play(s, 3, "sacrifice 1")
    assert s.regions[SIGIL_REGION].tokens == on_sigil - 1
    assert wisps.hand == 2 and dwarves.hand == 0
    e = s.events[-1]
    assert (e["kind"], e["seat"], e["region"], e["saved"]) == ("sacrifice", 3, 1, "Will-o'-Wisps")
    # C2's turn goes on where it was.
    assert to_act(s) == 4 and "stop" in texts(s, 4)
    play(s, 4, "stop", "end")
    # A1 redeploys both tokens as any defender: the saved one is theirs again.
    assert to_act(s) == 0 and s.turn.pending[0].kind == "redeploy"
    assert wisps.hand == 2


def test_the_deadline_refuses_and_the_loss_stands() -> None:
    # Checklist §4 item 17: "no sacrifice" is the default of a Sigil decision on timeout.
    s = to_seat_4(sigil_opening("sigil 1 0 0"))
    wisps = s.races[active(s, 0)]
    play(s, 4, "conquer 0")
    assert default_action(s) == parse("refuse")
    apply(s, 3, default_action(s))
    assert wisps.hand == 1 and s.events[-1]["kind"] == "sigil_refused"
    assert to_act(s) == 4


def test_give_mode_the_ally_chooses_the_region_and_the_holder_redeploys() -> None:
    # [TEAMS] "whenever you would normally lose a race token, that player may sacrifice one
    # his race token instead; the player chooses which Region to take it from, and could
    # refuse ... You can then redeploy your own token as normal, instead of losing it."
    s = to_seat_4(sigil_opening("sigil 2 0 0"))
    dwarves = s.races[active(s, 3)]
    held = s.regions[5].tokens
    play(s, 4, "conquer 5")  # the Iron Dwarves of region 5 would lose a token
    assert to_act(s) == 0 and dwarves.hand == held - 1
    assert texts(s, 0)[:4] == ["refuse", "sacrifice 0", "sacrifice 7", "sacrifice 10"]
    before = s.regions[10].tokens
    play(s, 0, "sacrifice 10")
    assert s.regions[10].tokens == before - 1
    assert dwarves.hand == held  # every token the Dwarves held there is back in hand
    assert to_act(s) == 4


def test_a_sacrifice_may_empty_a_region_which_is_then_the_givers_no_more() -> None:
    # [TEAMS] "the player chooses which Region to take it from"; ruling 89: a region's last
    # token may go, and the region is left empty.
    s = to_seat_4(sigil_opening("sigil 2 0 0"))
    play(s, 4, "conquer 5")
    assert s.regions[7].tokens == 1
    play(s, 0, "sacrifice 7")
    assert s.regions[7].race is None and s.regions[7].owner == -1
    assert s.events[-1]["emptied"] is True
    assert 7 not in regions_of(s, active(s, 0))


def test_losing_the_sigils_region_itself_is_not_covered() -> None:
    # Ruling 87: the Sigil works for the race that occupies it; the conquest that takes its
    # region takes the Sigil from the holder before any loss is answered.
    s = to_seat_4(sigil_opening("sigil 2 0 0"))
    play(s, 4, "conquer 1")
    assert to_act(s) == 4 and not s.turn.pending


def test_only_my_ally_is_the_default_order_so_an_enemy_is_not_asked() -> None:
    # [TEAMS] "that player must be willing to do so"; ruling 88: a player who set no order is
    # asked only for their ally (or themself), so nobody waits on an enemy's answer.
    s = to_seat_4(sigil_opening("sigil 2 1 0"))  # ask B1's Mummies (an enemy)
    assert standing_order(s, 1) == "ally"
    dwarves = s.races[active(s, 3)]
    held = s.regions[5].tokens
    play(s, 4, "conquer 5")
    assert to_act(s) == 4 and not s.turn.pending
    assert dwarves.hand == held - 1  # the loss stands


def test_a_holder_who_orders_never_is_not_asked_and_may_order_once_a_turn() -> None:
    # The standing order (issue 22: "always offer", "never", "only my ally") is a free
    # action on one's own turn once the Sigil is in play (ruling 88).
    s = sigil_opening("sigil 1 0 0")
    assert "standing 0" in texts(s, 3) and "standing 2" in texts(s, 3)
    play(s, 3, "standing 2")
    assert standing_order(s, 3) == "never"
    assert not any(t.startswith("standing") for t in texts(s, 3))  # once a turn
    to_seat_4(s)
    wisps = s.races[active(s, 0)]
    play(s, 4, "conquer 0")
    assert to_act(s) == 4 and wisps.hand == 1
    # The order is kept with the game.
    assert standing_order(from_json(to_json(s)), 3) == "never"


def test_the_holder_is_asked_for_an_enemy_it_chose_to_protect() -> None:
    # [TEAMS] "Choose to take losses in lieu of another race (... or even one of your
    # enemies)": the holder named that race, so "only my ally" does not stop the question
    # (ruling 88); only "never" does.
    s = to_seat_4(sigil_opening("sigil 1 2 0"))  # take C1's Spiderines' losses (an enemy)
    assert standing_order(s, 3) == "ally"
    spiderines = s.races[active(s, 2)]
    held = s.regions[30].tokens
    play(s, 4, "conquer 30")
    assert s.events[-1]["lost"] == 1 and to_act(s) == 3
    assert spiderines.hand == held - 1
    play(s, 3, "sacrifice 5")
    assert spiderines.hand == held and to_act(s) == 4


def test_a_race_that_loses_no_token_asks_nothing() -> None:
    # [SWU "Immortal"] "keep all your Immortal tokens in hand": B1's Mummies lose no token to
    # a conquest, so there is nothing to take in their stead.
    s = sigil_opening("sigil 1 1 0")  # take B1's Mummies' losses
    play(s, 3, "standing 0")
    to_seat_4(s)
    mummies = s.races[active(s, 1)]
    play(s, 4, "conquer 18")
    assert s.events[-1]["lost"] == 0 and to_act(s) == 4
    assert mummies.hand == 3


def test_setting_the_order_while_asked_answers_when_it_no_longer_allows_asking() -> None:
    s = to_seat_4(sigil_opening("sigil 1 0 0"))
    wisps = s.races[active(s, 0)]
    play(s, 4, "conquer 0")
    play(s, 3, "standing 2")  # never: the question is refused for A2 at once
    assert standing_order(s, 3) == "never" and to_act(s) == 4 and wisps.hand == 1


def test_sacrificed_tokens_are_lost_whatever_the_givers_power() -> None:
    # [TEAMS] "All sacrificed tokens are voluntarily lost; this means they can never be
    # kept, regardless of their (or their player's) particular powers": B1's Immortal
    # Mummies keep every token a conquest would cost them, but not a sacrificed one.
    s = sigil_opening("sigil 2 1 0")  # ask B1's Mummies to take A2's losses
    to_seat_4(s)
    defaults_until(s, 1)  # round 2: B1 orders "always offer" on their own turn
    play(s, 1, "standing 0")
    defaults_until(s, 4)
    mummies = s.races[active(s, 1)]
    on_board = sum(s.regions[r].tokens for r in regions_of(s, mummies.name))
    held = mummies.hand
    assert to_act(s) == 4
    play(s, 4, "conquer 5")
    assert to_act(s) == 1
    play(s, 1, "sacrifice 21")
    assert sum(s.regions[r].tokens for r in regions_of(s, mummies.name)) == on_board - 1
    assert mummies.hand == held  # not kept in hand: gone to the tray


def test_places_never_work_for_a_race_in_decline() -> None:
    # [TEAMS] "Relics & Places can never be used by Races that are In Decline, even
    # Ghouls": once A2's Iron Dwarves decline, the Sigil asks nothing for them.
    s = to_seat_4(sigil_opening("sigil 1 0 0"), "standing 0")
    play(s, 4, "stop", "end")
    defaults_until(s, 3)
    assert "decline" in texts(s, 3)
    play(s, 3, "decline")
    defaults_until(s, 4)
    wisps = s.races[active(s, 0)]
    before, held = wisps.hand, s.regions[0].tokens
    play(s, 4, "conquer 0")
    assert to_act(s) == 4 and wisps.hand == before + held - 1


def test_the_sigil_is_explained_in_a_sentence() -> None:
    # ``/sw rules`` explains every Place in the project's own words.
    from engine.text.glossary import entries, lookup

    found = lookup("sigil of sacrifice", entries())
    assert found is not None and found[1].startswith("Popular Place.")
    assert len(found[1]) <= 220 and '"' not in found[1]


def test_while_asked_only_the_answer_is_legal_and_the_question_survives_a_save() -> None:
    # Checklist §4: "Items 17-18 are mid-conquest interrupts": the active player waits for
    # the answer (or its deadline); the question is part of the saved game.
    s = to_seat_4(sigil_opening("sigil 1 0 0"))
    play(s, 4, "conquer 0")
    with pytest.raises(NotYourTurn):
        apply(s, 4, parse("conquer 7"))
    assert (problem(s, 3, parse("conquer 23")) or "").startswith("First: refuse")
    with pytest.raises(IllegalAction):
        apply(s, 3, parse("sacrifice 0"))  # not one of A2's regions
    again = from_json(to_json(s))
    assert to_act(again) == 3 and texts(again, 3) == texts(s, 3)
    play(again, 3, "sacrifice 5")
    assert to_act(again) == 4 and again.races[active(again, 0)].hand == 2


def test_a_holder_may_ask_its_own_race_in_decline_whose_last_region_then_leaves() -> None:
    # [TEAMS] "ask another race to take losses in your stead; that player must be willing to
    # do so (and could be yourself, if you're willing to sacrifice your own In Decline
    # race!)"; ruling 89: a race In Decline left with no region leaves the map.
    s = to_seat_4(sigil_opening("sigil 1 0 0"))
    play(s, 4, "stop", "end")
    defaults_until(s, 3)
    play(s, 3, "decline")  # round 2: the Iron Dwarves decline, the Sigil works no more
    defaults_until(s, 3)
    play(s, 3, "pick 1", "conquer 1")  # round 3: A2's Ogres take the Sigil back
    assert "sigil 2 3 1" in texts(s, 3)  # A2's own In-Decline race: seat 3, first declined
    play(s, 3, "sigil 2 3 1", "conquer 23", "stop", "end")
    defaults_until(s, 4)
    ogres = s.races[active(s, 3)]
    assert ogres.name == "Ogres" and s.regions[5].race == "Iron Dwarves"
    play(s, 4, "conquer 23")
    # A2 is asked for themself ("only my ally" covers oneself: ruling 88).
    assert to_act(s) == 3 and texts(s, 3)[:2] == ["refuse", "sacrifice 5"]
    held = ogres.hand
    play(s, 3, "sacrifice 5")
    assert ogres.hand == held + 1
    assert s.regions[5].race is None and "Iron Dwarves" not in s.races
    assert s.players[3].declined == []
    assert to_act(s) == 4


def test_a_final_conquest_with_the_die_is_answered_before_the_redeployment() -> None:
    # [SW p.5] the final conquest ends the conquests; [TEAMS] "whenever that race would
    # normally lose a token": the question comes first, then the attacker redeploys.
    s = to_seat_4(sigil_opening("sigil 1 0 0"))
    wisps = s.races[active(s, 0)]
    play(s, 4, "conquer 7")  # region 7's single Will-o'-Wisp would be lost
    play(s, 3, "refuse")
    assert wisps.hand == 0
    play(s, 4, "conquer 25", "conquer 9", "reinforce 0")  # 2 tokens in hand, region 0 costs 4
    roll = next(e for e in reversed(s.events) if e["kind"] == "roll")
    assert roll["success"] and s.turn.phase == "redeploy"
    # The conquests' end was the Mudmen's own, their end-of-conquests hook included (the
    # question waits for the action to end).
    assert s.turn.race == "Mudmen" and s.events[-1]["kind"] == "grow"
    assert s.events[-1]["seat"] == 4
    assert to_act(s) == 3 and texts(s, 3)[:2] == ["refuse", "sacrifice 1"]
    play(s, 3, "sacrifice 5")
    assert wisps.hand == 2
    assert to_act(s) == 4 and "end" in texts(s, 4)


def test_the_sigils_events_are_told_now_and_after_the_fact() -> None:
    # The terminal tells each event as it happens; the bot's turn summary after the fact.
    from engine.text.narration import underground_sentence

    s = sigil_opening("sigil 1 0 0")
    play(s, 3, "standing 0")
    names = [p.name for p in s.players]
    mode, order = s.events[-2:]
    assert underground_sentence(mode, names) == (
        "Ada's Iron Dwarves take on the losses of Ann's Will-o'-Wisps (the Sigil of Sacrifice)"
    )
    assert underground_sentence(order, names, past=True) == (
        "Ada put a standing order for the Sigil of Sacrifice: always offer (ask me)"
    )
    to_seat_4(s)
    play(s, 4, "conquer 0")
    play(s, 3, "sacrifice 1")
    assert underground_sentence(s.events[-1], names, past=True) == (
        "Ada's Iron Dwarves gave up a token in 1 so that Ann's Will-o'-Wisps kept theirs "
        "(the Sigil of Sacrifice)"
    )
    play(s, 4, "conquer 7")
    play(s, 3, "refuse")
    assert underground_sentence(s.events[-1], names) == (
        "Ada's Iron Dwarves: no sacrifice for Will-o'-Wisps (the Sigil of Sacrifice)"
    )


def test_the_sigils_mode_and_the_orders_are_public() -> None:
    from engine.rulesets.teams.sigil import sigil_view

    s = sigil_opening(mode=None)
    seen = sigil_view(s)
    assert seen is not None and seen["holder_seat"] is None  # no mode chosen yet
    play(s, 3, "sigil 2 0 0", "standing 0")
    assert sigil_view(s) == {
        "region": SIGIL_REGION,
        "holder_seat": 3,
        "race": "Iron Dwarves",
        "mode": "give",
        "target": "Will-o'-Wisps",
        "target_seat": 0,
        "orders": ["ally", "ally", "ally", "ask", "ally", "ally"],
    }
