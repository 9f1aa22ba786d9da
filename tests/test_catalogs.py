"""The translation catalogs (issue 25): every message has an English and a French
translation with the same ``{fields}``, the compiled catalogs are current, and the language
machinery (``lang``) chooses, fills in and elides as it should."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from lang import LANGUAGES, current, decimal, language_of, ntr, number, ptr, speaking, tr
from lang.catalogs import problems, stale
from lang.grammar import fill

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from catalogs import templates


@pytest.fixture(scope="module")
def every_template():
    return templates()


def test_every_message_has_an_english_and_a_french_translation_with_the_same_fields(
    every_template,
) -> None:
    assert set(LANGUAGES) >= {"en", "fr"}
    found = list(problems(every_template))
    assert not found, f"{len(found)} problems, first ones:\n" + "\n".join(found[:40])


def test_the_catalogs_have_messages_from_every_domain(every_template) -> None:
    # An extraction that silently found nothing would pass the test above.
    sizes = {domain: len([m for m in t if m.id]) for domain, t in every_template.items()}
    assert all(n > 0 for n in sizes.values()), sizes
    assert sum(sizes.values()) > 1000, sizes


def test_the_compiled_catalogs_are_current() -> None:
    assert not stale(), "run `python -m lang compile`"


def test_a_members_discord_locale_chooses_a_language() -> None:
    assert language_of("fr") == "fr"
    assert language_of("en-GB") == "en"
    assert language_of("de") == "en"  # not spoken yet: English
    assert language_of(None) == "en"


def test_speaking_sets_the_language_of_a_block_only() -> None:
    assert current() == "en"
    with speaking("fr"):
        assert current() == "fr"
        assert ptr("race", "Mudmen") == "Golems"
        assert ptr("race", "Will-o'-Wisps") == "Feux Follets"
        assert ptr("race", "Lizardmen") == "Gekkos"
        with speaking("xx"):
            assert current() == "en"
    assert current() == "en"
    assert ptr("race", "Mudmen") == "Mudmen"


def test_counts_take_frances_plural_rule() -> None:
    # French: 0 and 1 are singular; English: only 1.
    with speaking("fr"):
        forms = [ntr("{n} token", "{n} tokens", n) for n in (0, 1, 2)]
    assert forms == ["0 pion", "1 pion", "2 pions"]
    assert [ntr("{n} token", "{n} tokens", n) for n in (0, 1, 2)] == [
        "0 tokens",
        "1 token",
        "2 tokens",
    ]


def test_french_elides_before_a_vowel_but_never_changes_a_name() -> None:
    # [French orthography] "de" + vowel → "d'", "le"/"la" + vowel → "l'"; a silent h too.
    assert fill("fr", "les {race} de {who}", {"race": "Golems", "who": "Alice"}) == (
        "les Golems d'Alice"
    )
    assert fill("fr", "les {race} de {who}", {"race": "Golems", "who": "Bob"}) == (
        "les Golems de Bob"
    )
    assert fill("fr", "la force de {race}", {"race": "Humains"}) == "la force d'Humains"
    assert fill("fr", "le {thing}", {"thing": "Orbe"}) == "l'Orbe"
    # Discord's markdown between the word and the value does not stop it.
    assert fill("fr", "le tour de **{who}**", {"who": "Ana"}) == "le tour d'**Ana**"
    # The filled-in value is never altered, even when it begins like a French word.
    assert fill("fr", "{who} de {x}", {"who": "de Alice", "x": "Eve"}) == "de Alice d'Eve"
    # English has no such rule, and a message without fields keeps its braces.
    assert fill("en", "de {who}", {"who": "Alice"}) == "de Alice"
    assert tr("{not a field}") == "{not a field}"


def test_numbers_take_the_languages_decimal_mark() -> None:
    assert (decimal(72.34), number(0.5), number(24.0)) == ("72.3", "0.5", "24")
    with speaking("fr"):
        assert (decimal(72.34), number(0.5), number(24.0)) == ("72,3", "0,5", "24")
