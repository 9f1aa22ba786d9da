"""``python -m engine play|simulate``: see ``engine.cli``."""

from .cli import main

raise SystemExit(main())
