"""The board image: the cached static map, every region's tokens and markers, and a legend.

The legend sits under the board rather than beside it: on a phone held upright a picture is
fitted to the screen's width, so a wide picture would shrink everything, while a taller one
keeps the map as large as possible and lets the player scroll to the legend.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from .fonts import Font, ellipsize, fit_text, font, printable
from .icons import (
    FEATURES,
    MARKER_NAMES,
    MARKERS,
    SS,
    badge,
    paste_centred,
    seat_disc,
    sprite,
)
from .palette import (
    DECLINE_FILL,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    PAPER_DARK,
    RGB,
    TERRAIN,
    WHITE,
    initials,
    seat_colour,
    text_on,
)
from .static import features_key, layouts, map_shape, static_layer, terrain_tile

PAD = 24
HEADER = 76
ROW = 78
KEY_ROW = 46
KEY_TOP_GAP = 14
#: Columns of a player row: seat disc, name, active race, races in decline, right edge text.
COL_DISC, COL_NAME, COL_ACTIVE, COL_DECLINE = 52, 106, 470, 1040
#: PNG zlib level: on palette pictures 3 is as fast as 1 and smaller; 6 doubles the time.
PNG_LEVEL = 3


@dataclass(frozen=True, slots=True)
class TextItem:
    """A piece of text drawn on a picture and the box (left, top, right, bottom) it covers."""

    text: str
    box: tuple[int, int, int, int]


@dataclass(slots=True)
class Composed:
    """A finished picture and the texts written on it (for tests and alt text)."""

    image: Image.Image
    texts: list[TextItem] = field(default_factory=list)


class Writer:
    """An ``ImageDraw`` that remembers every text it writes and where."""

    def __init__(self, img: Image.Image, texts: list[TextItem]) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img)
        self.texts = texts

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB = INK,
        *,
        bold: bool = True,
        anchor: str = "lm",
    ) -> float:
        """Write ``text``; return its right edge."""
        f: Font = font(size, bold)
        text = printable(text, bold)
        self.draw.text(xy, text, font=f, fill=fill, anchor=anchor)
        box = self.draw.textbbox(xy, text, font=f, anchor=anchor)
        self.texts.append(TextItem(text, (int(box[0]), int(box[1]), int(box[2]), int(box[3]))))
        return float(box[2])


def legend_height(players: int) -> int:
    """Height of the legend under the board for a number of players."""
    return HEADER + ROW * players + KEY_TOP_GAP + 3 * KEY_ROW + 12


@cache
def _background(map_id: str, players: int, features: tuple[tuple[str, ...], ...]) -> Image.Image:
    """The static map with an empty legend and its key (terrains and symbols) below it."""
    base = static_layer(map_id, features)
    w, h = base.size
    img = Image.new("RGB", (w, h + legend_height(players)), PAPER)
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((0, h, w, h + HEADER - 1), fill=PAPER_DARK)
    d.line((0, h + HEADER - 1, w, h + HEADER - 1), fill=INK, width=2)
    key_top = h + HEADER + ROW * players + KEY_TOP_GAP
    d.line((PAD, key_top - 6, w - PAD, key_top - 6), fill=PAPER_DARK, width=2)
    _key(Writer(img, []), key_top, w)
    return img


def _key(w: Writer, top: int, width: int) -> None:
    """The key: terrain swatches with their patterns, then every symbol with its name."""
    y = top + KEY_ROW / 2
    x: float = PAD
    step = (width - 2 * PAD) / len(TERRAIN)
    for terrain in TERRAIN:
        swatch = terrain_tile(terrain).crop((0, 0, 44, 32))
        w.img.paste(swatch, (int(x), int(y - 16)))
        w.draw.rectangle((x, y - 16, x + 43, y + 15), outline=INK, width=2)
        w.text((x + 52, y), terrain, 24, bold=False)
        x += step
    items: list[tuple[Image.Image, str]] = [(sprite(k, 30), k) for k in FEATURES]
    items.append((badge("LT", 1, WHITE, 30, tribe=True), "Lost Tribe"))
    items.append((badge("Or", 3, seat_colour(0), 30), "race tokens"))
    items.append((badge("Or", 3, seat_colour(0), 30, decline=True), "in decline"))
    rows = [items, [(sprite(k, 30, 2 if k == "camp" else 1), MARKER_NAMES[k]) for k in MARKERS]]
    for r, row in enumerate(rows):
        y = top + KEY_ROW * (r + 1.5)
        x = float(PAD)
        step = (width - 2 * PAD) / len(row)
        for img, label in row:
            paste_centred(w.img, img, (x + img.width / 2, y))
            w.text((x + img.width + 8, y), label, 24, bold=False)
            x += step


def compose(view: dict[str, Any]) -> Composed:
    """The board for a view as a Pillow image, with the texts of its legend."""
    shape = map_shape(view["map"])
    feats = features_key(view["regions"])
    players = view["players"]
    img = _background(view["map"], len(players), feats).copy()
    out = Composed(img)
    lays = layouts(view["map"], tuple(len(f) for f in feats))
    for r in view["regions"]:
        lay = lays[r["id"]]
        markers = r.get("markers") or {}
        if r.get("race") and r.get("tokens"):
            owner = r.get("owner", -1)
            colour = seat_colour(owner) if owner is not None and owner >= 0 else WHITE
            pill = badge(
                initials(r["race"]),
                r["tokens"],
                colour,
                lay.badge_height,
                decline=bool(r.get("in_decline")),
            )
            paste_centred(img, pill, lay.badge)
        elif markers.get("lost_tribe"):
            pill = badge("LT", markers["lost_tribe"], WHITE, lay.badge_height, tribe=True)
            paste_centred(img, pill, lay.badge)
        kinds = [k for k in MARKERS if markers.get(k)]
        kinds += sorted(k for k in markers if k not in MARKERS and k != "lost_tribe" and markers[k])
        for kind, centre in zip(kinds, lay.marker_slots(len(kinds)), strict=True):
            paste_centred(img, sprite(kind, lay.chip, markers[kind]), centre)
    _legend(Writer(img, out.texts), view, shape.height, shape.width)
    return out


def _status(view: dict[str, Any]) -> str:
    """Who is to act, for the legend's header."""
    players = view["players"]
    if view["phase"] == "over":
        return "Game over"
    seat = view.get("to_act")
    if seat is None:
        return ""
    name = players[seat]["name"]
    doing = {
        "pick": "picking a combo",
        "conquer": "conquering",
        "redeploy": "redeploying",
        "closing": "ending the turn",
    }.get(view["phase"], view["phase"])
    if seat != view.get("turn_seat"):
        doing = "placing tokens"
    return f"▶ {name} · {doing}"


def _legend(w: Writer, view: dict[str, Any], top: int, width: int) -> None:
    """Turn track, then one row per player: colour, name, races, and who is to act."""
    over = view["phase"] == "over"
    turns, rnd = view["turns"], view["round"]
    cy = top + HEADER / 2
    x = w.text((PAD, cy), f"Turn {rnd} / {turns}", 36)
    # The turn track: past turns filled, the current one dark.
    x += 24
    box = 40
    for t in range(1, turns + 1):
        done = t < rnd or over
        fill = INK if t == rnd and not over else (PAPER_DARK if not done else (170, 160, 144))
        w.draw.rounded_rectangle(
            (x, cy - box / 2, x + box, cy + box / 2), radius=6, fill=fill, outline=INK, width=2
        )
        ink = WHITE if fill == INK else INK
        w.draw.text((x + box / 2, cy), str(t), font=font(22), fill=ink, anchor="mm")
        x += box + 6
    status = _status(view)
    if status:
        size = fit_text(status, 30, width - x - 2 * PAD)
        w.text((width - PAD, cy), status, size, anchor="rm")

    pending = {p["seat"] for p in view.get("pending") or []}
    players = view["players"]
    y = top + HEADER
    for p in view["players"]:
        seat = p["seat"]
        cy = y + ROW / 2
        acting = view.get("to_act") == seat and not over
        if acting:
            w.draw.rectangle((0, y + 2, width, y + ROW - 2), fill=HIGHLIGHT)
            w.draw.text((14, cy), "▶", font=font(30), fill=INK, anchor="lm")
        paste_centred(w.img, seat_disc(seat_colour(seat), 50, str(seat + 1)), (COL_DISC + 14, cy))
        name = ellipsize(p["name"], 32, COL_ACTIVE - COL_NAME - 20)
        w.text((COL_NAME, cy), name, 32)
        active = p.get("active") or {}
        on_board = sum(
            r.get("tokens") or 0
            for r in view["regions"]
            if r.get("race") == active.get("race") and r.get("owner") == seat
        )
        peace = p.get("peace_with")
        _active(w, p, cy, seat, on_board, None if peace is None else players[peace]["name"])
        right: float = width - PAD
        if over and "coins" in p:
            w.text((width - PAD, cy), f"{p['coins']} coins", 30, anchor="rm")
            right = width - PAD - font(30).getlength("000 coins") - 16
        elif seat in pending:
            tag = "must place tokens"
            w.text((width - PAD, cy), tag, 22, anchor="rm")
            right = width - PAD - int(font(22).getlength(tag)) - 16
        _declined(w, p, cy, seat, right)
        y += ROW


def _active(
    w: Writer, p: dict[str, Any], cy: float, seat: int, on_board: int, peace: str | None
) -> None:
    """The active race: a token sample, power + race, and tokens in hand."""
    active = p.get("active")
    x = COL_ACTIVE
    if not active:
        w.text((x, cy), "no active race", 24, MUTED, bold=False)
        return
    paste_centred(w.img, _initials_only(active["race"], seat_colour(seat)), (x + 30, cy))
    title = f"{active['power']} {active['race']}"
    size = fit_text(title, 28, COL_DECLINE - x - 90)
    w.text((x + 68, cy - 14), title, size)
    extra = [f"{on_board} on the board"]
    if active.get("hand"):
        extra.append(f"{active['hand']} in hand")
    if peace is not None:
        extra.append(f"at peace with {peace}")
    w.text((x + 68, cy + 19), " · ".join(extra), 22, MUTED, bold=False)


@cache
def _initials_only(race: str, colour: RGB, decline: bool = False) -> Image.Image:
    """A token sample for the legend: the race's initials on its owner's colour."""
    h = 40
    n = h * SS
    wdt = int(n * 1.45) // SS * SS
    big = Image.new("RGBA", (wdt, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    fill = DECLINE_FILL if decline else colour
    d.rounded_rectangle((0, 0, wdt - 1, n - 1), radius=n / 2, fill=fill, outline=INK, width=SS * 3)
    if decline:
        d.rounded_rectangle(
            (SS * 3, SS * 3, wdt - 1 - SS * 3, n - 1 - SS * 3),
            radius=n / 2 - SS * 3,
            outline=colour,
            width=SS * 5,
        )
    d.text(
        (wdt / 2, n / 2),
        initials(race),
        font=font(int(n * 0.5)),
        fill=INK if decline else text_on(fill),
        anchor="mm",
    )
    return big.convert("RGBa").reduce(SS).convert("RGBA")


def _declined(w: Writer, p: dict[str, Any], cy: float, seat: int, right: float) -> None:
    """Races in decline: a grey token sample ringed in the seat colour, and the race's name."""
    x: float = COL_DECLINE
    for dec in p.get("declined") or []:
        if x > right - 120:
            break
        paste_centred(w.img, _initials_only(dec["race"], seat_colour(seat), True), (x + 29, cy))
        name = ellipsize(dec["race"], 24, right - x - 66, bold=False)
        x = w.text((x + 64, cy), name, 24, MUTED, bold=False) + 24


def encode(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes of a picture; with ``palette`` (a "P" image), as an 8-bit palette PNG.

    Pillow spends most of an RGB PNG's time choosing row filters; a palette PNG skips them
    and is a third of the size. Mapping to a fixed palette is a few milliseconds.
    """
    buf = io.BytesIO()
    if palette is not None:
        img = img.quantize(palette=palette, dither=Image.Dither.NONE)
    img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


#: Colours that must survive palette mapping exactly: the seat colours (the owner of a token
#: is read from them), terrain fills and inks, and the interface colours.
def _exact_colours() -> list[RGB]:
    from . import palette as pal

    colours: list[RGB] = [*pal.SEAT_COLOURS]
    for fill, ink in pal.TERRAIN.values():
        colours += [fill, ink]
    colours += [
        INK,
        WHITE,
        PAPER,
        PAPER_DARK,
        HIGHLIGHT,
        MUTED,
        DECLINE_FILL,
        pal.DECLINE_HATCH,
        pal.TRIBE_FILL,
        pal.TRIBE_INK,
        pal.BORDER,
        (170, 160, 144),
        (0, 0, 0),
    ]
    return list(dict.fromkeys(colours))


@cache
def board_palette(map_id: str, players: int, features: tuple[tuple[str, ...], ...]) -> Image.Image:
    """A 256-colour palette for a map's boards: exact key colours plus the best of the rest.

    The rest comes from a sample picture: the empty board with its legend, and a strip of
    every token badge and marker in every seat colour, so anti-aliased edges map closely.
    """
    bg = _background(map_id, players, features)
    strip = Image.new("RGB", (bg.width, 200), PAPER)
    x = 0
    for seat in range(players):
        for decline in (False, True):
            for h in (40, 44, 50):
                img = badge("Wi", 12, seat_colour(seat), h, decline=decline)
                if x + img.width > strip.width:
                    break
                strip.paste(img, (x, 0 if not decline else 100), img)
                x += img.width + 2
        x = (x // 50 + 1) * 50 % strip.width
    for i, kind in enumerate((*MARKERS, *FEATURES)):
        img = sprite(kind, 36, 2)
        strip.paste(img, (10 + 44 * i, 60), img)
    strip.paste(HIGHLIGHT, (0, 160, strip.width, 200))
    sample = Image.new("RGB", (bg.width, bg.height + strip.height))
    sample.paste(bg, (0, 0))
    sample.paste(strip, (0, bg.height))
    exact = _exact_colours()
    rest = sample.quantize(
        256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    flat = rest.getpalette() or []
    # Drop sampled colours within a few steps of an exact one: a near twin in the palette
    # could capture the exact colour's pixels when the picture is mapped.
    sampled = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat) - 2, 3)]
    near = [
        c
        for c in sampled
        if min(max(abs(a - b) for a, b in zip(c, e, strict=True)) for e in exact) > 4
    ]
    colours = list(dict.fromkeys(exact + near))[:256]
    out = Image.new("P", (1, 1))
    out.putpalette([c for rgb in colours for c in rgb])
    return out


def render_board(view: dict[str, Any]) -> bytes:
    """The board for a public view of a game (``engine.view(state)``), as PNG bytes.

    Coins are drawn only once the game is over, whatever the view holds.
    """
    image = compose(view).image
    pal = board_palette(view["map"], len(view["players"]), features_key(view["regions"]))
    return encode(image, pal)
