"""The terminal game explains every cost where it is paid (issue 39): its action list adds up
each conquest's cost, ``cost N`` (``coût N`` in French) tells one region's, and each player
reads what their last turn scored, added up, at their own next prompt (coins are kept
"hidden from other players at all times" [SW p.5]: only the seat to act's are on screen)."""

from __future__ import annotations

import io

from engine import Game, GameConfig, to_act
from engine.console.screen import render_cost
from engine.console.terminal import run_play
from lang import speaking

from .helpers_treasures import found
from .test_cli import coin_lines_belong_to_actor


def _drive(*lines: str) -> str:
    """A 2-player game of seed 1 (P1 picks Mounted Elves), fed ``lines``; what it printed."""
    game = Game(GameConfig(players=("P1", "P2"), seed=1))
    out = io.StringIO()
    assert run_play(game, io.StringIO("".join(f"{x}\n" for x in lines)), out) == 0
    return out.getvalue()


def test_the_action_list_and_cost_n_add_each_cost_up() -> None:
    """[SW p.4] "2 Race tokens + 1 additional Race token for each ... Mountain ... + 1
    additional Race token for each Lost Tribe"; [SW Mounted] "You may conquer any Hill or
    Farmland Region with 1 less Race token than normal"; [SW p.5] the final conquest's die."""
    output = _drive(
        "pick 1", "cost 3", "cost 13", "cost 99",
        "conquer 20", "conquer 21", "conquer 19", "conquer 14", "cost 15", "quit",
    )  # fmt: skip
    lines = output.splitlines()
    # The first conquests on offer, each with its sum.
    assert "   3. Conquer 3 · Swamp · 3 tokens  [conquer 3]  3 = 2 + 1 Lost Tribe" in lines
    assert "   1. Conquer 1 · Farmland · 1 token  [conquer 1]  1 = 2 − 1 Mounted" in lines
    assert "P1> Conquer 3 · Swamp · 3 tokens: 3 = 2 + 1 Lost Tribe" in lines
    assert (
        "P1> You cannot conquer region 13 now: Region 13 is not on the border: a first "
        "conquest enters from the edge."
    ) in lines
    assert "P1> error: There is no region 99; this map has 0 to 22." in lines
    # Two tokens left in hand: the Mountain next door is a final conquest with the die.
    assert (
        "P1> Final conquest 15 · Mountain · 1 short · roll the die: 3 = 2 + 1 Mountain · "
        "the die must show 1 or more (1 chance in 2)"
    ) in lines


def test_cost_n_in_french() -> None:
    with speaking("fr"):
        output = _drive("pick 1", "coût 3", "quitter")
    assert "P1> Conquérir 3 · Marais · 3 pions : 3 = 2 + 1 Tribu oubliée" in output.splitlines()


def test_each_player_reads_their_last_score_at_their_own_prompt() -> None:
    """[SW p.5] "the player receives 1 coin from the Victory stash for each Region his Race
    tokens occupy on the map": P1's two regions, told to P1 when P1 acts next, never before."""
    output = _drive(
        "pick 1", "conquer 20", "conquer 21", "stop", "end", "pick 1", "stop", "end", "quit"
    )
    told = "Your last turn scored: 2 = 2 regions"
    assert output.count(told) == 1
    before, after = output.split(told)
    # Said on P1's own screen: the last "To act" line before it names P1, and P2 has played.
    assert before.rsplit("To act: ", 1)[1].startswith("P1")
    assert "P2: End turn · score" in before
    assert "P1> " in after
    coin_lines_belong_to_actor(output)


def test_cost_n_names_every_way_to_take_the_region() -> None:
    """[SWU p.14] "Once per turn, the player whose troops control the Sword of the Killer
    Rabbit may conquer 1 Region using 2 less tokens than normal": ``cost 9`` gives the plain
    conquest and the Sword's, each added up (the Kraken's 3 tokens on swu-2p's region 9)."""
    s = found("sword", foe={9: 3})
    seat = to_act(s)
    assert seat is not None
    assert render_cost(s, 9, seat) == [
        "Conquer 9 · Mushroom Forest · 5 tokens: 5 = 2 + 3 tokens",
        "Conquer 9 · Mushroom Forest with the Sword of the Killer Rabbit (2 fewer) · 3 tokens: "
        "3 = 2 + 3 tokens − 2 Sword of the Killer Rabbit",
    ]
