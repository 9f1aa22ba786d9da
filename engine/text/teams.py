"""Sentences for team play's public events: the five team pieces (the Golden Soapbar,
Glandulf's Tavern, Bony's Boneyard, Mirror's Vale, the Sigil of Sacrifice) and the Sigil's
standing orders. ``narration`` tells them beside the worlds' events."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.words import plural
from engine.rulesets.teams.sigil import ORDER_TEXT

from .telling import Event, Teller, thing

SIGIL = "the Sigil of Sacrifice"


def _soapbar(e: Event, t: Teller) -> str:
    if e.get("stays"):
        return f"{t.whose()}: the Golden Soapbar {t.v('stays')} in {e['region']} (nowhere to go)"
    return f"{t.whose()} {t.v('moves')} the Golden Soapbar from {e['source']} to {e['region']}"


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


#: The sentence that tells each team-play event, by event kind.
TEAM_SENTENCES: dict[str, Callable[[Event, Teller], str]] = {
    "soapbar": _soapbar,
    "bonus": lambda e, t: (
        f"{t.who()} {t.v('collects')} {plural(e['coins'], 'coin')} from {thing(e['piece'])}"
    ),
    "tavern_give": lambda e, t: (
        f"{t.who()} {t.v('gives')} {t.who('to')} {plural(e['coins'], 'coin')} of Glandulf's Tavern"
    ),
    "tavern_gift": lambda e, t: (
        f"{t.who()} {t.v('gets')} {plural(e['coins'], 'coin')} of Glandulf's Tavern "
        f"from {t.who('giver')}"
    ),
    "bony": lambda e, t: (
        f"{t.whose()} {t.v('put')} Bony the Lich on {t.who('banner_seat')}'s In Decline "
        f"{e['banner']}: no other player's power, Relic or Place touches them"
    ),
    "bony_leaves": lambda e, t: (
        f"Bony the Lich {t.v('leaves')} {e['banner']} and {t.v('waits')} by Bony's Boneyard"
    ),
    "mirror": lambda e, t: (
        f"{t.whose()} {t.v('swaps')} {e['gave']} for {t.who('ally')}'s {e['got']} in Mirror's Vale"
    ),
    "sigil": _mode,
    "sacrifice": _sacrifice,
    "sigil_refused": _refused,
    "standing_order": _order,
}
