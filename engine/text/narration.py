"""Sentences for the public events of the Underground races, powers, Relics and Places, and
of team play's pieces (``teams``).

``cli.describe_event`` tells the base game's events itself and asks ``underground_sentence``
for these; any event neither knows falls back to its generic line. Coin transfers are told as
transfers (who paid whom), never as a balance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.content import treasures
from engine.core.words import and_list, plural

from .teams import TEAM_SENTENCES
from .telling import Event, Teller, thing

__all__ = ["SENTENCES", "Event", "Teller", "thing", "underground_sentence"]


def underground_sentence(e: Event, names: Sequence[str], *, past: bool = False) -> str | None:
    """The sentence of an Underground event kind, or None for a kind this module does not tell.

    ``past`` tells it after the fact ("discovered" rather than "discover").
    """
    kind = str(e.get("kind"))
    t = Teller(e, names, past)
    if kind == "ghost" and e.get("region") is None and e.get("left") is not None:
        # [SWU p.14] Taking the Crypt: "the Ghost immediately leaves the Region it was
        # protecting, and falls under the control of the conquering player".
        return f"The Ghost {t.v('leaves')} {e['left']}: {t.who()} {t.v('now holds')} the Crypt"
    tell = SENTENCES.get(kind)
    if tell is None or any(e.get(k, "") is None for k in _NEEDED):
        # An unknown kind, or fields missing: the generic line tells what there is.
        return None
    return tell(e, t)


#: Fields that, when present, a sentence prints: None there means the event is not one the
#: sentence was written for.
_NEEDED = ("region", "regions", "power", "relic", "piece", "race", "coins", "tokens")


def _balrog(e: Event, t: Teller) -> str:
    text = f"{t.who()} {t.v('sends')} the Balrog into {e['region']}"
    if e.get("defender"):
        owner = f"{t.who('defender_seat')}'s " if e.get("defender_seat") is not None else ""
        text += f": {owner}{e['defender']} {t.v('lose')} {plural(e.get('lost', 0), 'token')}"
    return text


def _mime(e: Event, t: Teller) -> str:
    if e.get("kept"):
        return f"{t.whose()} {t.v('keep')} {e['power']}"
    return (
        f"{t.whose()} {t.v('take')} {e['power']} from combo {e['slot']}, leaving {e['gave']} there"
    )


def _ring(e: Event, t: Teller) -> str:
    paid = [t.name(seat) for seat in e.get("paid", [])]
    ring = "the Bag as Froggy's Ring" if e.get("piece") == "bag" else "Froggy's Ring"
    text = f"{t.who()} {t.v('puts')} {ring} in {e['region']}"
    if paid:
        each = plural(e.get("each", 1), "coin")
        return f"{text}: {and_list(paid)} {t.v('pay')} {each} each"
    return f"{text}: no one {t.v('pays')}"


def _pay(e: Event, t: Teller) -> str:
    why = f" ({e['why']})" if e.get("why") else ""
    return f"{t.who()} {t.v('pays')} {t.who('to')} {plural(e['coins'], 'coin')}{why}"


def _steal(e: Event, t: Teller) -> str:
    if e.get("coins"):
        return f"{t.whose()} {t.v('steal')} {plural(e['coins'], 'coin')} from {t.who('victim')}"
    return f"{t.whose()} {t.v('find')} nothing to steal from {t.who('victim')}"


def _discover(e: Event, t: Teller) -> str:
    found = treasures()[e["treasure"]]
    sort = "Righteous Relic" if found.relic else "Popular Place"
    return f"{t.whose()} {t.v('discover')} {found.name} (a {sort}) in {e['region']}"


def _river(e: Event, t: Teller) -> str:
    n = e["tokens"]
    leave = t.v("leaves" if n == 1 else "leave")
    return f"{t.whose()}: {plural(n, 'token')} {leave} the River to be redeployed"


#: The sentence that tells each Underground event, by event kind (``underground_sentence``).
SENTENCES: dict[str, Callable[[Event, Teller], str]] = {
    "discover": _discover,
    "river": _river,
    "volcano": lambda e, t: f"{t.whose()} {t.v('put')} the Volcano on {e['region']}",
    "ancient": lambda e, t: f"{t.whose()} {t.v('put')} the Great Ancient in {e['region']}",
    "mime": _mime,
    "hammers_gained": lambda e, t: (
        f"{t.whose()} {t.v('forge')} {plural(e['hammers'], 'Silver Hammer')}"
    ),
    "hammers_ready": lambda e, t: (
        f"{t.whose()} {t.v('take')} up {plural(e['hammers'], 'Silver Hammer')} to conquer"
    ),
    "pay": _pay,
    "steal": _steal,
    "martyr": lambda e, t: (
        f"{t.whose()} {t.v('fall')} in {e['region']}: "
        f"{t.who()} {t.v('gets')} {plural(e['coins'], 'coin')}"
    ),
    "vanishing": lambda e, t: (
        f"{t.whose()} {t.v('vanish')} from {plural(len(e['regions']), 'region')}, "
        f"worth {plural(e['coins'], 'coin')}"
    ),
    "vengeance": lambda e, t: (
        f"{t.who('to')} {t.v('gets')} a Vengeance marker from {t.whose()} (region {e['region']})"
    ),
    "vengeance_back": lambda e, t: f"{t.whose()} {t.v('take')} their Vengeance markers back",
    "queen": lambda e, t: f"{t.whose()} {t.v('put')} the Queen in {e['region']}",
    "armor": lambda e, t: (
        f"{t.whose()} {t.v('gain')} {plural(e['pieces'], 'Mushroom Armor')} to place"
    ),
    "reborn": lambda e, t: (
        f"{t.who()}'s {e['reborn']} {t.v('are')} reborn as {e['race']} in {e['region']}"
    ),
    "tomb": lambda e, t: f"{t.whose()} {t.v('keep')} every token on the map as they decline",
    "vampire": lambda e, t: t.taken("bite"),
    "orb": lambda e, t: t.taken("use", "the Shiny Orb on "),
    "sword": lambda e, t: t.taken("use", "the Sword to conquer "),
    "socks": lambda e, t: t.taken("use", "the Stinky Socks to conquer "),
    "doormat": lambda e, t: t.taken("fly", "the Doormat to "),
    "balrog": _balrog,
    "balrog_stays": lambda e, t: f"The Balrog {t.v('finds')} no region to enter",
    "ghost": lambda e, t: f"{t.who()} {t.v('puts')} the Ghost in {e['region']}",
    "altar": lambda e, t: (
        f"{t.whose()} {t.v('give')} a token in {e['region']} to the Altar of Souls "
        f"for {plural(e['coins'], 'coin')}"
    ),
    "fountain": lambda e, t: (
        f"{t.whose()} {t.v('drink')} from the Fountain of Youth: +{plural(e['tokens'], 'token')}"
    ),
    "stonehedge": lambda e, t: f"The Stonehedge in {e['region']} {t.v('grants')} {e['power']}",
    "forgo": lambda e, t: f"{t.who()} {t.v('forgoes')} {thing(e['place'])} for this turn",
    "bag": lambda e, t: (
        f"{t.who()}'s Bag-o'-Many-Things {t.v('becomes')} {thing(e['relic'])} in {e['region']}"
    ),
    "relic": lambda e, t: f"{t.whose()}: {thing(e['piece'])} {t.v('now in')} {e['region']}",
    "scepter": lambda e, t: (
        f"{t.who()} {t.v('puts')} {thing(e.get('piece', 'scepter'))} in {e['region']}"
    ),
    "ring": _ring,
    # Setup on the surface (team play, Places and Relics on the surface): a seat puts Monsters
    # on a Lost Tribe region before the first turn.
    "monsters": lambda e, t: (
        f"{t.who()} {t.v('puts')} {plural(e['monsters'], 'Monster')} in {e['region']}"
    ),
}

#: Team play's pieces tell their events too.
SENTENCES.update(TEAM_SENTENCES)
