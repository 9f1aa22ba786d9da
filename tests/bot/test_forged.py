"""Forged and malformed controls, and slash arguments out of range: one private line each.

Every press goes through the real interaction path (a gateway event that discord.py routes
through the bot's ``DynamicItem`` templates). For each: the member gets exactly one private
message, nothing public is posted or edited (the pressed message keeps its text and its
buttons), the game does not change, and nothing is logged as an error.
"""

from __future__ import annotations

import logging
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.controls import FORGED, NOT_A_PANEL

from .forge import press_forged, snapshot
from .world import World, actor, game_of, labels, open_panel, public, started_game, world

#: Custom ids the issue reported, and their neighbours.
REPORTED = [
    "sw:{big}:1.0.0:play",  # a game id above 2**63: OverflowError in storage
    "sw:{edge}:1.0.0:coins",  # 2**63, the first id SQLite cannot store
    "sw:{game}:1.0.0:fly",  # an unknown verb: ValueError
    "swb:{game}:{version}:n0sxp0:a=stop",  # a panel control on the public message
    "sws:{game}:{version}:n0sxp0:pick",
    "swb:{big}:{big}:n0sxp0:board",
    "sw:{game}:{big}.0.0:end",
    "swb:{game}:{version}:n99999999999999999999999sxp0:n=1",
    "swb:{game}:{version}:n0s²p0:s=²",
    "sw:{game}:v1:undo\n",
    "sw:",
    "swb:",
    "sws:::::",
    "hello",
    "",
]


async def setting(env: Any) -> tuple[World, Any, Any, Any]:
    """A started game, a spectator, a seated member who is not to act, and the public
    message carrying ▶ Play."""
    w = await world(env, ("ann", "bob", "cyd", "eve"))
    await started_game(w, players=3)
    who, _seat = await actor(w)
    spectator = w.members[3]
    seated = next(m for m in w.members[:3] if m.id != who.id)
    live = next(m for m in reversed(public(w)) if "▶ Play" in labels(m))
    return w, spectator, seated, live


async def check_refused(
    w: World, member: Any, message: Any, custom_id: str, value: str | None, caplog: Any
) -> str:
    """Press, and check the promises of the module docstring; returns the private line."""
    lg = await game_of(w)
    version = lg.game.state.version
    shown = [snapshot(member, m) for m in public(w)]
    caplog.clear()
    result = await press_forged(member, message, custom_id, value)
    replies = ([result.response] if result.response else []) + result.followups
    assert len(replies) == 1 and all(r.ephemeral for r in replies), (custom_id, replies)
    assert [snapshot(member, m) for m in public(w)] == shown, custom_id
    assert (await game_of(w)).game.state.version == version, custom_id
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, (custom_id, [r.getMessage() for r in errors])
    return replies[0].content


async def test_the_reported_forged_ids_are_refused_privately(simcord_env, caplog) -> None:
    """Issue 20 item 10: a game id above 2**63, an unknown verb, a panel control pressed
    on the public turn message by someone not playing: each gets one private line."""
    w, spectator, seated, live = await setting(simcord_env)
    lg = await game_of(w)
    ids = {"game": lg.id, "version": lg.game.state.version, "big": 2**64 + 5, "edge": 2**63}
    answers = {}
    for template in REPORTED:
        custom_id = template.format(**ids)
        value = "a=pick 1" if custom_id.startswith("sws:") else None
        for member in (spectator, seated):
            answers[custom_id] = await check_refused(w, member, live, custom_id, value, caplog)
    assert answers[f"sw:{2**64 + 5}:1.0.0:play"] == FORGED
    assert answers[f"sw:{2**63}:1.0.0:coins"] == FORGED
    assert answers[f"sw:{lg.id}:1.0.0:fly"] == FORGED
    assert answers[f"swb:{lg.id}:{lg.game.state.version}:n0sxp0:a=stop"] == NOT_A_PANEL
    assert answers["hello"] == FORGED
    # The public message still offers ▶ Play, and it still works.
    assert "▶ Play" in labels(live)
    who, _seat = await actor(w)
    assert "pick" in (await open_panel(w, who)).content.lower()


#: Pieces forged ids are made of: the real ones, and hostile ones.
NUMBERS = st.one_of(
    st.integers(min_value=0, max_value=2**70).map(str),
    st.sampled_from(["", "-1", "1e3", "٣", "²", "0x10", " 1", "1" * 40]),
)
WORDS = st.one_of(
    st.sampled_from(["play", "end", "finish", "undo", "decline", "combos", "coins", "PLAY"]),
    st.text(max_size=12),
)
PAYLOADS = st.one_of(
    st.sampled_from(
        ["a=stop", "a=stop|end", "a=pick 1", "a=decline", "undo", "board", "n=2", "s=3", "p=1"]
    ),
    st.builds(lambda v, n: f"a={v} {n}", st.sampled_from(["conquer", "deploy", "move"]), NUMBERS),
    st.text(max_size=40),
)
CUSTOM_IDS = st.one_of(
    st.builds(
        lambda g, k, v: f"sw:{g}:{k}:{v}", NUMBERS, st.sampled_from(["1.0.0", "v1", "x"]), WORDS
    ),
    st.builds(lambda g, v, s, p: f"swb:{g}:{v}:{s}:{p}", NUMBERS, NUMBERS, WORDS, PAYLOADS),
    st.builds(lambda g, v, s, n: f"sws:{g}:{v}:{s}:{n}", NUMBERS, NUMBERS, WORDS, WORDS),
    st.builds(
        lambda p, t: p + t, st.sampled_from(["sw", "sw:", "swb:", "sws:", ""]), st.text(max_size=60)
    ),
)

_settings: dict[int, tuple[World, Any, Any, Any]] = {}


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(custom_id=CUSTOM_IDS, value=st.one_of(st.none(), PAYLOADS), spectator=st.booleans())
async def test_fuzzed_custom_ids_get_one_private_line(
    simcord_env, caplog, custom_id: str, value: str | None, spectator: bool
) -> None:
    """Any custom id pressed on the public turn message, as a button or as a select menu's
    choice, by a spectator or a seated member who is not to act."""
    if id(simcord_env) not in _settings:  # one game for every example of this run
        _settings.clear()
        _settings[id(simcord_env)] = await setting(simcord_env)
    w, watcher, seated, live = _settings[id(simcord_env)]
    member = watcher if spectator else seated
    await check_refused(w, member, live, custom_id, value, caplog)


#: Integers Discord lets a member type into an integer option.
TYPED = st.integers(min_value=-(2**53 - 1), max_value=2**53 - 1)
HOSTILE_TEXT = st.one_of(
    st.text(min_size=1, max_size=200),
    st.sampled_from(["@everyone", "<@&1>", "x" * 6000, "conquer 99999999999999999999", "pick 0"]),
)
#: (member: "actor" picking, or "spectator"; command; its options), fuzzed.
SLASH = st.one_of(
    st.tuples(
        st.just("actor"),
        st.just("sw conquer"),
        st.fixed_dictionaries({"region": TYPED, "die": st.booleans()}),
    ),
    st.tuples(st.just("actor"), st.just("sw abandon"), st.fixed_dictionaries({"region": TYPED})),
    st.tuples(
        st.just("actor"),
        st.just("sw redeploy"),
        st.fixed_dictionaries(
            {"to": TYPED, "count": st.integers(1, 30)}, optional={"source": TYPED}
        ),
    ),
    st.tuples(st.just("actor"), st.just("sw do"), st.fixed_dictionaries({"action": HOSTILE_TEXT})),
    st.tuples(st.just("actor"), st.just("sw rules"), st.fixed_dictionaries({"name": HOSTILE_TEXT})),
    st.tuples(
        st.just("spectator"), st.just("sw pick"), st.fixed_dictionaries({"slot": st.integers(1, 6)})
    ),
    st.tuples(
        st.just("spectator"),
        st.just("sw away"),
        st.fixed_dictionaries({"days": st.floats(0.5, 7.0)}),
    ),
    st.tuples(
        st.just("spectator"), st.just("league replay"), st.fixed_dictionaries({"game": TYPED})
    ),
    st.tuples(
        st.just("spectator"),
        st.just("league standings"),
        st.fixed_dictionaries(
            {"page": st.integers(1, 1000), "season": HOSTILE_TEXT.map(lambda t: t[:100])}
        ),
    ),
    st.tuples(
        st.just("spectator"),
        st.just("league export"),
        st.fixed_dictionaries({"season": HOSTILE_TEXT.map(lambda t: t[:100])}),
    ),
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(call=SLASH)
async def test_fuzzed_slash_arguments_get_one_private_line(
    simcord_env, caplog, call: tuple[str, str, dict[str, Any]]
) -> None:
    """Region numbers, counts, slots, days, game numbers, names and texts, anywhere in the
    ranges Discord lets a member type, while the actor must pick a combo (so no conquest,
    abandon or redeployment is legal) or by a member who does not play."""
    if id(simcord_env) not in _settings:
        _settings.clear()
        _settings[id(simcord_env)] = await setting(simcord_env)
    w, spectator, _seated, _live = _settings[id(simcord_env)]
    who, command, options = call
    member = (await actor(w))[0] if who == "actor" else spectator
    lg = await game_of(w)
    version = lg.game.state.version
    shown = [snapshot(member, m) for m in public(w)]
    caplog.clear()
    result = await member.slash(w.channel, command, **options)
    replies = ([result.response] if result.response else []) + result.followups
    assert len(replies) == 1 and replies[0].ephemeral, (call, replies)
    assert 0 < len(replies[0].content) <= 2000
    assert [snapshot(member, m) for m in public(w)] == shown, call
    assert (await game_of(w)).game.state.version == version, call
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, (call, [r.getMessage() for r in errors])
