"""A game in French: the public turn messages, their buttons, the private panel and the
refusals speak the language, through the real interaction path; English stays as it was.

The members' Discord speaks French, and so does the server (``locales.speak``): the bot
answers each in French, and its game speaks French in public.
"""

from __future__ import annotations

from typing import Any

from bot.narrate import describe_event, summary
from bot.panel import build
from engine import to_act
from lang import speaking
from tests.engine.helpers import pass_turns, play, start

from .forge import press_forged
from .locales import GUILD, speak
from .world import World, game_of, labels, public, started_game, world


def components(panel: Any) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """A private panel's button labels, menu placeholders, and (menu id, first value)."""
    buttons, placeholders, menus = [], [], []
    for row in panel.components:
        for c in row.get("components", []):
            if c["type"] == 2:
                buttons.append(c["label"])
            elif c["type"] == 3:
                placeholders.append(c["placeholder"])
                menus.append((c["custom_id"], c["options"][0]["value"]))
    return buttons, placeholders, menus


async def first_turn(w: World, play_label: str) -> tuple[Any, Any, Any]:
    """Start a game; the member to act opens their panel with ``play_label``. Returns the
    public message, the member and their panel."""
    await started_game(w)
    lg = await game_of(w)
    member = w.member(lg.user_at(to_act(lg.game.state)))
    message = next(m for m in reversed(public(w)) if play_label in labels(m))
    opened = await member.click(message, label=play_label)
    assert opened.ephemeral, opened.response.content
    return message, member, opened.response


def all_french(w: World, locales: dict[Any, str]) -> None:
    """The server and every member speak French."""
    locales.update({GUILD: "fr", **{m.id: "fr" for m in w.members}})


async def test_a_turn_in_french(simcord_env, monkeypatch) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    all_french(w, locales)
    message, member, panel = await first_turn(w, "▶ Jouer")
    # The public message, composed when the game started, and its buttons.
    assert labels(message) == ["▶ Jouer", "Combinaisons", "Mes jetons", "📝 En mots"]
    assert (
        f"**Tour 1/10** · <@{member.id}>, c'est votre tour. "
        "Appuyez sur **▶ Jouer** pour choisir une combinaison. Échéance <t:"
    ) in message.content
    # The private panel: its line and its menu.
    assert panel.content.startswith(
        "**Tour 1/10** · choisissez une combinaison. Vous avez 5 jetons ; chaque "
        "combinaison coûte un jeton par combinaison au-dessus d'elle."
    ), panel.content
    _, placeholders, menus = components(panel)
    assert placeholders == ["Choisir une combinaison…"]
    # Pick the first combo: the panel now conquers.
    custom_id, value = menus[0]
    picked = await member.select(panel, [value], custom_id=custom_id)
    after = picked.response
    assert after.content.startswith("✅ "), after.content
    assert "\n\n**Tour 1/10** · vos **" in after.content
    assert after.content.endswith(
        " : 10 pions en main, 0 région. Conquérez, ou arrêtez pour redéployer."
    )
    buttons, placeholders, _ = components(after)
    assert buttons == ["Arrêter de conquérir", "Finir le tour", "🗺 Coûts sur le plateau"]
    assert placeholders[0] == "Conquérir une région…"


async def test_refusals_in_french(simcord_env, monkeypatch) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env, ("ann", "bob", "cyd", "eve"))
    all_french(w, locales)
    await started_game(w, players=3)
    live = next(m for m in reversed(public(w)) if "▶ Jouer" in labels(m))
    lg = await game_of(w)
    actor = lg.user_at(to_act(lg.game.state))
    # Someone who does not play in the game.
    spectator = w.members[3]
    r = await spectator.click(live, label="▶ Jouer")
    assert r.ephemeral and r.response.content == "Vous ne jouez pas dans cette partie."
    # A seated member whose move it is not: told whose it is (French elision).
    seated = next(m for m in w.members[:3] if m.id != actor)
    r = await seated.click(live, label="▶ Jouer")
    name = w.member(actor).name
    assert r.ephemeral
    assert r.response.content == (
        f"C'est à **{name}** de jouer ; vous recevrez une mention quand ce sera à vous."
    )
    # A control the bot never made.
    r = await press_forged(seated, live, "sw:")
    assert r.ephemeral and r.response.content == (
        "Cette commande n'appartient pas à cette partie (ou n'existe plus) : rien n'a été fait."
    )
    # A panel control pressed on the public message.
    r = await press_forged(seated, live, f"swb:{lg.id}:{lg.game.state.version}:n0sxp0:a=stop")
    assert r.response.content == (
        "Cette commande appartient au panneau d'un joueur : touchez ▶ Jouer pour ouvrir le vôtre."
    )


async def test_english_is_unchanged(simcord_env) -> None:
    w = await world(simcord_env)
    message, member, panel = await first_turn(w, "▶ Play")
    assert labels(message) == ["▶ Play", "Combos", "My coins", "📝 In words"]
    assert (
        f"**Round 1/10** · <@{member.id}>, it's your turn. Press **▶ Play** to pick a combo."
    ) in message.content
    assert panel.content.startswith(
        "**Round 1/10** · pick a combo. You have 5 coins; each combo costs one coin per combo "
        "above it."
    )
    assert components(panel)[1] == ["Pick a combo…"]


def test_turn_lines_in_french_with_elision() -> None:
    """The channel's lines for what the engine did: a whole French sentence each, "de"
    elided before a name that starts with a vowel."""
    s = start(("Orcs", "Hill"), ("Ratmen", "Commando"))
    s.players[0].name = "Alice"
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 20 3", "deploy 21 2", "end")
    pass_turns(s, 0)
    [ready] = [e for e in s.events if e["kind"] == "ready"]
    with speaking("fr"):
        assert describe_event(s, ready) == (
            "Les Orcs d'Alice ont repris 7 pions pour conquérir, en laissant un pion par région."
        )
        assert summary(s, []) == "• Aucune conquête et aucun changement sur le plateau."
    assert describe_event(s, ready) == (
        "Alice's Orcs picked up 7 tokens to conquer with, leaving one in each region."
    )


def test_a_redeployment_panel_in_french() -> None:
    """The panel of a redeployment: its lines, its buttons and its menus."""
    s = start(("Orcs", "Hill"), ("Ratmen", "Commando"))
    s.players[0].name = "Alice"
    play(s, "pick 1", "conquer 20", "conquer 21", "stop")
    with speaking("fr"):
        panel = build(s, 0)
        assert panel.text == (
            "**Redéployez** vos **Orcs** : 5 pions en main.\n"
            "Vos régions (pions) : 20 : 2, 21 : 2.\n"
            "Les pions encore en main quand vous appuyez sur **Finir le tour** sont répartis "
            "pour vous."
        )
        assert [b.label for b in panel.buttons()] == ["1", "2", "3", "Tous (5)", "Finir le tour"]
        assert [m.placeholder for m in panel.menus()] == [
            "Placer 5 pions de votre main dans…",
            "Déplacer des pions depuis…",
        ]
        assert build(s, 1).text == (
            "C'est à **Alice** de jouer ; vous recevrez une mention quand ce sera à vous."
        )
    assert build(s, 0).text.startswith("**Redeploy** your **Orcs**: 5 tokens in hand.\n")
