"""Every text on the pictures can be read: against what lies behind it (WCAG 2.x contrast,
4.5:1 for text) and by its size on a phone held upright, the picture shown 390 px wide (the
narrowest common phone; on the web pages the board spans the phone's width, and Discord
shows a tapped picture as wide as the screen): capitals at least 4.4 px tall for a label of
one to three characters, 5 px for words. Checked over the renderer's demo pictures: boards
of both worlds and of a team game, a player's own board with its cost chips, the combos
panel, the final score sheet, league standings and a player card.

How: every text is drawn by ``fonts.draw_text`` (the last test keeps it so), which notes what
it writes while a picture is proofed (``renderer.proof``). Each picture is drawn twice, as
usual and bare (without its words; a halo is drawn where the letters were): the pixels that
differ are the text's, and the bare picture holds there what the text is read against, be it
a legend's paper, a seat's token or a letter's halo.

Why 4.4 and 5 px: a 390-px phone (iPhone 12 to 16: 3 device pixels of 460 per inch to the CSS
pixel) draws a CSS pixel 0.166 mm wide; held at 36 cm, as people hold a phone to browse
(Bababekova et al., Optometry and Vision Science 2011), that is 1.58 arcmin. A 20/20 letter
is 5 arcmin tall, 3.2 px. A label (a region's number, a race's initials, a count, a seat
name) is read one at a time from a small known set, which works near the acuity limit: 4.4 px
capitals are 7 arcmin, the letter a reader with 20/28 vision makes out. Words are read as
words, which wants more room above that limit: 5 px, 7.9 arcmin. Smaller would leave a
short-sighted player only the zoom; larger would not fit the 1600-px board's tokens on its
smallest regions. Whatever a picture says is also in its description and the text board
(``/sw board text:true``).
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engine import view
from engine.core.changes import attack_costs, turn_marks
from engine.core.state import GameState
from renderer.board import compose
from renderer.combos import compose_combos
from renderer.demo import league_samples, midgame, played, rare_states, stage_markers
from renderer.fonts import font
from renderer.league import compose_standings
from renderer.player_card import compose_card
from renderer.proof import Written, proofing
from renderer.sheet import compose_final
from tests.renderer.vision import contrast

RGB = tuple[int, int, int]
#: WCAG 2.x (1.4.3): text needs 4.5:1 against its background.
TEXT_CONTRAST = 4.5
#: Width (CSS px) of a picture on a phone held upright, and the least capital height there of
#: a label (one to three characters) and of words (module docstring).
PHONE_WIDTH = 390
LEAST_LABEL_CAP = 4.4
LEAST_WORDS_CAP = 5.0
#: Pixels a (text colour, background) pair must cover to be a text's: a stray antialiased
#: pixel matching a text colour is no text to read.
MIN_PIXELS = 4


def _mid(players: int, world: str = "surface") -> GameState:
    return stage_markers(midgame(players, players, world))


def _board(players: int, world: str = "surface") -> Image.Image:
    s = _mid(players, world)
    v = view(s)
    v["marks"] = turn_marks(s, s.last_events)
    return compose(v).image


def _own_board() -> Image.Image:
    """The board of the player to act, with the cost of every region they may attack."""
    s = _mid(3)
    seat = next(x for x in range(3) if attack_costs(s, x))
    v = view(s, seat)
    v["marks"] = {**turn_marks(s, s.events), "costs": attack_costs(s, seat)}
    return compose(v).image


def _underground() -> Image.Image:
    """An Underground board showing Relics and Places."""
    return compose(view(rare_states(4, range(1, 6))[0])).image


PICTURES: dict[str, Callable[[], Image.Image]] = {
    "board": lambda: _board(3),
    "own board": _own_board,
    "team board": lambda: _board(6),
    "underground board": _underground,
    "combos": lambda: compose_combos(view(midgame(5, 5))).image,
    "final sheet": lambda: compose_final(view(played(6, 6))).image,
    "standings": lambda: compose_standings(league_samples()[0]).image,
    "card": lambda: compose_card(league_samples()[1]).image,
}


class Proofed:
    """A picture drawn as usual and bare, with the texts it was written with."""

    def __init__(self, draw: Callable[[], Image.Image]) -> None:
        with proofing() as written:
            self.image = draw().convert("RGB")
        with proofing(bare=True):
            self.bare = draw().convert("RGB")
        self.written: list[Written] = written

    def pairs(self) -> Counter[tuple[RGB, RGB]]:
        """(text colour, colour behind it) of every text pixel, by pixel count: pixels that
        differ from the bare picture and are exactly a text's colour."""
        fills = {w.fill for w in self.written}
        differ = ImageChops.difference(self.image, self.bare).convert("L")
        seen: Counter[tuple[RGB, RGB]] = Counter()
        pairs = zip(
            differ.get_flattened_data(),
            self.image.get_flattened_data(),
            self.bare.get_flattened_data(),
            strict=True,
        )
        for changed, ink, behind in pairs:
            if changed and ink in fills:
                seen[(ink, behind)] += 1  # type: ignore[index]
        return seen


@pytest.fixture(scope="module")
def proofed() -> dict[str, Proofed]:
    """Every picture, proofed once for the module's tests."""
    return {name: Proofed(draw) for name, draw in PICTURES.items()}


@pytest.mark.parametrize("name", PICTURES)
def test_every_text_stands_out_from_what_is_behind_it(
    proofed: dict[str, Proofed], name: str
) -> None:
    picture = proofed[name]
    pairs = {pair: n for pair, n in picture.pairs().items() if n >= MIN_PIXELS}
    # The check sees the texts: every colour a text was written in shows up.
    assert {ink for ink, _ in pairs} == {w.fill for w in picture.written}
    low = {
        (ink, behind, round(contrast(ink, behind), 2)): n
        for (ink, behind), n in pairs.items()
        if contrast(ink, behind) < TEXT_CONTRAST
    }
    assert not low, low


def cap_height(size: float) -> float:
    """Height (px) of the UI font's capitals at ``size`` px."""
    top, bottom = font(100).getbbox("H")[1::2]
    return (bottom - top) / 100 * size


def least_cap(text: str) -> float:
    """The least capital height (px, on the phone) for ``text``: a label's, or words'."""
    return LEAST_LABEL_CAP if len(text.strip()) <= 3 else LEAST_WORDS_CAP


@pytest.mark.parametrize("name", PICTURES)
def test_the_smallest_text_is_legible_on_a_390_px_phone(
    proofed: dict[str, Proofed], name: str
) -> None:
    picture = proofed[name]
    scale = PHONE_WIDTH / picture.image.width
    small = {
        (w.text, round(cap_height(w.size) * scale, 2))
        for w in picture.written
        if cap_height(w.size) * scale < least_cap(w.text)
    }
    assert not small, sorted(small)
    # Both kinds of text are on every picture, so both bars are checked.
    assert {least_cap(w.text) for w in picture.written} == {LEAST_LABEL_CAP, LEAST_WORDS_CAP}


def test_a_halo_counts_as_what_its_text_is_read_against(proofed: dict[str, Proofed]) -> None:
    """A region's number is white ringed in ink on any terrain: it is read against the ink,
    which the bare board draws where the digits were."""
    board = proofed["board"]
    ringed = {w.fill: w.halo for w in board.written if w.halo is not None}
    assert ringed
    pairs = board.pairs()
    for ink, halo in ringed.items():
        assert pairs[(ink, halo)] > 0


def test_every_text_is_drawn_by_draw_text() -> None:
    """No picture writes with Pillow's ``text`` directly (it would escape the proofs above);
    only ``renderer/fonts.py`` does, inside ``draw_text``. (``renderer/geometry`` draws the
    debug picture of a geometry file for whoever draws a map, never shown to a player.)"""
    root = Path(__file__).resolve().parents[2] / "renderer"
    direct = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "fonts.py" or path.parent.name == "geometry":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"text", "multiline_text"}
                and any(k.arg == "font" for k in node.keywords)
            ):
                direct.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not direct, direct
