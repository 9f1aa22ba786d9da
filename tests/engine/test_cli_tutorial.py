"""``python -m engine tutorial``: the guided game in a terminal, fed its input to the end
(issue 39 §1), in English and French, both worlds; ``skip`` and a refused move."""

from __future__ import annotations

import io

import pytest

from engine.console.cli import main
from engine.tutorial.arrangement import LEARNER, arrangement
from engine.tutorial.lessons import lesson
from engine.tutorial.walk import walk
from lang import speaking, tr

WORLDS = ("surface", "underground")


def _taps(world: str) -> list[str]:
    """The learner's moves when they follow every suggestion, as text forms."""
    return [text for seat, text in walk(arrangement(world)).game.log if seat == LEARNER]


def _run(args: list[str], typed: list[str]) -> str:
    out = io.StringIO()
    code = main(
        ["tutorial", *args], stdin=io.StringIO("".join(f"{x}\n" for x in typed)), stdout=out
    )
    assert code == 0
    return out.getvalue()


def _lesson_texts(world: str, language: str) -> list[str]:
    with speaking(language):
        return [tr(lesson(k).text) for k in arrangement(world).order]


def _in_order(text: str, parts: list[str]) -> bool:
    at = 0
    for part in parts:
        found = text.find(part, at)
        if found < 0:
            return False
        at = found + len(part)
    return True


@pytest.mark.parametrize("world", WORLDS)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tutorial_is_played_to_its_end(world: str, language: str) -> None:
    taps = _taps(world)
    out = _run(["--world", world, "--lang", language], taps)
    assert _in_order(out, _lesson_texts(world, language))
    final = "Final ranking:" if language == "en" else "Classement final"
    assert final in out
    # The learner who followed every suggestion was never refused, and won.
    assert "error:" not in out and "erreur" not in out
    with speaking(language):
        you = tr("Player")
    ranking = out[out.rindex(final) :]
    assert ranking.splitlines()[1].strip().startswith(f"1. {you}")
    # The header reads as a sentence in both languages ("Player's turn", "tour de Joueur").
    assert "You's" not in out
    # Each suggestion was the move typed next: every "Next, tap" names an action the
    # learner then played.
    assert out.count("» ") == len(arrangement(world).order)


def test_skip_and_a_refused_move() -> None:
    """``skip`` skips the next lesson (it is never printed); a refused move prints the
    engine's reason and changes nothing, and the tutorial goes on to its end."""
    taps = _taps("surface")
    typed = ["skip", taps[0], "decline", *taps[1:]]
    out = _run(["--world", "surface"], typed)
    assert "The next lesson is skipped." in out
    assert tr(lesson("powers").text) not in out
    assert tr(lesson("conquest").text) in out
    assert "error: " in out
    assert "Final ranking:" in out
