"""Lobby commands under load (issue 37): ``/sw join`` and ``/sw start`` sent for many games at
once are acknowledged on arrival, as moves are; an answer that comes too late for Discord
goes to the channel instead and never says that nothing changed; a started game's first
turn is posted at once, not at the next deadline pass."""

from __future__ import annotations

from typing import Any

import pytest

from .presses import slashes_together
from .test_busy import deferrals  # noqa: F401  (the fixture)
from .world import World, world

#: Discord's time to answer an interaction, and a database this much slower than that.
LATE = 4.0


def _turn_pings(w: World, channel: Any) -> list[Any]:
    """The channel's turn messages (they ping the member to act)."""
    return [m for m in channel.history() if "it's your turn" in m.content]


async def _lobby(w: World, channel: Any, full: bool) -> None:
    """A two-player lobby in ``channel`` opened by ann; bob in it when ``full``."""
    ann, bob = w.members[:2]
    await ann.slash(channel, "sw new", players=2)
    if full:
        await bob.slash(channel, "sw join")


async def test_joins_and_starts_arriving_together_are_acknowledged_at_once(
    simcord_env,
    deferrals: list[dict[str, Any]],  # noqa: F811
) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    ann, bob = w.members
    channels = [w.guild.create_text_channel(f"game-{i}") for i in range(4)]
    for i, channel in enumerate(channels):
        await _lobby(w, channel, full=i % 2 == 1)
    deferrals.clear()
    calls = [
        (bob, ch, "sw join", {}) if i % 2 == 0 else (ann, ch, "sw start", {})
        for i, ch in enumerate(channels)
    ]
    results = await slashes_together(calls)
    # Those arriving while another was handled were acknowledged privately first.
    assert len(calls) - 1 <= len(deferrals) <= len(calls)
    assert all(d == {"ephemeral": True, "thinking": True} for d in deferrals), deferrals
    for (_member, channel, name, _o), r in zip(calls, results, strict=True):
        said = [m.content for m in channel.history() if not m.flags.ephemeral]
        wanted = "joined (2/2)" if name == "sw join" else "The game begins!"
        if r.ephemeral:
            # The private "thinking…" became one line; the answer followed for everyone.
            assert r.response.content == "Done.", r
            [told] = r.followups
            assert not told.ephemeral and wanted in told.content, told
        else:
            assert not r.ephemeral and wanted in r.response.content, r
        assert any(wanted in text for text in said), said
        if name == "sw start":
            # The first turn is posted with the start, not at the next deadline pass.
            assert len(_turn_pings(w, channel)) == 1


@pytest.mark.parametrize("command", ["start", "join"])
async def test_an_answer_too_late_for_discord_goes_to_the_channel(
    simcord_env, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    ann, bob = w.members
    await _lobby(w, w.channel, full=command == "start")
    service = w.env.bot.service
    real = getattr(service, command)

    async def slow(*args: Any) -> Any:
        done = await real(*args)
        # The database answered after Discord's 3 seconds: the change is saved, the
        # interaction takes no answer any more.
        simcord_env.backend.advance_clock(LATE)
        return done

    monkeypatch.setattr(service, command, slow)
    member = ann if command == "start" else bob
    r = await member.slash(w.channel, f"sw {command}")
    assert not r.acknowledged
    said = [m.content for m in w.channel.history()]
    wanted = "The game begins!" if command == "start" else f"{bob.mention} joined (2/2)."
    assert any(wanted in text for text in said), said
    # Nothing anyone reads says the game was not changed.
    assert not any("not changed" in text for text in said), said
    assert simcord_env.errors == []
    lg = await service.last_game(w.channel.id)
    if command == "start":
        assert lg.status == "active"
        # Its first turn went out at once, not at the next deadline pass a minute later.
        assert len(_turn_pings(w, w.channel)) == 1
    else:
        assert len(lg.seats) == 2
