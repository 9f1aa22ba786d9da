"""``python -m engine play|simulate``: see ``engine.console.cli``."""

from engine.console.cli import main

raise SystemExit(main())
