"""The refusals the bot answers with a short private message."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the bot refuses; the message is shown to the member, privately."""
