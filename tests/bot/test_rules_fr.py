"""``/sw rules`` in French: the names it offers and the explanations it finds come from the
catalogs (``engine.text.glossary`` through ``bot.glossary``, as the command reads them)."""

from __future__ import annotations

from bot.glossary import lookup, search
from lang import speaking


def test_a_french_race_name_finds_its_french_explanation() -> None:
    with speaking("fr"):
        # Entries keep their English key; the explanation is in the language spoken.
        assert "Mudmen" in search("Gol")
        assert lookup("Golems") == (
            "Mudmen",
            "Peuple · 5 pions. +1 pion de la réserve par région de Mare de boue, "
            "à chaque redéploiement.",
        )
        _title, text = lookup("Épée Vorpale") or ("", "")
        assert text.startswith("Relique Rustique. Une fois par tour, conquérez une région")
        assert lookup("Dé de renforts") is not None


def test_english_is_unchanged() -> None:
    assert "Mudmen" in search("Mud")
    assert lookup("Mudmen") == (
        "Mudmen",
        "Race · 5 tokens. +1 token from the tray per Mudpool region, at each redeployment.",
    )
    # A name in either language finds the entry, explained in the language spoken.
    assert lookup("Golems") == lookup("Mudmen")
