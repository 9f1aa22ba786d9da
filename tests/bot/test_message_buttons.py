"""The buttons of public game messages posted before the panel (End turn, Undo, Decline,
My coins): each press is answered privately, by the rules of the moment the message was
posted for, and a second press of the same button does not play twice."""

from __future__ import annotations

from typing import Any

from bot.controls import turn_view
from bot.messages import decision_key

from .world import World, actor, game_of, legal_texts, public, started_game, world

#: The buttons messages carried before the panel.
OLD_VERBS = ["end", "finish", "undo", "decline", "coins"]


async def old_message(w: World) -> Any:
    """Have the bot post a game message with the buttons of the time before the panel, for
    the game as it is now; returns it."""
    lg = await game_of(w)
    s = lg.game.state
    view = turn_view(lg.id, decision_key(s), s.version, OLD_VERBS)
    await w.env.bot.get_channel(w.channel.id).send("Your turn.", view=view)
    return public(w)[-1]


def private_lines(result: Any) -> list[str]:
    """What the press answered privately."""
    replies = ([result.response] if result.response else []) + result.followups
    return [r.content for r in replies if r.ephemeral]


async def test_only_the_member_to_act_plays_and_the_pick_is_not_undone(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, seat = await actor(w)
    other = next(m for m in w.members if m.id != who.id)
    message = await old_message(w)
    version = (await game_of(w)).game.state.version
    name = (await game_of(w)).game.state.players[seat].name
    for label in ("End turn", "Undo", "Decline"):
        result = await other.click(message, label=label)
        assert private_lines(result) == [f"Only {name} can press this now."]
    result = await who.click(message, label="End turn")
    assert private_lines(result) == ["There is nothing to end yet: pick a combo first."]
    await w.env.bot.service.act(w.channel.id, who.id, "pick 1")
    message = await old_message(w)
    result = await who.click(message, label="Undo")
    assert private_lines(result) == ["Undo stops at the last die roll or combo reveal."]
    assert (await game_of(w)).game.state.version == version + 1


async def test_undo_takes_back_one_action_and_end_turn_ends_the_turn_once(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, seat = await actor(w)
    service = w.env.bot.service
    await service.act(w.channel.id, who.id, "pick 1")
    conquer = next(t for t in await legal_texts(w) if t.startswith("conquer "))
    await service.act(w.channel.id, who.id, conquer)
    version = (await game_of(w)).game.state.version
    message = await old_message(w)
    first = private_lines(await who.click(message, label="Undo"))
    assert len(first) == 1 and first[0].startswith("↩️ Undone.")
    assert (await game_of(w)).game.state.version == version + 1
    again = private_lines(await who.click(message, label="Undo"))
    assert again == ["That button belongs to a moment of the game that is over."]
    assert (await game_of(w)).game.state.version == version + 1

    message = await old_message(w)
    ended = private_lines(await who.click(message, label="End turn"))
    assert len(ended) == 1 and ended[0].startswith("✅ Stop conquering")
    lg = await game_of(w)
    assert lg.game.state.turn.seat != seat
    next_name = lg.game.state.players[lg.game.state.turn.seat].name
    twice = private_lines(await who.click(message, label="End turn"))
    assert twice == [f"Only {next_name} can press this now."]


async def test_coins_are_told_to_players_only_and_over_games_refuse(simcord_env) -> None:
    w = await world(simcord_env, ("ann", "bob", "cyd", "eve"))
    await started_game(w, players=3)
    message = await old_message(w)
    ann, eve = w.members[0], w.members[3]
    coins = private_lines(await ann.click(message, label="My coins"))
    assert coins == ["You have **5** victory coins. Only you can see this."]
    refused = private_lines(await eve.click(message, label="My coins"))
    assert refused == ["You are not playing in this game."]
    await ann.slash(w.channel, "sw cancel")
    over = private_lines(await ann.click(message, label="End turn"))
    assert over == ["This game is over."]
