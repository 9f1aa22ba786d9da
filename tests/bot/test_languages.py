"""Which language the bot speaks, through the real bot (issue 25): a game speaks its server's
language in public; ``/sw settings language`` chooses it; each member's private answers
follow their own Discord language."""

from __future__ import annotations

import json

import pytest

from bot.seat_log import told_detail
from engine import to_act
from lang import speaking

from .conftest import make_bot
from .locales import GUILD, speak
from .test_league import league_world
from .world import game_of, labels, public, started_game, world


async def test_a_new_game_speaks_the_servers_discord_language(simcord_env, monkeypatch) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    ann = w.members[0]
    locales[GUILD] = "fr"
    await ann.slash(w.channel, "sw new", players=3)
    assert (await game_of(w)).language == "fr"
    await ann.slash(w.channel, "sw cancel")
    # A language the bot does not speak: English.
    locales[GUILD] = "de"
    await ann.slash(w.channel, "sw new", players=3)
    assert (await game_of(w)).language == "en"


async def test_settings_language_moves_the_servers_games_and_new_ones(
    simcord_env, monkeypatch
) -> None:
    locales = speak(monkeypatch)
    w, organiser = await league_world(simcord_env)
    ann, bob, _ = w.members
    lg = await started_game(w)
    assert lg.language == "en"
    refused = await bob.slash(w.channel, "sw settings language", language="fr")
    assert refused.ephemeral and (await game_of(w)).language == "en"
    done = await organiser.slash(w.channel, "sw settings language", language="fr")
    assert not done.ephemeral and "Français" in done.response.content
    assert (await game_of(w)).language == "fr"
    # The game under way goes on in French: its next public rows are recorded in French.
    service = simcord_env.bot.service
    rows = await service.storage.fetchall(
        "SELECT payload FROM outbox WHERE game_id = ? ORDER BY id DESC LIMIT 1", (lg.id,)
    )
    before = json.loads(rows[0]["payload"]).get("language", "en")
    assert before == "en"
    await ann.slash(w.channel, "sw cancel")
    # A new game of the server speaks the chosen language, whatever Discord's locale says.
    locales[GUILD] = "en-US"
    await ann.slash(w.channel, "sw new", players=3)
    assert (await game_of(w)).language == "fr"
    # Handing it back to Discord's language of the server.
    await organiser.slash(w.channel, "sw settings language", language="discord")
    assert (await game_of(w)).language == "en"


async def test_a_french_servers_turn_messages_are_recorded_in_french(
    simcord_env, monkeypatch
) -> None:
    locales = speak(monkeypatch)
    locales[GUILD] = "fr"
    w = await world(simcord_env)
    lg = await started_game(w)
    rows = await simcord_env.bot.service.storage.fetchall(
        "SELECT payload FROM outbox WHERE game_id = ?", (lg.id,)
    )
    assert rows and {json.loads(r["payload"])["language"] for r in rows} == {"fr"}


async def test_one_turn_two_languages_in_private_the_servers_in_public(
    simcord_env, monkeypatch
) -> None:
    """The same turn, played in a French server by a French and an English member: each is
    answered in their own language, and the public messages stay in French."""
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    ann, bob, cyd = w.members
    locales.update({GUILD: "fr", ann.id: "fr", bob.id: "en-GB", cyd.id: "fr"})
    lg = await started_game(w)
    actor = w.member(lg.user_at(to_act(lg.game.state)))
    english = bob if actor.id != bob.id else cyd
    if english is cyd:
        locales.update({bob.id: "fr", cyd.id: "en-US"})
    french = next(m for m in w.members if m.id not in (actor.id, english.id))
    live = next(m for m in reversed(public(w)) if labels(m))
    # Public: the server's language, whoever's press caused it.
    assert labels(live) == ["▶ Jouer", "Combinaisons", "Mes jetons", "📝 En mots"]
    # Private: each member's own.
    for member, expected in (
        (english, "You have **5** victory coins. Only you can see this."),
        (french, "Vous avez **5** jetons de victoire. Visible par vous seulement."),
    ):
        r = await member.click(live, label="Mes jetons")
        assert r.ephemeral and r.response.content == expected, r.response.content
    r = await english.click(live, label="▶ Jouer")
    assert r.ephemeral and r.response.content == (
        f"It's **{actor.name}**'s move now; you will be pinged when it is yours."
    )
    r = await french.click(live, label="▶ Jouer")
    assert r.response.content == (
        f"C'est à **{actor.name}** de jouer ; vous recevrez une mention quand ce sera à vous."
    )
    # The actor's language is the actor's: English now, and the panel speaks it.
    locales[actor.id] = "en-US"
    opened = await actor.click(live, label="▶ Jouer")
    assert opened.ephemeral and "pick a combo" in opened.response.content
    # The actor's move is told in public in French.
    panel = opened.response
    menu = next(c for row in panel.components for c in row["components"] if c["type"] == 3)
    await actor.select(panel, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    newest = public(w)[-1]
    assert "Tour 1/10" in newest.content and "Round" not in newest.content


async def test_a_dm_speaks_its_recipients_language_not_the_servers(
    simcord_env, monkeypatch
) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    ann, bob, cyd = w.members
    locales.update({ann.id: "fr", bob.id: "en-US", cyd.id: "fr"})
    for m in w.members:
        await m.slash(w.channel, "sw settings notify", on=True)
    lg = await started_game(w)
    assert lg.language == "en"
    first = w.member(lg.user_at(to_act(lg.game.state)))
    dm = first.user.dm_channel.history()[-1].content
    if first.id == bob.id:
        assert dm == f"It's your move in <#{w.channel.id}> (Small World)."
    else:
        assert dm == f"C'est à vous de jouer dans <#{w.channel.id}> (Small World)."
    # The public turn message stays in the server's language.
    assert "Round 1/10" in public(w)[-1].content


def test_a_seat_logs_take_over_is_told_in_the_readers_language() -> None:
    # Stored as data ("missed=2"), told in the language spoken; older rows' words as written.
    assert told_detail("missed=2") == "after 2 missed deadlines"
    with speaking("fr"):
        assert told_detail("missed=1") == "après 1 échéance manquée"
        assert told_detail("after 3 missed deadlines") == "after 3 missed deadlines"


async def test_a_lobby_speaks_the_servers_language_to_english_members(
    simcord_env, monkeypatch
) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    ann, bob, _ = w.members
    locales.update({GUILD: "fr", ann.id: "en-US", bob.id: "en-US"})
    opened = await ann.slash(w.channel, "sw new", players=3)
    assert not opened.ephemeral and "3 joueurs" in opened.response.content
    joined = await bob.slash(w.channel, "sw join")
    assert joined.response.content == f"<@{bob.id}> a rejoint la partie (2/3)."
    # A refusal is private: the member's own language.
    again = await bob.slash(w.channel, "sw join")
    assert again.ephemeral and "already" in again.response.content


async def test_a_french_game_stays_french_across_a_restart_mid_turn(
    simcord_env, monkeypatch, db_path
) -> None:
    """Killed mid-turn and started again, the bot knows the game's language from the
    database: the next public message is French, the English member's panel English."""
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    locales.update({GUILD: "fr", **{m.id: "en-US" for m in w.members}})
    lg = await started_game(w)
    actor = w.member(lg.user_at(to_act(lg.game.state)))
    await actor.slash(w.channel, "sw pick", slot=1)
    await simcord_env.restart_bot(make_bot(db_path))
    # The restarted bot never saw the server's locale: the game's own language decides.
    locales[GUILD] = "en-US"
    done = await actor.slash(w.channel, "sw end")
    # The member's reply, their moves' labels included, in their English.
    assert done.ephemeral and done.response.content.startswith("✅ Stop conquering")
    newest = public(w)[-1]
    assert "Tour 1/10" in newest.content and "Round" not in newest.content


@pytest.mark.simcord(settle_timeout=30)
async def test_a_passed_deadline_is_told_in_the_games_language(simcord_env, monkeypatch) -> None:
    """No member asks when a deadline passes: its note speaks the game's language."""
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    locales.update({GUILD: "fr", **{m.id: "en-US" for m in w.members}})
    await started_game(w, deadline_hours=2.0)
    await simcord_env.advance_time(2 * 3600 + 120)
    notes = [m.content for m in w.channel.history() if "⏰" in m.content]
    assert notes and all("Time ran out" not in n for n in notes), notes
