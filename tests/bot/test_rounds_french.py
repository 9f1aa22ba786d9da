"""A rounds season on a French server (issue 38 §3: "English and French"): the opening
message and its buttons, a member's sign-up, and the standings with their picture's
description, in French."""

from __future__ import annotations

import pytest

from .locales import GUILD, speak
from .rounds_world import league_world, open_season


@pytest.mark.simcord
async def test_a_rounds_season_speaks_french(simcord_env, monkeypatch) -> None:
    locales = speak(monkeypatch)
    w, org = await league_world(simcord_env, 2)
    locales.update({GUILD: "fr", org.id: "fr", **{m.id: "fr" for m in w.members}})
    opened = await open_season(w, org, name="Hiver", rounds=2, pod=3)
    message = opened.response
    assert "La saison **Hiver** est ouverte : 2 rondes de 7 jours" in message.content
    labels = [c["label"] for row in message.components for c in row["components"]]
    assert labels == ["✅ S'inscrire", "Se retirer"]
    signed = await w.members[0].click(message, label="✅ S'inscrire")
    assert signed.ephemeral and "Vous êtes inscrit à **Hiver**" in signed.response.content
    shown = await w.members[1].slash(w.channel, "league standings")
    [table] = shown.followups or [shown.response]
    assert "classement avant la première ronde" in table.content
    [picture] = table.attachments
    assert picture.description.startswith("Hiver. avant la première ronde.")
