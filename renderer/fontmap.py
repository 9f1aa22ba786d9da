"""Which characters a font file has: its ``cmap`` table, read straight from the file.

A font's character map says which code points it has a glyph for; a character missing from it
would be drawn as the font's empty box (``.notdef``). fontTools reads the same table but builds
a dict of glyph names for every character, which takes a second for Noto Sans CJK's 45,000;
the ranges of code points are all that fallback needs, and they read in milliseconds.

Handles what fonts ship: TrueType and OpenType files and collections (.ttc: the first face),
subtables of format 12 (all of Unicode) and format 4 (the Basic Multilingual Plane).
"""

from __future__ import annotations

import mmap
import struct
from bisect import bisect_right
from pathlib import Path

#: The bytes of a font file (mapped, not read: Noto Sans CJK is 32 MB).
Buffer = bytes | mmap.mmap
#: Subtables tried in order: (platform, encoding), best first.
PREFERRED = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


class Coverage:
    """Code points as sorted, disjoint ranges; ``cp in coverage``."""

    __slots__ = ("_ends", "_starts")

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for start, end in sorted(ranges):
            if merged and start <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self._starts = [s for s, _ in merged]
        self._ends = [e for _, e in merged]

    def __contains__(self, cp: object) -> bool:
        if not isinstance(cp, int):
            return False
        i = bisect_right(self._starts, cp) - 1
        return i >= 0 and cp <= self._ends[i]

    def __len__(self) -> int:
        return sum(e - s + 1 for s, e in zip(self._starts, self._ends, strict=True))


def _u16(data: Buffer, at: int) -> int:
    return int(struct.unpack_from(">H", data, at)[0])


def _u32(data: Buffer, at: int) -> int:
    return int(struct.unpack_from(">I", data, at)[0])


def _table(data: Buffer, tag: bytes) -> int | None:
    """Offset of table ``tag`` of the file's first face, or None."""
    face = _u32(data, 12) if data[:4] == b"ttcf" else 0
    for i in range(_u16(data, face + 4)):
        record = face + 12 + 16 * i
        if data[record : record + 4] == tag:
            return _u32(data, record + 8)
    return None


def _format12(data: Buffer, at: int) -> list[tuple[int, int]]:
    groups = _u32(data, at + 12)
    out = []
    for i in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        if glyph == 0:  # the first code point maps to .notdef
            start += 1
        if start <= end:
            out.append((start, end))
    return out


def _format4(data: Buffer, at: int) -> list[tuple[int, int]]:
    segments = _u16(data, at + 6) // 2
    ends, starts = at + 14, at + 16 + 2 * segments
    deltas, offsets = starts + 2 * segments, starts + 4 * segments
    out = []
    for i in range(segments):
        end, start = _u16(data, ends + 2 * i), _u16(data, starts + 2 * i)
        delta, offset = _u16(data, deltas + 2 * i), _u16(data, offsets + 2 * i)
        for cp in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyph = (cp + delta) & 0xFFFF
            else:
                glyph = _u16(data, offsets + 2 * i + offset + 2 * (cp - start))
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                out.append((cp, cp))
    return out


def read_coverage(path: Path, formats: tuple[int, ...] = (12, 4)) -> Coverage:
    """The code points ``path`` (its first face) maps to a glyph, from the first subtable of
    ``formats`` it has; empty if it has none or cannot be read."""
    try:
        with path.open("rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return _read(data, formats)
    except (OSError, ValueError, struct.error):
        return Coverage([])


def _read(data: Buffer, formats: tuple[int, ...]) -> Coverage:
    table = _table(data, b"cmap")
    if table is None:
        return Coverage([])
    subtables: dict[tuple[int, int], int] = {}
    for i in range(_u16(data, table + 2)):
        platform, encoding, offset = struct.unpack_from(">HHI", data, table + 4 + 8 * i)
        subtables.setdefault((platform, encoding), table + offset)
    readers = {12: _format12, 4: _format4}
    for form in formats:
        for key in PREFERRED:
            at = subtables.get(key)
            if at is not None and _u16(data, at) == form:
                return Coverage(readers[form](data, at))
    return Coverage([])
