"""A combo's name agrees in French: the power's adjective takes the gender and number of
the race's name (issue 37, F3: "Poulpeuses Royales", not "Poulpeuses Royaux").

Each language's catalog says which form each race's name is (``engine.core.names.agreement``)
and holds the power's name in each form; every race × power is checked here.
"""

from __future__ import annotations

from engine.core.abilities import POWERS, RACES
from engine.core.names import (
    BESIDE,
    FEMININE_PLURAL,
    IN_COMBO,
    MASCULINE_PLURAL,
    agreement,
    combo,
    power_beside,
    race,
)
from lang import LANGUAGES, ptr, speaking

#: The races whose French name is feminine: les Amazones, les Flammes, les Poulpeuses, les
#: Liches, les Momies ("Les Momies sont nombreuses", SWU p.11), les Arachnées, les
#: Mi-portions (une mi-portion).
FEMININE_IN_FRENCH = {
    "Amazons",
    "Flames",
    "Kraken",
    "Liches",
    "Mummies",
    "Spiderines",
    "Halflings",
}


def test_known_combos_agree_in_french_and_english_is_unchanged() -> None:
    pairs = {
        ("Kraken", "Royal"): "Poulpeuses Royales",
        ("Dwarves", "Royal"): "Nains Royaux",
        ("Amazons", "Commando"): "Amazones Armées",
        ("Mummies", "Flying"): "Momies Volantes",
        ("Liches", "Vengeful"): "Liches Vengeresses",
        ("Spiderines", "Immortal"): "Arachnées Immortelles",
        ("Flames", "Stout"): "Flammes Dures à cuire",
        ("Drow", "Flying"): "Elfes Noirs Volants",
        ("Amazons", "Forest"): "Amazones des Forêts",
    }
    with speaking("fr"):
        assert {pair: combo(*pair) for pair in pairs} == pairs
    with speaking("en"):
        assert combo("Kraken", "Royal") == "Royal Kraken"
        assert combo("Amazons", "Commando") == "Commando Amazons"


def test_every_race_has_a_known_form_in_every_language() -> None:
    for code in LANGUAGES:
        with speaking(code):
            for name in RACES:
                # The catalog's word, not agreement()'s fallback: a typo would hide there.
                form = ptr(f"gender and number of the race's name: {name}", MASCULINE_PLURAL)
                assert form in BESIDE, (code, name, form)
    with speaking("fr"):
        feminine = {name for name in RACES if agreement(name) == FEMININE_PLURAL}
    assert feminine == FEMININE_IN_FRENCH


def test_no_feminine_race_takes_a_masculine_adjective_in_french() -> None:
    differ = 0
    with speaking("fr"):
        for power in POWERS:
            masculine = ptr(IN_COMBO, power)
            feminine = ptr(BESIDE[FEMININE_PLURAL], power)
            differ += masculine != feminine
            for name in RACES:
                shown = combo(name, power)
                assert shown.startswith(race(name) + " "), shown
                words = shown.removeprefix(race(name) + " ")
                assert words == power_beside(power, name)
                if name in FEMININE_IN_FRENCH:
                    assert words == feminine, shown
                else:
                    assert words == masculine, shown
    # Royaux/Royales, Armés/Armées, Volants/Volantes and the other adjectives that change.
    assert differ >= 15
