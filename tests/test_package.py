"""The project as ``pip install`` makes it: a wheel built from a copy of the sources with no
compiled catalog in it (``*.mo`` are not kept in git), installed into a fresh virtualenv.

The wheel must carry what the checkout has beside its code (the game's data, the database's
migrations, the fonts, the templates) and compiled catalogs (``setup.py``), so that an
installed bot speaks French; and where a catalog was not compiled, it is read from its
``.po`` files (``lang.compiled``), never silently English.

The build runs as ``pip install .`` does, in an isolated environment with the build
requirements of pyproject.toml (from the package index, or pip's cache); the project's
dependencies are not installed again: the fresh virtualenv sees this one's packages.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Left out of the copy: what a clone does not have (virtualenv, caches, builds, catalogs,
#: the compiled engine).
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "__pycache__",
    "*.mo",
    "build",
    "*.egg-info",
    ".*_cache",
    ".hypothesis",
    # The compiled engine (python -m engine build).
    "*.so",
    "compiled.stamp",
)


def _run(cmd: list[str | Path], cwd: Path, **kw: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(c) for c in cmd],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        **kw,  # type: ignore[arg-type]
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``python`` of a fresh virtualenv where the project's wheel is installed."""
    work = tmp_path_factory.mktemp("package")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=NOT_IN_A_CLONE)
    assert not list(source.rglob("*.mo"))
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", work, source], work)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = work.glob("smallworld_discord-*.whl")
    venv = work / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", venv], work)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", python]
    put = _run([*pip, "install", "--no-deps", wheel], work)
    assert put.returncode == 0, put.stdout + put.stderr
    # The dependencies: this virtualenv's packages, after the wheel's own (a .pth line).
    site = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work)
    Path(site.stdout.strip(), "dependencies.pth").write_text(sysconfig.get_paths()["purelib"])
    return python


def _play_in_french(python: Path) -> subprocess.CompletedProcess[str]:
    """The terminal game in French, run outside the checkout (so the wheel is imported)."""
    return _run(
        [python, "-m", "engine", "play", "--players", "2", "--seed", "3", "--lang", "fr"],
        python.parent.parent,
        input="2\nquit\n",
    )


def _catalogs(python: Path) -> list[Path]:
    where = _run([python, "-c", "from lang.speech import LOCALES; print(LOCALES)"], python.parent)
    assert where.returncode == 0, where.stderr
    locales = Path(where.stdout.strip())
    assert not locales.is_relative_to(ROOT), locales
    return sorted(locales.glob("*/LC_MESSAGES/messages.mo"))


def test_an_installed_wheel_carries_its_files_and_compiled_catalogs(installed: Path) -> None:
    assert [p.parent.parent.name for p in _catalogs(installed)] == ["en", "fr"]
    files = (
        "from bot.storage.migrations import MIGRATIONS; from engine.core.content import DATA_DIR;"
        "print(len(list(MIGRATIONS.glob('*.sql'))), len(list(DATA_DIR.glob('maps/*.json'))))"
    )
    counted = _run([installed, "-c", files], installed.parent)
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.split() == [
        str(len(list((ROOT / "bot" / "migrations").glob("*.sql")))),
        str(len(list((ROOT / "data" / "maps").glob("*.json")))),
    ]


def test_an_installed_wheel_speaks_french_compiled_or_not(installed: Path) -> None:
    compiled = _play_in_french(installed)
    assert compiled.returncode == 0 and compiled.stderr == ""
    assert compiled.stdout.startswith("graine 3 — rejouez-la avec --seed 3\n")
    assert "Combinaisons disponibles :" in compiled.stdout
    # Without the compiled catalogs (an install that skipped the build step): the same
    # French, read from the .po files, and nothing logged.
    aside = [(p, p.with_suffix(".aside")) for p in _catalogs(installed)]
    try:
        for path, moved in aside:
            path.rename(moved)
        assert _catalogs(installed) == []
        read = _play_in_french(installed)
    finally:
        for path, moved in aside:
            moved.rename(path)
    assert read.returncode == 0 and read.stderr == ""
    assert read.stdout == compiled.stdout
