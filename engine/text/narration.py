"""Sentences for the public events of the Underground races, powers, Relics and Places, and
of team play's pieces (``teams``).

``cli.describe_event`` tells the base game's events itself and asks ``underground_sentence``
for these; any event neither knows falls back to its generic line. Coin transfers are told as
transfers (who paid whom), never as a balance.

Every sentence is a catalog message in two tenses (``telling``): ``tr`` as it happens,
``ptr("past", ...)`` after the fact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.content import treasures
from engine.core.words import and_list
from lang import ntr, ptr, tr

from . import names as named
from .teams import TEAM_SENTENCES
from .telling import Event, Teller, coins, thing, tokens

__all__ = ["SENTENCES", "Event", "Teller", "thing", "underground_sentence"]


def underground_sentence(e: Event, names: Sequence[str], *, past: bool = False) -> str | None:
    """The sentence of an Underground event kind, or None for a kind this module does not tell.

    ``names``: each seat's name as a sentence prints it (``seats.seat_names``). ``past``
    tells it after the fact ("discovered" rather than "discover").
    """
    kind = str(e.get("kind"))
    t = Teller(e, names, past)
    if kind == "ghost" and e.get("region") is None and e.get("left") is not None:
        # [SWU p.14] Taking the Crypt: "the Ghost immediately leaves the Region it was
        # protecting, and falls under the control of the conquering player".
        f = t.fields(left=e["left"])
        return t.say(
            tr("The Ghost leaves {left}: {who} now holds the Crypt", **f),
            ptr("past", "The Ghost left {left}: {who} now held the Crypt", **f),
        )
    tell = SENTENCES.get(kind)
    if tell is None or any(e.get(k, "") is None for k in _NEEDED):
        # An unknown kind, or fields missing: the generic line tells what there is.
        return None
    return tell(e, t)


#: Fields that, when present, a sentence prints: None there means the event is not one the
#: sentence was written for.
_NEEDED = ("region", "regions", "power", "relic", "piece", "race", "coins", "tokens")


def _balrog(e: Event, t: Teller) -> str:
    if not e.get("defender"):
        f = t.fields()
        return t.say(
            tr("{who} sends the Balrog into {region}", **f),
            ptr("past", "{who} sent the Balrog into {region}", **f),
        )
    f = t.fields(defender=t.race("defender"), tokens=tokens(e.get("lost", 0)))
    if e.get("defender_seat") is None:
        return t.say(
            tr("{who} sends the Balrog into {region}: {defender} lose {tokens}", **f),
            ptr("past", "{who} sent the Balrog into {region}: {defender} lost {tokens}", **f),
        )
    f["owner"] = t.who("defender_seat")
    return t.say(
        tr("{who} sends the Balrog into {region}: {owner}'s {defender} lose {tokens}", **f),
        ptr(
            "past",
            "{who} sent the Balrog into {region}: {owner}'s {defender} lost {tokens}",
            **f,
        ),
    )


def _mime(e: Event, t: Teller) -> str:
    f = t.fields(power=named.power(e["power"]))
    if e.get("kept"):
        return t.say(
            tr("{who}'s {race} keep {power}", **f),
            ptr("past", "{who}'s {race} kept {power}", **f),
        )
    f.update(slot=e["slot"], gave=named.power(e["gave"]))
    return t.say(
        tr("{who}'s {race} take {power} from combo {slot}, leaving {gave} there", **f),
        ptr("past", "{who}'s {race} took {power} from combo {slot}, leaving {gave} there", **f),
    )


def _ring(e: Event, t: Teller) -> str:
    paid = [t.name(seat) for seat in e.get("paid", [])]
    bag = e.get("piece") == "bag"
    f = t.fields(ring=tr("the Bag as Froggy's Ring") if bag else named.the_treasure("ring"))
    if not paid:
        return t.say(
            tr("{who} puts {ring} in {region}: no one pays", **f),
            ptr("past", "{who} put {ring} in {region}: no one paid", **f),
        )
    f.update(payers=and_list(paid), coins=coins(e.get("each", 1)))
    # The count is of the players who pay: "Bob pays", "Bob and Cid pay".
    return t.say(
        ntr(
            "{who} puts {ring} in {region}: {payers} pay {coins} each",
            "{who} puts {ring} in {region}: {payers} pay {coins} each",
            len(paid),
            **f,
        ),
        ntr(
            "{who} put {ring} in {region}: {payers} paid {coins} each",
            "{who} put {ring} in {region}: {payers} paid {coins} each",
            len(paid),
            **f,
        ),
    )


def _pay(e: Event, t: Teller) -> str:
    f = t.fields(to=t.who("to"), coins=coins(e["coins"]))
    if e.get("why"):
        f["why"] = named.race(e["why"])
        return t.say(
            tr("{who} pays {to} {coins} ({why})", **f),
            ptr("past", "{who} paid {to} {coins} ({why})", **f),
        )
    return t.say(tr("{who} pays {to} {coins}", **f), ptr("past", "{who} paid {to} {coins}", **f))


def _steal(e: Event, t: Teller) -> str:
    f = t.fields(victim=t.who("victim"))
    if e.get("coins"):
        f["coins"] = coins(e["coins"])
        return t.say(
            tr("{who}'s {race} steal {coins} from {victim}", **f),
            ptr("past", "{who}'s {race} stole {coins} from {victim}", **f),
        )
    return t.say(
        tr("{who}'s {race} find nothing to steal from {victim}", **f),
        ptr("past", "{who}'s {race} found nothing to steal from {victim}", **f),
    )


def _discover(e: Event, t: Teller) -> str:
    f = t.fields(treasure=named.treasure(e["treasure"]))
    if treasures()[e["treasure"]].relic:
        return t.say(
            tr("{who}'s {race} discover {treasure} (a Righteous Relic) in {region}", **f),
            ptr(
                "past", "{who}'s {race} discovered {treasure} (a Righteous Relic) in {region}", **f
            ),
        )
    return t.say(
        tr("{who}'s {race} discover {treasure} (a Popular Place) in {region}", **f),
        ptr("past", "{who}'s {race} discovered {treasure} (a Popular Place) in {region}", **f),
    )


def _river(e: Event, t: Teller) -> str:
    n, f = e["tokens"], t.fields()
    return t.say(
        ntr(
            "{who}'s {race}: {n} token leaves the River to be redeployed",
            "{who}'s {race}: {n} tokens leave the River to be redeployed",
            n,
            **f,
        ),
        ntr(
            "{who}'s {race}: {n} token left the River to be redeployed",
            "{who}'s {race}: {n} tokens left the River to be redeployed",
            n,
            **f,
        ),
    )


def _volcano(e: Event, t: Teller) -> str:
    f = t.fields()
    return t.say(
        tr("{who}'s {race} put the Volcano on {region}", **f),
        ptr("past", "{who}'s {race} put the Volcano on {region}", **f),
    )


def _ancient(e: Event, t: Teller) -> str:
    f = t.fields()
    return t.say(
        tr("{who}'s {race} put the Great Ancient in {region}", **f),
        ptr("past", "{who}'s {race} put the Great Ancient in {region}", **f),
    )


def _hammers_gained(e: Event, t: Teller) -> str:
    n, f = e["hammers"], t.fields()
    return t.say(
        ntr(
            "{who}'s {race} forge {n} Silver Hammer",
            "{who}'s {race} forge {n} Silver Hammers",
            n,
            **f,
        ),
        ntr(
            "{who}'s {race} forged {n} Silver Hammer",
            "{who}'s {race} forged {n} Silver Hammers",
            n,
            **f,
        ),
    )


def _hammers_ready(e: Event, t: Teller) -> str:
    n, f = e["hammers"], t.fields()
    return t.say(
        ntr(
            "{who}'s {race} take up {n} Silver Hammer to conquer",
            "{who}'s {race} take up {n} Silver Hammers to conquer",
            n,
            **f,
        ),
        ntr(
            "{who}'s {race} took up {n} Silver Hammer to conquer",
            "{who}'s {race} took up {n} Silver Hammers to conquer",
            n,
            **f,
        ),
    )


def _martyr(e: Event, t: Teller) -> str:
    f = t.fields(coins=coins(e["coins"]))
    return t.say(
        tr("{who}'s {race} fall in {region}: {who} gets {coins}", **f),
        ptr("past", "{who}'s {race} fell in {region}: {who} got {coins}", **f),
    )


def _vanishing(e: Event, t: Teller) -> str:
    n, f = len(e["regions"]), t.fields(coins=coins(e["coins"]))
    return t.say(
        ntr(
            "{who}'s {race} vanish from {n} region, worth {coins}",
            "{who}'s {race} vanish from {n} regions, worth {coins}",
            n,
            **f,
        ),
        ntr(
            "{who}'s {race} vanished from {n} region, worth {coins}",
            "{who}'s {race} vanished from {n} regions, worth {coins}",
            n,
            **f,
        ),
    )


def _vengeance(e: Event, t: Teller) -> str:
    f = t.fields(to=t.who("to"))
    return t.say(
        tr("{to} gets a Vengeance marker from {who}'s {race} (region {region})", **f),
        ptr("past", "{to} got a Vengeance marker from {who}'s {race} (region {region})", **f),
    )


def _vengeance_back(e: Event, t: Teller) -> str:
    f = t.fields()
    return t.say(
        tr("{who}'s {race} take their Vengeance markers back", **f),
        ptr("past", "{who}'s {race} took their Vengeance markers back", **f),
    )


def _queen(e: Event, t: Teller) -> str:
    f = t.fields()
    return t.say(
        tr("{who}'s {race} put the Queen in {region}", **f),
        ptr("past", "{who}'s {race} put the Queen in {region}", **f),
    )


def _armor(e: Event, t: Teller) -> str:
    n, f = e["pieces"], t.fields()
    return t.say(
        ntr(
            "{who}'s {race} gain {n} Mushroom Armor to place",
            "{who}'s {race} gain {n} Mushroom Armors to place",
            n,
            **f,
        ),
        ntr(
            "{who}'s {race} gained {n} Mushroom Armor to place",
            "{who}'s {race} gained {n} Mushroom Armors to place",
            n,
            **f,
        ),
    )


def _reborn(e: Event, t: Teller) -> str:
    f = t.fields(reborn=t.race("reborn"))
    return t.say(
        tr("{who}'s {reborn} are reborn as {race} in {region}", **f),
        ptr("past", "{who}'s {reborn} were reborn as {race} in {region}", **f),
    )


def _tomb(e: Event, t: Teller) -> str:
    f = t.fields()
    return t.say(
        tr("{who}'s {race} keep every token on the map as they decline", **f),
        ptr("past", "{who}'s {race} kept every token on the map as they decline", **f),
    )


def _vampire(e: Event, t: Teller) -> str:
    f = t.taking()
    return t.say(
        tr("{who}'s {race} bite {region} with {tokens}{source}", **f),
        ptr("past", "{who}'s {race} bit {region} with {tokens}{source}", **f),
    )


def _orb(e: Event, t: Teller) -> str:
    f = t.taking()
    return t.say(
        tr("{who}'s {race} use the Shiny Orb on {region} with {tokens}{source}", **f),
        ptr("past", "{who}'s {race} used the Shiny Orb on {region} with {tokens}{source}", **f),
    )


def _sword(e: Event, t: Teller) -> str:
    f = t.taking()
    return t.say(
        tr("{who}'s {race} use the Sword to conquer {region} with {tokens}{source}", **f),
        ptr(
            "past",
            "{who}'s {race} used the Sword to conquer {region} with {tokens}{source}",
            **f,
        ),
    )


def _socks(e: Event, t: Teller) -> str:
    f = t.taking()
    return t.say(
        tr("{who}'s {race} use the Stinky Socks to conquer {region} with {tokens}{source}", **f),
        ptr(
            "past",
            "{who}'s {race} used the Stinky Socks to conquer {region} with {tokens}{source}",
            **f,
        ),
    )


def _doormat(e: Event, t: Teller) -> str:
    f = t.taking()
    return t.say(
        tr("{who}'s {race} fly the Doormat to {region} with {tokens}{source}", **f),
        ptr("past", "{who}'s {race} flew the Doormat to {region} with {tokens}{source}", **f),
    )


def _balrog_stays(e: Event, t: Teller) -> str:
    return t.say(
        tr("The Balrog finds no region to enter"),
        ptr("past", "The Balrog found no region to enter"),
    )


def _ghost(e: Event, t: Teller) -> str:
    f = t.fields()
    return t.say(
        tr("{who} puts the Ghost in {region}", **f),
        ptr("past", "{who} put the Ghost in {region}", **f),
    )


def _altar(e: Event, t: Teller) -> str:
    f = t.fields(coins=coins(e["coins"]))
    return t.say(
        tr("{who}'s {race} give a token in {region} to the Altar of Souls for {coins}", **f),
        ptr(
            "past", "{who}'s {race} gave a token in {region} to the Altar of Souls for {coins}", **f
        ),
    )


def _fountain(e: Event, t: Teller) -> str:
    f = t.fields(tokens=tokens(e["tokens"]))
    return t.say(
        tr("{who}'s {race} drink from the Fountain of Youth: +{tokens}", **f),
        ptr("past", "{who}'s {race} drank from the Fountain of Youth: +{tokens}", **f),
    )


def _stonehedge(e: Event, t: Teller) -> str:
    f = t.fields(power=named.power(e["power"]))
    return t.say(
        tr("The Stonehedge in {region} grants {power}", **f),
        ptr("past", "The Stonehedge in {region} granted {power}", **f),
    )


def _forgo(e: Event, t: Teller) -> str:
    f = t.fields(place=thing(e["place"]))
    return t.say(
        tr("{who} forgoes {place} for this turn", **f),
        ptr("past", "{who} forwent {place} for this turn", **f),
    )


def _bag(e: Event, t: Teller) -> str:
    f = t.fields(relic=thing(e["relic"]))
    return t.say(
        tr("{who}'s Bag-o'-Many-Things becomes {relic} in {region}", **f),
        ptr("past", "{who}'s Bag-o'-Many-Things became {relic} in {region}", **f),
    )


def _relic(e: Event, t: Teller) -> str:
    f = t.fields(piece=thing(e["piece"]))
    return t.say(
        tr("{who}'s {race}: {piece} now in {region}", **f),
        ptr("past", "{who}'s {race}: {piece} moved to {region}", **f),
    )


def _scepter(e: Event, t: Teller) -> str:
    f = t.fields(piece=thing(e.get("piece", "scepter")))
    return t.say(
        tr("{who} puts {piece} in {region}", **f),
        ptr("past", "{who} put {piece} in {region}", **f),
    )


def _monsters(e: Event, t: Teller) -> str:
    # Setup on the surface (team play, Places and Relics on the surface): a seat puts Monsters
    # on a Lost Tribe region before the first turn.
    n, f = e["monsters"], t.fields()
    return t.say(
        ntr("{who} puts {n} Monster in {region}", "{who} puts {n} Monsters in {region}", n, **f),
        ntr("{who} put {n} Monster in {region}", "{who} put {n} Monsters in {region}", n, **f),
    )


#: The sentence that tells each Underground event, by event kind (``underground_sentence``).
SENTENCES: dict[str, Callable[[Event, Teller], str]] = {
    "discover": _discover,
    "river": _river,
    "volcano": _volcano,
    "ancient": _ancient,
    "mime": _mime,
    "hammers_gained": _hammers_gained,
    "hammers_ready": _hammers_ready,
    "pay": _pay,
    "steal": _steal,
    "martyr": _martyr,
    "vanishing": _vanishing,
    "vengeance": _vengeance,
    "vengeance_back": _vengeance_back,
    "queen": _queen,
    "armor": _armor,
    "reborn": _reborn,
    "tomb": _tomb,
    "vampire": _vampire,
    "orb": _orb,
    "sword": _sword,
    "socks": _socks,
    "doormat": _doormat,
    "balrog": _balrog,
    "balrog_stays": _balrog_stays,
    "ghost": _ghost,
    "altar": _altar,
    "fountain": _fountain,
    "stonehedge": _stonehedge,
    "forgo": _forgo,
    "bag": _bag,
    "relic": _relic,
    "scepter": _scepter,
    "ring": _ring,
    "monsters": _monsters,
}

#: Team play's pieces tell their events too.
SENTENCES.update(TEAM_SENTENCES)
