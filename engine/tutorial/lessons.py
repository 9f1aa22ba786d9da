"""The tutorial's lessons as data: what each one says, the moment it waits for, and the
board it needs.

A lesson is one short message (what happens, why) shown at the moment its ``trigger`` names
(``engine.tutorial.tracker`` reads the triggers); the line that says what to tap next is added
by the tracker from the coach's suggestion (``engine.tutorial.coach``). A lesson with ``needs``
is given only on a board that shows one of those terrains or symbols (the River, Abysmal
Chasms, Monsters, the Volcano): a world's lessons come from its content, never from its name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.content import MapDef
from lang import N_, tr


@dataclass(frozen=True)
class Lesson:
    """One lesson: its key, its message, the trigger it waits for and what it needs."""

    key: str
    #: The message (an ``N_`` id of the ``tutorial`` catalog domain).
    text: str
    #: The moment it applies: a trigger of ``engine.tutorial.tracker.TRIGGERS``.
    trigger: str
    #: The trigger's argument (an event kind, a phase, a terrain), if it takes one.
    arg: str = ""
    #: Terrains or symbols one of which the board must show for the lesson to be given.
    needs: tuple[str, ...] = ()


#: Every lesson, in the order a tutorial gives them.
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "market",
        N_(
            "The combo market: each row is a race with a special power. The top one is free; "
            "each row lower costs 1 more coin, and you leave that coin on every combo you skip. "
            "Whoever takes a combo also takes the coins left on it."
        ),
        "first_pick",
    ),
    Lesson(
        "powers",
        N_(
            "Your combo: the race's banner has its own power, the badge a special power, and "
            "the two numbers added make your stack of tokens. /sw rules with the name (in the "
            "terminal: rules and the name) says what each one does."
        ),
        "event",
        "pick",
    ),
    Lesson(
        "conquest",
        N_(
            "A conquest costs 2 tokens, plus 1 for each token, marker or Mountain already in the "
            "region. Your first conquest enters from the board's edge; the next ones border a "
            "region you hold. Each option shows its cost."
        ),
        "suggests",
        "conquer",
    ),
    Lesson(
        "chasm",
        N_(
            "Abysmal Chasms are closed to everyone: no race ever enters or crosses one, so "
            "go round them."
        ),
        "suggests",
        "conquer",
        ("Abysmal Chasm",),
    ),
    Lesson(
        "monsters",
        N_(
            "You beat Monsters: each Monster token defends like a race token. A Monster region "
            "hides a Popular Place or a Righteous Relic, now yours while you hold it."
        ),
        "event_field",
        "conquer.monsters",
        ("Monster",),
    ),
    Lesson(
        "treasure",
        N_(
            "A Relic is a piece your race carries and uses; a Place gives its power to whoever "
            "holds its region. Using either is always optional; /sw rules with its name (in "
            "the terminal: rules and the name) says what it does."
        ),
        "event",
        "discover",
        ("Monster",),
    ),
    Lesson(
        "river",
        N_(
            "The River: any race conquers an empty River region for 1 token and conquers "
            "onwards along it, but must empty it when redeploying: it is a road, not a home."
        ),
        "conquered_kind",
        "River",
        ("River",),
    ),
    Lesson(
        "volcano",
        N_(
            "The Flames place the Volcano on a Chasm with a Volcano symbol: regions next to it "
            "cost them as if they were empty."
        ),
        "suggests",
        "volcano",
        ("Volcano",),
    ),
    Lesson(
        "die",
        N_(
            "Too few tokens for another conquest? Your last one may be up to 3 tokens short: "
            "name the region, then the reinforcement die rolls 0 to 3 extra tokens. Win or "
            "lose, that ends your conquests."
        ),
        "suggests",
        "reinforce",
    ),
    Lesson(
        "redeploy",
        N_(
            "Redeployment: move your tokens between your regions so the borders hold; each "
            "region keeps at least one. Thin regions are cheap for the others to take."
        ),
        "phase",
        "redeploy",
    ),
    Lesson(
        "scoring",
        N_(
            "Scoring: at the end of each turn you earn a coin for each region you hold, plus "
            "the bonuses of your race and power. Coins stay secret until the end."
        ),
        "event",
        "score",
    ),
    Lesson(
        "decline",
        N_(
            "Your race is spread thin now. Going into decline spends this turn: its regions "
            "keep one token each and still score a coin each, and next turn you pick a fresh "
            "race with a full stack."
        ),
        "suggests",
        "decline",
    ),
    Lesson(
        "fresh",
        N_(
            "Pick your second race. Your race in decline stays on the board and keeps scoring "
            "until someone takes its regions."
        ),
        "new_pick",
    ),
    Lesson(
        "last",
        N_(
            "The last turn of the track: whatever you hold at its end is your last score. "
            "Conquer as much as you can; nothing needs guarding afterwards."
        ),
        "last_round",
    ),
    Lesson(
        "winner",
        N_(
            "The game is over: everyone's coins are shown now, and the richest player wins "
            "(a tie goes to the one with more race tokens on the board). You have played a "
            "whole game."
        ),
        "over",
    ),
)


#: The line that ends a lesson: what to tap next, or that the opponent plays.
NEXT_TAP = N_("Next, tap: {tap}")
NEXT_WAIT = N_("Next: your opponent plays; each of their moves is told as it comes.")


def message(lesson: Lesson, tap: str | None, *, last: bool = True) -> str:
    """A lesson's one message in the language spoken: what happens and why, then, when it is
    the ``last`` of the lessons given together, what to tap next (``tap``, the suggested
    action's label) or, when it is not the learner's turn, that the opponent plays (nothing
    after the game's last lesson)."""
    text = tr(lesson.text)
    if lesson.trigger == "over" or not last:
        return text
    return text + "\n" + (tr(NEXT_TAP, tap=tap) if tap is not None else tr(NEXT_WAIT))


def messages(lessons: Sequence[Lesson], tap: str | None) -> list[str]:
    """The messages of lessons given at one moment, what to tap next told once, last."""
    return [message(x, tap, last=i == len(lessons) - 1) for i, x in enumerate(lessons)]


def board_symbols(m: MapDef) -> frozenset[str]:
    """Every terrain and symbol printed on a board."""
    return frozenset(k for r in m.regions for k in (r.terrain, *r.features))


def lessons_for(m: MapDef) -> tuple[Lesson, ...]:
    """The lessons a tutorial on board ``m`` gives, in order: those whose needs it shows."""
    shown = board_symbols(m)
    return tuple(x for x in LESSONS if not x.needs or shown.intersection(x.needs))


def lesson(key: str) -> Lesson:
    """The lesson with that key."""
    for x in LESSONS:
        if x.key == key:
            return x
    raise KeyError(key)


__all__ = [
    "LESSONS",
    "NEXT_TAP",
    "NEXT_WAIT",
    "Lesson",
    "board_symbols",
    "lesson",
    "lessons_for",
    "message",
    "messages",
]
