"""Underground moments through the bot that a whole random game may never show.

Each test reaches a chosen position by random play through the service (``play_until``;
the game and play seeds were searched so that the position comes within a few dozen
actions), then plays the decisive moves by taps on the member's own panel, as a player
would: a Relic conquered from another player, a Balrog victim's redeployment left to its
deadline, a restart in the middle of an Underground turn, the ``/sw do`` list of moves with
their cost, and the ping of every defender who owes a redeployment.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest

from engine import Game, default_action, legal_actions, parse, to_act, view
from engine.core.content import treasures
from engine.core.state import CLOSING, CONQUER, REDEPLOY, GameState, to_json
from engine.text.narration import thing
from renderer.key import key_items

from .conftest import make_bot
from .test_taps import LEAKS, LIVE, choices, tap
from .world import game_of, open_panel, play_until, public, started_game, world

NAMES = ("ann", "bob", "cyd")
#: The Righteous Relics' marker keys (the Popular Places never move).
RELICS = frozenset(k for k, t in treasures().items() if t.relic)
#: A pick's line in a summary: "• ann picked **Mining Flames**, taking the 1 coin on it."
PICKED = re.compile(
    r"• \w+ picked \*\*[^*]+\*\*(, paying \d+)?((?(1) and|,) taking the \d+ coins? on it)?\."
)
#: Underground means of taking a region from someone, besides an ordinary conquest.
UNDERGROUND_CONQUESTS = frozenset({"balrog", "socks", "sword", "doormat", "orb", "vampire"})


async def underground_game(env: Any, players: int, game_seed: int, **options: Any) -> Any:
    """A started Underground game of ``players`` whose rules draw from ``game_seed``."""
    env.bot.service.seed_source = lambda: game_seed
    w = await world(env, names=NAMES[:players])
    await started_game(w, world="underground", **options)
    return w


async def press(member: Any, panel: Any, payload: str) -> Any:
    """Tap the panel's option or button whose payload is ``payload``, turning the page of
    conquest targets when it is further on; returns the panel shown after the tap."""
    for _ in range(4):
        found = [c for c in choices(panel) if c[2] == payload]
        if found:
            return (await tap(member, panel, found[0])).response
        pages = [c for c in choices(panel) if c[2].startswith("p=")]
        assert pages, (payload, [c[2] for c in choices(panel)])
        panel = (await tap(member, panel, pages[0])).response
    raise AssertionError(f"{payload} is on no page of the panel")


async def end_the_turn(member: Any, panel: Any) -> Any:
    """Stop conquering and end the turn with the panel's End turn button."""
    ends = [c for c in choices(panel) if c[2].startswith("a=stop|")]
    if ends:
        return (await tap(member, panel, ends[0])).response
    panel = await press(member, panel, "a=stop")
    return await press(member, panel, "a=end")


async def close_the_turn(w: Any) -> Any:
    """Every defender still owing a redeployment presses Done placing on their own panel;
    returns the game once the next turn has begun."""
    lg = await game_of(w)
    while lg.game.state.turn.phase == CLOSING:
        defender = w.member(lg.user_at(to_act(lg.game.state)))
        placing = await open_panel(w, defender)
        assert "were driven out" in placing.content
        await press(defender, placing, "a=finish")
        lg = await game_of(w)
    return lg


def relic_in_reach(s: GameState) -> tuple[int, str] | None:
    """A region with a revealed Relic, held by a player other than the one to conquer, that
    the latter may conquer outright now: (region, Relic key)."""
    if s.turn.phase != CONQUER:
        return None
    seat = to_act(s)
    texts = {a.text for a in legal_actions(s, seat)}
    for rid, r in enumerate(s.regions):
        relics = sorted(k for k in r.markers if k in RELICS)
        if relics and r.race and r.owner not in (-1, seat) and f"conquer {rid}" in texts:
            return rid, relics[0]
    return None


async def announcements(env: Any, game_id: int) -> list[dict[str, Any]]:
    """Every message the bot recorded for a game, as stored (text, view, buttons), oldest first."""
    import json

    rows = await env.bot.storage.fetchall(
        "SELECT payload FROM outbox WHERE game_id = ? ORDER BY id", (game_id,)
    )
    return [json.loads(r["payload"]) for r in rows]


def holder_in_key(public_view: dict[str, Any], key: str) -> str:
    """Who the board's key says holds the Relic or Place ``key`` ("Shiny Orb · bob")."""
    entries = [name.split("\t") for group in key_items(public_view) for kind, name in group]
    return next(e[1] for e in entries if len(e) > 1 and e[0] == key)


async def test_a_relic_taken_from_one_player_by_another(simcord_env) -> None:
    w = await underground_game(simcord_env, 2, game_seed=1)
    lg = await play_until(w, relic_in_reach, seed=5)
    s = lg.game.state
    rid, relic = relic_in_reach(s)
    b = to_act(s)
    a = s.regions[rid].owner
    loser = s.regions[rid].race
    b_name, a_name = s.players[b].name, s.players[a].name
    taker = w.member(lg.user_at(b))
    panel = await open_panel(w, taker)
    panel = await press(taker, panel, f"a=conquer {rid}")
    after = (await game_of(w)).game.state
    assert after.regions[rid].owner == b and after.regions[rid].markers.get(relic)
    panel = await end_the_turn(taker, panel)
    # The channel's message of the turn pings the player who lost the region.
    owed = (await game_of(w)).game.state.races[loser].hand
    ping = public(w)[-1].content.splitlines()[-1]
    loser_id = lg.user_at(a)
    assert ping.startswith(f"<@{loser_id}>, your {loser} were driven out: press **▶ Play** to ")
    assert f"place your {owed} token" in ping
    # The player who lost the region places the tokens driven out, from their own panel,
    # a while later; with two players their own turn follows, with a whole deadline.
    await simcord_env.advance_time(10 * 60)
    lg = await close_the_turn(w)
    assert lg.game.state.turn.seat == a, "the turn ended"
    assert lg.deadline_at == simcord_env.bot.service.clock() + timedelta(hours=lg.deadline_hours)
    # The turn's summary says what changed hands with the region.
    summary = next(m for m in reversed(public(w)) if m.content.startswith(f"**{b_name}'s turn**"))
    line = next(x for x in summary.content.splitlines() if f" took {rid} (" in x)
    assert f"from {a_name}'s {loser}" in line
    assert line.endswith(f", and {thing(relic)} with it."), line
    # The board posted with it says, in its key, that the Relic is b's now.
    stored = next(
        x for x in await announcements(simcord_env, lg.id) if x["content"] == summary.content
    )
    assert holder_in_key(stored["view"], relic) == b_name
    assert holder_in_key(view(lg.game.state), relic) == b_name
    # A pick reads as a sentence whether or not it paid ("picked X, taking the 1 coin on it").
    picks = [x for m in public(w) for x in m.content.splitlines() if " picked **" in x]
    assert picks and all(PICKED.fullmatch(x) for x in picks), picks
    # Whatever moved, no coin total reached the channel.
    for m in public(w):
        assert not LEAKS.search(m.content), m.content
        assert not any("coins" in f.filename for f in m.attachments)
    assert "coins" not in stored["view"]["players"][a]


def balrog_victim_waiting(s: GameState) -> str | None:
    """The turn's player is still conquering or redeploying, and the Balrog (and nothing
    else) has driven another player's race out this turn, leaving it tokens to place when
    the turn closes: that race's name."""
    if s.turn.phase not in (CONQUER, REDEPLOY) or to_act(s) != s.turn.seat:
        return None
    by_balrog = {e.get("defender") for e in s.events if e["kind"] == "balrog"}
    by_others = {e.get("defender") for e in s.events if e["kind"] != "balrog"}
    for name in sorted(n for n in by_balrog - by_others if n in s.races):
        race = s.races[name]
        if race.hand > 0 and race.owner != s.turn.seat:
            return name
    return None


async def test_a_balrog_victims_redeployment_is_left_to_its_deadline(simcord_env) -> None:
    w = await underground_game(simcord_env, 2, game_seed=5, deadline_hours=1.0)
    lg = await play_until(w, balrog_victim_waiting, seed=1)
    s = lg.game.state
    race = balrog_victim_waiting(s)
    owner = s.races[race].owner
    victim = w.member(lg.user_at(owner))
    player = w.member(lg.user_at(s.turn.seat))
    turn = (s.round, s.turn.seat)
    # The turn's player ends the turn by taps: the turn closes on the victim's redeployment.
    await end_the_turn(player, await open_panel(w, player))
    lg = await game_of(w)
    closing = lg.game.state
    assert closing.turn.phase == CLOSING and to_act(closing) == owner
    assert closing.turn.pending[0].race == race
    waiting = closing.version
    # The channel's message of the turn is posted afresh to ping the victim, with the deadline.
    live = [m for m in public(w) if m.content.startswith(LIVE)]
    assert len(live) == 1 and live[0].id == public(w)[-1].id
    assert "the Balrog" in live[0].content
    ping = live[0].content.splitlines()[-1]
    hand = closing.races[race].hand
    assert ping.startswith(
        f"<@{victim.id}>, your {race} were driven out: press **▶ Play** to place your {hand} "
    ), ping
    assert "Deadline <t:" in ping and ping.endswith(
        "Then I place them for you, weakest regions first."
    )
    # Most of the hour gone: a reminder, posted afresh so that it pings; still one message.
    await simcord_env.advance_time(50 * 60)
    live = [m for m in public(w) if m.content.startswith(LIVE)]
    assert len(live) == 1 and f"⏰ <@{victim.id}>, a reminder" in live[0].content
    assert (await game_of(w)).game.state.version == waiting, "nobody played"
    # The deadline passes: the bot places the victim's tokens as the engine's default does,
    # and nothing more: with two players the victim plays next, and that turn is theirs.
    await simcord_env.advance_time(15 * 60)
    lg = await game_of(w)
    now = lg.game.state
    assert (now.round, now.turn.seat) != turn
    assert now.turn.seat == owner == to_act(now)
    rows = await simcord_env.bot.service.history(lg.id, limit=1000)
    late = [r for r in rows if r["auto"]]
    assert late and late == rows[-len(late) :]
    assert [r["text"] for r in late] == ["finish"]
    # Replayed from the start, what the bot applied was the engine's default at that point.
    replay = Game(lg.game.config)
    for r in rows:
        if r["auto"]:
            assert r["text"] == default_action(replay.state).text
        replay.play(r["seat"], parse(r["text"]))
    assert to_json(replay.state) == to_json(now)
    started = now.version
    # The summary of the turn that closed says so and tells that turn (the Balrog's move);
    # it pings the victim for their own turn, which has a whole deadline of its own.
    summary = public(w)[-1]
    assert summary.content.startswith(f"⏰ Time ran out for **{now.players[owner].name}**")
    assert f"**{closing.players[turn[1]].name}'s turn**" in summary.content
    assert "sent the Balrog into" in summary.content
    assert f"<@{victim.id}>, it's your turn" in summary.content
    # (The deadline ran at its tick, a few minutes ago: a fresh hour from then.)
    assert lg.deadline_at - simcord_env.bot.service.clock() > timedelta(minutes=50)
    assert not LEAKS.search(summary.content)
    assert not [m for m in public(w) if m.content.startswith(LIVE)]
    await simcord_env.advance_time(50 * 60)
    assert (await game_of(w)).game.state.version == started, "no default before its time"
    live = [m for m in public(w) if m.content.startswith(LIVE)]
    assert len(live) == 1 and f"⏰ <@{victim.id}>, a reminder" in live[0].content


def discovered_this_turn(s: GameState) -> bool:
    """The turn's player is conquering and has already revealed a Place or Relic this turn."""
    return (
        s.turn.phase == CONQUER
        and to_act(s) == s.turn.seat
        and any(e["kind"] == "discover" for e in s.events)
    )


async def test_restart_mid_underground_turn_loses_nothing(simcord_env, db_path) -> None:
    w = await underground_game(simcord_env, 2, game_seed=1)
    lg = await play_until(w, discovered_this_turn, seed=0)
    s = lg.game.state
    seat = s.turn.seat
    found = next(e for e in s.events if e["kind"] == "discover")
    who = w.member(lg.user_at(seat))
    panel = await open_panel(w, who)
    # The same panel opened again elsewhere (a phone and a computer).
    other_panel = await open_panel(w, who)
    before = to_json(s)
    await simcord_env.restart_bot(make_bot(db_path))
    after = (await game_of(w)).game.state
    assert to_json(after) == before
    assert after.regions[found["region"]].markers.get(found["treasure"])
    version, round_ = after.version, after.round
    # A panel opened before the restart still plays: one more conquest, then the end.
    target = next(c[2] for c in choices(panel) if c[2].startswith("a=conquer "))
    panel = await press(who, panel, target)
    assert panel.content.startswith(f"✅ Conquer {target.split()[1]} ·"), panel.content
    now = (await game_of(w)).game.state
    assert now.version == version + 1 and now.turn.seat == seat
    done = await end_the_turn(who, panel)
    lg = await game_of(w)
    assert lg.game.state.turn.seat != seat or lg.game.state.round > round_
    assert "Your turn scored" in done.content
    # The other copy is out of date: its button plays nothing and shows the game as it is.
    version = lg.game.state.version
    stale = next(c for c in choices(other_panel) if c[2].startswith("a=conquer "))
    again = await tap(who, other_panel, stale)
    assert "out of date" in again.response.content
    assert (await game_of(w)).game.state.version == version
    # What the Monsters hid is told in the turn's summary, and the game plays on.
    assert any("discovered" in m.content and m.attachments for m in public(w))
    lg = await close_the_turn(w)  # a defender places first, if the turn drove one out
    nxt = w.member(lg.user_at(lg.game.state.turn.seat))
    first = choices(await open_panel(w, nxt))[0]
    assert first[2].startswith("a=")
    version = lg.game.state.version
    await tap(nxt, await open_panel(w, nxt), first)
    assert (await game_of(w)).game.state.version > version


def specials_in_reach(s: GameState) -> bool:
    """The player is conquering with fewer than 26 legal moves (all fit in the list), among
    them ordinary conquests and an Underground special move aimed at a region."""
    if s.turn.phase != CONQUER:
        return False
    acts = legal_actions(s, to_act(s))
    verbs = {a.text.split()[0] for a in acts if getattr(a, "region", None) is not None}
    return len(acts) <= 25 and "conquer" in verbs and bool(verbs & {"sword", "socks", "doormat"})


async def test_do_autocomplete_names_region_terrain_and_cost_underground(simcord_env) -> None:
    from engine.core.board import mapdef
    from engine.core.conquest import conquest_cost
    from engine.core.prices import conquest_breakdown
    from engine.core.turn import acting_race
    from engine.text.sums import cost_sum

    w = await underground_game(simcord_env, 2, game_seed=2)
    lg = await play_until(w, specials_in_reach, seed=0)
    s = lg.game.state
    seat = to_act(s)
    member = w.member(lg.user_at(seat))
    actions = legal_actions(s, seat)
    shown = await member.autocomplete(w.channel, "sw do", "action", "")
    names = {c["value"]: c["name"] for c in shown}
    # Every legal move is offered, the Underground ones included.
    assert set(names) == {a.text for a in actions}
    race = acting_race(s)
    regions = mapdef(s).regions
    specials = 0
    for a in actions:
        rid = getattr(a, "region", None)
        if rid is None:
            continue
        name = names[a.text]
        # The region by number and terrain...
        assert f"{rid} · {regions[rid].terrain}" in name, name
        verb = a.text.split()[0]
        # ... and what taking it costs, then that cost as the rules add it up.
        if verb == "conquer":
            cost = conquest_cost(s, race, rid)
            tokens = f" · {cost} token" + ("s" if cost != 1 else "")
            assert f"{tokens} · {cost} = " in name, name
        elif verb in ("sword", "socks", "doormat"):
            specials += 1
            assert " token" in name or " short" in name, name
            # The Relic's conquest too, its saving among the terms (engine.core.prices).
            b = conquest_breakdown(s, a)
            assert b is not None and f" · {b.total} = " in name, name
    assert specials
    # The panel's menu of other moves: each Relic conquest's description is its sum.
    panel = await open_panel(w, member)
    relic_options = [
        o
        for row in panel.components
        for c in row.get("components", [])
        if c["type"] == 3
        for o in c["options"]
        if o["value"].split()[0].removeprefix("a=") in ("sword", "socks", "doormat")
    ]
    assert relic_options
    for o in relic_options:
        b = conquest_breakdown(s, parse(o["value"].removeprefix("a=")))
        assert b is not None and o["description"] == cost_sum(b, 100), o
    # Typing the Relic's name narrows the list to its moves.
    relic = next(a.text.split()[0] for a in actions if a.text.split()[0] in RELICS)
    word = {"sword": "Sword", "socks": "Socks", "doormat": "Doormat"}[relic]
    narrowed = await member.autocomplete(w.channel, "sw do", "action", word.lower())
    assert narrowed and all(c["value"].startswith(relic) for c in narrowed)


def victim_waiting(kind: str, own: bool) -> Any:
    """A predicate: the turn's player is still conquering or redeploying, and ``kind`` (an
    event: "conquer", "socks"...), and nothing else, has driven a race out this turn that
    will owe a redeployment when the turn closes; ``own``: a race of the turn's player
    (their own race In Decline), else another player's."""

    def wanted(s: GameState) -> str | None:
        if s.turn.phase not in (CONQUER, REDEPLOY) or to_act(s) != s.turn.seat:
            return None
        hit = {e.get("defender") for e in s.events if e["kind"] == kind}
        other = {e.get("defender") for e in s.events if e["kind"] != kind}
        for name in sorted(n for n in hit - other if n in s.races):
            race = s.races[name]
            if race.hand > 0 and (race.owner == s.turn.seat) == own:
                return name
        return None

    return wanted


#: The ways a race comes to owe a redeployment in another player's turn on an Underground
#: board (besides the Balrog, above): (event, own race of the turn's player, players, game
#: seed, play seed). The engine queues every race other than the turn's active one that holds
#: tokens in hand when the turn closes (``rules._close_turn``); in the Underground only a
#: region taken from it puts them there: a conquest (the Relics' ones included: the Socks
#: take a region "as if empty", its people losing nothing), the Balrog, or the player's own
#: active race taking a region of their race In Decline.
DRIVEN_OUT = [
    pytest.param("socks", False, 3, 1, 5, id="socks-victim-loses-nothing"),
    pytest.param("conquer", True, 3, 5, 32, id="own-race-in-decline"),
]


@pytest.mark.parametrize(("kind", "own", "players", "game_seed", "play_seed"), DRIVEN_OUT)
async def test_every_defender_owing_a_redeployment_is_told_truly(
    simcord_env, kind: str, own: bool, players: int, game_seed: int, play_seed: int
) -> None:
    w = await underground_game(simcord_env, players, game_seed)
    wanted = victim_waiting(kind, own)
    lg = await play_until(w, wanted, seed=play_seed)
    s = lg.game.state
    race = wanted(s)
    owner = s.races[race].owner
    turn, title = (s.round, s.turn.seat), f"**{s.players[s.turn.seat].name}'s turn**"
    hit = next(e for e in s.events if e.get("defender") == race)
    # What the engine did: the race's region was taken; it holds tokens to place.
    assert hit["kind"] == kind and s.regions[hit["region"]].race != race
    if kind == "socks":
        assert hit["lost"] == 0, "the Socks' victims lose no token"
    player = w.member(lg.user_at(s.turn.seat))
    victim = w.member(lg.user_at(owner))
    after = await end_the_turn(player, await open_panel(w, player))
    closing = (await game_of(w)).game.state
    assert closing.turn.phase == CLOSING and closing.turn.pending[0].race == race
    hand = closing.races[race].hand
    told = f"were driven out: press **▶ Play** to place your {hand} token"
    live = [m for m in public(w) if m.content.startswith(LIVE)]
    assert len(live) == 1
    if own:
        # The turn's player places for their own race In Decline: nobody else is pinged,
        # and the panel they are holding asks for it at once.
        assert victim.id == player.id
        assert "<@" not in live[0].content and "ending the turn" in live[0].content
        panel = after
    else:
        ping = live[0].content.splitlines()[-1]
        assert ping.startswith(f"<@{victim.id}>, your {race} {told}"), ping
        panel = await open_panel(w, victim)
    assert f"Your **{race}** were driven out: place your {hand} token" in panel.content
    await press(victim, panel, "a=finish")
    lg = await close_the_turn(w)
    assert (lg.game.state.round, lg.game.state.turn.seat) != turn
    summary = public(w)[-1].content
    assert title in summary
    assert not LEAKS.search(summary)


async def test_a_defender_owing_only_encampments_is_told_so(simcord_env) -> None:
    """The same closing step on the surface: a Bivouacking race whose last token in a region
    was lost, and its Encampment with it, owes no token but the Encampment (never lost, SW
    p.10). The ping says what there is to place, not "your 0 tokens"."""
    simcord_env.bot.service.seed_source = lambda: 14
    w = await world(simcord_env, names=NAMES[:2])
    await started_game(w)

    def camps_only(s: GameState) -> str | None:
        if s.turn.phase not in (CONQUER, REDEPLOY) or to_act(s) != s.turn.seat:
            return None
        hit = {e.get("defender") for e in s.events}
        return next(
            (
                n
                for n, r in sorted(s.races.items())
                if n in hit and r.owner != s.turn.seat and not r.hand and r.camps_free
            ),
            None,
        )

    lg = await play_until(w, camps_only, seed=6)
    s = lg.game.state
    race = camps_only(s)
    camps = s.races[race].camps_free
    victim = w.member(lg.user_at(s.races[race].owner))
    player = w.member(lg.user_at(s.turn.seat))
    await end_the_turn(player, await open_panel(w, player))
    assert (await game_of(w)).game.state.turn.pending[0].race == race
    owed = f"{camps} Encampment" + ("s" if camps > 1 else "")
    ping = public(w)[-1].content.splitlines()[-1]
    assert ping.startswith(f"<@{victim.id}>, your {race} were driven out: press **▶ Play** ")
    assert f"to place your {owed}." in ping and "0 tokens" not in ping
    panel = await open_panel(w, victim)
    assert f"Your **{race}** were driven out: place your {owed}." in panel.content
    await close_the_turn(w)
