"""Numbers as the language spoken writes them: French writes 72,3 where English writes 72.3."""

from __future__ import annotations

from .speech import current

#: The decimal mark of each language that does not use a point.
DECIMAL_MARKS: dict[str, str] = {"fr": ","}


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals (``72.3``, ``72,3`` in French)."""
    return _marked(f"{value:.{digits}f}")


def number(value: float) -> str:
    """``value`` in its shortest form (``24``, ``0.5``, ``0,5`` in French)."""
    return _marked(f"{value:g}")


def _marked(text: str) -> str:
    mark = DECIMAL_MARKS.get(current())
    return text.replace(".", mark) if mark else text
