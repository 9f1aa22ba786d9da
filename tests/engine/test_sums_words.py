"""The sums in words within Discord's 100 characters (``engine.text.sums``): a sum too long
for a menu option's description or an autocomplete choice says less, in a fixed order,
rather than being cut: the notes first, then the die's odds, then the names' words after the
first, then the names, then the numbers; the total and what the die must show stay. The
terms below are the longest the 2,000-game runs of ``bench/breakdowns.py`` met (a
mixed-market Underground game's Keep on the Motherland beside an Encampment, the Giants' and
Commando's savings, a final conquest)."""

from __future__ import annotations

from engine.core.names import PIECE, POWER, RACE, TREASURE
from engine.core.prices import Breakdown
from engine.core.terms import ABILITY, BASE, MARKER, SPARED, TOKENS, Term
from engine.text.sums import cost_sum
from lang import speaking

LONG = Breakdown(
    region=7,
    terms=(
        Term(BASE, 2),
        Term(TOKENS, 5, "Ratmen", RACE),
        Term(MARKER, 1, "keep", TREASURE),
        Term(MARKER, 1, "camp", PIECE),
        Term(ABILITY, -1, "Giants", RACE),
        Term(ABILITY, -1, "Commando", POWER),
        Term(SPARED, 0, "Ogres", RACE, "Gnomes"),
    ),
    hand=6,
    final=True,
)


def test_a_long_sum_says_less_in_order_to_fit() -> None:
    full = cost_sum(LONG)
    assert full == (
        "7 = 2 + 5 tokens + 1 Keep on the Motherland + 1 Encampment − 1 Giants − 1 Commando"
        " · the die must show 1 or more (1 chance in 2) · Ogres: no saving against the Gnomes"
    )
    assert cost_sum(LONG, 150) == full.rsplit(" · ", 1)[0]  # the note goes first
    assert cost_sum(LONG, 100) == (
        "7 = 2 + 5 tokens + 1 Keep + 1 Encampment − 1 Giants − 1 Commando"
        " · the die must show 1 or more"
    )
    assert cost_sum(LONG, 60) == "7 = 2 + 5 + 1 + 1 − 1 − 1 · the die must show 1 or more"
    assert cost_sum(LONG, 40) == "7 · the die must show 1 or more"  # the terms go last
    assert cost_sum(LONG, 20) == "7"
    assert cost_sum(LONG, 20, bare=False) == ""


def test_every_form_fits_in_french_too() -> None:
    with speaking("fr"):
        full = cost_sum(LONG)
        assert full.startswith("7 = 2 + 5 pions + 1 ") and "le dé doit faire 1 ou plus" in full
        for limit in (150, 100, 80, 70):
            shown = cost_sum(LONG, limit)
            assert len(shown) <= limit and shown.startswith("7 = 2 + 5 "), (limit, shown)
