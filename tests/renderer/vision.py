"""Colours as seen with each kind of colour vision, and the differences between them, for the
colour tests of the pictures and ``scripts/seat_colours.py``: the simulations and the colour
difference come from ColorAide (``coloraide``, a dev dependency), not from code of ours; and
the seat sets whose colours those check (:func:`seat_sets`).

Dichromacy is simulated at full severity by two published models each, and a deficiency's
figure is the smaller of its models': protanopia and deuteranopia by Viénot, Brettel &
Mollon (1999) and by Machado, Oliveira & Fernandes (2009); tritanopia by Brettel, Viénot &
Mollon (1997), the model the literature keeps for it, and by Machado (2009), whose tritan
matrices its authors give as an approximation. Differences are CIEDE2000 (ΔE00, CIE
015:2018), contrast is the WCAG 2.x contrast ratio.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from coloraide import Color

from engine import new_game, view
from engine.core.rulesets import all_player_counts, options_for
from engine.core.worlds import WORLDS
from renderer.demo import NAMES

RGB = tuple[int, int, int]

#: Each vision and the (filter, method) pairs that simulate it.
VISIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "normal": (),
    "protanopia": (("protan", "vienot"), ("protan", "machado")),
    "deuteranopia": (("deutan", "vienot"), ("deutan", "machado")),
    "tritanopia": (("tritan", "brettel"), ("tritan", "machado")),
}
DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia")


def _colour(rgb: RGB) -> Color:
    return Color("srgb", [c / 255 for c in rgb])


@cache
def _seen(rgb: RGB, model: tuple[str, str] | None) -> Color:
    """``rgb`` as the model sees it, clipped to what a screen shows."""
    colour = _colour(rgb)
    if model is not None:
        colour = colour.filter(model[0], method=model[1])
    return colour.clip()


def seen(rgb: RGB, vision: str) -> list[RGB]:
    """``rgb`` as each model of ``vision`` sees it, as sRGB bytes."""
    models = VISIONS[vision] or (None,)
    return [
        tuple(round(255 * c) for c in _seen(rgb, m).coords())  # type: ignore[misc]
        for m in models
    ]


@cache
def delta_e(a: RGB, b: RGB, vision: str = "normal") -> float:
    """CIEDE2000 difference of two colours with ``vision`` (the smaller of its models')."""
    models = VISIONS[vision] or (None,)
    return min(_seen(a, m).delta_e(_seen(b, m), method="2000") for m in models)


def least_delta_e(a: RGB, b: RGB) -> float:
    """The smallest CIEDE2000 difference of two colours over every vision."""
    return min(delta_e(a, b, v) for v in VISIONS)


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2.x contrast ratio of two colours (1 to 21)."""
    return float(_colour(a).contrast(_colour(b), method="wcag21"))


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65 white) of an sRGB colour."""
    lightness, a, b = _colour(rgb).convert("lab-d65").coords()
    return lightness, a, b


# --- the seats the pictures colour ---------------------------------------------------------


def seat_sets() -> dict[str, tuple[int, ...]]:
    """The seats of every game the renderer draws, by world and player count (6 is the team
    game: partners at seats 1 & 4, 2 & 5, 3 & 6), as a new game's view lists them: the seats
    the board and the legend colour with ``renderer.palette.seat_colour``."""
    sets = {}
    for world in sorted(WORLDS):
        for players in all_player_counts():
            game = new_game(list(NAMES[:players]), 1, world=world, options=options_for(players))
            sets[f"{world} {players}p"] = tuple(p["seat"] for p in view(game)["players"])
    return sets


def smallest_gap(colours: list[RGB], vision: str) -> tuple[float, int, int]:
    """The closest two of ``colours`` with ``vision``: (ΔE00, seat, seat), seats from 1."""
    return min(
        (delta_e(a, b, vision), i + 1, j + 1)
        for (i, a), (j, b) in combinations(enumerate(colours), 2)
    )
