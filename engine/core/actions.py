"""Actions: one small dataclass per kind, each with a stable text form.

Actions are values: hashable, compared by kind and fields, and never mutated after creation.
They are not ``frozen=True`` because a frozen dataclass is three times slower to build, and
``legal_actions`` builds thousands of them per simulated game.

The text form (``Conquer(12).text == "conquer 12"``) is what the action log stores and what
``parse`` reads back; readable labels that depend on the state live in ``labels``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, ClassVar

from lang import tr

from .errors import ParseError

if TYPE_CHECKING:
    from .state import GameState


@dataclass(slots=True, unsafe_hash=True)
class Action:
    """Base class of every action."""

    verb: ClassVar[str] = ""
    #: Undo stops at this action: it rolls the die or shows what was hidden.
    reveals: ClassVar[bool] = False
    #: A free gain its player may take or leave (the Fountain of Youth's token): a deadline
    #: takes it before ending the step (``rules.default_action``), as anyone would.
    bonus: ClassVar[bool] = False
    #: An action of a race, power, Relic or Place naming a ``region`` works against whoever
    #: holds it, so the core never offers nor accepts it against a power-proof region
    #: (``aimed_at``, ``defences.spare_proof``: Gnomes, Bony's banner). True for one that
    #: does nothing against the holder: it puts a piece there for anyone's use (the Golden
    #: Soapbar, the Ghost) or names the region only to find a piece or a banner (the Relic
    #: the Bag copies, Bony's banner).
    harmless: ClassVar[bool] = False

    def describe(self, s: GameState) -> str | None:
        """A readable label for this action now, or None to let ``view.label`` decide.

        Actions of a race, power, Relic or Place say their own label here, next to their
        definition, so ``view.label`` needs no branch for them.
        """
        return None

    @property
    def text(self) -> str:
        """Stable text form: the verb followed by the fields in order."""
        args = []
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool):
                if value:
                    args.append(f.name)
            else:
                args.append(str(value))
        return " ".join([self.verb, *args])


@dataclass(slots=True, unsafe_hash=True)
class PickCombo(Action):
    """Take the combo at ``slot`` (1 = top of the column, free)."""

    verb: ClassVar[str] = "pick"
    slot: int


@dataclass(slots=True, unsafe_hash=True)
class Decline(Action):
    """Put the active race in decline; no conquest this turn."""

    verb: ClassVar[str] = "decline"


@dataclass(slots=True, unsafe_hash=True)
class Abandon(Action):
    """Empty one of your regions before conquering, taking its tokens in hand."""

    verb: ClassVar[str] = "abandon"
    region: int


@dataclass(slots=True, unsafe_hash=True)
class Conquer(Action):
    """Conquer a region with the tokens it costs."""

    verb: ClassVar[str] = "conquer"
    region: int


@dataclass(slots=True, unsafe_hash=True)
class Reinforce(Action):
    """Final conquest: name a region up to 3 tokens short, then roll the die."""

    verb: ClassVar[str] = "reinforce"
    region: int


@dataclass(slots=True, unsafe_hash=True)
class EndConquests(Action):
    """Stop conquering and go on to redeployment."""

    verb: ClassVar[str] = "stop"


@dataclass(slots=True, unsafe_hash=True)
class Deploy(Action):
    """Place ``count`` tokens from hand in one of your regions."""

    verb: ClassVar[str] = "deploy"
    region: int
    count: int


@dataclass(slots=True, unsafe_hash=True)
class Move(Action):
    """Move ``count`` tokens between two of your regions (at least one stays)."""

    verb: ClassVar[str] = "move"
    source: int
    target: int
    count: int


@dataclass(slots=True, unsafe_hash=True)
class EndTurn(Action):
    """Finish redeployment, score, end the turn (``decline``: Stout declines after scoring)."""

    verb: ClassVar[str] = "end"
    decline: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Finish(Action):
    """Finish a redeployment that is not the end of your own turn (defenders, Ghouls)."""

    verb: ClassVar[str] = "finish"


ACTION_TYPES: tuple[type[Action], ...] = (
    PickCombo,
    Decline,
    Abandon,
    Conquer,
    Reinforce,
    EndConquests,
    Deploy,
    Move,
    EndTurn,
    Finish,
)
_BY_VERB = {t.verb: t for t in ACTION_TYPES}


def aims(kind: type[Action]) -> bool:
    """Whether actions of ``kind`` aim at their ``region`` (``aimed_at``), kept in
    ``AIMING``: a race's, power's, Relic's or Place's kind of action with a ``region`` field
    that is not ``harmless``; the plain rules' own kinds (conquest, redeployment) aim at
    nothing."""
    found = AIMING.get(kind)
    if found is None:
        found = AIMING[kind] = (
            kind not in ACTION_TYPES
            and not kind.harmless
            and any(f.name == "region" for f in fields(kind))
        )
    return found


#: ``aims`` by kind of action, worked out once a kind (read directly on hot paths).
AIMING: dict[type[Action], bool] = {}


def aimed_at(action: Action) -> int | None:
    """The region an action of a race, power, Relic or Place works against (its ``region``),
    or None when its kind aims at nothing (``aims``)."""
    return action.region if aims(type(action)) else None  # type: ignore[attr-defined]


def register_action(cls: type[Action]) -> type[Action]:
    """Class decorator: make an action of a race, power, Relic or Place parseable (world
    packages register theirs on import; the order is that of ``action_types``).

    The verb must be new: two kinds of action may never share a text form.
    """
    if cls.verb in _BY_VERB and _BY_VERB[cls.verb] is not cls:
        raise ValueError(f"action verb {cls.verb!r} is already taken")
    _BY_VERB[cls.verb] = cls
    return cls


def action_types() -> tuple[type[Action], ...]:
    """Every kind of action, the registered ones included."""
    return tuple(_BY_VERB.values())


def parse(text: str) -> Action:
    """Read an action from its text form (``"conquer 12"``, ``"move 3 7 2"``, ``"end decline"``)."""
    words = text.strip().lower().split()
    if not words or words[0] not in _BY_VERB:
        raise ParseError(tr("Unknown action {text}.", text=repr(text.strip())))
    cls = _BY_VERB[words[0]]
    args = words[1:]
    values: list[object] = []
    for f in fields(cls):
        if f.type in ("bool", bool):
            values.append(bool(args and args[0] == f.name))
            if args and args[0] == f.name:
                args = args[1:]
            continue
        if not args:
            raise ParseError(tr("{verb} needs a {field}.", verb=repr(cls.verb), field=f.name))
        try:
            values.append(int(args.pop(0)))
        except ValueError as exc:
            raise ParseError(
                tr("{field} must be a number in {text}.", field=f.name, text=repr(text.strip()))
            ) from exc
    if args:
        raise ParseError(tr("Too many words in {text}.", text=repr(text.strip())))
    return cls(*values)
