"""The engine's words in French: the legal actions' labels and the refusals a player reads,
from a real game driven through ``apply`` and ``legal_actions``, in the language spoken.

Names (races, powers, terrains) come from ``engine.core.names``; the expected texts ask it
too, so these tests hold whatever the names catalog says.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, NotYourTurn, apply, label, legal_actions, parse
from engine.core.actions import Conquer, EndConquests, PickCombo
from engine.core.board import mapdef
from engine.core.names import combo, terrain
from engine.core.state import GameState
from engine.core.words import and_list, where
from lang import speaking

from .helpers import refused, start


def _game() -> GameState:
    return start(("Humans", "Alchemist"), ("Orcs", "Flying"))


def test_pick_labels_in_french() -> None:
    s = _game()
    with speaking("fr"):
        labels = {a.text: label(s, a) for a in legal_actions(s, 0)}
        first = labels["pick 1"]
        assert first == f"Prendre {combo('Humans', 'Alchemist')} · 9 pions · gratuit"
        assert labels["pick 2"].endswith(" · coûte 1 jeton")


def test_conquest_labels_in_french_and_english() -> None:
    s = _game()
    apply(s, 0, parse("pick 1"))
    conquests = [a for a in legal_actions(s, 0) if isinstance(a, Conquer)]
    assert conquests
    a = conquests[0]
    english = label(s, a)
    with speaking("fr"):
        kind = terrain(mapdef(s).regions[a.region].terrain)
        french = label(s, a)
        assert french.startswith(f"Conquérir {a.region} · {kind} · ")
        assert french.endswith(" pions")
        assert label(s, EndConquests()) == "Arrêter les conquêtes · redéployer"
    # English is as it always was.
    assert english.startswith(f"Conquer {a.region} · {mapdef(s).regions[a.region].terrain} · ")
    assert english.endswith(" tokens")
    assert label(s, EndConquests()) == "Stop conquering · redeploy"


def test_refusals_in_french() -> None:
    s = _game()
    apply(s, 0, parse("pick 1"))
    with speaking("fr"):
        assert refused(s, "pick 1") == (
            "Vous avez déjà un peuple actif ; prenez-en un nouveau après le déclin."
        )
        assert refused(s, "conquer 999") == "Il n'y a pas de région 999."
        with pytest.raises(NotYourTurn) as err:
            apply(s, 1, parse("finish"))
        assert str(err.value) == "C'est à P1 de jouer, pas à vous."
    # The same refusals in English, unchanged.
    assert refused(s, "pick 1") == (
        "You already have an active race; pick a new one after declining."
    )
    with pytest.raises(NotYourTurn) as err:
        apply(s, 1, parse("finish"))
    assert str(err.value) == "It is P1's move, not yours."


def test_a_refused_pick_in_french_counts_in_french() -> None:
    s = _game()
    s.players[0].coins = 0
    with speaking("fr"), pytest.raises(IllegalAction) as err:
        apply(s, 0, PickCombo(2))
    assert str(err.value) == "La combinaison 2 coûte 1 jeton : vous ne pouvez pas la payer."


def test_shared_phrases_in_french() -> None:
    s = _game()
    with speaking("fr"):
        assert and_list(["3", "5", "9"]) == "3, 5 et 9"
        assert where(s, 0) == f"0 · {terrain(mapdef(s).regions[0].terrain)}"
    assert and_list(["3", "5", "9"]) == "3, 5 and 9"
    assert where(s, 0) == f"0 · {mapdef(s).regions[0].terrain}"
