"""Playing through slash commands and buttons: errors, privacy, restarts, deadlines."""

from __future__ import annotations

import re

import pytest

from bot.controls import TEMPLATE
from engine.core.scoring import scored_terms
from engine.core.state import PICK
from engine.text.sums import score_sum

from .conftest import make_bot
from .world import (
    actor,
    game_of,
    labels,
    legal_texts,
    open_panel,
    play_until,
    public,
    started_game,
    world,
)


async def test_malformed_and_illegal_inputs_change_nothing(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    lg = await game_of(w)
    version = lg.game.state.version
    who, _seat = await actor(w)
    other = next(m for m in w.members if m.id != who.id)
    cases = [
        (who, "sw do", {"action": "fly to the moon"}, "Unknown action"),
        (who, "sw conquer", {"region": 99}, ""),
        (who, "sw pick", {"slot": 6}, ""),  # unaffordable? may be fine; checked below
        (other, "sw pick", {"slot": 1}, "not yours"),
        (who, "sw decline", {}, ""),
    ]
    for member, command, options, text in cases:
        r = await member.slash(w.channel, command, **options)
        if command == "sw pick" and member is who:
            continue  # slot 6 costs 5 coins: every player starts with 5, so it is legal
        assert r.ephemeral, (command, r.response.content)
        assert text in r.response.content
    lg = await game_of(w)
    # Only the legal pick 6 went through.
    assert lg.game.state.version == version + 1


async def test_coins_are_private_and_wrong_member_button_refused(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _seat = await actor(w)
    r = await who.slash(w.channel, "sw pick", slot=3)
    # The reply is private, and carries the member's panel for what comes next.
    assert r.ephemeral and "Pick" in r.response.content and "Conquer" in r.response.content
    coins = await who.slash(w.channel, "sw coins")
    assert coins.ephemeral and "**3**" in coins.response.content
    live = public(w)[-1]
    assert live.content.startswith("🎲") and "▶ Play" in labels(live)
    other = next(m for m in w.members if m.id != who.id)
    before = (await game_of(w)).game.state.version
    refused = await other.click(live, label="▶ Play")
    assert refused.ephemeral and f"It's **{who.name}**'s move" in refused.response.content
    assert (await game_of(w)).game.state.version == before
    # "My coins" works for anyone seated and answers privately.
    mine = await other.click(live, label="My coins")
    assert mine.ephemeral and "**5**" in mine.response.content


async def test_restart_mid_turn_loses_nothing_and_panels_still_work(simcord_env, db_path) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, seat = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
    await who.slash(w.channel, "sw do", action=target)
    before = (await game_of(w)).game.state
    panel = await open_panel(w, who)
    # The same panel opened again elsewhere (a phone and a computer).
    other_panel = await open_panel(w, who)
    await simcord_env.restart_bot(make_bot(db_path))
    after = (await game_of(w)).game.state
    assert after == before
    # A panel opened before the restart still plays.
    done = await who.click(panel, label="End turn")
    lg = await game_of(w)
    assert lg.game.state.turn.seat != seat and lg.game.state.turn.phase == PICK
    # The panel now says what the turn scored, to the member alone, and offers nothing more.
    assert "Your turn scored" in done.response.content and not done.response.components
    # The other copy is out of date: its End turn plays nothing and shows the game now.
    version = lg.game.state.version
    again = await who.click(other_panel, label="End turn")
    assert "out of date" in again.response.content
    assert (await game_of(w)).game.state.version == version


async def test_deadline_applies_defaults_and_reminds(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w, deadline_hours=1.0)
    who, seat = await actor(w)
    # Past the reminder point (75% of the hour) but before the deadline.
    await simcord_env.advance_time(50 * 60)
    assert any("reminder" in m.content and f"<@{who.id}>" in m.content for m in w.channel.history())
    # The reminder is the turn's live message, posted afresh to ping: still one per turn.
    assert len([m for m in public(w) if m.content.startswith("🎲")]) == 1
    await simcord_env.advance_time(15 * 60)
    lg = await game_of(w)
    assert lg.game.state.turn.seat != seat
    rows = await simcord_env.bot.service.history(lg.id)
    assert [r["text"] for r in rows][:3] == ["pick 1", "stop", "end"]
    assert all(r["auto"] for r in rows)
    assert any("Time ran out" in m.content for m in w.channel.history())
    # The player was away: what the turn scored reaches them alone, by DM.
    scored = who.user.dm_channel.history()[-1].content
    assert "It scored" in scored and f"you have {lg.game.state.players[seat].coins}" in scored
    # ... added up as the rules add it (issue 39): "0 = 0 regions", nothing conquered.
    state = lg.game.state
    [e] = [e for e in state.last_events + state.events if e["kind"] == "score"]
    assert scored.splitlines()[-1] == score_sum(scored_terms(e)) == "0 = 0 regions"
    assert not [m for m in public(w) if m.content.startswith("🎲")]


async def test_command_tree_within_discord_limits(simcord_env) -> None:
    tree = simcord_env.bot.tree
    commands = tree.get_commands()
    assert len(commands) <= 100
    for group in commands:
        subs = getattr(group, "commands", [])
        assert len(subs) <= 25
        for c in [group, *subs]:
            assert 1 <= len(c.name) <= 32 and c.name == c.name.lower()
            assert 1 <= len(c.description) <= 100
            for p in getattr(c, "parameters", []):
                assert len(p.name) <= 32 and len(p.description) <= 100
            assert len(getattr(c, "parameters", [])) <= 25
    # The largest game id SQLite can give (a larger one is refused as forged).
    longest = "sw:" + str(2**63 - 1) + ":" + "99.9.9" + ":finish"
    assert len(longest) <= 100 and re.fullmatch(TEMPLATE, longest)


async def test_help_names_every_command_group(simcord_env) -> None:
    """/sw help is where a newcomer learns the commands: each group the bot registers
    (/sw, /league, /maps) is named there, and its text fits one Discord message."""
    from cogs.help import help_text

    names = [c.name for c in simcord_env.bot.tree.get_commands()]
    assert {"sw", "league", "maps"} <= set(names)
    for name in names:
        assert f"`/{name} " in help_text(), name
    assert len(help_text()) <= 2000


async def test_notify_sends_a_dm_when_it_is_your_move(simcord_env) -> None:
    w = await world(simcord_env)
    for m in w.members:
        r = await m.slash(w.channel, "sw settings notify", on=True)
        assert r.ephemeral
    await started_game(w)
    first, _ = await actor(w)
    dms = first.user.dm_channel.history()
    assert dms and f"<#{w.channel.id}>" in dms[-1].content
    await first.slash(w.channel, "sw pick", slot=1)
    await first.slash(w.channel, "sw end")
    nxt, _ = await actor(w)
    assert nxt.id != first.id
    assert f"<#{w.channel.id}>" in nxt.user.dm_channel.history()[-1].content


@pytest.mark.simcord(settle_timeout=30)
async def test_deadlines_survive_a_restart(simcord_env, db_path) -> None:
    # Two simulated hours are 120 deadline checks: give the simulation room to run them.
    w = await world(simcord_env)
    await started_game(w, deadline_hours=2.0)
    who, seat = await actor(w)
    await simcord_env.restart_bot(make_bot(db_path))
    await simcord_env.advance_time(2 * 3600 + 120)
    lg = await game_of(w)
    assert lg.game.state.turn.seat != seat
    assert any("Time ran out" in m.content for m in w.channel.history())
    # The player was away: what the turn scored reaches them alone, by DM.
    scored = who.user.dm_channel.history()[-1].content
    assert "It scored" in scored and f"you have {lg.game.state.players[seat].coins}" in scored
    # ... added up as the rules add it (issue 39): "0 = 0 regions", nothing conquered.
    state = lg.game.state
    [e] = [e for e in state.last_events + state.events if e["kind"] == "score"]
    assert scored.splitlines()[-1] == score_sum(scored_terms(e)) == "0 = 0 regions"
    assert not [m for m in public(w) if m.content.startswith("🎲")]


async def test_do_autocomplete_keeps_the_turn_ending_steps_reachable(simcord_env) -> None:
    """With more legal moves than Discord shows (25), ending stays on the list, and typing
    narrows it down."""
    from engine import legal_actions, to_act
    from engine.core.legal import end_actions

    def crowded(state) -> bool:
        actions = legal_actions(state)
        texts = {a.text for a in actions}
        return len(actions) > 25 and bool(texts & {a.text for a in end_actions(state)})

    w = await world(simcord_env)
    await started_game(w)
    lg = await play_until(w, crowded, seed=11)
    state = lg.game.state
    seat = to_act(state)
    actions = legal_actions(state, seat)
    closing = {a.text for a in end_actions(state)} & {a.text for a in actions}
    member = w.member(lg.user_at(seat))
    shown = await member.autocomplete(w.channel, "sw do", "action", "")
    values = [c["value"] for c in shown]
    assert len(values) == 25 and closing <= set(values)
    assert set(values) <= {a.text for a in actions}
    # Typing filters on every word: only matching moves, still legal.
    some = next(a for a in actions if a.text.startswith(("deploy", "move", "conquer")))
    words = some.text.split()[:2]
    narrowed = await member.autocomplete(w.channel, "sw do", "action", " ".join(words))
    assert some.text in {c["value"] for c in narrowed} or len(narrowed) == 25
    assert all(all(x in (c["name"] + " " + c["value"]).lower() for x in words) for c in narrowed)


async def test_end_while_picking_is_refused_privately(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    version = (await game_of(w)).game.state.version
    r = await who.slash(w.channel, "sw end")
    assert r.ephemeral and "pick a combo first" in r.response.content
    assert (await game_of(w)).game.state.version == version
