"""The parts of a player's panel as pure data: select menus and their options, buttons,
and the panel holding them (``bot.panel`` builds them; ``bot.controls`` turns them into a
Discord view)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

#: Discord's limits: options in a select menu, characters in an option's label/description.
MAX_OPTIONS = 25
MAX_TEXT = 100

NUMBER = re.compile(r"[0-9]{1,9}")
SETTINGS = re.compile(
    r"n(?P<n>[0-9]{1,9})s(?P<s>[0-9]{1,9}|x)p(?P<p>[0-9]{1,9})(?:o(?P<o>[0-9]{1,9}))?"
    r"(?:g(?P<g>1))?"
)


@dataclass(frozen=True)
class Settings:
    """The panel's own state, carried in every component id."""

    amount: int = 0
    source: int | None = None
    page: int = 0
    #: The page of the "other moves" menu (written only when not the first, so the ids of
    #: panels posted before it existed still read the same).
    more: int = 0
    #: The ⚙ settings view is shown instead of the turn (written only when on).
    gear: bool = False

    def encode(self) -> str:
        """Compact form for a custom id, e.g. ``n0sxp0`` (``n0sxp0o1`` on another page of
        other moves)."""
        src = "x" if self.source is None else str(self.source)
        more = f"o{self.more}" if self.more else ""
        gear = "g1" if self.gear else ""
        return f"n{self.amount}s{src}p{self.page}{more}{gear}"

    @classmethod
    def decode(cls, text: str) -> Settings:
        """Back from ``encode``; anything unreadable gives the defaults."""
        m = SETTINGS.fullmatch(text)
        if m is None:
            return cls()
        src = None if m["s"] == "x" else int(m["s"])
        return cls(int(m["n"]), src, int(m["p"]), int(m["o"] or 0), bool(m["g"]))

    def after(self, payload: str) -> Settings:
        """The settings a ``s=``/``n=``/``p=``/``o=`` press asks for."""
        key, _, value = payload.partition("=")
        # ASCII digits only: ``str.isdigit`` also accepts "²", which ``int`` refuses.
        number = int(value) if NUMBER.fullmatch(value) else None
        if key == "s":
            return replace(self, source=number)
        if number is None:
            return self
        if key == "n":
            return replace(self, amount=number)
        if key == "p":
            return replace(self, page=number)
        if key == "o":
            return replace(self, more=number)
        if key == "g":
            return replace(self, gear=number == 1)
        return self


@dataclass
class Option:
    """One choice of a select menu."""

    label: str
    value: str
    description: str | None = None


@dataclass
class Menu:
    """A select menu (it fills a row of its own)."""

    name: str
    placeholder: str
    options: list[Option]


@dataclass
class Button:
    """A button: ``payload`` says what a press does (see the module docstring)."""

    label: str
    payload: str
    style: str = "secondary"


@dataclass
class Panel:
    """What the member sees: a text and up to five rows of components."""

    text: str
    rows: list[Menu | list[Button]] = field(default_factory=list)
    #: The settings the panel was built with (its components carry them).
    settings: Settings = field(default_factory=Settings)

    def menus(self) -> list[Menu]:
        """The select menus, in order."""
        return [r for r in self.rows if isinstance(r, Menu)]

    def buttons(self) -> list[Button]:
        """Every button, in order."""
        return [b for r in self.rows if isinstance(r, list) for b in r]
