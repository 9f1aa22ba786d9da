"""Sentences for the Sigil of Sacrifice's public events (team play): the mode chosen on
occupying it, a sacrifice made or refused, and a standing order set. Added to
``narration.SENTENCES`` when ``engine.text.narration`` is imported."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rulesets.teams.sigil import ORDER_TEXT

#: An event, as ``narration`` tells it.
Event = dict[str, Any]
#: ``narration.Teller`` (not imported: ``narration`` imports this module).
Teller = Any

SIGIL = "the Sigil of Sacrifice"


def _mode(e: Event, t: Teller) -> str:
    target = f"{t.who('target_seat')}'s {e['target']}" if e.get("target") else None
    if e.get("mode") == "take" and target:
        return f"{t.whose()} {t.v('take')} on the losses of {target} ({SIGIL})"
    if e.get("mode") == "give" and target:
        return f"{t.whose()} {t.v('put')} their losses on {target}, if willing ({SIGIL})"
    return f"{t.whose()} {t.v('take')} no one's losses with {SIGIL}"


def _sacrifice(e: Event, t: Teller) -> str:
    emptied = ", leaving it empty" if e.get("emptied") else ""
    return (
        f"{t.whose()} {t.v('give')} up a token in {e['region']}{emptied} so that "
        f"{t.who('saved_seat')}'s {e['saved']} {t.v('keep')} theirs ({SIGIL})"
    )


def _refused(e: Event, t: Teller) -> str:
    return f"{t.whose()}: no sacrifice for {e['saved']} ({SIGIL})"


def _order(e: Event, t: Teller) -> str:
    order = ORDER_TEXT.get(str(e.get("order")), str(e.get("order")))
    return f"{t.who()} {t.v('puts')} a standing order for {SIGIL}: {order}"


#: The Sigil's sentences by event kind.
SIGIL_SENTENCES: dict[str, Callable[[Event, Teller], str]] = {
    "sigil": _mode,
    "sacrifice": _sacrifice,
    "sigil_refused": _refused,
    "standing_order": _order,
}
