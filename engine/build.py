"""``python -m engine build``: compile the engine's hot modules in place with mypyc.

    python -m engine build            # compile (nothing to do when up to date)
    python -m engine build --clean    # remove the compiled modules: pure Python from now on

Prints one line, ``engine: compiled (N modules)`` or ``engine: pure Python (why)``, and
exits 0 either way: a machine without mypyc or a C compiler (``CC`` unset and no ``cc``, or
``CC=/bin/false``) plays the same games on the pure Python engine. ``ENGINE_PURE=1`` skips
the build (and makes every process run the source, ``engine.compiled``).

The compiler runs in a child process (``setuptools`` and ``mypyc.build.mypycify``) with its
temporary files under ``build/engine-mypyc/`` (its log: ``build.log``), writing the
extensions to a temporary folder; each is then renamed over the old one, so a process that
has the old one loaded keeps it intact. A lock keeps two builds of one checkout apart. The
line printed at the end comes from a fresh interpreter importing the engine, so it says what
the next process will run.
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from .compiled import (
    GROUP,
    MODULES,
    PACKAGE,
    PURE_VARIABLE,
    STAMP,
    built_status,
    extension_paths,
    fingerprint,
    source_path,
)

#: The checkout holding the engine package.
ROOT = PACKAGE.parent
#: The compiler's working folder (git ignores ``build/``).
WORK = ROOT / "build" / "engine-mypyc"

#: The child's build: ``setup(build_ext)`` of ``mypycify`` over the source files given,
#: the extensions written under ``--build-lib``. Optimisation level 3, as mypyc's default.
_SETUP = """
import sys
from mypyc.build import mypycify
from setuptools import setup
lib, temp, group, *paths = sys.argv[1:]
sys.argv = [sys.argv[0], "build_ext", "--build-lib", lib, "--build-temp", temp]
setup(name="engine-compiled", ext_modules=mypycify(paths, opt_level="3", group_name=group),
      script_args=sys.argv[1:])
"""


def compiler_problem() -> str | None:
    """Why C extensions cannot be compiled here (None when they can)."""
    for needed in ("mypyc", "setuptools"):
        if importlib.util.find_spec(needed) is None:
            return f"{needed} is not installed"
    cc = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")
    words = shlex.split(cc)
    if not words or shutil.which(words[0]) is None:
        return f"no C compiler: {words[0] if words else 'CC'} not found"
    try:
        subprocess.run([*words, "--version"], check=True, capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return f"no working C compiler: {cc} --version failed"
    include = sysconfig.get_paths().get("include", "")
    if not Path(include, "Python.h").exists():
        return "no Python headers (Python.h) for this interpreter"
    return None


def clean() -> None:
    """Remove every compiled module of the engine and the build's fingerprint."""
    STAMP.unlink(missing_ok=True)
    for module in (*MODULES, GROUP + "__mypyc"):
        for path in extension_paths(module):
            path.unlink()
    # Extensions of other Python versions, and of modules no longer compiled.
    for path in PACKAGE.rglob("*.so"):
        path.unlink()


def compile_modules() -> str | None:
    """Compile ``MODULES`` and put them in place; None when done, else why not."""
    with tempfile.TemporaryDirectory(prefix="engine-build-") as lib:
        paths = [str(source_path(m).relative_to(ROOT)) for m in MODULES]
        log = WORK / "build.log"
        with log.open("w", encoding="utf-8") as out:
            done = subprocess.run(
                [sys.executable, "-c", _SETUP, lib, str(WORK / "temp"), GROUP, *paths],
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                check=False,
            )
        if done.returncode != 0:
            return f"the build failed, see {log.relative_to(ROOT)}"
        built = sorted(Path(lib).rglob("*.so"))
        if len(built) != len(MODULES) + 1:
            return f"the build made {len(built)} modules, not {len(MODULES) + 1}"
        stamp = fingerprint()
        STAMP.unlink(missing_ok=True)
        for path in built:
            target = ROOT / path.relative_to(lib)
            # Copied next to the target, then renamed over it: a running process keeps the
            # file it has loaded.
            fresh = target.with_name(target.name + ".new")
            shutil.copyfile(path, fresh)
            os.replace(fresh, target)
        STAMP.write_text(stamp + "\n", encoding="utf-8")
    return None


def fresh_status() -> str:
    """The engine a new interpreter importing this checkout runs, in its one line."""
    code = "import engine, engine.compiled as c; print(c.engine_status())"
    env = {k: v for k, v in os.environ.items() if k != PURE_VARIABLE}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return "engine: pure Python (the compiled engine does not import)"
    return lines[-1]


def build(clean_only: bool = False) -> str:
    """Compile the engine's hot modules (or only remove them) and say which engine runs."""
    if clean_only:
        clean()
        return "engine: pure Python (cleaned: python -m engine build compiles it)"
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return f"engine: pure Python ({PURE_VARIABLE}={os.environ[PURE_VARIABLE]})"
    WORK.mkdir(parents=True, exist_ok=True)
    with (WORK / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if built_status() is None:
            return fresh_status()
        why = compiler_problem() or compile_modules()
        if why is not None:
            clean()
            return f"engine: pure Python ({why})"
        status = fresh_status()
        if not status.startswith("engine: compiled"):
            clean()  # built but unusable: the source runs, as it would without a compiler
        return status


def main(args: list[str]) -> int:
    """The command line: ``build [--clean]``; prints the one line and returns 0."""
    if args not in ([], ["--clean"]):
        print("usage: python -m engine build [--clean]", file=sys.stderr)
        return 2
    print(build(clean_only=args == ["--clean"]), flush=True)
    return 0
