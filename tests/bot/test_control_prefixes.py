"""Each kind of control the bot makes claims custom ids of its own: a prefix two item
classes of the same kind shared would send one's presses to the other (a rounds season's
buttons once took the panels' ``sws:``, and every panel menu was refused)."""

from __future__ import annotations

import typing
from collections import Counter
from collections.abc import Iterator

import discord

import bot.client  # noqa: F401 (registers every item class the bot routes presses to)
from bot.controls import PREFIXES, claimed


def item_classes(cls: type = discord.ui.DynamicItem) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from item_classes(sub)


def kind(cls: type) -> str:
    """``Button`` or ``Select``: the component a ``DynamicItem`` class wraps."""
    for base in getattr(cls, "__orig_bases__", ()):
        if typing.get_origin(base) is discord.ui.DynamicItem:
            (wrapped,) = typing.get_args(base)
            return (typing.get_origin(wrapped) or wrapped).__name__
    raise AssertionError(f"{cls.__name__} wraps no component")


#: Item classes the client does not register: another class claims their ids and hands
#: them their presses (``QueueButton`` makes a ``QueueSelect`` of a menu's press).
HANDED = {"QueueSelect"}


def test_every_control_prefix_is_listed_and_owned_by_one_item_class() -> None:
    found = {c: c.__discord_ui_compiled_template__.pattern.split(":", 1)[0] + ":"
             for c in item_classes()}  # fmt: skip
    assert len(found) >= 10 and {kind(c) for c in found} == {"Button", "Select"}
    assert set(found.values()) == set(PREFIXES)
    assert all(claimed(prefix + "x") for prefix in found.values())
    # discord.py hands a press to every registered class whose template matches its id,
    # whatever the component: one class per prefix.
    owners = Counter(prefix for c, prefix in found.items() if c.__name__ not in HANDED)
    assert [prefix for prefix, n in owners.items() if n > 1] == []
    # No prefix is the start of another's: "sw:" must not claim "swb:…" ids.
    assert all(not b.startswith(a) for a in PREFIXES for b in PREFIXES if a != b)
