"""Every cost explained where it is paid (issue 39): the ▶ Play panel's conquest menu and
``/sw conquer``'s autocomplete show each conquest's cost as the rules add it up, and the
reply that ends a turn shows what it scored the same way, in the member's language, through
the real interaction path; coins still never reach a public message before the game ends
unless the game has open scores [SW p.5: coins are kept "hidden from other players at all
times"]."""

from __future__ import annotations

from typing import Any

import pytest

from engine import legal_actions, to_act
from engine.core.actions import Conquer, Reinforce
from engine.core.prices import conquest_breakdown
from engine.core.scoring import scored_terms
from engine.text.sums import conquest_sum, score_sum
from lang import speaking, tr

from .locales import GUILD, speak
from .world import World, game_of, labels, play_until, public, started_game, world

#: The button that opens the panel, and a Lost Tribe's name, in each language.
PLAY = {"en": "▶ Play", "fr": "▶ Jouer"}
TRIBE = {"en": "Lost Tribe", "fr": "Tribu oubliée"}


def _menus(panel: Any) -> dict[str, dict[str, Any]]:
    """The panel's select menus by custom id."""
    return {
        c["custom_id"]: c
        for row in panel.components
        for c in row.get("components", [])
        if c["type"] == 3
    }


async def _conquering(simcord_env: Any, monkeypatch: Any, code: str) -> tuple[World, Any, Any]:
    """A game whose first player has picked through the panel: the world, the member and
    their panel, now listing conquests; everyone speaks ``code``."""
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    locales.update({GUILD: code, **{m.id: code for m in w.members}})
    await started_game(w)
    lg = await game_of(w)
    member = w.member(lg.user_at(to_act(lg.game.state)))
    message = next(m for m in reversed(public(w)) if PLAY[code] in labels(m))
    panel = (await member.click(message, label=PLAY[code])).response
    [pick] = _menus(panel).values()
    picked = await member.select(panel, ["a=pick 1"], custom_id=pick["custom_id"])
    return w, member, picked.response


@pytest.mark.parametrize("code", ["en", "fr"])
async def test_the_panel_shows_each_conquests_sum(simcord_env, monkeypatch, code: str) -> None:
    w, _member, panel = await _conquering(simcord_env, monkeypatch, code)
    s = (await game_of(w)).game.state
    # The conquest menu: the one whose options conquer.
    [options] = [
        m["options"]
        for m in _menus(panel).values()
        if m["options"][0]["value"].startswith(("a=conquer", "a=reinforce"))
    ]
    offered = {a.text: a for a in legal_actions(s) if isinstance(a, (Conquer, Reinforce))}
    assert options and {o["value"].removeprefix("a=") for o in options} <= set(offered)
    for o in options:
        with speaking(code):
            told = conquest_sum(s, offered[o["value"].removeprefix("a=")], 100)
        assert told is not None and " = " in told
        # The sum first, then who is there when it fits; Discord's 100 characters at most.
        assert o["description"].startswith(told) and len(o["description"]) <= 100, o
    # A Lost Tribe's region: the base 2 and the Tribe, in the member's language.
    assert any(f"3 = 2 + 1 {TRIBE[code]}" in o["description"] for o in options), options


@pytest.mark.parametrize("code", ["en", "fr"])
async def test_conquer_autocomplete_shows_each_sum(simcord_env, monkeypatch, code: str) -> None:
    w, member, _panel = await _conquering(simcord_env, monkeypatch, code)
    s = (await game_of(w)).game.state
    shown = await member.autocomplete(w.channel, "sw conquer", "region", "")
    conquests = {a.region: a for a in legal_actions(s) if isinstance(a, Conquer)}
    assert shown and {c["value"] for c in shown} == set(conquests)
    for c in shown:
        with speaking(code):
            told = conquest_sum(s, conquests[c["value"]])
        assert told is not None and c["name"].endswith(f" · {told}") and len(c["name"]) <= 100
    assert any(f"3 = 2 + 1 {TRIBE[code]}" in c["name"] for c in shown), shown


@pytest.mark.parametrize(("code", "open_scores"), [("en", False), ("fr", False), ("en", True)])
async def test_a_turns_score_is_told_as_a_sum_to_whom_may_see_it(
    simcord_env, monkeypatch, code: str, open_scores: bool
) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    locales.update({GUILD: code, **{m.id: code for m in w.members}})
    await started_game(w, open_scores=open_scores)
    lg = await game_of(w)
    seat = to_act(lg.game.state)
    member = w.member(lg.user_at(seat))
    await member.slash(w.channel, "sw pick", slot=1)
    offered = legal_actions((await game_of(w)).game.state)
    rid = next(a.region for a in offered if isinstance(a, Conquer))
    await member.slash(w.channel, "sw conquer", region=rid)
    ended = await member.slash(w.channel, "sw end")
    s = (await game_of(w)).game.state
    [e] = [e for e in s.last_events + s.events if e["kind"] == "score" and e["seat"] == seat]
    with speaking(code):
        told = score_sum(scored_terms(e))
    assert told.startswith(f"{e['coins']} = 1 ")
    # The member's own reply: what the turn scored, then how.
    assert ended.ephemeral
    lines = ended.response.content.splitlines()
    assert told in lines, lines
    # The channel: the sum only in a game whose scores are open.
    shown = [m.content for m in public(w) if told in m.content]
    assert bool(shown) is open_scores, shown


def _final_on_offer(s: Any) -> bool:
    """A conquering player may make a final conquest with the die now."""
    seat = to_act(s)
    return seat is not None and any(isinstance(a, Reinforce) for a in legal_actions(s, seat))


@pytest.mark.parametrize("code", ["en", "fr"])
async def test_the_final_conquest_says_what_the_die_must_show(
    simcord_env, monkeypatch, code: str
) -> None:
    """[SW p.5] the final conquest: "If the sum of the die rolled, combined with the Race
    token(s) left in his possession, is high enough to conquer the Region...": with
    ``die:true`` the autocomplete's regions each say what the die must show."""
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    locales.update({GUILD: code, **{m.id: code for m in w.members}})
    await started_game(w)
    lg = await play_until(w, _final_on_offer, seed=3)
    s = lg.game.state
    member = w.member(lg.user_at(to_act(s)))
    finals = {a.region: a for a in legal_actions(s) if isinstance(a, Reinforce)}
    shown = await member.autocomplete(w.channel, "sw conquer", "region", "", die=True)
    assert shown and {c["value"] for c in shown} == set(finals)
    for c in shown:
        b = conquest_breakdown(s, finals[c["value"]])
        assert b is not None and b.final and b.short > 0
        with speaking(code):
            must = tr("the die must show {n} or more", n=b.short)
        # However long the label, what the die must show is said, within Discord's 100.
        assert must in c["name"] and len(c["name"]) <= 100, c
