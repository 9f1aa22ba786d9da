"""Game options through the real bot (issue 22): mixed markets and Places and Relics on the
surface, turned on by ``/sw new`` and by the host's toggles on the lobby message, stored
with the lobby (a restart keeps them), refused where the engine would not play them, and
told in the first message and ``/sw status``.

[SWU "Compatibility with Small World"] "If you wish to introduce Places and Relics in Small
World itself, take a number of Monster tokens equal to (2 x the number of players) + 2"
(rulings 92-97); mixed markets: rulings 98-110.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import to_act

from .conftest import make_bot
from .forge import press_forged
from .world import World, game_of, play_until, public, world


def toggle(w: World, name: str) -> tuple[Any, str]:
    """The latest lobby message with an option toggle for ``name``, and the toggle's id."""
    for m in reversed(public(w)):
        for row in m.components:
            for c in row.children:
                if c.custom_id.endswith(f"_{name}") and c.custom_id.startswith("swl:"):
                    return m, c.custom_id
    raise AssertionError(f"no toggle for {name}")


async def test_options_by_command_and_by_taps_survive_a_restart(simcord_env, db_path) -> None:
    w = await world(simcord_env)
    ann, bob, cyd = w.members
    opened = await ann.slash(w.channel, "sw new", players=3, mix=True)
    assert not opened.ephemeral, opened.response.content
    assert "Options: Mixed markets." in opened.response.content
    lg = await game_of(w)
    assert lg.options == {"mix": True}
    # Only the host changes the options; a refusal is private and changes nothing.
    m, on = toggle(w, "surface_relics")
    assert on.endswith(":on_surface_relics")
    refused = await bob.click(m, custom_id=on)
    assert refused.ephemeral and "host" in refused.response.content
    tapped = await ann.click(m, custom_id=on)
    assert not tapped.ephemeral, tapped.response.content
    assert "Options: Places and Relics on the surface, Mixed markets." in (tapped.response.content)
    # A restart: the options are in SQLite; the toggles still work.
    await simcord_env.restart_bot(make_bot(db_path))
    lg = await game_of(w)
    assert lg.options == {"mix": True, "surface_relics": True}
    m, off = toggle(w, "mix")
    assert off.endswith(":off_mix")
    await ann.click(m, custom_id=off)
    m, on = toggle(w, "mix")
    await ann.click(m, custom_id=on)
    status = await bob.slash(w.channel, "sw status")
    assert "Options: Places and Relics on the surface, Mixed markets." in status.response.content
    for member in (bob, cyd):
        await member.slash(w.channel, "sw join")
    started = await ann.slash(w.channel, "sw start")
    assert "Options: Places and Relics on the surface, Mixed markets." in started.response.content
    lg = await game_of(w)
    options = lg.game.state.options
    assert options["mix"] and options["surface_relics"]
    status = await bob.slash(w.channel, "sw status")
    assert "Options: Places and Relics on the surface, Mixed markets." in status.response.content
    # The game's record keeps them.
    row = await simcord_env.bot.service.games.storage.fetchone(
        "SELECT options, config FROM games WHERE id = ?", (lg.id,)
    )
    assert '"mix": true' in row["options"] and '"surface_relics": true' in row["config"]


async def test_options_the_engine_refuses_change_nothing(simcord_env) -> None:
    w = await world(simcord_env)
    ann = w.members[0]
    # The Underground has its Places and Relics already: the option changes nothing there.
    refused = await ann.slash(
        w.channel, "sw new", players=3, world="underground", surface_relics=True
    )
    assert refused.ephemeral and "changes nothing" in refused.response.content
    assert await simcord_env.bot.service.live_game_id(w.channel.id) is None
    opened = await ann.slash(w.channel, "sw new", players=3, world="underground")
    assert not opened.ephemeral
    # Its lobby offers no toggle for it (issue 37, L1), and a forged one changes nothing.
    with pytest.raises(AssertionError, match="no toggle for surface_relics"):
        toggle(w, "surface_relics")
    lobby = public(w)[-1]
    lg = await game_of(w)
    forged = await press_forged(ann, lobby, f"swl:{lg.id}:on_surface_relics")
    assert forged.ephemeral
    assert forged.response.content == (
        "Places and Relics on the surface: Small World Underground has them already, so the "
        "option changes nothing there."
    )
    assert (await game_of(w)).options == {}
    # Mixed markets are fine on the Underground.
    m, on = toggle(w, "mix")
    tapped = await ann.click(m, custom_id=on)
    assert not tapped.ephemeral and "Options: Mixed markets." in tapped.response.content


async def test_a_team_lobby_takes_options_too(simcord_env) -> None:
    w = await world(simcord_env, ("ann", "bob", "cyd", "dan", "eve", "fay"))
    ann = w.members[0]
    opened = await ann.slash(w.channel, "sw new", players=6, surface_relics=True)
    assert not opened.ephemeral, opened.response.content
    assert "Options: Places and Relics on the surface." in opened.response.content
    assert "Team A: —" in opened.response.content
    m, on = toggle(w, "mix")
    tapped = await ann.click(m, custom_id=on)
    assert "Team A: —" in tapped.response.content
    assert (await game_of(w)).options == {"mix": True, "surface_relics": True}


async def test_the_archive_tells_a_finished_games_options(simcord_env) -> None:
    w = await world(simcord_env, ("ann", "bob"))
    ann, bob = w.members
    await ann.slash(w.channel, "sw new", players=2, mix=True)
    await bob.slash(w.channel, "sw join")
    await ann.slash(w.channel, "sw start")
    lg = await play_until(w, lambda s: to_act(s) is None, 3)
    assert lg.status == "over"
    archive = (await ann.slash(w.channel, "league games")).response.content
    line = next(x for x in archive.splitlines() if f"#{lg.id}" in x)
    assert "mixed markets" in line, archive
