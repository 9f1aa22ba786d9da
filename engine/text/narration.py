"""Sentences for the public events of the Underground races, powers, Relics and Places.

``cli.describe_event`` tells the base game's events itself and asks ``underground_sentence``
for these; any event neither knows falls back to its generic line. Coin transfers are told as
transfers (who paid whom), never as a balance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.content import treasures
from engine.core.markers import MARKER_NAMES
from engine.core.words import and_list, plural

Event = dict[str, Any]


def thing(key: str) -> str:
    """A Relic, Place or piece by its marker key, as printed ("the Shiny Orb")."""
    found = treasures().get(key)
    if found is not None:
        # "Froggy's Ring" takes no article; "the Shiny Orb" does.
        return found.name if "'s " in found.name.split()[0] + " " else f"the {found.name}"
    if key == "bag":
        return "the Bag-o'-Many-Things"
    return MARKER_NAMES.get(key, key)


#: The past tense of the verbs the sentences use, for readers told after the fact (the bot's
#: turn summaries). Present forms are written as the sentence needs them ("discover" for a
#: race, "puts" for a player); every one maps to its past form here.
PAST: dict[str, str] = {
    "become": "became", "becomes": "became", "bite": "bit", "drink": "drank", "fall": "fell",
    "find": "found", "finds": "found", "fly": "flew", "forge": "forged", "forgoes": "forwent",
    "gain": "gained",
    "get": "got", "gets": "got", "give": "gave", "grants": "granted", "keep": "kept",
    "leave": "left", "leaves": "left", "lose": "lost", "now in": "moved to",
    "pay": "paid", "pays": "paid", "put": "put", "puts": "put", "are": "were",
    "sends": "sent", "steal": "stole", "take": "took", "use": "used", "vanish": "vanished",
    "discover": "discovered", "now holds": "now held",
    "moves": "moved", "stays": "stayed", "gives": "gave",
    "swaps": "swapped", "collects": "collected", "waits": "waited",
}  # fmt: skip


class Teller:
    """Names for the fields of one event: seats as player names, the acting race, takings.

    ``past`` tells the event after the fact ("discovered"), as a turn summary does; the
    terminal tells each event as it happens ("discover").
    """

    def __init__(self, e: Event, names: Sequence[str], past: bool = False) -> None:
        self.e = e
        self.names = names
        self.past = past

    def v(self, verb: str) -> str:
        """A verb in the tense of this telling."""
        return PAST[verb] if self.past else verb

    def who(self, key: str = "seat") -> str:
        """The player named by a seat field."""
        return self.name(self.e.get(key))

    def name(self, seat: object) -> str:
        """A seat number as the player's name."""
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return str(self.names[seat])
        return "?"

    def whose(self) -> str:
        """``P1's Drow``: the player and the race the event is about."""
        race = self.e.get("race")
        return f"{self.who()}'s {race}" if race else self.who()

    def taken(self, verb: str, how: str = "") -> str:
        """A conquest by a Relic or power: what was taken, with how many, from whom.

        ``how`` sits between the verb and the region ("the Sword to conquer ").
        """
        e = self.e
        text = (
            f"{self.whose()} {self.v(verb)} {how}{e['region']} "
            f"with {plural(e.get('tokens', 1), 'token')}"
        )
        if e.get("defender"):
            owner = f"{self.who('defender_seat')}'s " if e.get("defender_seat") is not None else ""
            lost = f"lost {plural(e['lost'], 'token')}" if e.get("lost") else "no token lost"
            text += f" from {owner}{e['defender']} ({lost})"
        elif e.get("monsters"):
            text += " from the Monsters"
        return text


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


def _soapbar(e: Event, t: Teller) -> str:
    if e.get("stays"):
        return f"{t.whose()}: the Golden Soapbar {t.v('stays')} in {e['region']} (nowhere to go)"
    return f"{t.whose()} {t.v('moves')} the Golden Soapbar from {e['source']} to {e['region']}"


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
    # Team play's pieces (``engine.rulesets.teams``).
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
}


def _team_sentences() -> None:
    """Team play's pieces tell their events too (their modules name the rule set's pieces)."""
    from .teams_sigil import SIGIL_SENTENCES

    SENTENCES.update(SIGIL_SENTENCES)


_team_sentences()
