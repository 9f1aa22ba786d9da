"""The pick menu's options say in the member's language what each combo's race and power
do (issue 37, F2): a French member on a French server reads French, on both worlds and in a
team game, through the real ▶ Jouer panel."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.abilities import POWERS, RACES
from engine.text.glossary import power_summary, race_summary
from engine.text.names import power
from lang import speaking

from .locales import GUILD, speak
from .world import game_of, labels, public, world

SIX = ("ann", "bob", "cyd", "dee", "eve", "fay")


def _options(panel: Any) -> list[dict[str, Any]]:
    """The options of the panel's pick menu."""
    menus = [c for row in panel.components for c in row.get("components", []) if c["type"] == 3]
    assert [m["placeholder"] for m in menus] == ["Choisir une combinaison…"]
    return menus[0]["options"]


@pytest.mark.parametrize(("names", "options"), [(SIX[:3], {}), (SIX, {"world": "underground"})])
async def test_a_french_member_reads_each_combo_in_french(
    simcord_env, monkeypatch, names: tuple[str, ...], options: dict[str, Any]
) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env, names)
    locales.update({GUILD: "fr", **{m.id: "fr" for m in w.members}})
    host, *others = w.members
    await host.slash(w.channel, "sw new", players=len(names), **options)
    for m in others:
        await m.slash(w.channel, "sw join")
    await host.slash(w.channel, "sw start")
    lg = await game_of(w)
    s = lg.game.state
    assert bool(s.options.get("teams")) == (len(names) == 6)
    member = w.member(lg.user_at(s.turn.seat))
    message = next(m for m in reversed(public(w)) if "▶ Jouer" in labels(m))
    panel = (await member.click(message, label="▶ Jouer")).response
    shown = _options(panel)
    assert len(shown) == len(s.market) == 6
    for option, c in zip(shown, s.market, strict=True):
        text = option["description"]
        assert len(text) <= 100
        with speaking("fr"):
            race_does, power_does = race_summary(c.race), power_summary(c.power)
            french = f"{race_does} {power(c.power)} : {power_does}"
        with speaking("en"):
            english = (race_summary(c.race), power_summary(c.power))
        # Discord's 100 characters: a long text ends in "…", the rest is word for word.
        assert french.startswith(text.removesuffix("…")), (text, french)
        for sentence in english:
            assert sentence[:30] not in text, text


def test_every_race_and_power_has_its_menu_sentence_in_french() -> None:
    # The menu reads the glossary's sentences (the rulebook's quotes in the Underground
    # powers' docstrings are for developers): each has its French.
    for name in RACES:
        with speaking("fr"):
            french = race_summary(name)
        assert french != race_summary(name), name
    for name in POWERS:
        with speaking("fr"):
            french = power_summary(name)
        assert french != power_summary(name) and "Collect" not in french, name
