"""A French manager's map file refused through the real bot: every problem in French, from
the bot process (the file's bytes and rules) and from the worker that lays the board out."""

from __future__ import annotations

import copy
import json

from tests.docs_example import RIM_GAP, docs_example

from .locales import speak
from .test_club_maps import add, club


async def test_a_french_manager_reads_why_a_map_is_refused_in_french(
    simcord_env, monkeypatch
) -> None:
    locales = speak(monkeypatch)
    w = await club(simcord_env)
    ann = w.members[0]
    locales[ann.id] = "fr"
    rules = copy.deepcopy(docs_example())
    rules["turns"] = 0
    undrawable = {**docs_example(), "id": "gap-2p", "regions": RIM_GAP["regions"]}
    cases = [
        ("broken.json", b'{"id": ',
         "`broken.json` ne peut pas être ajouté : JSON invalide : valeur attendue (ligne 1, "
         "colonne 8)"),
        ("rules.json", json.dumps(rules).encode(),
         "`rules.json` ne peut pas être ajouté : 'turns' doit être un nombre entier d'au moins "
         "1, et non 0"),
        ("gap.json", json.dumps(undrawable).encode(),
         "`gap.json` ne peut pas être ajouté : le plateau ne peut pas être dessiné : les régions "
         "4 et 0 se suivent le long du bord du plateau mais ne sont pas adjacentes : la région 2 "
         'devrait atteindre le bord entre elles. Marquez la région 2 "edge": true, ou donnez une '
         "frontière aux régions 4 et 0"),
    ]  # fmt: skip
    for filename, data, line in cases:
        answer = await add(ann, w, filename, data)
        assert answer.content == line
    many = copy.deepcopy(docs_example())
    many["turns"] = 0
    many["players"] = [7]
    many["regions"][0]["adjacent"].append(4)
    answer = await add(ann, w, "many.json", json.dumps(many).encode())
    assert answer.content.splitlines() == [
        "`many.json` ne peut pas être ajouté :",
        "- 'players' doit être entre 2 et 6, et non 7",
        "- 'turns' doit être un nombre entier d'au moins 1, et non 0",
        "- régions 0 et 4 : 0 cite 4 comme voisine mais 4 ne cite pas 0",
    ]
    # The same manager with an English client reads the English lines, as before.
    locales[ann.id] = "en-US"
    answer = await add(ann, w, "gap.json", json.dumps(undrawable).encode())
    assert answer.content == (
        "`gap.json` cannot be added: the board cannot be drawn: regions 4 and 0 come one "
        "after the other along the board's edge but do not border each other: region 2 "
        'would have to reach the edge between them. Mark region 2 "edge": true, or give '
        "regions 4 and 0 a border"
    )
