"""``python -m lang compile``: compile the catalogs for the runtime (the install scripts run
it). Extracting and checking the messages needs the whole bot: ``python scripts/catalogs.py``.
"""

from __future__ import annotations

import sys

from .catalogs import compile_all


def main(argv: list[str]) -> int:
    """Run the command in ``argv``."""
    if argv != ["compile"]:
        print("usage: python -m lang compile", file=sys.stderr)
        return 2
    for path in compile_all():
        print(f"compiled {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
