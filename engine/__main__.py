"""``python -m engine play|simulate|maps``: see ``engine.console.cli``; ``python -m engine
build [--clean]`` compiles the hot modules (``engine.build``)."""

import sys

if sys.argv[1:2] == ["build"]:
    from engine.build import main as build

    raise SystemExit(build(sys.argv[2:]))

from engine.console import exits
from engine.console.cli import main

raise SystemExit(exits.run(main, "python -m engine"))
