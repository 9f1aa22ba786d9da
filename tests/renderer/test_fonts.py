"""Text in every script: each character is drawn by a font that has it, never as a box.

Player names come from Discord: accented Latin, Cyrillic, Greek, Chinese, Japanese, Korean,
emoji. ``renderer.fontfaces.runs`` cuts a text into runs by font; these tests check the runs
against the fonts' character maps and against the pictures FreeType draws, then draw the names
through the real renderer entry points.
"""

from __future__ import annotations

import io
import unicodedata

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from engine import view
from renderer import fonts, render_final, render_standings
from renderer.demo import NAMES as DEMO_NAMES
from renderer.fontfaces import BOLD, REGULAR, chain, cmap, covered, load, runs
from renderer.fontmap import read_coverage
from renderer.fonts import draw_text, ellipsize, fit_text, font, printable, text_width
from renderer.league import compose_standings
from renderer.sheet import compose_final

NAMES = ("Zoë", "Дмитрий", "李小龍", "さくら", "민준", "🐉 Dragon", "Αλέξης", "Émile Ñúñez")
#: The face each script falls to (None: DejaVu Sans, the UI font).
EXPECTED = {
    "Zoë": [None],
    "Дмитрий": [None],
    "Αλέξης": [None],
    "李小龍": ["Noto Sans CJK zh"],
    "さくら": ["Noto Sans CJK ja"],
    "민준": ["Noto Sans CJK ko"],
    "🐉 Dragon": ["Noto Emoji", None],
}


def _notdef(f: fonts.Font) -> bytes:
    """The bitmap a font draws for a character it lacks (a private-use code point)."""
    return bytes(f.getmask("\U0010fffd"))


@pytest.mark.parametrize("bold", [True, False])
@pytest.mark.parametrize("name", NAMES)
def test_every_character_is_in_the_character_map_of_its_run(name: str, bold: bool) -> None:
    parts = runs(name, bold)
    # Nothing is left out: the runs put together are the name.
    assert "".join(s for _, s in parts) == unicodedata.normalize("NFC", name)
    for face, text in parts:
        have = cmap((BOLD if bold else REGULAR) if face is None else face.path)
        assert all(ord(c) in have for c in text), (name, face, text)
        assert all(covered(c, bold) for c in text)
    if name in EXPECTED:
        assert [f and f.name for f, _ in parts] == EXPECTED[name]


@pytest.mark.parametrize("name", NAMES)
def test_no_run_draws_the_notdef_box(name: str) -> None:
    """FreeType's own pictures: no character of a run looks like its font's missing glyph."""
    for face, text in runs(name):
        f = font(40) if face is None else load(face, 40)
        for c in text.replace(" ", ""):
            assert bytes(f.getmask(c)) != _notdef(f), (name, c)


def test_the_ui_font_alone_draws_boxes_for_cjk_and_emoji() -> None:
    """What the fallback is for: DejaVu Sans lacks these characters."""
    for c in "李さ민🐉":
        assert bytes(font(40).getmask(c)) == _notdef(font(40))
        assert fonts.has_glyph(c)


def test_the_fallback_faces_are_installed_noto_fonts() -> None:
    names = [f.name for f in chain(True)]
    for wanted in ("Noto Sans", "Noto Emoji", "Noto Sans CJK zh", "Noto Sans Arabic"):
        assert wanted in names
    assert all(f.path.is_file() for f in chain(True))


def test_width_is_the_sum_of_the_runs_in_their_fonts() -> None:
    parts = runs("🐉 Dragon")
    emoji = load(parts[0][0], 30)  # type: ignore[arg-type]
    assert text_width("🐉 Dragon", 30) == emoji.getlength("🐉") + font(30).getlength(" Dragon")
    # An ideograph is one em wide in Noto Sans CJK, wider than DejaVu's box.
    assert text_width("李小龍", 30) == pytest.approx(90, abs=1)
    assert text_width("李小龍", 30) != font(30).getlength("李小龍")
    # Latin text is measured as before, by the UI font alone.
    assert text_width("Zoë Dmitri", 30) == font(30).getlength("Zoë Dmitri")


def test_fit_and_ellipsize_measure_the_drawn_width() -> None:
    long = "李小龍さくら민준" * 3
    size = fit_text(long, 40, 300, min_size=10)
    assert text_width(long, size) <= 300 < text_width(long, size + 1)
    cut = ellipsize(long, 30, 200)
    assert cut.endswith("…") and text_width(cut, 30) <= 200
    assert cut[:-1] == long[: len(cut) - 1]


def test_a_character_no_font_has_is_left_out() -> None:
    assert printable("Zoë 🐉\U0010fffd") == "Zoë 🐉"
    assert printable("\U0010fffd") == "\U0010fffd"  # all of it: kept, so the name shows
    # Nicknames in mathematical letters no font here has: drawn as the letters they stand for.
    assert printable("𝓐𝓵𝓲𝓬𝓮 ❤") == "Alice ❤"


@pytest.mark.parametrize("anchor", ["la", "lm", "ls", "ld", "mm", "rm", "ms"])
@pytest.mark.parametrize("size", [20, 27, 40])
def test_runs_are_placed_where_pillow_places_one_text(
    anchor: str, size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cut into two runs of the same font, a text draws pixel for pixel as Pillow draws it
    whole: runs share the baseline and the anchor, so mixed scripts line up the same way."""
    text = "Zoë Dmitri"
    whole = Image.new("L", (400, 120))
    ImageDraw.Draw(whole).text((200, 60), text, font=font(size), fill=255, anchor=anchor)
    cut = Image.new("L", (400, 120))
    monkeypatch.setattr(fonts, "runs", lambda t, bold: ((None, t[:3]), (None, t[3:])))
    draw_text(ImageDraw.Draw(cut), (200, 60), text, size, 255, anchor=anchor)
    assert ImageChops.difference(whole, cut).getbbox() is None


def test_mixed_runs_share_one_baseline() -> None:
    img = Image.new("L", (600, 100))
    box = draw_text(ImageDraw.Draw(img), (10, 50), "Ab李🐉", 40, 255, anchor="ls")
    assert box[0] >= 10 and box[3] <= 50 + 12  # nothing hangs far below the baseline
    assert box[2] - box[0] == pytest.approx(text_width("Ab李🐉", 40), abs=4)


def _finished_with(names: tuple[str, ...]) -> dict:
    import renderer.demo as demo

    assert demo.NAMES == DEMO_NAMES
    try:
        demo.NAMES = names
        return view(demo.played(len(names), 3), None)
    finally:
        demo.NAMES = DEMO_NAMES


def test_a_score_sheet_draws_every_name_in_its_fonts() -> None:
    """The final score sheet, through the renderer's entry point, with names in six scripts."""
    names = NAMES[:6]
    v = _finished_with(names)
    composed = compose_final(v)
    for name in names:
        items = [t for t in composed.texts if t.text == name]
        assert items, (name, [t.text for t in composed.texts])
        # Its row's name (34 px) covers the width measured in the fallback fonts, not the
        # width of DejaVu's boxes, and has dark ink in it.
        row = max(items, key=lambda t: t.box[3] - t.box[1])
        left, _, right, _ = row.box
        assert right - left == pytest.approx(text_width(name, 34), abs=4), name
        assert composed.image.crop(row.box).convert("L").getextrema()[0] < 100, name
        if name in ("李小龍", "さくら", "민준"):  # Noto Sans CJK: one em a character
            assert right - left == pytest.approx(34 * len(name), abs=6), name
    png = Image.open(io.BytesIO(render_final(v)))
    assert png.format == "PNG" and png.size == composed.image.size


def test_the_standings_measure_names_as_they_draw_them() -> None:
    rows = [
        {"rank": i + 1, "name": n, "rating": 1600 - i, "change": None, "games": 9, "wins": 3}
        for i, n in enumerate(NAMES)
    ]
    data = {"title": "Saison 3 · 春季リーグ 🏆", "subtitle": "Ligue", "page": 1, "pages": 1}
    data.update(rows=rows, provisional=[], threshold=5)
    composed = compose_standings(data)
    texts = {t.text: t.box for t in composed.texts}
    assert "Saison 3 · 春季リーグ 🏆" in texts
    for name in NAMES:
        left, _, right, _ = texts[name]
        assert right - left == pytest.approx(text_width(name, 32), abs=4), name
    assert Image.open(io.BytesIO(render_standings(data))).format == "PNG"


# --- the character maps -----------------------------------------------------------------------

#: Code points to check a font's map against FreeType: Latin to Arabic, CJK, hangul, emoji.
SAMPLE = [
    *range(0x20, 0x700),
    *range(0x2000, 0x2700),
    *range(0x3000, 0x3100),
    *range(0x4E00, 0x4F00),
    *range(0xAC00, 0xAD00),
    *range(0x1F300, 0x1F700),
    0x10FFFD,
]


@pytest.mark.parametrize("which", ["DejaVu Sans Bold", "Noto Emoji", "Noto Sans CJK zh"])
def test_the_character_map_says_what_freetype_draws(which: str) -> None:
    """In the map exactly when FreeType draws something other than the missing glyph."""
    path = (
        BOLD
        if which == "DejaVu Sans Bold"
        else next(f.path for f in chain(True) if f.name == which)
    )
    have = cmap(path)
    f = ImageFont.truetype(str(path), 20, layout_engine=ImageFont.Layout.BASIC)
    box = bytes(f.getmask("\U0010fffd"))
    drawn = {cp for cp in SAMPLE if bytes(f.getmask(chr(cp))) != box}
    assert {cp for cp in SAMPLE if cp in have} == drawn


def test_both_kinds_of_map_agree_on_the_basic_plane() -> None:
    """Format 4 (16-bit) and format 12 (all of Unicode) subtables of one font."""
    for path in (REGULAR, BOLD, next(f.path for f in chain(True) if f.name == "Noto Emoji")):
        wide, narrow = read_coverage(path, (12,)), read_coverage(path, (4,))
        assert len(narrow) > 100
        assert all((cp in wide) == (cp in narrow) for cp in range(0xFFFE))
