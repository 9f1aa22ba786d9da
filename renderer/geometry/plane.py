"""Plane geometry shared by the skeleton's stages: a point, and the signed area of a
triangle."""

from __future__ import annotations

Point = tuple[float, float]


def triangle_area(p: Point, q: Point, r: Point) -> float:
    """Signed area of the triangle ``p``, ``q``, ``r``: positive when its corners turn
    counter-clockwise with y upwards (clockwise on screen, where y grows downwards)."""
    return 0.5 * ((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]))
