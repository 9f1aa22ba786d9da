"""Mutation sample of the rule core: how many small changes to the rules do the engine tests notice?

    python bench/mutants.py --sample 30 --seed 1 [--files engine/core/rules.py ...] [--timeout 900]

Not a test and not run in CI: a measurement, printed. It lists every place in the rule files
where one small change can be made (``ast``): a comparison flipped at its boundary (``<`` to
``<=``, ``==`` to ``!=``, ``in`` to ``not in``...), an integer constant moved by one, ``and``
swapped with ``or``, the condition of an ``if``/``while``/conditional expression negated, a
returned value replaced (``True``/``False`` swapped, anything else by ``None``). It draws
``--sample`` of them with ``--seed``, and for each one:

1. writes the changed file into a temporary copy of the repository (the working tree is never
   modified; the copy is deleted at the end unless ``--keep``);
2. runs the engine tests against the copy (``-x``; the fast files first, then the slow
   random-game invariants only if it lived), each stage under the per-mutant ``--timeout``,
   the fast one also under six times what the unchanged engine took (a mutant that runs
   out of time is counted as killed: a game that never ends is noticed);
3. if it lived, plays seeded random games in the copy (``--games``, both worlds, 2 to 5
   players), recording every state, every legal-action list and the verdict on a few refused
   candidates (a deploy of one more token than the hand, of 0, a move of 0 and of 1 (which
   a defender may not make), a conquest anywhere, the right action from the wrong seat),
   and compares their digest with the unchanged engine's. A survivor that leaves all of it
   the same is marked "no play change seen": likely equivalent, as no test can notice it
   through play; situations the random games never reach can hide a real difference, so
   read those lines.

It prints each mutant's fate as it goes, then the kill rate (overall and among the mutants not
marked equivalent) and every survivor as ``file:line`` with the change. Runs under ``nice``
(``--nice``) because it is long: about half a minute per killed mutant, five or more minutes
per survivor on two busy cores.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The rule core: what decides what may be played and what it does.
DEFAULT_FILES = (
    # The turn rules (one module until issue 21 split it by concern).
    "engine/core/rules.py",
    "engine/core/turn.py",
    "engine/core/legal.py",
    "engine/core/validation.py",
    "engine/core/turns.py",
    "engine/core/readying.py",
    "engine/core/scoring.py",
    "engine/core/conquest.py",
    "engine/core/withdrawal.py",
    "engine/worlds/surface/races.py",
    "engine/worlds/underground/races.py",
    "engine/worlds/underground/race_choices.py",
    "engine/worlds/underground/landmarks.py",
    "engine/worlds/surface/powers.py",
    "engine/worlds/underground/powers.py",
    "engine/worlds/underground/vampire.py",
    "engine/worlds/underground/power_acts.py",
    "engine/worlds/underground/relics.py",
    "engine/worlds/underground/places.py",
    "engine/worlds/underground/turn_end_places.py",
    "engine/worlds/underground/treasures.py",
    "engine/worlds/underground/balrog.py",
    "engine/worlds/underground/magic.py",
    "engine/core/market.py",
)

#: Engine test files run last, and only for a mutant the others did not kill: they play
#: hundreds of random games and take minutes.
SLOW_TESTS = (
    "tests/engine/test_invariants.py",
    "tests/engine/test_invariants_underground.py",
)

#: Each comparison operator and the one at its boundary (or its opposite).
FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}


@dataclass(frozen=True)
class Mutant:
    """One small change: the source span of ``file`` it replaces and the text it puts there."""

    file: str
    line: int
    start: tuple[int, int]
    end: tuple[int, int]
    before: str
    after: str
    kind: str

    @property
    def where(self) -> str:
        """``file:line`` of the change."""
        return f"{self.file}:{self.line}"

    @property
    def change(self) -> str:
        """The change in one line: ``before`` → ``after``."""
        return f"[{self.kind}] {_short(self.before)}  →  {_short(self.after)}"


def _short(text: str, width: int = 70) -> str:
    one = " ".join(text.split())
    return one if len(one) <= width else one[: width - 1] + "…"


# --- finding the mutation points --------------------------------------------------------------


def _skipped(tree: ast.AST) -> set[int]:
    """Nodes never mutated: inside asserts (type narrowing), f-strings (messages and their
    positions), annotations, and the module's ``__all__``."""
    out: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            out.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Assert, ast.JoinedStr)):
            mark(node)
        elif isinstance(node, (ast.arg, ast.AnnAssign)):
            mark(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mark(node.returns)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            mark(node)
    return out


def _variants(node: ast.AST) -> list[tuple[str, ast.expr]]:
    """The mutated copies of ``node`` (an expression), each with the kind of change."""
    out: list[tuple[str, ast.expr]] = []
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            flip = FLIPS.get(type(op))
            if flip is not None:
                new = copy.deepcopy(node)
                new.ops[i] = flip()
                out.append(("compare", new))
    elif isinstance(node, ast.BoolOp):
        new = copy.deepcopy(node)
        new.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        out.append(("and/or", new))
    elif (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int)
        and not isinstance(node.value, bool)
    ):
        for delta in (1, -1):
            out.append(("constant", ast.Constant(node.value + delta)))
    return out


def find_mutants(root: Path, files: list[str]) -> list[Mutant]:
    """Every mutation point of ``files`` (paths relative to ``root``), in file order."""
    found: list[Mutant] = []
    for name in files:
        source = (root / name).read_text(encoding="utf-8")
        tree = ast.parse(source)
        skip = _skipped(tree)
        docstrings = {
            id(body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and (body := n.body)
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if id(node) in skip or id(node) in docstrings:
                continue
            targets: list[tuple[str, ast.expr, ast.expr]] = []
            if isinstance(node, ast.expr):
                targets += [(kind, node, new) for kind, new in _variants(node)]
            if isinstance(node, (ast.If, ast.While, ast.IfExp)):
                neg = ast.UnaryOp(ast.Not(), copy.deepcopy(node.test))
                targets.append(("negate", node.test, neg))
            if isinstance(node, ast.Return) and node.value is not None:
                value = node.value
                if isinstance(value, ast.Constant) and isinstance(value.value, bool):
                    targets.append(("return", value, ast.Constant(not value.value)))
                elif not (isinstance(value, ast.Constant) and value.value is None):
                    targets.append(("return", value, ast.Constant(None)))
            for kind, old, new in targets:
                if old.end_lineno is None or old.end_col_offset is None:
                    continue
                found.append(
                    Mutant(
                        file=name,
                        line=old.lineno,
                        start=(old.lineno, old.col_offset),
                        end=(old.end_lineno, old.end_col_offset),
                        before=ast.get_source_segment(source, old) or ast.unparse(old),
                        after=f"({ast.unparse(new)})",
                        kind=kind,
                    )
                )
    return found


def mutated_source(source: str, m: Mutant) -> str:
    """``source`` with the span of ``m`` replaced (``ast`` columns count UTF-8 bytes)."""
    data = source.encode("utf-8")
    lines = data.splitlines(keepends=True)

    def offset(pos: tuple[int, int]) -> int:
        return sum(len(x) for x in lines[: pos[0] - 1]) + pos[1]

    a, b = offset(m.start), offset(m.end)
    return (data[:a] + m.after.encode("utf-8") + data[b:]).decode("utf-8")


# --- the copy, the probe games and the tests --------------------------------------------------


def make_copy(dest: Path) -> None:
    """Copy the repository's files (tracked and new, not ignored) into ``dest``, then build
    there what a checkout builds (the compiled catalogs, ignored by git) as scripts/test does."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for raw in listed:
        if not raw:
            continue
        rel = raw.decode("utf-8")
        src = ROOT / rel
        if not src.is_file():
            continue  # deleted in the working tree but still in the index
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
    subprocess.run(
        [sys.executable, "-m", "lang", "compile"], cwd=dest, capture_output=True, check=True
    )


#: Plays seeded random games in the copy and prints one digest of everything play shows.
PROBE = r"""
import hashlib, random, sys
sys.path.insert(0, ".")
from engine import EngineError, apply, legal_actions, new_game, to_act, to_json
from engine.core.actions import Conquer, Deploy, Move
from engine.core.board import regions_of
from engine.core.copying import clone
from engine.core.turn import acting_race
from engine.simulate import choose

GAMES = int(sys.argv[1])
PLAN = [("surface", 2), ("underground", 3), ("surface", 5), ("underground", 2),
        ("surface", 3), ("underground", 5), ("surface", 4), ("underground", 4)]
h = hashlib.sha256()

def verdict(s, seat, action):
    c = clone(s)
    try:
        apply(c, seat, action)
    except EngineError as exc:
        return type(exc).__name__ + ":" + str(exc)
    return "ok:" + to_json(c)

def candidates(s, rng):
    race = acting_race(s)
    own = regions_of(s, race.name) if race is not None else []
    out = [Conquer(rng.randrange(len(s.regions)))]
    if own:
        out += [Deploy(own[0], race.hand + 1), Deploy(own[0], 0), Move(own[0], own[-1], 0)]
        out.append(Move(own[0], own[-1], 1))
    return out

for g in range(GAMES):
    world, players = PLAN[g % len(PLAN)]
    seed = 1000 + g
    try:
        s = new_game([f"P{i}" for i in range(players)], seed, world=world)
        rng = random.Random(seed)
        probe = random.Random(-seed)
        for step in range(4000):
            seat = to_act(s)
            if seat is None:
                break
            actions = legal_actions(s, seat)
            h.update(" ".join(a.text for a in actions).encode())
            if step % 3 == 0:
                for a in candidates(s, probe):
                    h.update(verdict(s, seat, a).encode())
                if actions:
                    other = (seat + 1) % players
                    h.update(verdict(s, other, actions[0]).encode())
            action = choose(rng, s, actions)
            apply(s, seat, action)
            h.update(to_json(s).encode())
    except Exception as exc:
        h.update(("crash:" + type(exc).__name__ + str(exc)).encode())
print(h.hexdigest())
"""


def _run(cmd: list[str], cwd: Path, timeout: float) -> tuple[int | None, str]:
    """Run ``cmd`` in its own process group; (exit code or None on timeout, output)."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", HYPOTHESIS_PROFILE="ci")
    proc = subprocess.Popen(
        cmd,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        return None, out
    return proc.returncode, out


def probe_digest(copy_dir: Path, games: int, timeout: float) -> str:
    """The digest of the probe games in ``copy_dir`` ("timeout" if they did not finish)."""
    code, out = _run([sys.executable, "-c", PROBE, str(games)], copy_dir, timeout)
    if code is None:
        return "timeout"
    return out.strip().splitlines()[-1] if out.strip() else f"exit {code}"


def _first_failure(out: str) -> str:
    for line in out.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line.split(" - ")[0].split(" ", 1)[1]
    return "(see output)"


def run_tests(copy_dir: Path, stage: list[str], timeout: float) -> tuple[str, str]:
    """Run one stage of the engine tests; ("passed" | "failed" | "timeout", detail)."""
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *stage]
    code, out = _run(cmd, copy_dir, timeout)
    if code is None:
        return "timeout", "timed out"
    if code == 0:
        return "passed", ""
    return "failed", _first_failure(out)


# --- main ---------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Sample, run and report; the exit code is 0 unless the unchanged engine fails."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=30, help="mutants to run (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--files", nargs="+", default=list(DEFAULT_FILES))
    parser.add_argument("--timeout", type=float, default=900, help="seconds at most per test stage")
    parser.add_argument("--games", type=int, default=96, help="probe games per survivor")
    parser.add_argument("--nice", type=int, default=10, help="niceness added (default 10)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary copy")
    parser.add_argument("--list", action="store_true", help="only count the mutation points")
    args = parser.parse_args(argv)
    if args.nice:
        os.nice(args.nice)
    everything = find_mutants(ROOT, args.files)
    print(f"{len(everything)} mutation points in {len(args.files)} files", flush=True)
    if args.list:
        return 0
    sample = random.Random(args.seed).sample(everything, min(args.sample, len(everything)))

    work = Path(tempfile.mkdtemp(prefix="sw-mutants-"))
    fast = ["tests/engine", *(f"--ignore={t}" for t in SLOW_TESTS)]
    slow = list(SLOW_TESTS)
    try:
        make_copy(work)
        print(f"copy of the repository in {work}", flush=True)
        took = time.monotonic()
        status, detail = run_tests(work, fast, args.timeout)
        if status != "passed":
            print(f"the unchanged engine fails its fast tests: {detail}")
            return 1
        # A mutant that makes the fast tests crawl (a loop that no longer ends) is stopped
        # once it takes six times what the unchanged engine took (5 min at least), not after
        # --timeout: the machine may be busier than during that first run.
        fast_limit = min(args.timeout, max(300.0, 6 * (time.monotonic() - took)))
        print(f"fast tests pass unchanged; a mutant gets {fast_limit:.0f}s for them", flush=True)
        baseline = ""
        slow_checked = False
        rows: list[tuple[Mutant, str, str, bool]] = []
        for i, m in enumerate(sample, 1):
            path = work / m.file
            original = path.read_text(encoding="utf-8")
            started = time.monotonic()
            try:
                changed = mutated_source(original, m)
                try:
                    compile(changed, m.file, "exec")
                except SyntaxError as exc:
                    rows.append((m, "invalid", str(exc), False))
                    print(f"[{i}/{len(sample)}] {m.where} {m.change}: invalid", flush=True)
                    continue
                path.write_text(changed, encoding="utf-8")
                status, detail = run_tests(work, fast, fast_limit)
                if status == "passed":
                    status, detail = run_tests(work, slow, args.timeout)
                    if status == "failed" and not slow_checked:
                        # A kill by the slow stage counts only if the unchanged engine passes it.
                        path.write_text(original, encoding="utf-8")
                        base, why = run_tests(work, slow, args.timeout)
                        if base != "passed":
                            print(f"the unchanged engine fails its slow tests: {why}")
                            return 1
                        slow_checked = True
                # Killed: the tests saw a difference. Lived: do seeded games see one?
                plays = True
                if status == "passed":
                    if not baseline:
                        path.write_text(original, encoding="utf-8")
                        baseline = probe_digest(work, args.games, args.timeout)
                        path.write_text(changed, encoding="utf-8")
                    plays = probe_digest(work, args.games, args.timeout) != baseline
            finally:
                path.write_text(original, encoding="utf-8")
            fate = {"passed": "SURVIVED", "failed": "killed", "timeout": "killed (timeout)"}[status]
            rows.append((m, fate, detail, plays))
            seen = "" if plays else " · no play change seen"
            print(
                f"[{i}/{len(sample)}] {m.where} {m.change}: {fate} {detail}{seen} · "
                f"{time.monotonic() - started:.0f}s",
                flush=True,
            )
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)

    ran = [r for r in rows if r[1] != "invalid"]
    killed = [r for r in ran if r[1].startswith("killed")]
    survivors = [r for r in ran if not r[1].startswith("killed")]
    alike = [r for r in survivors if not r[3]]
    print()
    print(
        f"sample: {len(sample)} of {len(everything)} mutation points (seed {args.seed}); "
        f"{len(rows) - len(ran)} invalid"
    )
    print(f"killed: {len(killed)} of {len(ran)} ({100 * len(killed) / max(1, len(ran)):.0f}%)")
    playing = len(ran) - len(alike)
    print(
        f"killed among those not marked equivalent: {len(killed)} of {playing} "
        f"({100 * len(killed) / max(1, playing):.0f}%); {len(alike)} survivors changed none "
        f"of {args.games} seeded games"
    )
    if survivors:
        print("survivors:")
        for m, _, _, plays in survivors:
            note = "changes play" if plays else "no play change seen: likely equivalent"
            print(f"  {m.where}  {m.change}  ({note})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
