"""The rules' sums in words: what a conquest costs (``5 = 2 + 2 tokens + 1 Mountain − 1
Commando``, and on a final conquest what the die must show) and what a turn scored
(``7 = 5 regions + 1 Forest + 1 Humans``), in the language spoken.

The engine gives the terms as data (``engine.core.prices.conquest_breakdown``,
``engine.core.scoring.scored_terms``); this module only says them, naming each source in
the catalogs' words for it (``engine.text.names``). A ``limit`` (Discord's 100 characters
for a menu option's description or an autocomplete choice) makes a sum say less rather
than be cut: the notes go first, then the die's odds, then the names' words after the first,
then the names (the numbers stay), then the terms (the total and what the die must show
stay), then all but the total.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import gcd

from engine.core.actions import Action
from engine.core.prices import Breakdown, conquest_breakdown
from engine.core.state import GameState
from engine.core.terms import (
    ABILITY,
    BASE,
    BONUS,
    DIE,
    MARKER,
    MINIMUM,
    REGIONS,
    SPARED,
    TOKENS,
    Term,
    total,
)
from engine.core.words import and_list
from lang import ntr, ptr, tr

from . import names as named

#: How each kind of name a term's ``sort`` gives is said.
_NAMERS: dict[str, Callable[[str], str]] = {
    named.RACE: named.race,
    named.POWER: named.power,
    named.TREASURE: named.treasure,
    named.PIECE: named.treasure,  # a marker's name; the Keep's is a Place's
    named.TERRAIN: named.terrain,
}
PLUS, MINUS = "+", "−"


def source_name(term: Term) -> str:
    """What ``term`` comes from, in the language spoken (``Commando``, ``Montagne``)."""
    say = _NAMERS.get(term.sort)
    return say(term.source) if say is not None else term.source


def term_words(term: Term, several_races: bool = False, short: bool = False) -> str:
    """``term`` without its sign: ``2``, ``2 tokens``, ``1 Mountain``, ``2 × Monster``,
    ``1 Commando``, ``5 regions``; ``several_races``: the regions of each race say whose;
    ``short``: a name's first word only (``1 Keep`` for the Keep on the Motherland)."""
    n, kind = abs(term.amount), term.kind
    name = source_name(term)
    if short:
        name = name.split(" ", 1)[0]
    if kind == BASE:
        return str(n)
    if kind == TOKENS:
        return ntr("{n} token", "{n} tokens", n)
    if kind == REGIONS:
        if several_races:
            return ntr("{n} region ({race})", "{n} regions ({race})", n, race=name)
        return ntr("{n} region", "{n} regions", n)
    if kind == DIE:
        # i18n: the die rolled before a conquest (Berserk) takes tokens off its cost.
        return tr("{n} (die)", n=n)
    if kind == MINIMUM:
        # i18n: what brings a conquest's cost back up to 1 token, the least it may cost.
        return tr("{n} (minimum 1)", n=n)
    if kind == MARKER and n > 1:
        # i18n: several markers of one kind in a region, each adding a token ("2 × Monster").
        return tr("{n} × {name}", n=n, name=name)
    if kind in (ABILITY, BONUS, SPARED):
        # i18n: tokens a race, power, Relic or Place adds to a conquest or saves ("− 1
        # Commando"), or coins it scores ("+ 2 Alchemist").
        return ptr("term from a race, power, Relic or Place", "{n} {name}", n=n, name=name)
    # i18n: a number of tokens and what they come from ("1 Mountain", "1 River").
    return tr("{n} {name}", n=n, name=name)


def _short_words(t: Term) -> str:
    return term_words(t, short=True)


def _joined(terms: Sequence[Term], say: Callable[[Term], str]) -> str:
    """The terms said by ``say``, with their signs: ``2 + 2 tokens − 1 Commando``."""
    out = ""
    for t in terms:
        words = say(t)
        if not out:
            out = words if t.amount >= 0 else f"{MINUS} {words}"
        else:
            out += f" {PLUS if t.amount >= 0 else MINUS} {words}"
    return out


def _sum(value: int, terms: Sequence[Term], say: Callable[[Term], str]) -> str:
    # i18n: a total and the terms that make it up ("5 = 2 + 2 tokens + 1 Mountain").
    return tr("{total} = {terms}", total=value, terms=_joined(terms, say) or "0")


def _numbers(t: Term) -> str:
    return str(abs(t.amount))


def _fit(forms: Sequence[Callable[[], str]], limit: int | None) -> str:
    """The first of ``forms`` that fits in ``limit`` characters (the last one whatever its
    length): each says less than the one before."""
    text = ""
    for form in forms:
        text = form()
        if limit is None or len(text) <= limit:
            return text
    return text


def die_words(b: Breakdown, odds: bool = True) -> str:
    """On a final conquest, what the die must show: ``the die must show 2 or more (1 chance
    in 3)``; empty when no die is needed."""
    short = b.short
    if not b.final or short <= 0:
        return ""
    if not odds:
        return tr("the die must show {n} or more", n=short)
    good, faces = b.odds
    common = gcd(good, faces) or 1
    good, faces = good // common, faces // common
    return tr(
        "the die must show {n} or more ({odds})",
        n=short,
        odds=ntr("{k} chance in {n}", "{k} chances in {n}", good, k=good, n=faces),
    )


def _notes(terms: Sequence[Term]) -> list[str]:
    """What a sum says beside it: the savings a power-proof defender makes useless, those
    against one race in one note (``Ogres and Vengeful: no saving against the Gnomes``)."""
    against: dict[str, list[str]] = {}
    for t in terms:
        if t.kind == SPARED:
            against.setdefault(t.against, []).append(source_name(t))
    return [
        tr(
            "{source}: no saving against the {race}",
            source=and_list(sources),
            race=named.race(race),
        )
        for race, sources in against.items()
    ]


def cost_sum(b: Breakdown, limit: int | None = None, *, bare: bool = True) -> str:
    """A conquest's cost as a sum, e.g. ``5 = 2 + 2 tokens + 1 Mountain − 1 Commando``, the
    notes after it (``Commando: no saving against the Gnomes``) and on a final conquest what
    the die must show; within ``limit`` characters if given (``_fit``), down to the total
    and what the die must show, then to the bare total, or to nothing unless ``bare`` (for
    a text that already says the total)."""
    shown = [t for t in b.terms if t.kind != SPARED]
    notes = _notes(b.terms)

    def said(say: Callable[[Term], str], extra: list[str]) -> Callable[[], str]:
        return lambda: " · ".join([_sum(b.total, shown, say), *[e for e in extra if e]])

    forms = [
        said(term_words, [die_words(b), *notes]),
        said(term_words, [die_words(b)]),
        said(term_words, [die_words(b, odds=False)]),
        said(_short_words, [die_words(b, odds=False)]),
        said(_numbers, [die_words(b, odds=False)]),
    ]
    die = die_words(b, odds=False)
    if die:
        # With the die, what it must show outlives the terms: the total and the die alone.
        forms.append(lambda: f"{b.total} · {die}")
    found = _fit(forms, limit)
    if limit is not None and len(found) > limit:
        return str(b.total) if bare else ""
    return found


def conquest_sum(
    s: GameState, action: Action, limit: int | None = None, *, bare: bool = True
) -> str | None:
    """``cost_sum`` of a ``Conquer`` or ``Reinforce`` now (``conquest_breakdown``); None for
    any other action."""
    b = conquest_breakdown(s, action)
    return None if b is None else cost_sum(b, limit, bare=bare)


def score_sum(terms: Sequence[Term], limit: int | None = None) -> str:
    """A turn's score as a sum, e.g. ``7 = 5 regions + 1 Forest + 1 Humans`` (the regions of
    each race named when the player scores for more than one); within ``limit`` characters
    if given."""
    several = sum(1 for t in terms if t.kind == REGIONS) > 1
    value = total(terms)
    return _fit(
        [
            lambda: _sum(value, terms, lambda t: term_words(t, several)),
            lambda: _sum(value, terms, term_words),
            lambda: _sum(value, terms, _short_words),
            lambda: _sum(value, terms, _numbers),
            lambda: str(value),
        ],
        limit,
    )
