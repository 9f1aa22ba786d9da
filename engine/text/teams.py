"""Sentences for team play's public events: the five team pieces (the Golden Soapbar,
Glandulf's Tavern, Bony's Boneyard, Mirror's Vale, the Sigil of Sacrifice) and the Sigil's
standing orders. ``narration`` tells them beside the worlds' events."""

from __future__ import annotations

from collections.abc import Callable

from lang import ptr, tr

from . import names as named
from .telling import Event, Teller, coins, thing


def _order_words(order: str) -> str:
    """A Sigil standing order as a sentence says it (``sigil.ORDER_TEXT``'s words)."""
    if order == "ask":
        return ptr("standing order", "always offer (ask me)")
    if order == "ally":
        return ptr("standing order", "only my ally")
    if order == "never":
        return ptr("standing order", "never")
    return order


def _soapbar(e: Event, t: Teller) -> str:
    f = t.fields()
    if e.get("stays"):
        return t.say(
            tr("{who}'s {race}: the Golden Soapbar stays in {region} (nowhere to go)", **f),
            ptr(
                "past", "{who}'s {race}: the Golden Soapbar stayed in {region} (nowhere to go)", **f
            ),
        )
    f["source"] = e["source"]
    return t.say(
        tr("{who}'s {race} moves the Golden Soapbar from {source} to {region}", **f),
        ptr("past", "{who}'s {race} moved the Golden Soapbar from {source} to {region}", **f),
    )


def _mode(e: Event, t: Teller) -> str:
    f = t.fields(target=t.race("target"), owner=t.who("target_seat"))
    if e.get("mode") == "take" and e.get("target"):
        return t.say(
            tr(
                "{who}'s {race} take on the losses of {owner}'s {target} (the Sigil of Sacrifice)",
                **f,
            ),
            ptr(
                "past",
                "{who}'s {race} took on the losses of {owner}'s {target} (the Sigil of Sacrifice)",
                **f,
            ),
        )
    if e.get("mode") == "give" and e.get("target"):
        return t.say(
            tr(
                "{who}'s {race} put their losses on {owner}'s {target}, if willing "
                "(the Sigil of Sacrifice)",
                **f,
            ),
            ptr(
                "past",
                "{who}'s {race} put their losses on {owner}'s {target}, if willing "
                "(the Sigil of Sacrifice)",
                **f,
            ),
        )
    return t.say(
        tr("{who}'s {race} take no one's losses with the Sigil of Sacrifice", **f),
        ptr("past", "{who}'s {race} took no one's losses with the Sigil of Sacrifice", **f),
    )


def _sacrifice(e: Event, t: Teller) -> str:
    f = t.fields(owner=t.who("saved_seat"), saved=t.race("saved"))
    if e.get("emptied"):
        return t.say(
            tr(
                "{who}'s {race} give up a token in {region}, leaving it empty so that "
                "{owner}'s {saved} keep theirs (the Sigil of Sacrifice)",
                **f,
            ),
            ptr(
                "past",
                "{who}'s {race} gave up a token in {region}, leaving it empty so that "
                "{owner}'s {saved} kept theirs (the Sigil of Sacrifice)",
                **f,
            ),
        )
    return t.say(
        tr(
            "{who}'s {race} give up a token in {region} so that {owner}'s {saved} keep theirs "
            "(the Sigil of Sacrifice)",
            **f,
        ),
        ptr(
            "past",
            "{who}'s {race} gave up a token in {region} so that {owner}'s {saved} kept theirs "
            "(the Sigil of Sacrifice)",
            **f,
        ),
    )


def _refused(e: Event, t: Teller) -> str:
    f = t.fields(saved=t.race("saved"))
    return t.say(
        tr("{who}'s {race}: no sacrifice for {saved} (the Sigil of Sacrifice)", **f),
        ptr("past", "{who}'s {race}: no sacrifice for {saved} (the Sigil of Sacrifice)", **f),
    )


def _order(e: Event, t: Teller) -> str:
    f = t.fields(order=_order_words(str(e.get("order"))))
    return t.say(
        tr("{who} puts a standing order for the Sigil of Sacrifice: {order}", **f),
        ptr("past", "{who} put a standing order for the Sigil of Sacrifice: {order}", **f),
    )


def _bonus(e: Event, t: Teller) -> str:
    f = t.fields(coins=coins(e["coins"]), piece=thing(e["piece"]))
    return t.say(
        tr("{who} collects {coins} from {piece}", **f),
        ptr("past", "{who} collected {coins} from {piece}", **f),
    )


def _tavern_give(e: Event, t: Teller) -> str:
    f = t.fields(to=t.who("to"), coins=coins(e["coins"]))
    return t.say(
        tr("{who} gives {to} {coins} of Glandulf's Tavern", **f),
        ptr("past", "{who} gave {to} {coins} of Glandulf's Tavern", **f),
    )


def _tavern_gift(e: Event, t: Teller) -> str:
    f = t.fields(giver=t.who("giver"), coins=coins(e["coins"]))
    return t.say(
        tr("{who} gets {coins} of Glandulf's Tavern from {giver}", **f),
        ptr("past", "{who} got {coins} of Glandulf's Tavern from {giver}", **f),
    )


def _bony(e: Event, t: Teller) -> str:
    f = t.fields(owner=t.who("banner_seat"), banner=t.race("banner"))
    return t.say(
        tr(
            "{who}'s {race} put Bony the Lich on {owner}'s In Decline {banner}: no other "
            "player's power, Relic or Place touches them",
            **f,
        ),
        ptr(
            "past",
            "{who}'s {race} put Bony the Lich on {owner}'s In Decline {banner}: no other "
            "player's power, Relic or Place touches them",
            **f,
        ),
    )


def _bony_leaves(e: Event, t: Teller) -> str:
    f = t.fields(banner=t.race("banner"))
    return t.say(
        tr("Bony the Lich leaves {banner} and waits by Bony's Boneyard", **f),
        ptr("past", "Bony the Lich left {banner} and waited by Bony's Boneyard", **f),
    )


def _mirror(e: Event, t: Teller) -> str:
    f = t.fields(gave=named.power(e["gave"]), ally=t.who("ally"), got=named.power(e["got"]))
    return t.say(
        tr("{who}'s {race} swaps {gave} for {ally}'s {got} in Mirror's Vale", **f),
        ptr("past", "{who}'s {race} swapped {gave} for {ally}'s {got} in Mirror's Vale", **f),
    )


#: The sentence that tells each team-play event, by event kind.
TEAM_SENTENCES: dict[str, Callable[[Event, Teller], str]] = {
    "soapbar": _soapbar,
    "bonus": _bonus,
    "tavern_give": _tavern_give,
    "tavern_gift": _tavern_gift,
    "bony": _bony,
    "bony_leaves": _bony_leaves,
    "mirror": _mirror,
    "sigil": _mode,
    "sacrifice": _sacrifice,
    "sigil_refused": _refused,
    "standing_order": _order,
}
