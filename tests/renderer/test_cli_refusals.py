"""Bad input to ``python -m renderer`` and ``python -m renderer.geometry``: one line on stderr,
never a traceback (run as a person runs them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.helpers import ROOT, run_python

SW2 = str(ROOT / "data" / "maps" / "sw-2p.json")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A map saved as UTF-16, a JSON list, a plain file, and a folder that does not exist."""
    where = tmp_path_factory.mktemp("bad")
    utf16 = where / "utf16.json"
    utf16.write_bytes(Path(SW2).read_text(encoding="utf-8").encode("utf-16"))
    listed = where / "list.json"
    listed.write_text("[]", encoding="utf-8")
    plain = where / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    return {"utf16": utf16, "list": listed, "plain": plain, "nowhere": where / "no" / "x.png"}


CASES = [
    (("renderer", "demo"), "the following arguments are required: --out"),
    (("renderer", "demo", "--out", "{plain}"), "is a file, not a folder"),
    (("renderer", "map", "{utf16}"), "not UTF-8 text (byte 0xff at offset 0)"),
    (("renderer", "map", "{list}"), "a map must be a JSON object"),
    (("renderer", "map", "{plain}.json"), "cannot read the file"),
    (("renderer", "map", SW2, "--out", "{nowhere}"), "cannot write"),
    (("renderer", "map", SW2, "--seed", "x"), "argument --seed: 'x' is not a whole number"),
    (("renderer", "bogus"), "invalid choice: 'bogus'"),
    (("renderer.geometry", "build", "--map", "{utf16}", "--out", "{nowhere}"), "not UTF-8 text"),
    (("renderer.geometry", "build", "--map", "{list}", "--out", "{nowhere}"), "JSON object"),
    (("renderer.geometry", "preview", "--map", SW2, "--out", "{nowhere}"), "not a geometry file"),
    (("renderer.geometry", "build", "--map", SW2, "--out", "x", "--seed", "1e3"), "whole number"),
]


@pytest.mark.parametrize(("args", "says"), CASES)
def test_a_bad_argument_is_one_line_on_stderr(
    files: dict[str, Path], args: tuple[str, ...], says: str
) -> None:
    typed = [a.format(**files) for a in args]
    done = run_python("-m", *typed, timeout=120, check=False)
    assert done.returncode in (1, 2), (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and says in lines[0], done.stderr
