"""The cogs in French: the synced commands carry their French names, autocomplete shows a
French member French names and finds a name typed in either language, and the cogs' own
replies read in French.

A member's language is their client's (``interaction.locale``): ``speaks`` makes chosen
members' interactions arrive with another locale (``tests.bot.locales``).
"""

from __future__ import annotations

from typing import Any

import pytest

from cogs.help import help_text
from cogs.replies import following
from cogs.status import lobby_status, status_text
from engine.text.names import race
from lang import speaking

from .locales import speak
from .world import game_of, started_game, world


@pytest.fixture
def speaks(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``speaks(member, "fr")``: that member's interactions come with that locale."""
    table = speak(monkeypatch)
    return lambda member, locale: table.__setitem__(member.id, locale)


def _options(command: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o["name"]: o for o in command.get("options") or []}


async def test_the_synced_commands_carry_their_french_names(simcord_env) -> None:
    await world(simcord_env)
    backend = simcord_env.backend
    sw = backend.find_command("sw", None)
    assert sw["description_localizations"] == {"fr": "Jouer à Small World"}
    assert sw["name_localizations"] == {}  # "sw" is "sw" in French too
    new = _options(sw)["new"]
    assert new["name_localizations"] == {"fr": "nouvelle"}
    assert new["description_localizations"] == {
        "fr": "Ouvrir une partie de Small World dans ce salon"
    }
    options = _options(new)
    assert options["players"]["name_localizations"] == {"fr": "joueurs"}
    assert options["map"]["name_localizations"] == {"fr": "carte"}
    level = _options(_options(sw)["addai"])["level"]
    assert [c.get("name_localizations") for c in level["choices"]] == [
        {"fr": "Facile"},
        None,  # "Normal" is "Normal"
        {"fr": "Difficile"},
    ]
    league = backend.find_command("league", None)
    assert league["name_localizations"] == {"fr": "ligue"}
    assert _options(league)["standings"]["name_localizations"] == {"fr": "classement"}
    assert backend.find_command("maps", None)["name_localizations"] == {"fr": "cartes"}


async def test_rules_autocomplete_finds_a_race_by_its_name_in_either_language(
    simcord_env, speaks
) -> None:
    w = await world(simcord_env)
    ann, bob, _ = w.members
    speaks(ann, "fr")
    golems = {"name": "Golems", "value": "Mudmen"}
    for typed in ("golem", "mudmen", "Golems", "MUDMEN"):
        assert golems in await ann.autocomplete(w.channel, "sw rules", "name", typed), typed
    # English members see the English name, and find it by its French name too.
    for typed in ("golem", "mudmen"):
        assert {"name": "Mudmen", "value": "Mudmen"} in await bob.autocomplete(
            w.channel, "sw rules", "name", typed
        ), typed
    # The value is the English key: the answer names the race in the reader's language.
    answer = await bob.slash(w.channel, "sw rules", name="Mudmen")
    assert answer.ephemeral and answer.response.content.startswith("**Mudmen**: ")
    french = await ann.slash(w.channel, "sw rules", name="Mudmen")
    assert french.ephemeral and french.response.content.startswith("**Golems** : ")
    # A name typed without choosing from the list is found in either language as well.
    typed = await bob.slash(w.channel, "sw rules", name="golems")
    assert typed.response.content.startswith("**Mudmen**: ")
    typed = await ann.slash(w.channel, "sw rules", name="mudmen")
    assert typed.response.content.startswith("**Golems** : ")


async def test_the_stats_map_is_found_by_its_title_in_either_language(simcord_env, speaks) -> None:
    w = await world(simcord_env)
    ann, bob, _ = w.members
    speaks(ann, "fr")
    for typed in ("3 joueurs", "3 players", "sw-3p"):
        offered = await ann.autocomplete(w.channel, "league stats", "map", typed)
        assert {"name": "Small World, 3 joueurs · sw-3p", "value": "sw-3p"} in offered, typed
    offered = await bob.autocomplete(w.channel, "league stats", "map", "3 joueurs")
    assert {"name": "Small World, 3 players · sw-3p", "value": "sw-3p"} in offered


async def test_the_do_autocomplete_shows_a_french_member_the_same_moves(
    simcord_env, speaks
) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    await started_game(w)
    lg = await game_of(w)
    first = w.member(lg.user_at(0))
    english = await first.autocomplete(w.channel, "sw do", "action", "")
    speaks(first, "fr")
    french = await first.autocomplete(w.channel, "sw do", "action", "")
    # The same moves (the values are the engine's, in no language); the labels are the
    # engine's in French, and an English word still finds them.
    assert [c["value"] for c in french] == [c["value"] for c in english]
    word = english[0]["name"].split()[0]
    assert await first.autocomplete(w.channel, "sw do", "action", word)


def test_names_match_in_every_language() -> None:
    from cogs.choices import in_every_language

    with speaking("fr"):
        assert in_every_language(lambda: race("Mudmen")) == "golems mudmen"
    assert in_every_language(lambda: race("Mudmen")) == "mudmen golems"


OLD_HELP = """\
**Small World in this channel**
`/sw new` opens a game (2–5 players, or 6 in 3 teams of 2), `/sw join` takes a seat, \
`/sw start` begins. A team lobby's message has taps: Join, choose your partner (you pair \
when you choose each other), and for the host, pair two players, 🎲 Draw teams and Start. \
Options (`mix:true`, `surface_relics:true`, or the host's toggles on the lobby \
message): mixed markets, Places and Relics on the surface.
**On your turn, tap ▶ Play** under the latest game message (or type `/sw play`): your own \
panel opens, only you see it, and the whole turn is menus and buttons: pick a combo, \
conquer (each region with its cost), final conquest with the die, abandon, special powers, \
redeploy, decline, end. It can be opened again at any time. A question put to you in \
someone else's turn (the Sigil of Sacrifice) comes with **▶ Answer**.
The channel gets one message per turn, edited as the turn goes, then a summary with the board.
Typed commands do the same: `/sw pick`, `/sw conquer`, `/sw redeploy`, \
`/sw end`, `/sw decline`, `/sw undo`, and `/sw do` for every legal action.
`/sw coins` shows your coins to you alone. `/sw board`, `/sw status`, `/sw rules` tell the \
rest. `/sw settings notify` sends you a DM when it's your turn.
Away for a while? `/sw away days` makes your deadlines wait. Watching? `/sw follow`. \
`/sw new thread:true` opens a game in its own thread. Finished games: `/league games`, \
`/league replay`, `/league stats`; the season: `/league standings`, `/league player`.
Your club's own board: a server manager adds its file with `/maps add`, and `/sw new map:` \
offers it (`/maps list` shows them).
Each decision has a deadline; when it passes the bot plays a sensible default and says so.
New to the game? `/tutorial start` teaches it by playing."""


def test_the_help_names_the_commands_as_the_member_sees_them() -> None:
    assert help_text() == OLD_HELP
    with speaking("fr"):
        text = help_text()
    lines = text.splitlines()
    assert lines[0] == "**Small World dans ce salon**"
    assert lines[1].startswith(
        "`/sw nouvelle` ouvre une partie (2 à 5 joueurs, ou 6 en 3 équipes de 2), "
        "`/sw rejoindre` prend une place, `/sw lancer` la lance."
    )
    assert "(`mélange:true`, `reliques_surface:true`," in lines[1]
    assert lines[6].startswith("Absent un moment ? `/sw absent jours` met vos délais en attente.")
    assert "`/ligue classement`, `/ligue joueur`." in lines[6]
    assert "`/cartes ajouter`" in lines[7] and "`/sw nouvelle carte:`" in lines[7]
    assert len(text) <= 2000


async def test_status_and_replies_in_french(simcord_env) -> None:
    w = await world(simcord_env)
    ann, bob, cyd = w.members
    await ann.slash(w.channel, "sw new", players=3)
    await bob.slash(w.channel, "sw join")
    lg = await game_of(w)
    with speaking("fr"):
        assert lobby_status(lg) == "Salle d'attente : 2/3 inscrits (ann, bob)."
        assert following(False) == "Vous ne suivez plus cette partie."
        assert following(True).endswith("`/sw suivre` à nouveau arrête le suivi.")
    await cyd.slash(w.channel, "sw join")
    await ann.slash(w.channel, "sw start")
    lg = await game_of(w)
    s = lg.game.state
    english = await status_text(simcord_env.bot.service, lg, s)
    with speaking("fr"):
        french = await status_text(simcord_env.bot.service, lg, s)
    assert english.splitlines()[0] == f"**Round 1/{s.turns}** · phase pick · map `sw-3p`"
    assert french.splitlines()[0] == f"**Tour 1/{s.turns}** · phase : choix · carte `sw-3p`"
    assert french.splitlines()[1].startswith("À jouer : **")
    assert "1. ann : aucun peuple actif ; en déclin : aucun" in french.splitlines()
