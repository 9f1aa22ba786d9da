"""A complete 3-player game through slash commands and buttons, to the final sheet."""

from __future__ import annotations

import random
import re

from bot.narrate import told_lines
from engine import legal_actions, parse, to_act
from engine.simulate import choose

from .world import game_of, started_game, world

#: Phrases that would give away a coin total in public.
LEAKS = re.compile(r"victory coins|scored|\bhas \d+ coins|\bhave \d+ coins", re.I)


def assert_final_turn_told_once(final, state) -> None:
    """The game-over message tells the last turn once: each of its public lines appears as
    often as the turn produced it, and the message holds no other turn line."""
    lines = told_lines(state, state.events)
    assert lines, "the final turn told nothing"
    for line in lines:
        assert final.content.count(f"• {line}") == lines.count(line), (line, final.content)
    bullets = [row for row in final.content.splitlines() if row.startswith("• ")]
    assert len(bullets) == len(lines), final.content


def _buttons(message) -> dict[str, str]:
    return {
        item.label: item.custom_id
        for row in message.components
        for item in row.children
        if item.custom_id
    }


async def test_three_players_play_a_whole_game(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    rng = random.Random(5)
    steps = 0
    while True:
        lg = await game_of(w)
        state = lg.game.state
        seat = to_act(state)
        if seat is None:
            break
        member = w.member(lg.user_at(seat))
        actions = legal_actions(state, seat)
        action = choose(rng, state, actions)
        if steps % 10 == 0:
            # What a member sees when typing into /sw do: the same legal actions, labelled.
            shown = await member.autocomplete(w.channel, "sw do", "action", "")
            assert shown and {c["value"] for c in shown} <= {a.text for a in actions}
        last = w.channel.last_message
        if action.text in ("end", "finish") and _buttons(last).get(
            "End turn" if action.text == "end" else "Done placing"
        ):
            label = "End turn" if action.text == "end" else "Done placing"
            r = await member.click(last, label=label)
        else:
            r = await member.slash(w.channel, "sw do", action=action.text)
        # Replies are private; the channel only gets the turn's live message and summary.
        assert r.ephemeral, (action.text, r.response.content)
        steps += 1
        assert steps < 2000
    lg = await game_of(w)
    assert lg.status == "over"
    # Nothing changes a finished game any more: it is not kept in memory (issue 24).
    assert simcord_env.bot.service.games.cached == 0
    history = w.channel.history()
    final = history[-1]
    assert "Game over" in final.content
    assert [a.filename for a in final.attachments] == ["final.png", "board.png"]
    assert_final_turn_told_once(final, lg.game.state)
    for p in lg.game.state.players:
        assert f"**{p.name}** · {p.coins} coins" in final.content
    # Nothing public before the final message gives a coin total away.
    for m in history[:-1]:
        assert not LEAKS.search(m.content), m.content
    assert parse  # the action texts used above all parse back (checked by the bot itself)
