"""Which engine this interpreter runs: the hot modules compiled with mypyc, or the source.

``python -m engine build`` (``engine.build``) compiles ``MODULES`` in place: beside each
``.py`` an extension module (``state.cpython-311-x86_64-linux-gnu.so``), which Python's
import system prefers to the source, and one shared library holding their code
(``engine/native__mypyc.*.so``). The build writes a fingerprint of the sources it compiled
(``STAMP``); ``engine/__init__.py`` imports this module before any other part of the engine,
and it decides once, for the whole process:

- compiled, when every module of ``MODULES`` has its extension for this interpreter and the
  fingerprint matches the sources now in the checkout;
- pure Python otherwise, or when the environment sets ``ENGINE_PURE=1``: an import hook then
  loads ``MODULES`` from their source, whatever extensions lie beside them. So a source
  edited since the last build never runs stale (it runs as source until the next build), and
  the two engines never mix.

``STATUS`` is the one line that says which (``engine: compiled (N modules)`` or ``engine:
pure Python (why)``), as ``python -m engine build`` prints it. The engine is the same source
either way; the pure one is the reference, and the tests play the golden games on both.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The package folder and the checkout around it.
PACKAGE = Path(__file__).resolve().parent

#: The modules compiled, chosen by profile (``bench/action_costs.py``): every call of
#: ``legal_actions``, ``apply`` and ``clone`` and what they ask on the way, and the random
#: player of the AI's playouts (``engine.simulate``). Not compiled: the classes other modules
#: subclass (``protocol.Ability``, ``actions.Action``: a compiled class takes no subclass from
#: the source), the worlds' small classes, what runs once a game, and the words for people.
MODULES: tuple[str, ...] = (
    *(
        f"engine.core.{name}"
        for name in (
            "abilities",
            "board",
            "conquest",
            "copying",
            "defences",
            "gamehooks",
            "interrupts",
            "legal",
            "market",
            "markers",
            "overrides",
            "readying",
            "rng",
            "rules",
            "scoring",
            "state",
            "taking",
            "turn",
            "turns",
            "validation",
            "withdrawal",
        )
    ),
    "engine.simulate",
)

#: The shared library of the compiled modules' code (mypyc's "group"), inside the package.
GROUP = "engine.native"

#: The fingerprint of what the last build compiled (git ignores it, as the extensions).
STAMP = PACKAGE / "compiled.stamp"

#: Set to 1 to run the pure Python engine whatever is built.
PURE_VARIABLE = "ENGINE_PURE"


def source_path(module: str) -> Path:
    """The ``.py`` file of one of ``MODULES``."""
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def extension_paths(module: str) -> list[Path]:
    """The compiled forms of ``module`` this interpreter would load, if any."""
    base = PACKAGE.parent.joinpath(*module.split("."))
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return [p for p in (base.with_name(base.name + x) for x in suffixes) if p.exists()]


def fingerprint() -> str:
    """What a build depends on: this interpreter's ABI, the module list, and the sources of
    the whole core (a compiled module knows the types of the modules it imports)."""
    digest = hashlib.sha256()
    digest.update(sys.implementation.cache_tag.encode())
    digest.update(repr(MODULES).encode())
    sources = sorted({*PACKAGE.joinpath("core").glob("*.py"), *map(source_path, MODULES)})
    for path in sources:
        digest.update(path.relative_to(PACKAGE).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def built_status() -> str | None:
    """Why the compiled modules cannot be used now (None when they can)."""
    missing = [m for m in (*MODULES, GROUP + "__mypyc") if not extension_paths(m)]
    if len(missing) == len(MODULES) + 1:
        return "not built: python -m engine build"
    if missing:
        return f"incomplete build, {missing[0]} missing: python -m engine build"
    try:
        stamp = STAMP.read_text(encoding="utf-8").strip()
    except OSError:
        stamp = ""
    if stamp != fingerprint():
        return "sources changed since the build: python -m engine build"
    return None


class SourceFirst:
    """An import hook that finds ``MODULES`` as source, passing over their extensions."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The source spec of one of ``MODULES``; None for any other module."""
        if name not in MODULES or path is None:
            return None
        details = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, details).find_spec(name)
            if spec is not None:
                return spec
        return None


def choose() -> str:
    """Decide which engine this process runs (installing ``SourceFirst`` for the pure one)
    and return the line that says so."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        why: str | None = f"{PURE_VARIABLE}={os.environ[PURE_VARIABLE]}"
    else:
        why = built_status()
    if why is None:
        return f"engine: compiled ({len(MODULES)} modules)"
    if not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())
    return f"engine: pure Python ({why})"


#: Which engine this process runs, decided when the engine is first imported.
STATUS = choose()


def engine_status() -> str:
    """``STATUS``, checked against the modules actually loaded: ``engine: compiled (N
    modules)`` or ``engine: pure Python (why)``."""
    loaded = [sys.modules.get(m) for m in MODULES]
    compiled = sum(
        1 for m in loaded if m is not None and not str(getattr(m, "__file__", "")).endswith(".py")
    )
    if STATUS.startswith("engine: compiled") and compiled < sum(m is not None for m in loaded):
        return "engine: pure Python (the compiled modules did not load)"
    return STATUS
