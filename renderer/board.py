"""The board image: the cached static map with its legend, and every region's tokens,
markers and cost chips drawn on it.

The parts live beside it: :mod:`.legend` (player rows and the frame), :mod:`.key` (the key
under the legend), :mod:`.board_palette` (the colours of the PNG) and :mod:`.picture`
(the writer and the encoder every picture shares).
"""

from __future__ import annotations

from typing import Any

from .board_palette import board_palette
from .icons import badge, cost_chip, paste_centred, sprite
from .key import key_items
from .legend import background, dense_key, draw_legend, header_height, row_heights
from .marks import draw_marks, read_marks
from .palette import WHITE, initials, seat_colour
from .picture import BoardLayout, Composed, Writer, encode
from .pieces import MARKERS, chip_size
from .placement import layouts, marker_places, number_boxes
from .shapes import map_shape
from .static import features_key


def compose(view: dict[str, Any]) -> Composed:
    """The board for a view as a Pillow image, with the texts of its legend."""
    shape = map_shape(view["map"])
    feats = features_key(view["regions"])
    base, key_texts = background(
        view["map"], row_heights(view), feats, key_items(view), header_height(view), dense_key(view)
    )
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
            pill = badge(
                initials("Lost Tribe"), markers["lost_tribe"], WHITE, lay.badge_height, tribe=True
            )
        if pill is not None:
            drawn.badges[r["id"]] = paste_centred(img, pill, lay.badge)
        kinds = [k for k in MARKERS if markers.get(k)]
        kinds += sorted(k for k in markers if k not in MARKERS and k != "lost_tribe" and markers[k])
        if r.get("race") and r.get("in_decline") and r.get("race") == view.get("bony"):
            kinds.append("bony")  # Bony the Lich guards this banner's tokens (team play)
        sizes = [chip_size(k, lay.chip, markers.get(k, 1)) for k in kinds]
        cost = marks["cost"].get(r["id"])
        if cost is not None and pill is not None:
            sizes.append(lay.chip + 4)  # the next chip place, clear of badge and markers
        places = marker_places(view["map"], nfeat, r["id"], tuple(sizes))
        for kind, (x, y, size) in zip(kinds, places, strict=False):
            box = paste_centred(img, sprite(kind, size, markers.get(kind, 1)), (x, y))
            drawn.chips.append((r["id"], kind, box))
        if cost is not None:
            if pill is None:  # an empty region: the chip takes the badge's place, larger
                box = paste_centred(img, cost_chip(cost, lay.badge_height + 4), lay.badge)
            else:
                x, y, size = places[-1]
                box = paste_centred(img, cost_chip(cost, size), (x, y))
            drawn.chips.append((r["id"], "cost", box))
    draw_legend(Writer(img, out.texts), view, shape.height, shape.width)
    return out


def render_board(view: dict[str, Any]) -> bytes:
    """The board for a public view of a game (``engine.core.view(state)``), as PNG bytes.

    Coins are drawn only once the game is over, whatever the view holds.
    """
    image = compose(view).image
    pal = board_palette(view["map"], len(view["players"]), features_key(view["regions"]))
    return encode(image, pal)
