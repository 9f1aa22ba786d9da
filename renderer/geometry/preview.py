"""Debug picture of a geometry file: terrain colours, borders and region ids."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: Fill colour per terrain (anything else is grey).
TERRAIN_COLOURS = {
    "Sea": (76, 126, 196),
    "Lake": (118, 184, 226),
    "Farmland": (233, 214, 128),
    "Forest": (58, 128, 66),
    "Hill": (164, 196, 104),
    "Mountain": (150, 138, 126),
    "Swamp": (104, 122, 92),
}


def render_preview(geometry: dict[str, Any], out: str | Path, discs: bool = True) -> None:
    """Draw ``geometry`` to the PNG ``out``; ``discs`` also outlines each label's clear disc."""
    from PIL import Image, ImageDraw, ImageFont  # only needed for this debug picture

    board = geometry["board"]
    img = Image.new("RGB", (board["width"], board["height"]), (250, 246, 236))
    draw = ImageDraw.Draw(img)
    for reg in geometry["regions"]:
        colour = TERRAIN_COLOURS.get(reg["terrain"], (160, 160, 160))
        for poly in reg["polygons"]:
            draw.polygon([tuple(p) for p in poly], fill=colour)
    for border in geometry.get("borders", []):
        pts = [tuple(p) for p in border["points"]]
        width = 5 if border["regions"][1] < 0 else 3
        draw.line(pts, fill=(40, 32, 24), width=width, joint="curve")
    try:
        font = ImageFont.load_default(size=28)
    except TypeError:  # Pillow < 10.1 has no sized default font
        font = ImageFont.load_default()
    for reg in geometry["regions"]:
        x, y = reg["label"]
        if discs:
            r = reg["clearance"]
            draw.ellipse((x - r, y - r, x + r, y + r), outline=(255, 255, 255), width=1)
        draw.text(
            (x, y),
            str(reg["id"]),
            fill=(0, 0, 0),
            font=font,
            anchor="mm",
            stroke_width=2,
            stroke_fill=(255, 255, 255),
        )
    img.save(out)


def preview_file(geometry_path: str | Path, out: str | Path) -> None:
    """Read a geometry JSON file and write its debug PNG."""
    with Path(geometry_path).open(encoding="utf-8") as fh:
        geometry = json.load(fh)
    if not isinstance(geometry, dict) or not {"board", "regions"} <= set(geometry):
        raise ValueError(
            f"{geometry_path} is not a geometry file (python -m renderer.geometry build "
            "writes one from a map file)"
        )
    render_preview(geometry, out)
