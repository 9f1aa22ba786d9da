"""The key under the board's legend: which entries a view needs, and the key drawn.

Only what a board shows is explained (its terrains and map features, the markers on it,
the marks of the turn), so the key stays short enough for text a phone can read.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.text import names
from lang import N_, current, tr

from .fonts import Measure
from .icons import badge, cost_chip, paste_centred, sprite
from .marks import MARK_WIDTH, edge_of, paint_mark, read_marks
from .palette import INK, PAPER, TERRAIN, WHITE, initials, seat_colour
from .picture import TextItem, Writer
from .pieces import (
    FEATURES,
    MARKERS,
    PLACE_TAGS,
    RELIC_TAGS,
    chip_size,
    feature_name,
    piece_name,
)
from .rowparts import holdings
from .static import terrain_tile
from .teams import seat_label, team_info

#: Margin left and right of the legend and its key.
PAD = 24
KEY_ROW = 50
#: Largest sample in the key (a Relic's chip is larger on the board).
KEY_CHIP = 46
#: Space between two entries of the key, and between two groups of entries.
KEY_GAP, KEY_GROUP_GAP = 34, 64
#: Text size of the key, and of the legend's larger lines. The picture is about 0.24× on a
#: phone held upright (1600 px shown 390 px wide), so 34 px here is about 8.3 px there, its
#: capitals 6 px: legible words (tests/renderer/test_legibility.py).
KEY_TEXT = 34
#: The dense key of a picture that would be over ``MAX_HEIGHT`` otherwise (a 6-player
#: Underground board late in a game): text, row height, gaps between entries and groups.
DENSE_TEXT, DENSE_ROW, DENSE_GAP, DENSE_GROUP_GAP = 30, 46, 24, 44
#: The tallest a board picture is drawn, like every other picture.
MAX_HEIGHT = 2000

#: A key entry: (what kind of sample, its name). Kinds: "terrain", "feature", "marker",
#: "tribe", "decline", and the marks of a turn: "taken", "lost", "cost".
KeyItem = tuple[str, str]
#: Labels of the marks, in the order of their key row.
MARK_LABELS = {
    "taken": N_("taken this turn"),
    "lost": N_("left empty this turn"),
    "cost": N_("tokens to conquer"),
}


#: Places that draw a special power, and the view's field naming it: the key says which.
PLACE_POWERS = {"stonehedge": "stonehedge"}
#: Pieces a player keeps off the map, drawn beside them in the legend.
OFF_MAP = ("hammer", "armor", "bag", "vengeance")
#: Relics and Places: their key entry names who holds them.
TREASURE_KEYS = frozenset(RELIC_TAGS) | frozenset(PLACE_TAGS)


def holder_of(view: dict[str, Any], key: str, by_seat: bool = False) -> str:
    """Who holds the region where marker ``key`` lies, by name ("no one" when it is empty or
    the marker is not on the map): the holder of a Relic or Place, or of the Stonehedge.
    With ``by_seat``, in a team game, by seat name ("B2", as on the legend's discs)."""
    players = [p["name"] for p in view.get("players", [])]
    where = next((r for r in view["regions"] if (r.get("markers") or {}).get(key)), None)
    if where is None or not where.get("race"):
        return tr("no one")
    owner = where.get("owner", -1)
    if owner is None or not 0 <= owner < len(players):
        return tr("no one")
    return seat_label(view, owner) if by_seat and team_info(view) else players[owner]


def bony_item(view: dict[str, Any]) -> KeyItem | None:
    """The key entry of Bony the Lich on the In Decline banner he guards (team play), with
    the banner's player by seat name; None when he is on no banner."""
    race = view.get("bony")
    if not race:
        return None
    where = next((r for r in view["regions"] if r.get("race") == race), None)
    owner = where.get("owner") if where else None
    seat = seat_label(view, owner) if owner is not None and owner >= 0 else ""
    return ("bony", f"{race}\t{seat}")


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
    bony = bony_item(view)
    if bony:
        symbols.append(bony)
    for k in MARKERS:
        if k not in markers:
            continue
        if k in TREASURE_KEYS:
            # A Relic or Place: the key says who holds it now (the race in its region); in
            # a team game by seat name, short and the same as on the legend's discs.
            holder = holder_of(view, k, by_seat=True)
            drawn = view.get(PLACE_POWERS.get(k, "")) or ""
            symbols.append(("treasure", f"{k}\t{holder}\t{drawn}"))
        else:
            symbols.append(("marker", k))
    if team_info(view):
        # The team legend may show a piece kept off the map by its icon and count alone.
        held = {k for p in view["players"] for k, _ in holdings(view, p)}
        symbols += [("marker", k) for k in OFF_MAP if k in held and k not in markers]
    out.append(tuple(symbols))
    marks = read_marks(view)
    out.append(tuple((k, MARK_LABELS[k]) for k in MARK_LABELS if marks.get(k)))
    return tuple(g for g in out if g)


def _label(kind: str, name: str) -> str:
    """The words after a key entry's picture ("Shiny Orb · bob" for a Relic and its holder),
    in the language spoken."""
    if kind == "terrain":
        return names.terrain(name)
    if kind == "marker":
        return piece_name(name)
    if kind == "feature":
        return feature_name(name)
    if kind == "tribe":
        return names.piece("lost_tribe")
    if kind == "decline":
        return tr("in decline")
    if kind == "treasure":
        key, holder, drawn = name.split("\t")
        title = piece_name(key) + (f" ({names.power(drawn)})" if drawn else "")
        return f"{title} · {holder}"
    if kind == "bony":
        race, seat = name.split("\t")
        guards = tr("Bony the Lich guards {race}", race=names.race(race))
        return guards + (f" · {seat}" if seat else "")
    if kind in MARK_LABELS:
        return tr(MARK_LABELS[kind])
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
        count = 2 if name == "camp" else 1
        return sprite(name, min(KEY_CHIP, chip_size(name, 40, count)), count)
    if kind == "treasure":
        key = name.split("\t")[0]
        return sprite(key, min(KEY_CHIP, chip_size(key, 40)))
    if kind == "tribe":
        return badge(initials("Lost Tribe"), 1, WHITE, 40, tribe=True)
    if kind == "bony":
        return sprite("bony", 40)
    if kind == "decline":
        tag, seat, _ = name.split("\t")
        return badge(tag, 1, seat_colour(int(seat)), 40, decline=True)
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


def key_layer(
    groups: tuple[tuple[KeyItem, ...], ...], width: int, dense: bool = False
) -> tuple[Image.Image, tuple[TextItem, ...]]:
    """The key drawn on paper in the language spoken, and its texts (positions relative to
    the key's top left)."""
    return _key_layer(groups, width, dense, current())


@lru_cache(maxsize=64)
def _key_layer(
    groups: tuple[tuple[KeyItem, ...], ...], width: int, dense: bool, language: str
) -> tuple[Image.Image, tuple[TextItem, ...]]:
    """``key_layer`` in ``language`` (which keys the cache: it is the language spoken)."""
    rows = key_rows(groups, width, dense)
    row_h, size = key_row_height(dense), DENSE_TEXT if dense else KEY_TEXT
    img = Image.new("RGB", (width, len(rows) * row_h), PAPER)
    texts: list[TextItem] = []
    w = Writer(img, texts)
    for r, row in enumerate(rows):
        y = row_h * (r + 0.5)
        for x, (kind, name) in row:
            sample = _sample(kind, name)
            paste_centred(img, sample, (x + sample.width / 2, y))
            w.text((x + sample.width + 10, y), _label(kind, name), size, bold=False)
    return img, tuple(texts)


def key_row_height(dense: bool = False) -> int:
    """Height of a row of the key, dense or not."""
    return DENSE_ROW if dense else KEY_ROW


def key_rows(
    groups: tuple[tuple[KeyItem, ...], ...], width: int, dense: bool = False
) -> list[list[tuple[float, KeyItem]]]:
    """Entries laid out left to right, wrapping; groups follow each other, and a group that
    fits on one row is kept on one row."""
    rows: list[list[tuple[float, KeyItem]]] = []
    f = Measure(DENSE_TEXT if dense else KEY_TEXT, False)
    gap, group_gap = (DENSE_GAP, DENSE_GROUP_GAP) if dense else (KEY_GAP, KEY_GROUP_GAP)
    row: list[tuple[float, KeyItem]] = []
    x = float(PAD)
    for group in groups:
        # A group goes on where the last one ended, after a wider gap: a row of its own
        # would make the picture taller, and a tall picture is shown smaller on a phone.
        spans = [_sample(k, n).width + 10 + f.getlength(_label(k, n)) for k, n in group]
        whole = sum(spans) + gap * (len(spans) - 1)
        if row:
            x += group_gap - gap
            # A short group is not split: it starts a row of its own if it fits there.
            if x + whole > width - PAD and PAD + whole <= width - PAD:
                rows.append(row)
                row, x = [], float(PAD)
        for kind, name in group:
            span = _sample(kind, name).width + 10 + f.getlength(_label(kind, name))
            if row and x + span > width - PAD:
                # The dense key fills the room an earlier row of the group left first.
                back = _room(rows, span, width, gap) if dense else None
                if back is not None:
                    back.append((_row_end(back, f, gap), (kind, name)))
                    continue
                rows.append(row)
                row, x = [], float(PAD)
            row.append((x, (kind, name)))
            x += span + gap
    if row:
        rows.append(row)
    return rows


def _row_end(row: list[tuple[float, KeyItem]], f: Any, gap: int) -> float:
    """Where the next entry of a key row starts."""
    x, (kind, name) = row[-1]
    return x + _sample(kind, name).width + 10 + f.getlength(_label(kind, name)) + gap


def _room(
    rows: list[list[tuple[float, KeyItem]]], span: float, width: int, gap: int
) -> list[tuple[float, KeyItem]] | None:
    """The first full row with room left for an entry ``span`` px wide, if any."""
    f = Measure(DENSE_TEXT, False)
    for row in rows:
        if _row_end(row, f, gap) + span <= width - PAD:
            return row
    return None
