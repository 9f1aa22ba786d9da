"""The terminal game in French: ``python -m engine … --lang fr``, or a French environment
(``LANG=fr_FR.UTF-8``), run as a person runs it; English stays the default.

Race names are chosen among those the French rulebook writes as the English does (Orcs,
Trolls), so these lines do not depend on the names' catalog.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

from engine import Game, GameConfig
from engine.console.arguments import language
from engine.console.cli import describe_event, run_play
from engine.console.screen import render_result, render_rules
from lang import speaking

from .helpers import ROOT

#: P1 picks the second combo, asks for a region, types a wrong number, stops, ends, leaves.
TYPED = ["2", "region 3", "99", "default", "default", "quit"]


def _engine(args: list[str], typed: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m engine ARGS`` with ``typed`` lines in, in an environment whose locale
    variables are only ``env``'s."""
    base = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        input="".join(f"{line}\n" for line in typed),
        capture_output=True,
        text=True,
        timeout=60,
        env={**base, **env},
        check=False,
    )


def _french_game(out: str) -> None:
    lines = out.splitlines()
    assert lines[0] == "graine 3 — rejouez-la avec --seed 3"
    assert "== Tour 1/10 · à P1 de jouer · choix ==" in lines
    assert "À jouer : P1" in lines
    assert "Combinaisons disponibles :" in lines
    assert "  P2 : aucun peuple" in lines
    assert "Vos jetons (P1) : 5" in lines
    assert re.search(r"\n  1\. .+ · 13 pions · gratuite\n", out)
    assert re.search(r"\n  2\. .+ · 9 pions · prix 1 jeton\n", out)
    assert re.search(r"\n  · P1 prend les .+ \(position 2, paie 1 jeton\)\n", out)
    assert "== Tour 1/10 · à P1 de jouer · conquête ==" in lines
    assert "  Occupée par : une Tribu oubliée, 1 pion" in lines
    assert "  Régions voisines :" in lines
    assert "P1> erreur : Il n'y a pas d'action 99 ; choisissez entre 1 et 15." in lines
    assert "  · Tour 1 : à P2 de jouer" in lines
    assert out.endswith(
        "P2> Au revoir.\n"
        "Pour reprendre cette partie, lancez : python -m engine play --players 2 --seed 3\n"
        "puis tapez (ou collez) ces coups à sa première invite, un par ligne (3 coups) :\n"
        "  pick 2\n  stop\n  end\n"
    )


def test_lang_fr_plays_the_game_in_french() -> None:
    done = _engine(["play", "--players", "2", "--seed", "3", "--lang", "fr"], TYPED)
    assert done.returncode == 0 and done.stderr == ""
    _french_game(done.stdout)


def test_a_french_environment_plays_in_french() -> None:
    done = _engine(["play", "--players", "2", "--seed", "3"], TYPED, LANG="fr_FR.UTF-8")
    assert done.returncode == 0 and done.stderr == ""
    _french_game(done.stdout)


def test_english_stays_the_default_and_lang_overrides_the_environment() -> None:
    plain = _engine(["play", "--players", "2", "--seed", "3"], TYPED, LANG="C.UTF-8")
    told = _engine(
        ["play", "--players", "2", "--seed", "3", "--lang", "en"], TYPED, LANG="fr_FR.UTF-8"
    )
    for done in (plain, told):
        lines = done.stdout.splitlines()
        assert lines[0] == "seed 3 — replay with --seed 3"
        assert "== Round 1/10 · P1's turn · pick ==" in lines
        assert "P1> error: There is no action 99; pick 1 to 15." in lines
        assert "  P2: no race" in lines
        assert "P2> Bye." in lines
    assert plain.stdout == told.stdout


def test_help_and_refusals_in_french() -> None:
    done = _engine(["play", "--lang", "fr"], ["help", "quit"])
    assert "P1> Commandes (les mots anglais help, quit, rules" in done.stdout
    assert "  annuler         annule votre dernière action de ce tour" in done.stdout
    refused = _engine(["play", "--players", "6"], [], LANG="fr_FR.UTF-8")
    assert refused.returncode == 2
    assert refused.stderr == "python -m engine play : à 6 joueurs, on joue avec --teams\n"
    bad = _engine(["play", "--players", "1", "--lang", "fr"], [])
    assert bad.stderr == (
        "python -m engine play : argument --players : Small World : 2 à 6 joueurs, pas 1 "
        "(voir python -m engine play --help)\n"
    )
    # argparse's own words are French too, and the sub-command has its usage's name.
    for args, said in (
        ([], "python -m engine : ces arguments sont obligatoires : COMMANDE"),
        (["maps"], "python -m engine maps : ces arguments sont obligatoires : COMMANDE"),
        (["land"], "python -m engine : argument COMMANDE : choix invalide : 'land' (au choix :"),
        (["play", "--world", "moon"], "argument --world : choix invalide : 'moon' (au choix :"),
        (["play", "--bogus"], "python -m engine : arguments inconnus : --bogus"),
        (["play", "--seed"], "python -m engine play : argument --seed : une valeur est attendue"),
        (
            ["play", "--map", "nowhere.json"],
            "python -m engine play : nowhere.json : impossible de lire le fichier : fichier ou "
            "dossier introuvable",
        ),
    ):
        line = _engine([*args, "--lang", "fr"], []).stderr
        assert said in line and line.count("\n") == 1, line
        english = r"\b(required|invalid|choose|unrecognized|expected|such|file)\b|_command"
        assert not re.search(english, line), line


def test_typed_commands_in_french_and_in_english() -> None:
    typed = ["aide", "Règles orcs", "région 3", "regles", "annuler", "défaut", "undo", "quitter"]
    done = _engine(["play", "--players", "2", "--seed", "3", "--lang", "fr"], typed)
    answers = [line for line in done.stdout.splitlines() if line.startswith("P1> ")]
    assert answers[0].startswith("P1> Commandes (")
    assert answers[1].startswith("P1> Orcs : Peuple · ")
    assert answers[2] == "P1> Région 3 : Marais, Caverne, Tribu oubliée, au bord du plateau"
    assert answers[3].startswith("P1> Peuples : ")
    assert answers[4] == "P1> erreur : Vous n'avez rien à annuler."
    assert answers[5].startswith("P1> P1 (par défaut) : Prendre ")
    # "undo" is the command in English too: a pick is not taken back, and it says so.
    assert answers[6].startswith("P1> erreur : L'annulation s'arrête ")
    assert answers[7] == "P1> Au revoir."
    # English words stay understood in French, French words are not English ones.
    english = _engine(["play", "--players", "2", "--seed", "3"], ["aide", "help", "quit"])
    assert "P1> error: " in english.stdout and "P1> Commands:" in english.stdout
    usage = _engine(["maps", "--help"], [], LC_ALL="fr_FR.UTF-8", LANG="C.UTF-8")
    assert usage.stdout.startswith("usage : python -m engine maps")
    assert "    list          les cartes intégrées\n" in usage.stdout


def test_the_language_comes_from_lang_then_lc_all_lc_messages_lang() -> None:
    assert language(["play", "--lang", "fr"], {}) == "fr"
    assert language(["--lang=fr", "play"], {"LANG": "en_US.UTF-8"}) == "fr"
    assert language(["play", "--lang", "en"], {"LANG": "fr_FR.UTF-8"}) == "en"
    assert language(["play"], {"LANG": "fr_FR.UTF-8"}) == "fr"
    assert language(["play"], {"LC_MESSAGES": "fr_CA", "LANG": "en_GB.UTF-8"}) == "fr"
    assert language(["play"], {"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}) == "en"
    assert language(["play"], {"LANG": "de_DE.UTF-8"}) == "en"
    assert language(["play"], {}) == "en"


#: A conquest from another player's race, as the engine records it.
CONQUEST = {
    "kind": "conquer", "seat": 0, "race": "Orcs", "region": 12, "tokens": 3,
    "defender": "Trolls", "defender_seat": 1, "lost": 1,
}  # fmt: skip


def test_event_sentences_in_french_with_elision() -> None:
    with speaking("fr"):
        assert describe_event(CONQUEST, ["P1", "P2"]) == (
            "Les Orcs de P1 conquièrent la région 12 avec 3 pions contre les Trolls de P2 "
            "(1 pion perdu)"
        )
        assert describe_event(CONQUEST, ["Alice", "Olivier"]) == (
            "Les Orcs d'Alice conquièrent la région 12 avec 3 pions contre les Trolls "
            "d'Olivier (1 pion perdu)"
        )
        back = {"kind": "return", "seat": 0, "race": "Orcs", "tokens": 1, "regions": [20]}
        assert describe_event(back, ["P1"]) == "Orcs de P1 : 1 pion restant retourne en 20"
        spread = {"kind": "spread", "seat": 0, "race": "Orcs", "tokens": 3, "regions": [4, 5]}
        assert describe_event(spread, ["P1"]) == (
            "Orcs de P1 : 3 pions restés en main sont répartis en 4 et 5"
        )
        over = {"kind": "game_over", "winners": [0, 1]}
        assert describe_event(over, ["P1", "P2"]) == (
            "Fin de la partie : P1 et P2 se partagent la victoire"
        )
    assert describe_event(CONQUEST, ["P1", "P2"]) == (
        "P1's Orcs conquer 12 with 3 tokens from P2's Trolls (lost 1 token)"
    )


def test_rules_and_final_ranking_in_french() -> None:
    with speaking("fr"):
        listing = render_rules("")
        assert listing[0].startswith("Peuples : ")
        assert listing[1].startswith("Pouvoirs spéciaux : ")
        assert listing[3] == 'Tapez "règles NOM" pour en lire un.'
        assert render_rules("zz") == ["Rien ne s'appelle 'zz'. Tapez \"règles\" pour la liste."]
        assert render_rules("orcs")[0].startswith("Orcs : ")
    game = Game(GameConfig(players=("P1", "P2"), seed=1))
    out = io.StringIO()
    with speaking("fr"):
        run_play(game, io.StringIO("default\n" * 400), out)
        ranking = render_result(game.state)
    assert "Classement final :" in out.getvalue()
    assert ranking[0] == "Classement final :"
    assert re.fullmatch(
        r"  1\. P\d : \d+ jetons?, \d+ pions? sur le plateau \(vainqueur\)", ranking[1]
    )
