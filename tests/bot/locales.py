"""Members and servers with a Discord language, for simcord (which sends ``en-US`` always).

``speak(monkeypatch)`` returns a table the test fills: a member's id → their client's locale,
and ``GUILD`` → the server's preferred locale. Every interaction simcord makes afterwards
carries them, as Discord's would.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord.interactions

#: The key of the server's locale in the table.
GUILD = "guild"


def speak(monkeypatch: pytest.MonkeyPatch) -> dict[Any, str]:
    """Patch simcord's interactions to carry the locales of the returned table."""
    table: dict[Any, str] = {}
    made = simcord.interactions.base_payload

    def with_locales(*args: Any, **kwargs: Any) -> Any:
        record, payload = made(*args, **kwargs)
        payload["locale"] = table.get(kwargs["user_id"], payload["locale"])
        if "guild_locale" in payload:
            payload["guild_locale"] = table.get(GUILD, payload["guild_locale"])
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    return table
