"""A whole 6-player team game through the bot's real interaction flow, taps only, with a
restart in the middle; the partners' coins checked secret in every public message and in
every image's view until the final summary (issue 22, "Tests and figures").

[TEAMS "Playing in Teams"] "Their individual stash of victory coins remains secret and
should not be shared with their partner." [TEAMS "End of the Game"] "With 6 players, the
game ends after 8 turns."
"""

from __future__ import annotations

import json
import random

from engine import to_act
from engine.rulesets.teams import seat_name

from .conftest import make_bot
from .test_taps import LEAKS, play_button, tap_out_the_decision
from .test_teams_lobby import SIX
from .world import game_of, public, world


async def test_a_whole_team_game_by_taps_with_a_restart(simcord_env, db_path) -> None:
    w = await world(simcord_env, SIX)
    host, *others = w.members
    await host.slash(w.channel, "sw new", players=6)
    for m in others:
        await m.slash(w.channel, "sw join")
    await host.slash(w.channel, "sw start")
    rng = random.Random(7)
    restarted = False
    taps = 0
    while True:
        lg = await game_of(w)
        state = lg.game.state
        seat = to_act(state)
        if seat is None:
            break
        if state.round == 4 and not restarted:
            await simcord_env.restart_bot(make_bot(db_path))
            restarted = True
            continue
        member = w.member(lg.user_at(seat))
        panel = (await member.click(play_button(w), label="▶ Play")).response
        taps += await tap_out_the_decision(w, member, panel, rng, seat, state)
        assert taps < 6000
    assert restarted
    lg = await game_of(w)
    s = lg.game.state
    assert lg.status == "over" and s.turns == 8
    messages = public(w)
    final = messages[-1]
    assert "Game over" in final.content and "👥 **Teams**" in final.content
    # The final sheet and the board of six seats are drawn (renderer/ as it is in main).
    assert [a.filename for a in final.attachments] == ["final.png", "board.png"]
    for i, p in enumerate(s.players):
        assert f"**{p.name} ({seat_name(i)})** · {p.coins} coins" in final.content
    for e in s.result["teams"]:
        assert f"**Team {e['team']}** · {e['score']}" in final.content
    for m in messages[:-1]:
        assert not LEAKS.search(m.content), m.content
    # Every image is drawn from the view stored with its message: no coins before the end.
    rows = await simcord_env.bot.storage.fetchall(
        "SELECT payload FROM outbox WHERE game_id = ? AND kind = 'channel' ORDER BY id",
        (lg.id,),
    )
    views = [json.loads(r["payload"])["view"] for r in rows]
    views = [v for v in views if v is not None]
    assert len(views) > 40
    for v in views[:-1]:
        assert all("coins" not in p for p in v["players"]), v["players"]
    assert all("coins" in p for p in views[-1]["players"])
