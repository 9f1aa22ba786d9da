"""Which font draws each character: DejaVu Sans first, then Noto fonts for what it lacks.

Pillow draws a character its font lacks as an empty box, and does no font fallback of its own
(Pillow 13 has no font family type). Player names come from Discord and carry CJK, emoji or
other scripts, so a text is cut into runs, each the longest stretch one font draws: the UI
font (DejaVu Sans, ``renderer/assets``) where it can, else the first face of the fallback
chain whose character map (``renderer.fontmap``) has the character.

The fallback faces are Noto fonts (SIL Open Font License 1.1) from two pinned pip packages,
so every machine that installs the project has them without any other download:
``manimgx-fonts`` (Noto Sans, monochrome Noto Emoji, Noto Sans Symbols, Noto Sans for Arabic,
Hebrew, Indic, South-East Asian and other scripts) and ``manimgx-fonts-cjk`` (Noto Sans CJK:
Chinese, Japanese kana, Korean hangul). All are variable fonts, set to the UI font's weight.
Without those packages the chain is empty and such characters are left out (``printable``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

from .fontmap import Coverage, read_coverage

ASSETS = Path(__file__).resolve().parent / "assets"
#: The UI font, regular and bold (bold by default: it reads better scaled down).
REGULAR = ASSETS / "DejaVuSans.ttf"
BOLD = ASSETS / "DejaVuSans-Bold.ttf"

#: The weight (``wght`` axis) of a variable fallback face: regular, bold.
WEIGHTS = (400, 700)
#: Noto Sans CJK's faces in its collection, by the language a text reads as.
CJK_INDEX = {"ja": 0, "ko": 1, "zh": 2}
#: Faces of ``manimgx-fonts`` for the scripts DejaVu Sans lacks, after Noto Sans and emoji.
SCRIPTS = (
    "Arabic", "Hebrew", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil",
    "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Khmer", "Myanmar",
    "Georgian", "Armenian", "Ethiopic",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Face:
    """A fallback font: a file (and the face in it, for a collection), at a weight."""

    name: str
    path: Path
    index: int = 0
    #: ``wght`` of a variable font (None: drawn as the file is).
    weight: int | None = None
    #: Monochrome emoji: a space after one is drawn in the UI font (the emoji font's is wide).
    emoji: bool = False


def _package_dir(module: str) -> Path | None:
    """The folder of an installed font package, or None."""
    try:
        found = __import__(module)
    except ImportError:
        return None
    return Path(found.__file__).resolve().parent if found.__file__ else None


@cache
def chain(bold: bool, cjk: str = "zh") -> tuple[Face, ...]:
    """The fallback faces in the order they are tried, at the UI font's weight.

    ``cjk``: the language whose Noto Sans CJK face draws Han ideographs ("ja", "ko", "zh");
    every face has the same characters, only the shapes of some ideographs differ.
    """
    weight = WEIGHTS[bold]
    faces: list[Face] = []
    noto = _package_dir("manimgx_fonts")
    if noto is not None:
        faces.append(Face("Noto Sans", noto / "NotoSans[wght].ttf", 0, weight))
        faces.append(Face("Noto Emoji", noto / "NotoEmoji[wght].ttf", 0, weight, emoji=True))
    cjk_dir = _package_dir("manimgx_fonts_cjk")
    if cjk_dir is not None:
        path = cjk_dir / "NotoSansCJK-VF.otf.ttc"
        faces.append(Face(f"Noto Sans CJK {cjk}", path, CJK_INDEX[cjk], weight))
    if noto is not None:
        for script in SCRIPTS:
            faces.append(
                Face(f"Noto Sans {script}", noto / f"NotoSans{script}[wght].ttf", 0, weight)
            )
        faces.append(Face("Noto Sans Symbols", noto / "NotoSansSymbols[wght].ttf", 0, weight))
    return tuple(f for f in faces if f.path.is_file())


@cache
def cmap(path: Path) -> Coverage:
    """The code points a font file maps to a glyph (its first face: the faces of Noto Sans
    CJK's collection map the same ones). Empty if the file cannot be read."""
    return read_coverage(path)


def ui_covers(cp: int, bold: bool) -> bool:
    """Whether the UI font draws code point ``cp`` (always, if its file is missing and
    Pillow's default font stands in: then nothing falls back)."""
    path = BOLD if bold else REGULAR
    return cp in cmap(path) if path.is_file() else True


@cache
def load(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """``face`` at ``size`` px."""
    f = ImageFont.truetype(str(face.path), size, index=face.index)
    if face.weight is not None:
        axes = f.get_variation_axes()
        if axes:
            lo, hi = axes[0]["minimum"] or face.weight, axes[0]["maximum"] or face.weight
            f.set_variation_by_axes([min(max(face.weight, lo), hi)])
    return f


def _joins(ch: str) -> bool:
    """A character that belongs to the one before it: a combining mark, a zero-width joiner,
    a variation selector, an emoji skin tone or tag."""
    cp = ord(ch)
    return (
        unicodedata.category(ch) in ("Mn", "Me", "Cf")
        or 0x1F3FB <= cp <= 0x1F3FF
        or 0xFE00 <= cp <= 0xFE0F
    )


def cjk_language(text: str) -> str:
    """Which Noto Sans CJK face suits ``text``: Japanese with kana, Korean with hangul."""
    for ch in text:
        cp = ord(ch)
        if 0x3040 <= cp <= 0x30FF or 0x31F0 <= cp <= 0x31FF or 0xFF66 <= cp <= 0xFF9F:
            return "ja"
        if 0xAC00 <= cp <= 0xD7AF or 0x1100 <= cp <= 0x11FF or 0x3130 <= cp <= 0x318F:
            return "ko"
    return "zh"


Run = tuple[Face | None, str]


def _has(face: Face | None, cp: int, bold: bool) -> bool:
    """Whether ``face`` (None: the UI font) has a glyph for code point ``cp``."""
    return ui_covers(cp, bold) if face is None else cp in cmap(face.path)


def _folded(text: str, faces: tuple[Face, ...], bold: bool) -> str:
    """``text`` with each character no font has replaced by its compatibility form where the
    fonts have that: "𝓐𝓵𝓲𝓬𝓮" (mathematical script, loved in nicknames) reads "Alice"."""

    def drawn(c: str) -> bool:
        return ui_covers(ord(c), bold) or any(ord(c) in cmap(f.path) for f in faces)

    out = []
    for ch in text:
        folded = ch if drawn(ch) else unicodedata.normalize("NFKC", ch)
        out.append(folded if folded == ch or all(map(drawn, folded)) else ch)
    return "".join(out)


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = True) -> tuple[Run, ...]:
    """``text`` (NFC) cut into runs, each with the face that draws it (None: the UI font).

    A character no font has is drawn as its compatibility form (NFKC) if the fonts have that,
    else left out; a mark or joiner stays with the character before it
    (and is left out where that font lacks it: they draw nothing by themselves). A space stays
    in the run it follows, except after an emoji. A text no font draws at all is one UI-font
    run, so that it still shows up.
    """
    text = unicodedata.normalize("NFC", text)
    if text.isascii() or all(ui_covers(ord(c), bold) for c in text):
        return ((None, text),)
    faces = chain(bold, cjk_language(text))
    found: list[Face | None] = []
    parts: list[str] = []
    for ch in _folded(text, faces, bold):
        cp = ord(ch)
        if found and (_joins(ch) or (ch.isspace() and not getattr(found[-1], "emoji", False))):
            if _has(found[-1], cp, bold):
                parts[-1] += ch
                continue
            if _joins(ch):
                continue
        if ui_covers(cp, bold):
            face: Face | None = None
        else:
            face = next((f for f in faces if cp in cmap(f.path)), None)
            if face is None:
                continue
        if found and found[-1] == face:
            parts[-1] += ch
        else:
            found.append(face)
            parts.append(ch)
    if not "".join(parts).strip():
        return ((None, text),)
    return tuple(zip(found, parts, strict=True))


def covered(char: str, bold: bool = True) -> bool:
    """Whether some font (the UI font or a fallback face) has a glyph for ``char``."""
    cp = ord(char)
    return ui_covers(cp, bold) or any(cp in cmap(f.path) for f in chain(bold))
