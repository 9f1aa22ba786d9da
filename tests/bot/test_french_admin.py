"""The bot's admin side in French: a lobby opened, joined and started, a refusal of the
service, a season opened and its standings, the teams of a lobby and the stats' combos,
through the real commands by members whose Discord speaks French (``locales.speak``), and
the same in English, unchanged.
"""

from __future__ import annotations

from bot import stats
from bot.service.loaded import Seat
from bot.teams import lobby_teams
from engine.text import names
from lang import slash, speaking

from .locales import GUILD, speak
from .test_league import league_world
from .world import game_of, world


async def test_a_lobby_opened_joined_refused_and_started_in_french(
    simcord_env, monkeypatch
) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    ann, bob, cyd = w.members
    locales.update({GUILD: "fr", ann.id: "fr", bob.id: "fr", cyd.id: "fr"})
    with speaking("fr"):
        join, start = slash("sw join"), slash("sw start")
        opened = await ann.slash(w.channel, "sw new", players=3)
        lg = await game_of(w)
        assert opened.response.content == (
            f"**Small World** à 3 joueurs (carte `{lg.map_id}`, 24 h par décision). "
            f"<@{ann.id}> est inscrit. Rejoignez-la avec `{join}` ; l'hôte la lance avec "
            f"`{start}` une fois 3 joueurs inscrits."
        )
        early = await ann.slash(w.channel, "sw start")
        assert early.ephemeral
        assert "En attente de joueurs : 1 sur 3 a rejoint la partie." in early.response.content
        await bob.slash(w.channel, "sw join")
        twice = await bob.slash(w.channel, "sw join")
        assert twice.ephemeral and "Vous êtes déjà dans cette partie." in twice.response.content
        not_host = await bob.slash(w.channel, "sw start")
        assert "Seul l'hôte peut lancer la partie." in not_host.response.content
        await cyd.slash(w.channel, "sw join")
        started = await ann.slash(w.channel, "sw start")
        assert started.response.content.startswith("La partie commence ! Ordre de jeu : 1. <@")
        again = await bob.slash(w.channel, "sw new", players=2)
        assert again.ephemeral and "Ce salon a déjà une partie." in again.response.content


async def test_a_lobby_and_a_refusal_in_english_are_unchanged(simcord_env) -> None:
    w = await world(simcord_env)
    ann, bob, _cyd = w.members
    opened = await ann.slash(w.channel, "sw new", players=3)
    lg = await game_of(w)
    assert opened.response.content == (
        f"**Small World** for 3 players (map `{lg.map_id}`, 24 h per decision). <@{ann.id}> "
        "is in. Join with `/sw join`; the host starts with `/sw start` once 3 have joined."
    )
    early = await ann.slash(w.channel, "sw start")
    assert "Waiting for players: 1 of 3 have joined." in early.response.content
    await bob.slash(w.channel, "sw join")
    twice = await bob.slash(w.channel, "sw join")
    assert "You are already in this game." in twice.response.content


async def test_a_season_and_its_standings_in_french(simcord_env, monkeypatch) -> None:
    locales = speak(monkeypatch)
    w, organiser = await league_world(simcord_env)
    locales.update({GUILD: "fr", organiser.id: "fr", w.members[0].id: "fr"})
    with speaking("fr"):
        opened = await organiser.slash(w.channel, "league open", name="Automne")
        assert opened.response.content.startswith("🏁 La saison **Automne** est ouverte.")
        again = await organiser.slash(w.channel, "league open", name="Hiver")
        assert again.ephemeral
        assert "Une saison est déjà ouverte ici : fermez-la d'abord." in again.response.content
        standings = await w.members[0].slash(w.channel, "league standings")
        [shot] = standings.followups or [standings.response]
        assert shot.content == (
            "**Classement · Automne** (page 1/1)\n"
            "Aucune partie classée n'est encore terminée cette saison."
        )
        exported = await w.members[0].slash(w.channel, "league export")
        assert exported.response.content == "Saison **Automne** : parties et cotes."
        # The file is for spreadsheets and scripts: its columns stay in English.
        [attachment] = exported.response.attachments
        assert (await attachment.read()).decode().splitlines()[0] == (
            "section,game,finished,map,player_id,rank,coins,combos,rating,games,wins,team"
        )
        unknown = await w.members[0].slash(w.channel, "league standings", season="Été")
        assert "Aucune saison nommée 'Été' sur ce serveur." in unknown.response.content
    # The standings are posted for the channel: they follow the server's language.
    locales.update({GUILD: "en-US", w.members[0].id: "fr"})
    english = await w.members[0].slash(w.channel, "league standings")
    [shot] = english.followups or [english.response]
    assert shot.content == (
        "**Standings · Automne** (page 1/1)\nNo rated game has finished yet this season."
    )


def test_a_team_lobby_and_the_stats_combos_in_french() -> None:
    seats = [Seat(1, "ann", None, team=0, paired_by="host"), Seat(2, "bob", None, team=0)]
    seats += [Seat(3, "cyd", None, partner=1)]
    with speaking("fr"):
        text = lobby_teams(seats)
        assert text.splitlines()[:5] == [
            "Équipe A : **ann** & **bob** (associés par l'hôte)",
            "Équipe B : —",
            "Équipe C : —",
            "Sans partenaire : cyd",
            "En attente de réponse : cyd → ann",
        ]
        assert text.splitlines()[5].startswith("Il manque encore 3 joueurs. Choisissez")
        # The combo of a stats key in the names of the language (``engine.text.names``).
        assert stats.shown("combo", "Flying Orcs") == names.combo("Orcs", "Flying")
        assert stats.shown("combo", "Dragon Master Iron Dwarves") == names.combo(
            "Iron Dwarves", "Dragon Master"
        )
        assert stats.shown("race", "Orcs") == names.race("Orcs")
    assert lobby_teams(seats).splitlines()[0] == "Team A: **ann** & **bob** (paired by the host)"
    assert stats.shown("combo", "Flying Orcs") == "Flying Orcs"
