"""The two engines, compiled and pure Python, play the same games (issue 41, part 1).

The suite runs on whichever engine this checkout's interpreter imports (``scripts/test``
builds it first: the compiled one where a C compiler is found, its header line says which).
These tests add the other half: the golden playthroughs and a set of random games replayed
in a fresh process forced onto the pure Python engine (``ENGINE_PURE=1``) must match, action
for action and state for state; and ``python -m engine build`` says in one line, and exits 0,
when it cannot compile, and a build older than its sources is never run.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from engine.compiled import GROUP, MODULES, STATUS, fingerprint
from engine.core.state import to_json
from engine.simulate import random_game

ROOT = Path(__file__).resolve().parents[2]

#: Random games replayed on both engines: (players, world, seed).
GAMES = [(p, w, seed) for w in ("surface", "underground") for p in (2, 4, 5) for seed in (3, 4)]

#: Prints, for each game of ``GAMES`` (JSON on argv), the hash of its log and final state.
_PLAY = """
import hashlib, json, sys
from engine.compiled import engine_status
from engine.core.state import to_json
from engine.simulate import random_game
print(engine_status())
for players, world, seed in json.loads(sys.argv[1]):
    r = random_game(players, seed, record=True, world=world)
    text = json.dumps(r.log) + to_json(r.state)
    print(hashlib.sha256(text.encode()).hexdigest())
"""


def run(args: list[str], cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter on ``args`` in ``cwd`` with ``env`` added to the environment."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_goldens_play_the_same_on_the_pure_python_engine() -> None:
    """The golden playthroughs (every world and player count, mixed markets too), on the
    pure engine whatever this process runs: both engines write the same files."""
    done = run(
        [
            "-m",
            "pytest",
            "-n",
            "0",
            "-v",
            "-p",
            "no:cacheprovider",
            "tests/engine/test_golden.py",
            "tests/engine/test_mix_golden.py",
        ],
        ENGINE_PURE="1",
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "engine: pure Python (ENGINE_PURE=1)" in done.stdout
    assert " passed" in done.stdout and "failed" not in done.stdout


def test_random_games_play_the_same_on_both_engines() -> None:
    """Same seeds, same actions, same states: each game's log and final state, here and in a
    process on the pure engine."""
    here = []
    for players, world, seed in GAMES:
        r = random_game(players, seed, record=True, world=world)
        text = json.dumps(r.log) + to_json(r.state)
        here.append(hashlib.sha256(text.encode()).hexdigest())
    done = run(["-c", _PLAY, json.dumps(GAMES)], ENGINE_PURE="1")
    assert done.returncode == 0, done.stderr
    status, *there = done.stdout.splitlines()
    assert status == "engine: pure Python (ENGINE_PURE=1)"
    assert there == here, STATUS


def copy_checkout(target: Path) -> Path:
    """The engine with what it imports (``lang``, ``data``) copied to ``target``, without
    compiled modules or byte code: a fresh clone as far as the engine is concerned."""
    skip = shutil.ignore_patterns("*.so", "__pycache__", "compiled.stamp")
    for part in ("engine", "lang", "data"):
        shutil.copytree(ROOT / part, target / part, ignore=skip)
    return target


def test_no_c_compiler_means_pure_python_in_one_line(tmp_path: Path) -> None:
    """``CC=/bin/false``, then no compiler on the PATH: the build says why in one line,
    exits 0 and leaves nothing compiled; the engine plays on its source."""
    root = copy_checkout(tmp_path)
    done = run(["-m", "engine", "build"], root, CC="/bin/false")
    assert (done.returncode, done.stdout) == (
        0,
        "engine: pure Python (no working C compiler: /bin/false --version failed)\n",
    )
    env = {k: v for k, v in os.environ.items() if k != "CC"}
    done = subprocess.run(
        [sys.executable, "-m", "engine", "build"],
        cwd=root,
        env={**env, "PATH": str(tmp_path / "nothing")},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("engine: pure Python (no C compiler: ")
    assert done.stdout.count("\n") == 1
    assert not list(root.rglob("*.so"))
    played = run(["-m", "engine", "simulate", "--games", "1", "--players", "3"], root)
    assert played.returncode == 0, played.stderr


def test_a_build_older_than_its_sources_is_never_run(tmp_path: Path) -> None:
    """Extensions whose fingerprint does not match the sources are passed over: the engine
    imports the source (here the "extensions" are empty files, which would not even load);
    ``--clean`` removes them."""
    root = copy_checkout(tmp_path)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for module in (*MODULES, GROUP + "__mypyc"):
        base = root.joinpath(*module.split("."))
        base.with_name(base.name + suffix).write_bytes(b"")
    (root / "engine" / "compiled.stamp").write_text(fingerprint() + "\n", encoding="utf-8")
    with (root / "engine" / "core" / "rules.py").open("a", encoding="utf-8") as f:
        f.write("\n# edited after the build\n")
    code = (
        "import engine, engine.core.state as s; from engine.compiled import engine_status; "
        "from engine.simulate import random_game; random_game(3, 1); "
        "print(engine_status()); print(s.__file__)"
    )
    done = run(["-c", code], root)
    assert done.returncode == 0, done.stderr
    status, path = done.stdout.splitlines()
    assert status == "engine: pure Python (sources changed since the build: python -m engine build)"
    assert path.endswith("state.py")
    done = run(["-m", "engine", "build", "--clean"], root)
    assert done.stdout == "engine: pure Python (cleaned: python -m engine build compiles it)\n"
    assert not list(root.rglob("*.so")) and not (root / "engine" / "compiled.stamp").exists()
