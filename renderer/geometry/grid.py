"""Pointy-top hex grid in "odd-r" offset coordinates (odd rows shifted right by half a cell).

Cell ``(col, row)`` has index ``row * cols + col``. Its centre in board pixels is
``(ox + w * (col + 0.5 * (row % 2)), oy + 1.5 * size * row)`` with ``w = sqrt(3) * size``.
Hex corners live on an integer lattice whose units are ``w / 2`` across and ``size / 2``
down, so shared corners of neighbouring cells compare exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Neighbour directions in cyclic order (E, NE, NW, W, SW, SE) as axial (dq, dr).
AXIAL_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: Corner offsets (lattice units) ordered clockwise on screen, starting at the top.
CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
#: For each direction in AXIAL_DIRS, the indices in CORNERS of the shared edge, in
#: clockwise order around this cell.
EDGE_CORNERS = ((1, 2), (0, 1), (5, 0), (4, 5), (3, 4), (2, 3))


@dataclass(frozen=True)
class HexGrid:
    """A ``cols`` x ``rows`` block of hex cells of circumradius ``size`` at ``origin``."""

    cols: int
    rows: int
    size: float
    origin: tuple[float, float]

    @staticmethod
    def fit(width: float, height: float, cols: int) -> HexGrid:
        """The grid with ``cols`` columns whose cell centres fill ``width`` x ``height``.

        Centres lie inside the board with about half a cell to spare on each side, so
        the hexes' outer half-cells can be snapped onto the board's rectangle.
        """
        w = width / (cols + 0.5)
        size = w / math.sqrt(3)
        rows = max(2, round((height - size) / (1.5 * size)))
        # Spread the rows so the top and bottom margins are equal.
        dy = (height - 1.5 * size * (rows - 1)) / 2
        return HexGrid(cols, rows, size, (w / 2, dy))

    @property
    def count(self) -> int:
        """Number of cells."""
        return self.cols * self.rows

    @property
    def width_step(self) -> float:
        """Horizontal distance between neighbouring centres in a row."""
        return math.sqrt(3) * self.size

    def center(self, index: int) -> tuple[float, float]:
        """Board-pixel centre of cell ``index``."""
        row, col = divmod(index, self.cols)
        return (
            self.origin[0] + self.width_step * (col + 0.5 * (row & 1)),
            self.origin[1] + 1.5 * self.size * row,
        )

    def lattice_center(self, index: int) -> tuple[int, int]:
        """Centre of cell ``index`` on the corner lattice."""
        row, col = divmod(index, self.cols)
        return (2 * col + (row & 1), 3 * row)

    def lattice_to_px(self, x: int, y: int) -> tuple[float, float]:
        """Board pixels of a lattice point."""
        return (
            self.origin[0] + x * self.width_step / 2,
            self.origin[1] + y * self.size / 2,
        )

    def neighbours(self) -> list[tuple[int, ...]]:
        """For every cell, its six neighbours in AXIAL_DIRS order (-1 = off the grid)."""
        out = []
        for index in range(self.count):
            row, col = divmod(index, self.cols)
            q = col - (row - (row & 1)) // 2
            nb = []
            for dq, dr in AXIAL_DIRS:
                r2 = row + dr
                c2 = q + dq + (r2 - (r2 & 1)) // 2
                if 0 <= r2 < self.rows and 0 <= c2 < self.cols:
                    nb.append(r2 * self.cols + c2)
                else:
                    nb.append(-1)
            out.append(tuple(nb))
        return out
