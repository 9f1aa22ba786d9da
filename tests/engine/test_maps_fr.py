"""A map file's problems in French: what a French server admin reads when a file is refused.

The problems name the file's own fields and values as written there ('turns', "edge": false,
River), in French sentences; English stays as it was.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine.core.content import DATA_DIR
from engine.core.maps import MapError, parse_map_bytes, resolve_map, validate
from lang import speaking
from tests.docs_example import docs_example


def surface(players: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA_DIR / "maps" / f"sw-{players}p.json").read_text())
    return data


def underground(players: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA_DIR / "maps" / f"swu-{players}p.json").read_text())
    return data


def test_fields_and_regions_of_a_bad_file_in_french() -> None:
    bad = copy.deepcopy(docs_example())
    del bad["name"]
    bad["colour"] = "red"
    bad["players"] = [7, 2, 2]
    bad["turns"] = 0
    bad["regions"][1]["colour"] = "red"
    bad["regions"][2]["edge"] = "yes"
    with speaking("fr"):
        problems = validate(bad)
    assert problems == [
        "champ 'name' manquant",
        "champ 'colour' inconnu",
        "'players' doit être entre 2 et 6, et non 7",
        "'players' cite deux fois le même nombre de joueurs",
        "'turns' doit être un nombre entier d'au moins 1, et non 0",
        "région 1 : champ 'colour' inconnu",
        "région 2 : 'edge' doit valoir true ou false",
    ]
    # English as before.
    assert validate(bad)[:3] == [
        "missing field 'name'",
        "unknown field 'colour'",
        "'players' must be between 2 and 6, not 7",
    ]


def test_borders_terrains_and_symbols_in_french() -> None:
    bad = copy.deepcopy(docs_example())
    bad["regions"][0]["adjacent"].append(4)
    bad["regions"][1]["terrain"] = "Lava"
    bad["regions"][1]["features"] = ["Gold"]
    with speaking("fr"):
        problems = validate(bad)
    assert problems == [
        "régions 0 et 4 : 0 cite 4 comme voisine mais 4 ne cite pas 0",
        "région 1 : terrain 'Lava' inconnu dans le monde surface (connus : Farmland, Forest, "
        "Hill, Lake, Mountain, Sea, Swamp)",
        "région 1 : symbole 'Gold' inconnu dans le monde surface (connus : Cavern, Lost Tribe, "
        "Magic Source, Mine)",
    ]


def test_the_box_tokens_are_named_in_french() -> None:
    data = surface(5)
    for r in data["regions"]:
        if "Lost Tribe" not in r["features"]:
            r["features"].append("Lost Tribe")
    shown = [r["id"] for r in data["regions"] if "Lost Tribe" in r["features"]]
    ids = ", ".join(str(i) for i in shown)
    with speaking("fr"):
        assert validate(data) == [
            f"{len(shown)} régions portent Lost Tribe (régions {ids}) mais la boîte n'a que 18 "
            "pions de Tribu oubliée"
        ]
    assert validate(data) == [
        f"{len(shown)} regions show Lost Tribe (regions {ids}) but the box has only 18 "
        "Lost Tribe tokens"
    ]


def test_the_rivers_and_the_volcanos_rules_in_french() -> None:
    data = underground(3)
    river = [r for r in data["regions"] if r["terrain"] == "River"]
    river[0]["edge"] = river[0]["entry"] = False
    for r in data["regions"]:
        r["features"] = [f for f in r["features"] if f != "Volcano"]
    with speaking("fr"):
        problems = validate(data)
    assert problems == [
        f'la région River {river[0]["id"]} est un bout de la chaîne River mais a "edge": false : '
        "les deux bouts de la chaîne River touchent le bord du plateau",
        "aucune région ne porte le symbole Volcano : les Flammes placent le Volcan sur un "
        "Gouffre portant un symbole de Volcan",
    ]


@pytest.mark.parametrize(
    ("raw", "french"),
    [
        (b'{"id": ', "JSON invalide : valeur attendue (ligne 1, colonne 8)"),
        (b'{"id": "a" "b"}', "JSON invalide : séparateur ',' attendu (ligne 1, colonne 12)"),
        (
            '{"name": "Carré"}'.encode("latin-1"),
            "ce n'est pas du texte UTF-8 (octet 0xe9 à la position 14) : enregistrez le "
            "fichier en UTF-8",
        ),
        (b"[" * 60_000, "ce n'est pas une carte : son JSON est imbriqué bien trop profondément"),
        (b"[]", "une carte doit être un objet JSON"),
    ],
)
def test_a_file_that_is_no_map_in_french(raw: bytes, french: str) -> None:
    with speaking("fr"):
        assert parse_map_bytes(raw)[1] == [french]


def test_a_map_asked_for_by_name_in_french() -> None:
    with speaking("fr"), pytest.raises(MapError) as refused:
        resolve_map("sw-3p", players=4, world="underground")
    assert str(refused.value).splitlines() == [
        "sw-3p : 2 problèmes :",
        "- la carte sw-3p est faite pour 3 joueurs, et non 4",
        "- la carte sw-3p appartient au monde surface, et non underground",
    ]
    with pytest.raises(MapError) as refused:
        resolve_map("sw-3p", players=4)
    assert str(refused.value).splitlines() == [
        "sw-3p: 1 problem(s):",
        "- map sw-3p is made for 3 players, not 4",
    ]
