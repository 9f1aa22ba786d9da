"""The combos panel: the six race and power combos for sale."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from .board import encode
from .fonts import font
from .palette import INK, PAPER

ROW = 96
WIDTH = 1000


def render_combos(view: dict[str, Any]) -> bytes:
    """The market of a view: slot, price, power and race, tokens, and coins lying on it."""
    market = view["market"]
    img = Image.new("RGB", (WIDTH, 90 + ROW * max(1, len(market))), PAPER)
    d = ImageDraw.Draw(img)
    d.text((28, 26), "Combos for sale", font=font(38), fill=INK)
    d.text((WIDTH - 28, 36), "price = slot − 1", font=font(24, bold=False), fill=INK, anchor="ra")
    for i, c in enumerate(market):
        top = 90 + ROW * i
        fill = (255, 255, 255) if i % 2 == 0 else (240, 234, 220)
        d.rounded_rectangle(
            [16, top + 6, WIDTH - 16, top + ROW - 6],
            radius=14,
            fill=fill,
            outline=(200, 190, 170),
            width=2,
        )
        cy = top + ROW / 2
        d.ellipse([32, cy - 28, 88, cy + 28], fill=INK)
        d.text((60, cy), str(c["slot"]), font=font(34), fill="white", anchor="mm")
        d.text(
            (112, cy - 16), c["power"], font=font(26, bold=False), fill=(90, 80, 70), anchor="lm"
        )
        d.text((112, cy + 18), c["race"], font=font(34), fill=INK, anchor="lm")
        d.text((640, cy), f"{c['tokens']} tokens", font=font(30), fill=INK, anchor="mm")
        price = c["slot"] - 1
        d.text(
            (WIDTH - 200, cy),
            "free" if price == 0 else f"costs {price}",
            font=font(28),
            fill=INK,
            anchor="mm",
        )
        if c["coins"]:
            d.ellipse(
                [WIDTH - 104, cy - 26, WIDTH - 52, cy + 26],
                fill=(240, 196, 40),
                outline=INK,
                width=2,
            )
            d.text((WIDTH - 78, cy), f"+{c['coins']}", font=font(22), fill=INK, anchor="mm")
    return encode(img)
