"""The board image: the static map, every region's tokens and markers, and a legend."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from .fonts import font
from .palette import INK, PAPER, seat_colour
from .static import layout, map_shape, static_layer
from .tokens import initials, lost_tribe, marker_row, race_pill

LEGEND_ROW = 54
LEGEND_HEAD = 70


def legend_height(players: int) -> int:
    """Height of the legend under the board."""
    return LEGEND_HEAD + LEGEND_ROW * players + 16


def compose(view: dict[str, Any]) -> Image.Image:
    """The board for a view as a Pillow image (``render_board`` encodes it)."""
    shape = map_shape(view["map"])
    base = static_layer(view["map"])
    players = view["players"]
    img = Image.new("RGB", (shape.width, shape.height + legend_height(len(players))), PAPER)
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    for r in view["regions"]:
        anchors = layout(shape.regions[r["id"]])
        tx, ty = anchors["tokens"]
        markers = r["markers"]
        if r["race"]:
            race_pill(d, tx, ty, r["race"], r["tokens"], seat_colour(r["owner"]), r["in_decline"])
        elif markers.get("lost_tribe"):
            lost_tribe(d, tx, ty, markers["lost_tribe"])
        marker_row(d, *anchors["markers"], markers)
    _legend(d, view, shape.height, shape.width)
    return img


def _legend(d: ImageDraw.ImageDraw, view: dict[str, Any], top: int, width: int) -> None:
    over = view["phase"] == "over"
    title = f"Round {view['round']} / {view['turns']}"
    if over:
        title = f"Game over after {view['turns']} rounds"
    d.text((24, top + 20), title, font=font(34), fill=INK)
    d.text(
        (width - 24, top + 26),
        "grey token = in decline  ·  ▶ = to act",
        font=font(22, bold=False),
        fill=INK,
        anchor="ra",
    )
    y = top + LEGEND_HEAD
    pending = {p["seat"] for p in view.get("pending", [])}
    for p in view["players"]:
        seat = p["seat"]
        colour = seat_colour(seat)
        cy = y + LEGEND_ROW / 2
        if view.get("to_act") == seat:
            d.text((14, cy), "▶", font=font(30), fill=INK, anchor="lm")
        d.rounded_rectangle([48, cy - 18, 84, cy + 18], radius=8, fill=colour, outline=INK, width=2)
        d.text((96, cy), p["name"][:18], font=font(28), fill=INK, anchor="lm")
        x = 420
        active = p.get("active")
        if active:
            text = f"{active['power']} {active['race']}"
            if active.get("hand"):
                text += f" · {active['hand']} in hand"
            d.text((x, cy), text, font=font(26, bold=False), fill=INK, anchor="lm")
        else:
            d.text(
                (x, cy),
                "no active race",
                font=font(26, bold=False),
                fill=(120, 120, 120),
                anchor="lm",
            )
        x = 1060
        for dec in p.get("declined", []):
            d.text(
                (x, cy),
                f"{initials(dec['race'])}: {dec['race']} (decline)",
                font=font(22, bold=False),
                fill=(90, 90, 90),
                anchor="lm",
            )
            x += 270
        if seat in pending:
            d.text((width - 24, cy), "placing tokens", font=font(22), fill=colour, anchor="rm")
        if over and "coins" in p:
            d.text((width - 24, cy), f"{p['coins']} coins", font=font(28), fill=INK, anchor="rm")
        y += LEGEND_ROW


def encode(img: Image.Image) -> bytes:
    """PNG bytes of an image; light compression keeps encoding fast and files under 1 MB."""
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def render_board(view: dict[str, Any]) -> bytes:
    """The board for a public view of a game, as PNG bytes."""
    return encode(compose(view))
