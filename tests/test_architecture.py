"""The architecture of docs/architecture.md, checked on every run.

The import contracts live in ``pyproject.toml`` (``[tool.importlinter]``) and are checked by
``lint-imports``; the rules a contract cannot state are checked here from the source: every
module is small, no module reaches for another module's private names, no module takes names
from its own package's face (which imports its modules: a circle), and no code asks which
world it is in (a world is data and hooks, never a special case).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The packages that ship, and the folders of code that support them.
PACKAGES = ("engine", "ai", "renderer", "bot", "cogs", "lang")
CODE = (*PACKAGES, "tests", "bench", "scripts")
MOST_LINES = 500


def _modules(folders: tuple[str, ...]) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py"))


def _name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def test_the_import_contracts_are_kept() -> None:
    """``lint-imports`` reads the contracts from pyproject.toml; a broken one fails here."""
    done = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert " BROKEN" not in done.stdout and " KEPT" in done.stdout


@pytest.mark.parametrize("path", _modules(CODE), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_is_under_500_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines < MOST_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by concern"


def _private_imports(path: Path) -> list[str]:
    """``from X import _name`` where X is another module of the project."""
    here = _name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = []
    for node, source in _from_imports(path, package):
        if source.split(".")[0] not in PACKAGES or source == here:
            continue
        found += [f"{here}:{node.lineno} {source}.{a.name}" for a in node.names if _private(a)]
    return found


def _from_imports(path: Path, package: str) -> Iterator[tuple[ast.ImportFrom, str]]:
    """Each ``from X import ...`` of a module in ``package``, with X made absolute."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            yield node, ".".join([*base, node.module] if node.module else base)
        else:
            yield node, node.module or ""


def _private(alias: ast.alias) -> bool:
    return alias.name.startswith("_") and not alias.name.startswith("__")


def test_no_module_imports_another_modules_private_names() -> None:
    found = [hit for path in _modules(PACKAGES) for hit in _private_imports(path)]
    assert found == [], "make these public or keep them in their module:\n" + "\n".join(found)


def _face_imports(path: Path) -> list[str]:
    """Names (not submodules) a module takes from its own package, or from a package above it:
    that package's ``__init__`` imports the module, so the two would import each other."""
    here = _name(path)
    package = here.rpartition(".")[0]
    found = []
    for node, source in _from_imports(path, package):
        if not source or not (package == source or package.startswith(source + ".")):
            continue
        folder = ROOT.joinpath(*source.split("."))
        found += [
            f"{here}:{node.lineno} {source}.{a.name}"
            for a in node.names
            if not (folder / f"{a.name}.py").exists() and not (folder / a.name).is_dir()
        ]
    return found


def test_no_module_takes_names_from_its_own_packages_face() -> None:
    """A package's ``__init__`` registers and passes names on; what its modules share lives in
    a module of its own (team play's ``seats``), so no module imports its package back. A
    ``__main__`` is never imported by its package and may."""
    found = [
        hit
        for path in _modules(PACKAGES)
        if path.name not in ("__init__.py", "__main__.py")
        for hit in _face_imports(path)
    ]
    assert found == [], "move what both need into a module of its own:\n" + "\n".join(found)


def _world_tests(path: Path) -> list[str]:
    """Comparisons of something named ``world`` with a world's name, e.g. ``world == "x"``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        named = any(_ends_in_world(s) for s in sides)
        literal = any(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in sides)
        if named and literal:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def _ends_in_world(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id.endswith("world")
    return isinstance(node, ast.Attribute) and node.attr.endswith("world")


def test_no_code_asks_which_world_it_is_in() -> None:
    found = [hit for path in _modules(PACKAGES) for hit in _world_tests(path)]
    assert found == [], "a world is data and hooks, not a special case:\n" + "\n".join(found)
