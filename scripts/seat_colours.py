"""Print how far apart the seats' colours stay with each colour vision.

    python scripts/seat_colours.py              # the palette of renderer/palette.py
    python scripts/seat_colours.py --rev main   # the palette at a git revision
    python scripts/seat_colours.py --markdown   # the same, as a Markdown table
    python scripts/seat_colours.py --picture board.png --vision deuteranopia --out seen.png

For each seat set the renderer colours (2 to 6 players in each world; 6 is the team game) and
each vision, the smallest CIEDE2000 difference between two seats and which seats, as
``tests/renderer/test_colour_vision.py`` computes it (``tests/renderer/vision.py``:
ColorAide's simulations, a dev dependency). Worlds with the same seats share a row.
With ``--picture``, write that picture as ``--vision`` sees it (its first model) instead, to
look at.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from renderer.palette import SEAT_COLOURS  # noqa: E402
from tests.renderer.vision import DEFICIENCIES, VISIONS, seat_sets, seen, smallest_gap  # noqa: E402

RGB = tuple[int, int, int]


def colours_at(rev: str) -> list[RGB]:
    """``SEAT_COLOURS`` as renderer/palette.py had it at the git revision ``rev``."""
    source = subprocess.run(
        ["git", "show", f"{rev}:renderer/palette.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(getattr(t, "id", None) == "SEAT_COLOURS" for t in targets):
                assert node.value is not None
                return [tuple(c) for c in ast.literal_eval(node.value)]
    raise SystemExit(f"no SEAT_COLOURS in renderer/palette.py at {rev}")


def rows(colours: list[RGB]) -> list[tuple[str, list[str]]]:
    """(seat sets, one cell per vision) for every distinct seat set, in the order met."""
    named: dict[tuple[int, ...], list[str]] = {}
    for name, seats in seat_sets().items():
        named.setdefault(seats, []).append(name)
    out = []
    for seats, names in sorted(named.items(), key=lambda kv: len(kv[0])):
        worlds = ", ".join(n.split()[0] for n in names)
        seated = [colours[x % len(colours)] for x in seats]
        cells = []
        for vision in VISIONS:
            gap, a, b = smallest_gap(seated, vision)
            cells.append(f"{gap:.1f} (seats {a}-{b})")
        out.append((f"{len(seats)} players ({worlds})", cells))
    return out


def simulate(picture: Path, vision: str, out: Path) -> None:
    """Write ``picture`` as ``vision`` sees it into ``out``, colour by colour."""
    with Image.open(picture) as img:
        rgb = img.convert("RGB")
    table = {c: seen(c, vision)[0] for _, c in rgb.getcolors(1 << 24) or []}
    shown = Image.new("RGB", rgb.size)
    shown.putdata([table[p] for p in rgb.get_flattened_data()])  # type: ignore[index]
    shown.save(out)
    print(f"{out}: {picture} with {vision} ({len(table)} colours)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rev", help="a git revision to read the palette from")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--picture", type=Path, help="a picture to show as --vision sees it")
    parser.add_argument("--vision", choices=DEFICIENCIES, default="deuteranopia")
    parser.add_argument("--out", type=Path, default=Path("seen.png"))
    args = parser.parse_args()
    if args.picture:
        simulate(args.picture, args.vision, args.out)
        return
    colours = colours_at(args.rev) if args.rev else list(SEAT_COLOURS)
    print("seats:", " ".join("#{:02x}{:02x}{:02x}".format(*c) for c in colours))
    table = rows(colours)
    if args.markdown:
        print("| seat set | " + " | ".join(VISIONS) + " |")
        print("|---" * (len(VISIONS) + 1) + "|")
        for label, cells in table:
            print(f"| {label} | " + " | ".join(cells) + " |")
        return
    width = max(len(label) for label, _ in table)
    print(f"{'seat set':<{width}} | " + " | ".join(f"{v:>16}" for v in VISIONS))
    for label, cells in table:
        print(f"{label:<{width}} | " + " | ".join(f"{c:>16}" for c in cells))


if __name__ == "__main__":
    main()
