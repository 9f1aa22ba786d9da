"""A replay of a game: the board after every turn as one animated picture.

Each frame is the board of ``renderer.board.compose`` scaled down, under a thin caption
bar with the frame's number, so a viewer can tell where they are as the frames go by.
Frames are mapped to one shared palette of 256 colours, then written as a lossless animated
WebP (or a GIF when this Pillow cannot write WebP). Boards are flat colours and text: on them
a palette loses almost nothing, while lossy WebP smears the text and ends up larger (a 40-turn
replay: 0.7 MB lossless on a palette, 2.2 MB lossy at quality 85). Discord rejects large
uploads, so the result is made to fit ``max_bytes``: fewer colours, then smaller frames.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw, features

from lang import tr

from .board import compose
from .fonts import draw_text, ellipsize, printable
from .legend import legend_height
from .palette import INK, PAPER, WHITE
from .static import map_shape

#: Width of the frames on the first attempt (about: the board is divided by a whole number),
#: and the smallest width tried before giving up.
START_WIDTH = 800
MIN_WIDTH = 300
#: How long each frame shows, and the last one (ms).
FRAME_MS = 700
LAST_MS = 3000
#: Caption bar height and text size at ``START_WIDTH`` (scaled with the frame width).
CAPTION_H = 44
CAPTION_TEXT = 26
#: Palette sizes tried at each width, best first. 64 colours shift a few tints slightly.
COLOURS = (256, 64)
#: WebP lossless effort: 1 is several times smaller than 0 on these frames and as fast.
WEBP_METHOD = 1
#: A smaller width is skipped when the last size, scaled by area, is still this far over.
SKIP_OVER = 1.5


def webp_available() -> bool:
    """Whether this Pillow build writes WebP (animated WebP comes with it in Pillow ≥ 11)."""
    return bool(features.check("webp"))


def caption(view: dict[str, Any], index: int, count: int) -> str:
    """The caption of frame ``index`` (0-based) of ``count``: whose turn it is, or the end."""
    parts = [f"{index + 1}/{count}"]
    if view.get("phase") == "over":
        return " · ".join([*parts, tr("final board")])
    parts.append(
        tr("turn {round}/{turns}", round=view.get("round", "?"), turns=view.get("turns", "?"))
    )
    seat = view.get("turn_seat")
    players = view.get("players") or []
    if seat is not None and 0 <= seat < len(players):
        parts.append(tr("{who} to play", who=players[seat].get("name", "")))
    return " · ".join(parts)


def widths(board_width: int) -> list[int]:
    """Frame widths to try, largest first: the board divided by 2, 3, 4… down to ``MIN_WIDTH``.

    Whole divisions are scaled with a box filter, which keeps the terrain patterns crisp and
    the frames compressible; Lanczos at other ratios makes them noisier and *larger*.
    """
    k = max(1, round(board_width / START_WIDTH))
    out = [-(-board_width // k)]
    while -(-board_width // (k + 1)) >= MIN_WIDTH:
        k += 1
        out.append(-(-board_width // k))
    return out


def _scaled_size(size: tuple[int, int], width: int) -> tuple[int, int]:
    """The size ``_shrunk`` gives a picture of ``size`` scaled to ``width``."""
    w, h = size
    k = -(-w // width)
    if w == width or -(-w // k) == width:
        return width, -(-h // k)  # a whole division: reduce() rounds up
    return width, round(h * width / w)


def _shrunk(img: Image.Image, width: int) -> Image.Image:
    """``img`` scaled to ``width``: a box filter for a whole factor, Lanczos otherwise."""
    if img.width == width:
        return img
    k = -(-img.width // width)
    if -(-img.width // k) == width:
        return img.reduce(k)  # a partial last column or row is averaged as it is
    return img.resize(_scaled_size(img.size, width), Image.Resampling.LANCZOS, reducing_gap=2.0)


def _board(view: dict[str, Any], width: int) -> Image.Image:
    return _shrunk(compose(view).image, width)


def _frame(board: Image.Image, text: str, width: int, height: int) -> Image.Image:
    """A board under a caption bar, on a canvas of ``width`` × ``height``.

    The canvas is the same for every frame: legends differ by a key row or two.
    """
    bar = _bar(width)
    size = max(10, round(CAPTION_TEXT * width / START_WIDTH))
    frame = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(frame)
    d.rectangle((0, 0, width, bar - 1), fill=INK)
    text = ellipsize(printable(text), size, width - bar)
    draw_text(d, (bar / 3, bar / 2), text, size, WHITE, anchor="lm")
    frame.paste(board, (0, bar))
    return frame


def _bar(width: int) -> int:
    return max(18, round(CAPTION_H * width / START_WIDTH))


def _frames(views: Sequence[dict[str, Any]], width: int, colours: int) -> list[Image.Image]:
    """Every view as a captioned frame of ``width``, mapped to one shared palette.

    The palette comes from the first, middle and last frames: one palette for all keeps
    colours from flickering, so unchanged areas stay identical and the encoder stores only
    what a turn changed. Frames are kept as palette images (a third of RGB's memory).
    """
    count = len(views)
    # A board's height follows from its legend; the canvas fits the tallest.
    full = [
        (map_shape(v["map"]).width, map_shape(v["map"]).height + legend_height(v)) for v in views
    ]
    height = _bar(width) + max(_scaled_size(size, width)[1] for size in full)

    def frame(i: int) -> Image.Image:
        return _frame(_board(views[i], width), caption(views[i], i, count), width, height)

    picks = sorted({0, count // 2, count - 1})
    sample_frames = {i: frame(i) for i in picks}
    sample = Image.new("RGB", (width, height * len(picks)))
    for k, i in enumerate(picks):
        sample.paste(sample_frames[i], (0, height * k))
    pal = sample.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return [
        (sample_frames[i] if i in sample_frames else frame(i)).quantize(
            palette=pal, dither=Image.Dither.NONE
        )
        for i in range(count)
    ]


def _durations(count: int) -> list[int]:
    return [FRAME_MS] * (count - 1) + [LAST_MS]


def _encode(frames: Sequence[Image.Image], webp: bool) -> bytes:
    """An animation of palette frames: lossless WebP, or GIF."""
    buf = io.BytesIO()
    options: dict[str, Any] = (
        {"format": "WEBP", "lossless": True, "quality": 50, "method": WEBP_METHOD}
        if webp
        else {"format": "GIF", "optimize": False}
    )
    frames[0].save(
        buf,
        save_all=True,
        append_images=list(frames[1:]),
        duration=_durations(len(frames)),
        loop=0,
        **options,
    )
    return buf.getvalue()


def render_replay(
    views: list[dict[str, Any]], *, max_bytes: int = 8 * 1024 * 1024
) -> tuple[bytes, str]:
    """The board after every turn as an animation: ``(data, "webp")``, or ``(data, "gif")``.

    ``views`` are public views (``engine.core.view(state)``), one per frame in order, for example
    one each time the turn passes and the final one. Frames show for 700 ms, the last for 3 s,
    and the animation loops. The frames start 800 px wide; when the result is larger than
    ``max_bytes`` they get fewer colours, then are made narrower, until it fits. Same input,
    same bytes. Raises ``ValueError`` for no views, or when even the smallest frames (the
    board divided down to about 300 px wide) do not fit.
    """
    if not views:
        raise ValueError("a replay needs at least one view")
    webp = webp_available()
    kind = "webp" if webp else "gif"
    steps = widths(map_shape(views[0]["map"]).width)
    i = 0
    while True:
        width = steps[i]
        data = b""
        for colours in COLOURS:
            data = _encode(_frames(views, width, colours), webp)
            if len(data) <= max_bytes:
                return data, kind
        if i == len(steps) - 1:
            raise ValueError(
                f"a replay of {len(views)} frames does not fit in {max_bytes} bytes "
                f"even {width} px wide ({len(data)} bytes)"
            )
        # Bytes grow about with the area: skip widths that would still be far too big.
        i += 1
        while i < len(steps) - 1 and len(data) * (steps[i] / width) ** 2 > max_bytes * SKIP_OVER:
            i += 1
