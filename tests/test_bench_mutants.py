"""The mutation sample's copy of the repository (``bench/mutants.py``): the engine tests run
there, so it must be a checkout as scripts/test leaves it, compiled catalogs included (they
are ignored by git, and the French terminal tests read them)."""

from __future__ import annotations

import importlib.util
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from lang import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent


def _mutants() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutants", ROOT / "bench" / "mutants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_copy_has_compiled_catalogs_and_plays_in_french(tmp_path: Path) -> None:
    if subprocess.run(["git", "-C", str(ROOT), "rev-parse"], capture_output=True).returncode:
        pytest.skip("not a git checkout")
    _mutants().make_copy(tmp_path)
    for code in LANGUAGES:
        assert (tmp_path / "lang" / "locales" / code / "LC_MESSAGES" / "messages.mo").is_file()
    done = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--players", "2", "--seed", "3", "--lang", "fr"],
        cwd=tmp_path,
        input="2\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("graine 3 — rejouez-la avec --seed 3\n")


def test_the_terminal_tests_pass_when_run_in_the_background() -> None:
    """As the sample runs the engine tests: in a session of their own, started from a job in
    the background, so with SIGINT ignored (inherited across exec): the Ctrl-C test's game
    must still hear Ctrl-C."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-k",
         "on_a_terminal", "tests/engine/test_cli_refusals.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    assert "2 passed" in done.stdout
