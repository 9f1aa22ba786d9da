"""The hot-seat game in a terminal: ``python -m engine play``.

Every step prints the board as the seat to act may see it (``engine.console.screen``, through
``engine.core.view``, so only that seat's coins appear), then the numbered legal actions, and reads
one line. On a real terminal the line is read with ``input()``, which Python's ``readline``
(where the platform has it) gives line editing and history: arrow keys move in the line and
recall earlier ones. Any other input is a plain text stream, so tests drive whole games
without a terminal.

A game is its seed and its moves (``engine.core.game``): the seed is printed at the start, and
leaving before the end (``quit``, end of input, Ctrl-C) prints the command and the moves that
bring the game back, since the terminal game keeps no save file.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from engine.console import arguments
from engine.console.exits import INTERRUPTED
from engine.console.screen import (
    InputError,
    describe_seen,
    render_actions,
    render_region,
    render_result,
    render_rules,
    render_state,
    seat_names,
)
from engine.core.actions import Action, parse
from engine.core.content import map_for_players
from engine.core.errors import EngineError
from engine.core.game import Game, GameConfig
from engine.core.legal import default_action, legal_actions
from engine.core.state import GameState
from engine.core.turn import to_act
from engine.core.view import label, view, visible_events
from engine.core.worlds import DEFAULT_WORLD
from engine.text.board import board_lines
from lang import N_, ntr, ptr, tr

#: The help the ``help`` command prints: the typed words (``region``, ``rules``, ``undo``...)
#: stay as they are in every language; what they do is translated.
HELP = N_("""\
Commands:
  <number>        play the action with that number in the list
  <label>         play an action by its label, e.g. "Conquer 12 · Forest · 3 tokens"
                  (case and the "·" separators do not matter)
  <text form>     play an action by its text form, e.g. "conquer 12", "deploy 4 2",
                  "move 3 7 2", "end decline"; any token count may be typed for deploy/move
  default         play what a deadline would play for you now (free combo, stop, end...)
  undo            take back your last action of this turn (not past a pick, roll or turn end)
  region N        region N: terrain, features, who holds it, and its neighbours ("adj N" too)
  board           every region in words, grouped by who holds it (as /sw board text:true)
  rules [NAME]    what a race, special power or rule term means ("rules" alone lists them)
  help            show this list
  quit            leave the game (it prints how to pick the game up again)

The game readies your troops at the start of your turn and puts back the tokens still in
hand when you end it; each time it says so in one line.""")

#: Reads one line after showing a prompt; None at the end of input (Ctrl-D, end of a file).
LineReader = Callable[[str], "str | None"]


# --- reading lines --------------------------------------------------------------------------


def stream_reader(inp: TextIO, out: TextIO) -> LineReader:
    """Lines from a text stream, the prompt written to ``out`` (tests, pipes, files)."""

    def read(prompt: str) -> str | None:
        out.write(prompt)
        out.flush()
        return inp.readline() or None

    return read


def terminal_reader() -> LineReader:
    """``input()`` with line editing and history where the ``readline`` module exists.

    Importing ``readline`` is what makes ``input()`` use it; Windows has no such module, and
    there ``input()`` keeps the console's own editing.
    """
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    return read


def reader_for(inp: TextIO, out: TextIO) -> LineReader:
    """The terminal's reader when the game runs on the process's own terminal, else a stream's."""
    if inp is sys.stdin and out is sys.stdout and inp.isatty():
        return terminal_reader()
    return stream_reader(inp, out)


# --- input ----------------------------------------------------------------------------------


#: The words typed at the prompt in English, by the command they name: understood whatever
#: the language spoken, which adds its own (``typed_words``).
ENGLISH_WORDS = {
    "help": "help",
    "?": "help",
    "quit": "quit",
    "exit": "quit",
    "rules": "rules",
    "region": "region",
    "adj": "region",
    "undo": "undo",
    "default": "default",
    "board": "board",
}


def typed_words() -> dict[str, str]:
    """Each command's word in the language spoken (French: ``aide``, ``quitter``,
    ``règles``, ``région``, ``annuler``, ``défaut``, ``plateau``), by the command it names."""
    return {
        ptr("typed command", "help"): "help",
        ptr("typed command", "quit"): "quit",
        ptr("typed command", "rules"): "rules",
        ptr("typed command", "region"): "region",
        ptr("typed command", "undo"): "undo",
        ptr("typed command", "default"): "default",
        ptr("typed command", "board"): "board",
    }


def _folded(text: str) -> str:
    """Lower case without accents: ``Règles`` and ``regles`` are the same typed word."""
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in plain if not unicodedata.combining(c))


def command_word(typed: str) -> str | None:
    """The command a typed word names, by its English word (``aide`` is ``help`` in French),
    or None when it names none (an action, perhaps)."""
    key = _folded(typed)
    if key in ENGLISH_WORDS:
        return ENGLISH_WORDS[key]
    return {_folded(word): command for word, command in typed_words().items()}.get(key)


def _normal(text: str) -> str:
    """Lower case, "·" dropped, single spaces: how labels and typed lines are compared."""
    return " ".join(text.replace("·", " ").lower().split())


def _number(text: str) -> int | None:
    """The whole number ``text`` is in ASCII digits (a huge one counts as 0), or None.

    ``str.isdigit`` also accepts "²" and other digits ``int`` refuses, and ``int`` refuses
    more than 4300 digits: a typed line must never reach it unchecked.
    """
    if not re.fullmatch(r"[0-9]+", text):
        return None
    return int(text) if len(text) <= 9 else 0


def _shown(text: str, limit: int = 24) -> str:
    """A typed word as echoed in an error: cut short if it is long."""
    return text if len(text) <= limit else text[:limit] + "…"


def resolve(s: GameState, actions: Sequence[Action], line: str) -> Action:
    """The action a typed line means: a number in the list, a label, or a text form."""
    text = line.strip()
    n = _number(text)
    if n is not None:
        if not 1 <= n <= len(actions):
            raise InputError(
                tr(
                    "There is no action {typed}; pick 1 to {last}.",
                    typed=_shown(text),
                    last=len(actions),
                )
            )
        return actions[n - 1]
    wanted = _normal(text)
    for a in actions:
        if _normal(label(s, a)) == wanted:
            return a
    return parse(text)


# --- leaving and coming back ----------------------------------------------------------------


def fresh_seed() -> int:
    """A seed for a game started without ``--seed`` (a new game each time)."""
    return secrets.randbelow(1_000_000)


def replay_command(
    players: int,
    seed: int,
    map_arg: str | None = None,
    world: str = DEFAULT_WORLD,
    options: Mapping[str, Any] | None = None,
) -> str:
    """The command that starts the same game again: same players, board, options and seed."""
    parts = ["python -m engine play", f"--players {players}"]
    if map_arg is not None:
        parts.append(f"--map {map_arg}")
    elif world != DEFAULT_WORLD:
        parts.append(f"--world {world}")
    parts += [arguments.flag(name) for name, on in (options or {}).items() if on]
    parts.append(f"--seed {seed}")
    return " ".join(parts)


def resume_lines(game: Game, command: str | None = None) -> list[str]:
    """How to pick ``game`` up again: the command that starts it and the moves played so far.

    The moves are the text forms of the log (undone ones are gone from it); typed again in
    order at the new game's prompts, they bring back the same position, because a game is its
    seed and its moves.
    """
    c = game.config
    command = command or replay_command(len(c.players), c.seed, c.map_id)
    if not game.log:
        return [tr("To play this game again: {command}", command=command)]
    return [
        tr("To pick this game up again, run: {command}", command=command),
        ntr(
            "then type (or paste) these moves at its first prompt, one a line ({n} move):",
            "then type (or paste) these moves at its first prompt, one a line ({n} moves):",
            len(game.log),
        ),
        *(f"  {text}" for _, text in game.log),
    ]


# --- the hot-seat loop ----------------------------------------------------------------------


def _new_events(s: GameState, before: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """Events added since the list ``before`` had ``count`` entries.

    ``start_turn`` moves the turn's events to ``last_events`` and starts a new list, so when
    the list object changed, the tail of the old list and the whole new one are both new.
    """
    if s.events is before:
        return s.events[count:]
    return s.last_events[count:] + s.events


def run_play(game: Game, inp: TextIO, out: TextIO, *, again: str | None = None) -> int:
    """Play ``game`` to the end, or until ``quit``, end of input or Ctrl-C.

    ``again`` is the command that starts this game (told when leaving); by default it is
    built from the game's config. Returns 0, or ``INTERRUPTED`` after Ctrl-C.
    """

    def say(*lines: str) -> None:
        for line in lines:
            out.write(line + "\n")
        out.flush()

    try:
        left = _loop(game, reader_for(inp, out), say)
    except KeyboardInterrupt:
        # Ctrl-C at the prompt or while the engine works: the log holds only finished moves.
        say("", tr("Interrupted: leaving the game."), *resume_lines(game, again))
        return INTERRUPTED
    if left is not None:
        say(left, *resume_lines(game, again))
        return 0
    say("", *render_state(game.state, None), *render_result(game.state))
    return 0


def _loop(game: Game, read: LineReader, say: Callable[..., None]) -> str | None:
    """Play until the game ends (None) or the player leaves (the line that says so)."""
    # In a team game each player goes by their seat too: "P1 (A1)".
    names = seat_names(view(game.state))
    show = True
    while True:
        s = game.state
        seat = to_act(s)
        if seat is None:
            return None
        actions = legal_actions(s, seat)
        if show:
            say("", *render_state(s, seat), tr("Actions:"), *render_actions(s, actions))
            show = False
        line = read(f"{names[seat]}> ")
        if line is None:
            return "\n" + tr("End of input: leaving the game.")
        command = line.strip().lower()
        if not command:
            continue
        # A command in English or in the language spoken ("help", "aide"): its English word.
        whole = command_word(command)
        if whole == "help":
            say(tr(HELP))
            continue
        if whole == "quit":
            return tr("Bye.")
        if whole == "board":
            say(*board_lines(view(s, seat)))
            continue
        word, _, rest = command.partition(" ")
        verb = command_word(word)
        try:
            if verb == "rules":
                say(*render_rules(rest))
                continue
            if verb == "region":
                rid = _number(rest.strip())
                if rid is None:
                    raise InputError(
                        tr("Type {word} N with a region number, e.g. {word} 12.", word=word)
                    )
                if len(rest.strip()) > 9:
                    raise InputError(tr("There is no region {typed}.", typed=_shown(rest.strip())))
                say(*render_region(s, rid, seat))
                continue
            if whole == "undo":
                game.undo(seat)
                say(tr("{who} takes back the last action.", who=names[seat]))
            else:
                if whole == "default":
                    action = default_action(s)
                    if action is None:
                        raise InputError(tr("There is no default now."))
                else:
                    action = resolve(s, actions, line)
                text = label(s, action) if action in actions else action.text
                before, count = s.events, len(s.events)
                game.play(seat, action)
                if whole == "default":
                    say(tr("{who} (default): {action}", who=names[seat], action=text))
                else:
                    say(tr("{who}: {action}", who=names[seat], action=text))
                # Scores are private events: the public never learns them before the end.
                for e in visible_events(game.state, _new_events(game.state, before, count)):
                    say("  · " + describe_seen(game.state, e, names))
        except EngineError as exc:
            say(tr("error: {problem}", problem=" ".join(str(exc).split())))
            continue
        show = True


def play(
    players: int,
    seed: int | None = None,
    map_id: str | None = None,
    *,
    inp: TextIO,
    out: TextIO,
    world: str = DEFAULT_WORLD,
    options: dict[str, Any] | None = None,
) -> int:
    """Start a hot-seat game for ``players`` seats named P1..Pn and play it on the streams,
    with the rule sets ``options`` turn on (``{"teams": True}``).

    Without ``map_id`` the game is on the built-in map of ``world`` for the player count
    (``sw-3p``, ``swu-3p``); without ``seed`` it gets a fresh one. The seed is printed first,
    so the game can be played again.
    """
    if seed is None:
        seed = fresh_seed()
    again = replay_command(players, seed, map_id, world, options)
    out.write(tr("seed {seed} — replay with --seed {seed}", seed=seed) + "\n")
    names = tuple(f"P{i + 1}" for i in range(players))
    board = map_id or map_for_players(players, world)
    game = Game(GameConfig(players=names, seed=seed, map_id=board, options=dict(options or {})))
    return run_play(game, inp, out, again=again)


__all__ = [
    "ENGLISH_WORDS",
    "HELP",
    "LineReader",
    "command_word",
    "fresh_seed",
    "play",
    "reader_for",
    "replay_command",
    "resolve",
    "resume_lines",
    "run_play",
    "stream_reader",
    "terminal_reader",
    "typed_words",
]
