"""Why a map's board cannot be drawn, in French: the geometry builder's refusals, through
``renderer.mapcheck`` and ``python -m renderer check --lang fr``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from lang import speaking
from renderer.mapcheck import check_map_bytes
from tests.docs_example import RIM_GAP, docs_example, write_docs_example
from tests.engine.helpers import run_python

GAP_FR = (
    "le plateau ne peut pas être dessiné : les régions 4 et 0 se suivent le long du bord du "
    "plateau mais ne sont pas adjacentes : la région 2 devrait atteindre le bord entre elles. "
    'Marquez la région 2 "edge": true, ou donnez une frontière aux régions 4 et 0'
)


def encode(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode("utf-8")


def test_undrawable_boards_in_french() -> None:
    with speaking("fr"):
        assert check_map_bytes(encode(RIM_GAP)).problems == [GAP_FR]
    hole = copy.deepcopy(docs_example())
    hole["regions"].append(
        {"id": 5, "terrain": "Hill", "features": [], "edge": False, "entry": False,
         "adjacent": [3]}
    )  # fmt: skip
    hole["regions"][3]["adjacent"].append(5)
    with speaking("fr"):
        found = check_map_bytes(encode(hole))
    assert found.problems == [
        "le plateau ne peut pas être dessiné : les régions 5 ne sont accessibles qu'en passant "
        "par la région 3 : la région 3 les entourerait comme un anneau (une région trouée, que "
        "le plateau ne sait pas dessiner) ; donnez à l'une d'elles une frontière avec une "
        'autre région, ou marquez-en une "edge": true'
    ]
    few = copy.deepcopy(docs_example())
    for r in few["regions"]:
        r["edge"] = r["entry"] = r["id"] == 1
    with speaking("fr"):
        found = check_map_bytes(encode(few))
    assert found.problems == [
        "le plateau ne peut pas être dessiné : un plateau doit avoir au moins 3 régions au bord "
        '("edge": true) ; celui-ci en a 1 (1)'
    ]


def test_a_good_map_in_french() -> None:
    with speaking("fr"):
        found = check_map_bytes(encode(docs_example()))
        assert found.summary() == (
            "ok (5 régions, 4 terrestres, 3 d'entrée ; le plateau peut être dessiné)"
        )


def test_python_dash_m_renderer_check_in_french(tmp_path: Path) -> None:
    good = write_docs_example(tmp_path)
    gap = tmp_path / "gap.json"
    gap.write_text(json.dumps(RIM_GAP), encoding="utf-8")
    done = run_python("-m", "renderer", "check", "--lang", "fr", str(good), str(gap), check=False)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        # French puts a space before the colon, after the file name too.
        f"{good} : ok (5 régions, 4 terrestres, 3 d'entrée ; le plateau peut être dessiné)",
        f"{gap} : {GAP_FR}",
    ]
