"""Map files generated and mangled for ``python -m engine maps check`` (issue 20, item 14).

A club writes its own map file by hand; whatever it holds, ``maps check`` answers with lines
of the form ``FILE: ...`` (one per problem, or one ``ok`` summary), never a traceback. And a
file it calls ok really plays: it loads, and a game starts on it for each player count it
names, with the seat to act holding legal actions.

The files start from the built-in maps (both worlds) and are broken the ways hands break
JSON: a key removed, a value of the wrong type, a border listed one way only, a region
bordering itself or a region that does not exist, regions dropped, reordered or doubled, an
unknown terrain or feature, the text cut short, bytes that are not UTF-8, a byte-order mark,
nesting deeper than a parser likes, a number with thousands of digits.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from engine import legal_actions, new_game, to_act
from engine.console.cli import DRAWING_NOTE, main
from engine.core.content import DATA_DIR, builtin_maps, clear_maps
from engine.core.maps import MapError, load_map_file, validate
from engine.core.rulesets import options_for

MAPS = DATA_DIR / "maps"
BUILTIN = {m: json.loads((MAPS / f"{m}.json").read_text(encoding="utf-8")) for m in builtin_maps()}

#: Any JSON value, NaN and infinities included (Python's ``json`` reads and writes them).
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
REGION_KEYS = ("id", "terrain", "features", "edge", "entry", "adjacent")
TOP_KEYS = ("id", "name", "world", "players", "turns", "regions", "about")

Mangle = Callable[[dict[str, Any]], None]


@pytest.fixture(autouse=True)
def fresh_registry() -> Iterator[None]:
    """No map registered by one example leaks into the next test."""
    clear_maps()
    yield
    clear_maps()


@st.composite
def mangles(draw: st.DrawFn) -> Mangle:
    """One change to a map's JSON form, drawn with its arguments."""
    kind = draw(
        st.sampled_from(
            [
                "drop top key",
                "top value",
                "drop region key",
                "region value",
                "one-sided border",
                "extra border",
                "border both ways",
                "drop region",
                "swap regions",
                "double region",
                "terrain",
                "feature",
            ]
        )
    )
    pick = draw(st.integers(min_value=0, max_value=10**6))
    other = draw(st.integers(min_value=0, max_value=10**6))
    value = draw(JSON)
    word = draw(
        st.sampled_from(["Forest", "Sea", "River", "Chasm", "Lava", "", "Mine", "Monster"])
        | st.text(max_size=6)
    )
    nb = draw(st.integers(min_value=-3, max_value=60) | st.integers())

    def change(d: dict[str, Any]) -> None:
        regions = d.get("regions")
        if kind == "drop top key":
            d.pop(TOP_KEYS[pick % len(TOP_KEYS)], None)
        elif kind == "top value":
            d[TOP_KEYS[pick % len(TOP_KEYS)]] = value
        if not isinstance(regions, list) or not regions:
            return
        r = regions[pick % len(regions)]
        if not isinstance(r, dict):
            return
        adj = r.get("adjacent")
        if kind == "drop region key":
            r.pop(REGION_KEYS[other % len(REGION_KEYS)], None)
        elif kind == "region value":
            r[REGION_KEYS[other % len(REGION_KEYS)]] = value
        elif kind == "one-sided border" and isinstance(adj, list) and adj:
            adj.pop(other % len(adj))
        elif kind == "extra border" and isinstance(adj, list):
            adj.append(nb)
        elif kind == "border both ways" and isinstance(adj, list):
            # A new border listed on both sides: may close a loop in a River, join land...
            s = regions[other % len(regions)]
            if isinstance(s, dict) and isinstance(s.get("adjacent"), list) and s is not r:
                if s.get("id") not in adj:
                    adj.append(s.get("id"))
                if r.get("id") not in s["adjacent"]:
                    s["adjacent"].append(r.get("id"))
        elif kind == "drop region":
            regions.remove(r)
        elif kind == "swap regions":
            j = other % len(regions)
            i = regions.index(r)
            regions[i], regions[j] = regions[j], regions[i]
        elif kind == "double region":
            regions.append(json.loads(json.dumps(r)))
        elif kind == "terrain":
            r["terrain"] = word
        elif kind == "feature" and isinstance(r.get("features"), list):
            r["features"].append(word)

    return change


@st.composite
def map_files(draw: st.DrawFn) -> bytes:
    """The bytes of a map file: a built-in map, changed, serialized, perhaps damaged."""
    data = json.loads(json.dumps(BUILTIN[draw(st.sampled_from(sorted(BUILTIN)))]))
    for change in draw(st.lists(mangles(), min_size=0, max_size=4)):
        change(data)
    text = json.dumps(data, indent=draw(st.sampled_from([None, 2])), ensure_ascii=False)
    raw = text.encode("utf-8")
    # Most files keep their bytes whole, so the checks of the map itself are reached.
    damage = draw(
        st.sampled_from(
            ["none"] * 8 + ["cut", "bytes", "bom", "latin-1", "utf-16", "nest", "digits"]
        )
    )
    at = draw(st.integers(min_value=0, max_value=len(raw)))
    if damage == "cut":
        raw = raw[:at]
    elif damage == "bytes":
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=4)) + b"\xff" + raw[at:]
    elif damage == "bom":
        raw = b"\xef\xbb\xbf" + raw
    elif damage == "latin-1":
        raw = text.replace('"name": "', '"name": "Caf\u00e9 ', 1).encode("latin-1", "replace")
    elif damage == "utf-16":
        raw = text.encode("utf-16")
    elif damage == "nest":
        depth = draw(st.sampled_from([50, 5000, 200_000]))
        raw = b'{"id": "x", "regions": ' + b"[" * depth + b"]" * depth + b"}"
    elif damage == "digits":
        raw = raw.replace(b'"turns": ', b'"turns": ' + b"9" * 5000, 1)
    return raw


def check(path: Path) -> tuple[int, list[str]]:
    """``python -m engine maps check PATH``, through its entry point: (exit code, lines)."""
    out = io.StringIO()
    code = main(["maps", "check", str(path)], stdout=out)
    return code, out.getvalue().splitlines()


def assert_clean(path: Path, code: int, lines: list[str]) -> None:
    """One ``FILE: ...`` line per problem, or one ``FILE: ok ...`` line; no traceback."""
    assert code in (0, 1)
    assert lines, "maps check says something"
    if code == 0:
        # A file that passes ends with the pointer to the drawing check.
        assert lines[-1] == DRAWING_NOTE
        lines = lines[:-1]
    for line in lines:
        assert line.startswith(f"{path}: "), line
        assert "Traceback" not in line
        assert len(line) < 2000, "a problem is one readable line"
    if code == 0:
        assert len(lines) == 1 and lines[0].startswith(f"{path}: ok ")
    else:
        assert not any(line.startswith(f"{path}: ok ") for line in lines)


def plays(path: Path) -> None:
    """A map ``maps check`` calls ok loads and starts a game for each player count it names."""
    m = load_map_file(path)
    for players in m.players:
        s = new_game(
            [f"P{i + 1}" for i in range(players)], 1, board=path, options=options_for(players)
        )
        seat = to_act(s)
        assert seat is not None and legal_actions(s, seat)
        # A 6-player surface board owes team play's Monsters first (ruling 91), from B1.
        assert seat == 0 or s.turn.phase == "setup"


@settings(max_examples=int(os.environ.get("MAPS_FUZZ_EXAMPLES", "300")))
@given(raw=map_files())
def test_maps_check_answers_every_mangled_file_in_lines(tmp_path_factory, raw: bytes) -> None:
    path = tmp_path_factory.mktemp("maps") / "club.json"
    path.write_bytes(raw)
    code, lines = check(path)
    assert_clean(path, code, lines)
    event("ok" if code == 0 else lines[0].split(": ", 1)[1].split(" ")[0])
    if code == 0:
        plays(path)
    else:
        with pytest.raises(MapError):
            load_map_file(path)


@settings(max_examples=150)
@given(data=JSON | st.fixed_dictionaries({k: JSON for k in TOP_KEYS}))
# Found by this test: an unknown field named "\n" was quoted raw, breaking the one-line rule.
@example(data={"\n": None})
@example(data={"regions": [{"id": 1, "a\nb": 0}]})
def test_validate_lists_problems_for_any_json_value(data: Any) -> None:
    """``engine.core.maps.validate`` takes any JSON value and returns lines, never raises."""
    problems = validate(data)
    assert problems, "no such value is a playable map"
    assert all(isinstance(p, str) and p and "\n" not in p for p in problems)


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"\xff\xfe\x00",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"turns": ' + b"1" * 10_000 + b"}",
        json.dumps(BUILTIN["sw-2p"]).encode("utf-16"),
    ],
    ids=["empty", "not-utf8", "deep", "long-number", "utf-16"],
)
def test_maps_check_hostile_files(tmp_path: Path, raw: bytes) -> None:
    """The hostile files the generator draws, each kept as a plain example."""
    path = tmp_path / "club.json"
    path.write_bytes(raw)
    code, lines = check(path)
    assert code == 1
    assert_clean(path, code, lines)
