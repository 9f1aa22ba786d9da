"""Errors raised when an action cannot be applied; messages are written for players."""

from __future__ import annotations


class EngineError(Exception):
    """Base class: the action was refused and the state is unchanged."""


class NotYourTurn(EngineError):
    """The seat that sent the action is not one that must act now."""


class IllegalAction(EngineError):
    """The action breaks a rule; the message says which one."""


class ParseError(EngineError):
    """The text of an action could not be read."""
