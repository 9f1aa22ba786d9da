"""``python -m engine play|simulate|maps``: see ``engine.console.cli``."""

from engine.console import exits
from engine.console.cli import main

raise SystemExit(exits.run(main, "python -m engine"))
