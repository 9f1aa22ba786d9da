"""The board image: the cached static map, every region's tokens and markers, and a legend.

The legend sits under the board rather than beside it: on a phone held upright a picture is
fitted to the screen's width, so a wide picture would shrink everything, while a taller one
keeps the map as large as possible and lets the player scroll to the legend.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.words import plural

from .fonts import Font, ellipsize, fit_text, font, printable, text_width
from .icons import (
    COST_RING,
    FEATURE_NAMES,
    FEATURES,
    MARKER_NAMES,
    MARKERS,
    PLACE_TAGS,
    RELIC_TAGS,
    SS,
    badge,
    chip_size,
    cost_chip,
    paste_centred,
    seat_disc,
    sprite,
)
from .marks import LOST_INK, MARK_WIDTH, Box, draw_marks, edge_of, paint_mark, read_marks
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
from .placement import layouts, map_shape, marker_places, number_boxes
from .static import features_key, static_layer, terrain_tile

PAD = 24
HEADER = 84
ROW = 90
#: Extra height of a player row with a line of pieces kept off the map (Silver Hammers,
#: Mushroom Armor, the Bag) or Vengeance markers handed out.
HOLD_ROW = 40
#: What a player row says while its player must place tokens (a defender driven out).
PENDING_TAG = "must place tokens"
KEY_ROW = 50
#: Largest sample in the key (a Relic's chip is larger on the board).
KEY_CHIP = 46
KEY_TOP_GAP = 14
#: Space between two entries of the key, and between two groups of entries.
KEY_GAP, KEY_GROUP_GAP = 34, 64
#: Text sizes of the legend. The picture is about 0.28× on a phone held upright (1600 px
#: shown 450 px wide), so 34 px here is about 9.5 px there: the smallest that stays legible.
KEY_TEXT = 34
NAME_TEXT = 38
DETAIL_TEXT = 32
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
class BoardLayout:
    """Where a board's region contents were drawn, for tests that measure overlaps.

    ``numbers``: each region's number (its outline included); ``badges``: the token badges by
    region; ``chips``: (region, kind, box) of every chip, map features (``feature:NAME``),
    markers and cost chips (``cost``); ``bands``: by region, the kind of band (taken, lost),
    its top left corner and the mask painted there.
    """

    numbers: tuple[Box, ...] = ()
    badges: dict[int, Box] = field(default_factory=dict)
    chips: list[tuple[int, str, Box]] = field(default_factory=list)
    bands: dict[int, tuple[str, tuple[int, int], Image.Image]] = field(default_factory=dict)


@dataclass(slots=True)
class Composed:
    """A finished picture, the texts written on it (for tests and alt text), and where a
    board's region contents went (``layout``; empty for other pictures)."""

    image: Image.Image
    texts: list[TextItem] = field(default_factory=list)
    layout: BoardLayout = field(default_factory=BoardLayout)


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


# --- the key under the legend ---------------------------------------------------------------

#: A key entry: (what kind of sample, its name). Kinds: "terrain", "feature", "marker",
#: "tribe", "decline", and the marks of a turn: "taken", "lost", "cost".
KeyItem = tuple[str, str]
#: Labels of the marks, in the order of their key row.
MARK_LABELS = {
    "taken": "taken this turn",
    "lost": "left empty this turn",
    "cost": "tokens to conquer",
}


#: Places that draw a special power, and the view's field naming it: the key says which.
PLACE_POWERS = {"stonehedge": "stonehedge"}
#: Relics and Places: their key entry names who holds them.
TREASURE_KEYS = frozenset(RELIC_TAGS) | frozenset(PLACE_TAGS)


def holder_of(view: dict[str, Any], key: str) -> str:
    """Who holds the region where marker ``key`` lies, by name ("no one" when it is empty or
    the marker is not on the map): the holder of a Relic or Place, or of the Stonehedge."""
    names = [p["name"] for p in view.get("players", [])]
    where = next((r for r in view["regions"] if (r.get("markers") or {}).get(key)), None)
    if where is None or not where.get("race"):
        return "no one"
    owner = where.get("owner", -1)
    return names[owner] if owner is not None and 0 <= owner < len(names) else "no one"


def key_items(view: dict[str, Any]) -> tuple[tuple[KeyItem, ...], ...]:
    """The key's groups: terrains, then symbols and marks.

    Only what the board shows is explained, so the key stays short enough for large text:
    every terrain and map feature of the map, then Lost Tribes, races in decline and the
    markers that are on the board now, then the marks of the turn when the view has some.
    """
    regions = view["regions"]
    terrains = {r.get("terrain") for r in regions}
    out: list[tuple[KeyItem, ...]] = [tuple(("terrain", t) for t in TERRAIN if t in terrains)]
    features = {f for r in regions for f in r.get("features") or ()}
    markers = {k for r in regions for k, n in (r.get("markers") or {}).items() if n}
    symbols: list[KeyItem] = [("feature", f) for f in FEATURES if f in features]
    if "lost_tribe" in markers:
        symbols.append(("tribe", "Lost Tribe"))
    asleep = [r for r in regions if r.get("in_decline") and r.get("tokens")]
    if asleep:
        # The sample shows a race in decline on this board: made-up initials could be read
        # as a Relic's tag ("Or" is also the Shiny Orb).
        race, seat = asleep[0]["race"], max(0, asleep[0].get("owner") or 0)
        symbols.append(("decline", f"{initials(race)}\t{seat}\tin decline"))
    for k in MARKERS:
        if k not in markers:
            continue
        if k in TREASURE_KEYS:
            # A Relic or Place: the key says who holds it now (the race in its region).
            holder = holder_of(view, k)
            drawn = view.get(PLACE_POWERS.get(k, "")) or ""
            symbols.append(("treasure", f"{k}\t{holder}\t{drawn}"))
        else:
            symbols.append(("marker", k))
    out.append(tuple(symbols))
    marks = read_marks(view)
    out.append(tuple((k, MARK_LABELS[k]) for k in MARK_LABELS if marks.get(k)))
    return tuple(g for g in out if g)


def _label(kind: str, name: str) -> str:
    """The words after a key entry's picture ("Shiny Orb · bob" for a Relic and its holder)."""
    if kind == "marker":
        return MARKER_NAMES.get(name, name)
    if kind == "feature":
        return FEATURE_NAMES.get(name, name)
    if kind == "treasure":
        key, holder, drawn = name.split("\t")
        title = MARKER_NAMES.get(key, key) + (f" ({drawn})" if drawn else "")
        return f"{title} · {holder}"
    return name.split("\t")[-1]


def _sample(kind: str, name: str) -> Image.Image:
    """The picture shown before a key entry's name."""
    if kind == "terrain":
        swatch = terrain_tile(name).crop((0, 0, 48, 34)).convert("RGBA")
        ImageDraw.Draw(swatch).rectangle((0, 0, 47, 33), outline=INK, width=2)
        return swatch
    if kind == "feature":
        return sprite(name, 40)
    if kind == "marker":  # as large as on the board, up to the height of a key row
        return sprite(name, min(KEY_CHIP, chip_size(name, 40)), 2 if name == "camp" else 1)
    if kind == "treasure":
        key = name.split("\t")[0]
        return sprite(key, min(KEY_CHIP, chip_size(key, 40)))
    if kind == "tribe":
        return badge("LT", 1, WHITE, 38, tribe=True)
    if kind == "decline":
        tag, seat, _ = name.split("\t")
        return badge(tag, 1, seat_colour(int(seat)), 38, decline=True)
    if kind == "cost":
        return cost_chip(3, 40)
    return _mark_sample(kind)


@cache
def _mark_sample(kind: str) -> Image.Image:
    """A small terrain square showing the mark along its left, top and bottom edges."""
    tile = terrain_tile("Hill").crop((0, 0, 48, 34)).convert("RGBA")
    band = Image.new("L", tile.size, 255)
    inner = MARK_WIDTH * 2 // 3
    ImageDraw.Draw(band).rectangle((inner, inner, 60, 33 - inner), fill=0)
    paint_mark(tile, kind, seat_colour(0), (0, 0), band, edge_of(band))
    ImageDraw.Draw(tile).rectangle((0, 0, 47, 33), outline=INK, width=2)
    return tile


@lru_cache(maxsize=64)
def _key_layer(
    groups: tuple[tuple[KeyItem, ...], ...], width: int
) -> tuple[Image.Image, tuple[TextItem, ...]]:
    """The key drawn on paper, and its texts (positions relative to the key's top left)."""
    rows = _key_rows(groups, width)
    img = Image.new("RGB", (width, len(rows) * KEY_ROW), PAPER)
    texts: list[TextItem] = []
    w = Writer(img, texts)
    for r, row in enumerate(rows):
        y = KEY_ROW * (r + 0.5)
        for x, (kind, name) in row:
            sample = _sample(kind, name)
            paste_centred(img, sample, (x + sample.width / 2, y))
            w.text((x + sample.width + 10, y), _label(kind, name), KEY_TEXT, bold=False)
    return img, tuple(texts)


def _key_rows(
    groups: tuple[tuple[KeyItem, ...], ...], width: int
) -> list[list[tuple[float, KeyItem]]]:
    """Entries laid out left to right, wrapping; groups follow each other, and a group that
    fits on one row is kept on one row."""
    rows: list[list[tuple[float, KeyItem]]] = []
    f = font(KEY_TEXT, False)
    row: list[tuple[float, KeyItem]] = []
    x = float(PAD)
    for group in groups:
        # A group goes on where the last one ended, after a wider gap: a row of its own
        # would make the picture taller, and a tall picture is shown smaller on a phone.
        spans = [_sample(k, n).width + 10 + f.getlength(_label(k, n)) for k, n in group]
        whole = sum(spans) + KEY_GAP * (len(spans) - 1)
        if row:
            x += KEY_GROUP_GAP - KEY_GAP
            # A short group is not split: it starts a row of its own if it fits there.
            if x + whole > width - PAD and PAD + whole <= width - PAD:
                rows.append(row)
                row, x = [], float(PAD)
        for kind, name in group:
            span = _sample(kind, name).width + 10 + f.getlength(_label(kind, name))
            if row and x + span > width - PAD:
                rows.append(row)
                row, x = [], float(PAD)
            row.append((x, (kind, name)))
            x += span + KEY_GAP
    if row:
        rows.append(row)
    return rows


def holdings(view: dict[str, Any], p: dict[str, Any]) -> list[tuple[str, str]]:
    """What a player keeps off the map, as (icon kind, words): the pieces each of their races
    holds (Silver Hammers, Mushroom Armor, the Bag), then the seats holding their Vengeance
    markers. Empty for most players, and always on the surface."""
    out: list[tuple[str, str]] = []
    races = [p["active"]] if p.get("active") else []
    races += p.get("declined") or []
    for race in races:
        for kind, n in sorted((race.get("pieces") or {}).items()):
            if not n:
                continue
            out.append((kind, plural(n, MARKER_NAMES.get(kind, kind))))
    players = view["players"]
    marked = [players[s]["name"] for s in p.get("marks") or () if 0 <= s < len(players)]
    if marked:
        out.append(("vengeance", "Vengeance on " + ", ".join(marked)))
    return out


def _right_edge(view: dict[str, Any], p: dict[str, Any], width: int) -> float:
    """Where a player row's races must stop: before the coins, or "must place tokens"."""
    if view["phase"] == "over" and "coins" in p:
        return width - PAD - font(KEY_TEXT).getlength("000 coins") - 16
    if p["seat"] in {q["seat"] for q in view.get("pending") or []}:
        return width - PAD - int(font(DETAIL_TEXT).getlength(PENDING_TAG)) - 16
    return width - PAD


def _holdings_inline(view: dict[str, Any], p: dict[str, Any], width: int) -> float | None:
    """Where a player's holdings start when they fit on the row after the races in decline;
    None when they need a line of their own."""
    right = _right_edge(view, p, width)
    x = _declined_end(p, right)
    span = sum(48 + text_width(words, DETAIL_TEXT) + 30 for _, words in holdings(view, p))
    return x if x + span - 30 <= right else None


def row_heights(view: dict[str, Any]) -> tuple[int, ...]:
    """Height of each player's row in the legend: taller for a line of what they hold, when
    it does not fit beside their races."""
    width = map_shape(view["map"]).width
    return tuple(
        ROW + (HOLD_ROW if holdings(view, p) and _holdings_inline(view, p, width) is None else 0)
        for p in view["players"]
    )


def legend_height(view: dict[str, Any]) -> int:
    """Height of the legend under the board of a view: its players and the rows of its key."""
    width = map_shape(view["map"]).width
    rows = len(_key_rows(key_items(view), width))
    return HEADER + sum(row_heights(view)) + KEY_TOP_GAP + rows * KEY_ROW + 12


@lru_cache(maxsize=16)
def _background(
    map_id: str,
    rows: tuple[int, ...],
    features: tuple[tuple[str, ...], ...],
    groups: tuple[tuple[KeyItem, ...], ...],
) -> tuple[Image.Image, tuple[TextItem, ...]]:
    """The static map with an empty legend and its key below it, and the key's texts.

    The key depends on what is on the board, so a game uses a few of these in turn; each is
    drawn once and copied for every board.
    """
    base = static_layer(map_id, features)
    w, h = base.size
    key, key_texts = _key_layer(groups, w)
    key_top = h + HEADER + sum(rows) + KEY_TOP_GAP
    img = Image.new("RGB", (w, key_top + key.height + 12), PAPER)
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((0, h, w, h + HEADER - 1), fill=PAPER_DARK)
    d.line((0, h + HEADER - 1, w, h + HEADER - 1), fill=INK, width=2)
    d.line((PAD, key_top - 6, w - PAD, key_top - 6), fill=PAPER_DARK, width=2)
    img.paste(key, (0, key_top))
    texts = tuple(
        TextItem(t.text, (t.box[0], t.box[1] + key_top, t.box[2], t.box[3] + key_top))
        for t in key_texts
    )
    return img, texts


def compose(view: dict[str, Any]) -> Composed:
    """The board for a view as a Pillow image, with the texts of its legend."""
    shape = map_shape(view["map"])
    feats = features_key(view["regions"])
    base, key_texts = _background(view["map"], row_heights(view), feats, key_items(view))
    img = base.copy()
    nfeat = tuple(len(f) for f in feats)
    lays = layouts(view["map"], nfeat)
    drawn = BoardLayout(number_boxes(view["map"], nfeat))
    out = Composed(img, list(key_texts), drawn)
    marks = read_marks(view)
    # The bands leave the numbers uncovered: a number near its border stays readable.
    drawn.bands = draw_marks(img, view, marks, drawn.numbers)
    for r in view["regions"]:
        lay = lays[r["id"]]
        for name, centre in zip(feats[r["id"]], lay.feature_slots(), strict=False):
            half = lay.chip / 2  # drawn by static_layer, centred on the slot
            x, y = round(centre[0] - half), round(centre[1] - half)
            drawn.chips.append((r["id"], f"feature:{name}", (x, y, x + lay.chip, y + lay.chip)))
        markers = r.get("markers") or {}
        pill = None
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
        elif markers.get("lost_tribe"):
            pill = badge("LT", markers["lost_tribe"], WHITE, lay.badge_height, tribe=True)
        if pill is not None:
            drawn.badges[r["id"]] = paste_centred(img, pill, lay.badge)
        kinds = [k for k in MARKERS if markers.get(k)]
        kinds += sorted(k for k in markers if k not in MARKERS and k != "lost_tribe" and markers[k])
        sizes = [chip_size(k, lay.chip) for k in kinds]
        cost = marks["cost"].get(r["id"])
        if cost is not None and pill is not None:
            sizes.append(lay.chip + 4)  # the next chip place, clear of badge and markers
        places = marker_places(view["map"], nfeat, r["id"], tuple(sizes))
        for kind, (x, y, size) in zip(kinds, places, strict=False):
            box = paste_centred(img, sprite(kind, size, markers[kind]), (x, y))
            drawn.chips.append((r["id"], kind, box))
        if cost is not None:
            if pill is None:  # an empty region: the chip takes the badge's place, larger
                box = paste_centred(img, cost_chip(cost, lay.badge_height + 4), lay.badge)
            else:
                x, y, size = places[-1]
                box = paste_centred(img, cost_chip(cost, size), (x, y))
            drawn.chips.append((r["id"], "cost", box))
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
    x = w.text((PAD, cy), f"Turn {rnd} / {turns}", 40)
    # The turn track: past turns filled, the current one dark.
    x += 24
    box = 44
    for t in range(1, turns + 1):
        done = t < rnd or over
        fill = INK if t == rnd and not over else (PAPER_DARK if not done else (170, 160, 144))
        w.draw.rounded_rectangle(
            (x, cy - box / 2, x + box, cy + box / 2), radius=6, fill=fill, outline=INK, width=2
        )
        ink = WHITE if fill == INK else INK
        w.draw.text((x + box / 2, cy), str(t), font=font(26), fill=ink, anchor="mm")
        x += box + 6
    status = _status(view)
    if status:
        size = fit_text(status, KEY_TEXT, width - x - 2 * PAD)
        w.text((width - PAD, cy), status, size, anchor="rm")

    pending = {p["seat"] for p in view.get("pending") or []}
    players = view["players"]
    y = top + HEADER
    for p, height in zip(view["players"], row_heights(view), strict=True):
        seat = p["seat"]
        cy = y + ROW / 2
        acting = view.get("to_act") == seat and not over
        if acting:
            w.draw.rectangle((0, y + 2, width, y + height - 2), fill=HIGHLIGHT)
            w.draw.text((12, cy), "▶", font=font(30), fill=INK, anchor="lm")
        paste_centred(w.img, seat_disc(seat_colour(seat), 56, str(seat + 1)), (COL_DISC + 16, cy))
        name = ellipsize(p["name"], NAME_TEXT, COL_ACTIVE - COL_NAME - 20)
        w.text((COL_NAME, cy), name, NAME_TEXT)
        active = p.get("active") or {}
        on_board = sum(
            r.get("tokens") or 0
            for r in view["regions"]
            if r.get("race") == active.get("race") and r.get("owner") == seat
        )
        peace = p.get("peace_with")
        _active(w, p, cy, seat, on_board, None if peace is None else players[peace]["name"])
        if over and "coins" in p:
            w.text((width - PAD, cy), f"{p['coins']} coins", KEY_TEXT, anchor="rm")
        elif seat in pending:
            w.text((width - PAD, cy), PENDING_TAG, DETAIL_TEXT, anchor="rm")
        right = _right_edge(view, p, width)
        _declined(w, p, cy, seat, right)
        held = holdings(view, p)
        if held:
            inline = _holdings_inline(view, p, width)
            if inline is not None:
                _holdings(w, held, inline, cy, right)
            else:
                _holdings(w, held, COL_ACTIVE, cy + ROW / 2 + HOLD_ROW / 2 - 6, width - PAD)
        y += height


def _holdings(w: Writer, held: list[tuple[str, str]], x: float, cy: float, right: float) -> None:
    """What a player keeps off the map, each with its icon, from ``x`` on the line at
    ``cy``: beside their races in decline, or on a line of its own under their races."""
    for kind, words in held:
        if x > right - 120:
            break
        paste_centred(w.img, sprite(kind, 38), (x + 19, cy))
        words = ellipsize(words, DETAIL_TEXT, right - x - 48)
        x = w.text((x + 48, cy), words, DETAIL_TEXT) + 30


def _active(
    w: Writer, p: dict[str, Any], cy: float, seat: int, on_board: int, peace: str | None
) -> None:
    """The active race: a token sample, power + race, and tokens in hand."""
    active = p.get("active")
    x = COL_ACTIVE
    if not active:
        w.text((x, cy), "no active race", DETAIL_TEXT, MUTED, bold=False)
        return
    paste_centred(w.img, _initials_only(active["race"], seat_colour(seat)), (x + 30, cy))
    title = f"{active['power']} {active['race']}"
    size = fit_text(title, 32, COL_DECLINE - x - 90)
    w.text((x + 68, cy - 17), title, size)
    extra = [f"{on_board} on the board"]
    if active.get("hand"):
        extra.append(f"{active['hand']} in hand")
    if peace is not None:
        extra.append(f"at peace with {peace}")
    w.text((x + 68, cy + 21), " · ".join(extra), DETAIL_TEXT, MUTED, bold=False)


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
        fill=text_on(fill),
        anchor="mm",
    )
    return big.convert("RGBa").reduce(SS).convert("RGBA")


def _declined_end(p: dict[str, Any], right: float) -> float:
    """Where the races in decline of a player row end (``_declined`` draws them)."""
    x: float = COL_DECLINE
    for dec in p.get("declined") or []:
        if x > right - 120:
            break
        name = ellipsize(dec["race"], DETAIL_TEXT, right - x - 66, bold=False)
        x = x + 64 + text_width(name, DETAIL_TEXT, bold=False) + 24
    return x


def _declined(w: Writer, p: dict[str, Any], cy: float, seat: int, right: float) -> None:
    """Races in decline: a dark token sample ringed in the seat colour, and the race's name."""
    x: float = COL_DECLINE
    for dec in p.get("declined") or []:
        if x > right - 120:
            break
        paste_centred(w.img, _initials_only(dec["race"], seat_colour(seat), True), (x + 29, cy))
        name = ellipsize(dec["race"], DETAIL_TEXT, right - x - 66, bold=False)
        x = w.text((x + 64, cy), name, DETAIL_TEXT, MUTED, bold=False) + 24


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
        COST_RING,
        LOST_INK,
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
    every: tuple[tuple[KeyItem, ...], ...] = (
        tuple(("terrain", t) for t in TERRAIN),
        (
            *(("feature", f) for f in FEATURES),
            ("tribe", "Lost Tribe"),
            ("decline", "Or\t1\tin decline"),
            *(("marker", k) for k in MARKERS),
        ),
        tuple((k, label) for k, label in MARK_LABELS.items()),
    )
    bg, _ = _background(map_id, (ROW,) * players, features, every)
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
    for i, cost in enumerate((2, 5, 12)):
        img = cost_chip(cost, 48)
        strip.paste(img, (800 + 56 * i, 50), img)
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
    """The board for a public view of a game (``engine.core.view(state)``), as PNG bytes.

    Coins are drawn only once the game is over, whatever the view holds.
    """
    image = compose(view).image
    pal = board_palette(view["map"], len(view["players"]), features_key(view["regions"]))
    return encode(image, pal)
