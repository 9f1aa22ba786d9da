"""The events' sentences and the glossary in French: the catalogs ``narration`` and ``glossary``
(``engine.text``) read in the language spoken, English unchanged.

The events come from a real game: three players on the Underground, played from ``new_game`` by
the seeded random player of ``engine.simulate`` (seed 1: Ève's Flames put the Volcano and
discover the Shiny Orb; one of their tokens, then two of Ann's Ogres, leave the River).
"""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

from engine import apply, legal_actions, new_game, to_act
from engine.simulate import choose
from engine.text import glossary
from engine.text.narration import SENTENCES, underground_sentence
from engine.text.telling import coins, thing, tokens
from lang import speaking

NAMES = ["Ève", "Bob", "Ann"]


@cache
def _played(seed: int) -> tuple[dict[str, Any], ...]:
    """Every event of the seeded game, in order (the state keeps only the latest)."""
    s = new_game(NAMES, seed, world="underground")
    rng = random.Random(seed)
    told: list[dict[str, Any]] = []
    while (seat := to_act(s)) is not None:
        before = len(s.events)
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
        told += copy.deepcopy(s.events[before:] if len(s.events) >= before else s.events)
    return tuple(told)


def event(seed: int, kind: str, **fields: Any) -> dict[str, Any]:
    """The first event of ``kind`` in the game of ``seed`` with these ``fields``."""
    for e in _played(seed):
        if e["kind"] == kind and all(e.get(k) == v for k, v in fields.items()):
            return e
    raise AssertionError(f"no {kind} event with {fields} in game {seed}")


def told(e: dict[str, Any], *, past: bool = False, language: str = "fr") -> str | None:
    with speaking(language):
        return underground_sentence(e, NAMES, past=past)


def test_a_race_is_plural_and_a_name_starting_with_a_vowel_is_elided() -> None:
    volcano = event(1, "volcano")
    assert told(volcano) == "Les Flammes d'Ève placent le Volcan sur la région 25"
    assert told(volcano, past=True) == "Les Flammes d'Ève ont placé le Volcan sur la région 25"
    orb = event(1, "discover", treasure="orb")
    assert told(orb, past=True) == (
        "Les Flammes d'Ève ont découvert une Relique Rustique dans la région 28 : Orbe Scintillante"
    )
    # English is as it was.
    assert told(volcano, language="en") == "Ève's Flames put the Volcano on 25"
    assert told(orb, past=True, language="en") == (
        "Ève's Flames discovered Shiny Orb (a Righteous Relic) in 28"
    )


def test_counts_are_singular_for_one_and_zero_in_french() -> None:
    one = event(1, "river", tokens=1)
    two = event(1, "river", tokens=2)
    assert told(one) == "Les Flammes d'Ève : 1 pion quitte la Rivière pour être redéployé"
    assert told(two, past=True) == (
        "Les Ogres d'Ann : 2 pions ont quitté la Rivière pour être redéployés"
    )
    assert told(two, language="en") == "Ann's Ogres: 2 tokens leave the River to be redeployed"
    with speaking("fr"):
        assert [tokens(n) for n in (0, 1, 2)] == ["0 pion", "1 pion", "2 pions"]
        assert [coins(n) for n in (0, 1, 3)] == ["0 jeton", "1 jeton", "3 jetons"]
    assert [tokens(n) for n in (0, 1, 2)] == ["0 tokens", "1 token", "2 tokens"]


def test_a_conquest_by_a_relic_tells_the_losses() -> None:
    socks = event(11, "socks", lost=0, defender="Mummies")
    assert told(socks) == (
        "Les Feux Follets de Bob utilisent les Chaussettes de l'Architrollesse pour conquérir "
        "la région 9 avec 2 pions aux dépens des Momies d'Ève (aucun pion perdu)"
    )
    vampire = event(4, "vampire", lost=1)
    assert told(vampire, past=True) == (
        "Les Mimics d'Ève ont mordu la région 14 avec 1 pion aux dépens des Liches d'Ann "
        "(1 pion perdu)"
    )


def test_every_event_of_a_game_is_told_in_both_tenses_in_french() -> None:
    # Nothing English is left in a French sentence of any kind the game tells.
    english = (" the ", "'s ", " token", " coin", " in ")
    seen = set()
    for seed in (1, 2, 3):
        for e in _played(seed):
            if e["kind"] not in SENTENCES:
                continue
            for past in (False, True):
                line = told(e, past=past)
                assert line is not None and not any(w in line for w in english), line
            seen.add(e["kind"])
    assert {"volcano", "river", "discover", "balrog", "pay"} <= seen, seen


def test_relics_and_places_are_named_with_their_article() -> None:
    with speaking("fr"):
        assert thing("orb") == "l'Orbe Scintillante"
        assert thing("ring") == "l'Anneau Runique"
        assert thing("bag") == "la Musette"
    assert thing("orb") == "the Shiny Orb"
    assert thing("bag") == "the Bag-o'-Many-Things"


def test_the_glossary_reads_the_language_spoken() -> None:
    with speaking("fr"):
        golems = glossary.lookup("golems")
        assert golems == (
            "Golems",
            "Peuple · 5 pions. +1 pion de la réserve par région de Mare de boue, "
            "à chaque redéploiement.",
        )
        # A name typed in English finds the same entry.
        assert glossary.lookup("Mudmen") == golems
        assert glossary.lookup("Tour") is not None
        assert "Golems" in glossary.search("gol")
    assert glossary.lookup("mudmen") == (
        "Mudmen",
        "Race · 5 tokens. +1 token from the tray per Mudpool region, at each redeployment.",
    )
    assert glossary.lookup("golems") is None


def test_every_glossary_entry_has_a_french_title_and_text() -> None:
    english = glossary.entries()
    with speaking("fr"):
        french = glossary.entries()
    # No two entries share a French title, and every text is translated.
    assert len(french) == len(english)
    same = [title for title, text in french.items() if text in english.values()]
    assert not same, same
