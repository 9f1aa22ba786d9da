"""The one place the bot turns what it drew into a file to post.

Every image the bot posts or edits in is a ``renderer.describe.Picture``, drawn and described
together by a worker (``bot.jobs``), and becomes a ``discord.File`` here, with its
description: the words a screen reader reads for it. A new picture cannot be posted without
them: nothing else in the bot makes a ``discord.File`` (``tests/bot/test_descriptions.py``
checks it), and a ``Picture`` cannot be made without a description. A file that is not a
picture (a season's CSV) is a ``document``.
"""

from __future__ import annotations

import io
from pathlib import PurePath

import discord

from renderer.describe import Picture

#: Extensions of image files: Discord shows them as pictures, so they must be ``Picture``s.
IMAGES = frozenset({".png", ".gif", ".webp", ".jpg", ".jpeg"})


def attach(picture: Picture) -> discord.File:
    """A drawn picture as Discord takes it: its bytes, its name and its description."""
    return discord.File(io.BytesIO(picture.data), picture.name, description=picture.description)


def document(name: str, data: bytes) -> discord.File:
    """A file that is not a picture (a CSV), as Discord takes it."""
    if PurePath(name).suffix.lower() in IMAGES:
        raise ValueError(f"{name} is a picture: post it with attach(), described")
    return discord.File(io.BytesIO(data), name)


__all__ = ["IMAGES", "attach", "document"]
