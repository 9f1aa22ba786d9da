"""Turn events and game facts as short sentences for channel messages.

Only public facts are told here: coin totals never appear, and a player's scoring is told
only when the game was created with open scores.
"""

from __future__ import annotations

from typing import Any

from engine.core.board import mapdef
from engine.core.scoring import scored_terms
from engine.core.state import GameState, RaceState
from engine.core.view import visible_events
from engine.core.words import and_list
from engine.rulesets.monsters import monsters_each
from engine.text.names import combo, race, terrain
from engine.text.narration import thing, underground_sentence
from engine.text.seats import seat_names
from engine.text.sums import score_sum
from lang import ntr, tr


def _name(names: list[str], seat: int | None) -> str:
    if seat is None or seat < 0:
        return tr("the Lost Tribes")
    return names[seat]


def describe_event(s: GameState, e: dict[str, Any]) -> str | None:
    """One line for an event, or None for bookkeeping events (turn starts, game over).

    Callers pass only events the reader may see (``engine.core.view.visible_events``).
    """
    kind = e["kind"]
    # Every name a line prints comes from this one list (``engine.text.seats``): in a team
    # game each carries its seat, whichever sentence prints it.
    names = seat_names(s)
    who = _name(names, e.get("seat"))
    m = mapdef(s)
    the_race = race(e.get("race", ""))

    def where(rid: int) -> str:
        return tr("{region} ({terrain})", region=rid, terrain=terrain(m.regions[rid].terrain))

    if kind == "pick":
        return _picked(who, e)
    if kind in ("conquer", "dragon", "enchant"):
        return _taken(s, names, who, e, where(e["region"]))
    if kind == "roll":
        rolled = {"who": who, "die": e["die"], "region": where(e["region"])}
        if e["success"]:
            return tr("{who} rolled {die} on the final conquest of {region} and made it.", **rolled)
        return tr("{who} rolled {die} on the final conquest of {region} and fell short.", **rolled)
    if kind == "berserk":
        return tr("{who} rolled {die} before attacking.", who=who, die=e["die"])
    if kind == "abandon":
        return tr("{who} abandoned {region}.", who=who, region=where(e["region"]))
    if kind == "decline":
        return tr("{who}'s {race} went into decline.", who=who, race=the_race)
    if kind == "vanish":
        return tr("{who}'s {race} left the board.", who=who, race=the_race)
    if kind == "grow":
        return ntr(
            "{who}'s {race} raised {n} more token.",
            "{who}'s {race} raised {n} more tokens.",
            e["tokens"],
            who=who,
            race=the_race,
        )
    if kind == "fortify":
        return tr("{who} built a Fortress in {region}.", who=who, region=where(e["region"]))
    if kind == "peace":
        return tr("{who} made peace with {ally}.", who=who, ally=_name(names, e["ally"]))
    if kind == "score":
        # A score event is among the events shown only to whom may see its coins (its
        # player, everyone with open scores or once the game is over): so is its sum.
        added = score_line(e)
        if added:
            return ntr(
                "{who} scored {n} coin: {sum}.",
                "{who} scored {n} coins: {sum}.",
                e["coins"],
                who=who,
                sum=added,
            )
        return ntr("{who} scored {n} coin.", "{who} scored {n} coins.", e["coins"], who=who)
    if kind == "ready":
        return _readied(who, the_race, e)
    if kind in ("placed", "return", "spread"):
        places = and_list([where(rid) for rid in e["regions"]])
        return _left_over(kind, who, the_race, e, places)
    # The Underground's races, powers, Relics and Places tell their own events (the engine's
    # sentences: transfers of coins, never a balance).
    told = underground_sentence(e, names, past=True)
    return f"{told}." if told else None


def score_line(e: dict[str, Any]) -> str:
    """A ``score`` event's coins as the rules add them up (``7 = 5 regions + 1 Forest + 1
    Humans``), or nothing for an event recorded before its terms were. Only for a reader who
    may see the event's coins (``engine.core.view.visible_events``)."""
    terms = scored_terms(e)
    return score_sum(terms) if terms else ""


def _picked(who: str, e: dict[str, Any]) -> str:
    """``X picked Forest Elves, paying 2 and taking the 1 coin on it.``"""
    fields = {"who": who, "combo": combo(e["race"], e["power"]), "paid": e["paid"]}
    if e["paid"] and e["took"]:
        return ntr(
            "{who} picked **{combo}**, paying {paid} and taking the {n} coin on it.",
            "{who} picked **{combo}**, paying {paid} and taking the {n} coins on it.",
            e["took"],
            **fields,
        )
    if e["took"]:
        return ntr(
            "{who} picked **{combo}**, taking the {n} coin on it.",
            "{who} picked **{combo}**, taking the {n} coins on it.",
            e["took"],
            **fields,
        )
    if e["paid"]:
        return tr("{who} picked **{combo}**, paying {paid}.", **fields)
    return tr("{who} picked **{combo}**.", **fields)


def _taken(s: GameState, names: list[str], who: str, e: dict[str, Any], region: str) -> str:
    """A region taken (by conquest, the Dragon or an enchantment): from whom, with what."""
    kind = e["kind"]
    fields = {"who": who, "race": race(e["race"]), "region": region}
    if kind == "dragon":
        text = tr("{who}'s {race} sent the Dragon into {region}", **fields)
    elif kind == "enchant":
        text = tr("{who}'s {race} enchanted {region}", **fields)
    elif e.get("tokens"):
        text = ntr(
            "{who}'s {race} took {region} with {n} token",
            "{who}'s {race} took {region} with {n} tokens",
            e["tokens"],
            **fields,
        )
    else:
        text = tr("{who}'s {race} took {region}", **fields)
    if e.get("defender"):
        owner = e.get("defender_seat")
        if owner is None and e["defender"] in s.races:  # events stored before the seat
            owner = s.races[e["defender"]].owner
        them = {"owner": _name(names, owner), "defender": race(e["defender"])}
        if e.get("lost"):
            text += tr(" from {owner}'s {defender}, {lost} lost", lost=e["lost"], **them)
        else:
            text += tr(" from {owner}'s {defender}", **them)
    elif e.get("lost_tribe"):
        text += tr(" from a Lost Tribe")
    if e.get("treasures"):
        # A Relic or Place passes with its region: say what changed hands with it.
        things = and_list([thing(k) for k in e["treasures"]])
        text += tr(", and {things} with it", things=things)
    return text + "."


def _readied(who: str, the_race: str, e: dict[str, Any]) -> str:
    """The engine readies the troops at the start of the turn: one token stays per region."""
    fields = {"who": who, "race": the_race, "hand": e["hand"]}
    if not e["tokens"]:
        return ntr(
            "{who}'s {race} have {n} token in hand to conquer.",
            "{who}'s {race} have {n} tokens in hand to conquer.",
            e["hand"],
            **fields,
        )
    if e["hand"] != e["tokens"]:
        return ntr(
            "{who}'s {race} picked up {n} token to conquer with, leaving one in each region "
            "({hand} in hand in all).",
            "{who}'s {race} picked up {n} tokens to conquer with, leaving one in each region "
            "({hand} in hand in all).",
            e["tokens"],
            **fields,
        )
    return ntr(
        "{who}'s {race} picked up {n} token to conquer with, leaving one in each region.",
        "{who}'s {race} picked up {n} tokens to conquer with, leaving one in each region.",
        e["tokens"],
        **fields,
    )


def _left_over(kind: str, who: str, the_race: str, e: dict[str, Any], places: str) -> str:
    """Pieces and tokens the engine placed for the player at the end of a redeployment."""
    fields = {"who": who, "race": the_race, "places": places}
    if kind == "placed":
        # Heroes or Encampments the player left unplaced at the end of their redeployment.
        n = len(e["regions"])
        if e["piece"] == "hero":
            return ntr(
                "{who}'s {race}: {n} Hero left unplaced went to {places}.",
                "{who}'s {race}: {n} Heroes left unplaced went to {places}.",
                n,
                **fields,
            )
        return ntr(
            "{who}'s {race}: {n} Encampment left unplaced went to {places}.",
            "{who}'s {race}: {n} Encampments left unplaced went to {places}.",
            n,
            **fields,
        )
    # Tokens still in hand when a redeployment ends: back where they were readied from
    # ("return"), the rest onto the weakest regions ("spread").
    if kind == "return":
        return ntr(
            "{who}'s {race}: {n} leftover token went back to {places}.",
            "{who}'s {race}: {n} leftover tokens went back to {places}.",
            e["tokens"],
            **fields,
        )
    return ntr(
        "{who}'s {race}: {n} token left in hand was spread over {places}.",
        "{who}'s {race}: {n} tokens left in hand were spread over {places}.",
        e["tokens"],
        **fields,
    )


def owed_pieces(race: RaceState) -> str:
    """What a race driven out in another player's turn has to place: its tokens in hand and
    the Encampments it got back ("2 tokens", "1 Encampment", "2 tokens and 1 Encampment")."""
    tokens = ntr("{n} token", "{n} tokens", race.hand)
    if not race.camps_free:
        return tokens
    camps = ntr("{n} Encampment", "{n} Encampments", race.camps_free)
    if not race.hand:
        return camps
    return tr("{tokens} and {camps}", tokens=tokens, camps=camps)


def summary(s: GameState, events: list[dict[str, Any]]) -> str:
    """The public events of a finished turn as a bulleted list.

    Scores are private unless the game has open scores (the engine decides, in
    ``visible_events``); a public channel never gets more than the public view.
    """
    told = [f"• {line}" for line in told_lines(s, events)]
    return "\n".join(told) if told else tr("• No conquest and no change on the board.")


def told_lines(s: GameState, events: list[dict[str, Any]]) -> list[str]:
    """The public events among ``events``, one sentence each (bookkeeping left out)."""
    lines = [describe_event(s, e) for e in visible_events(s, events)]
    return [line for line in lines if line]


def one_monster(s: GameState) -> bool:
    """Whether each seat places one Monster, not several (the rule set that lays the board out
    says how many: ``engine.rulesets.monsters.monsters_each``)."""
    return monsters_each(s) == 1


def combo_line(c: dict[str, Any]) -> str:
    """A combo for sale, in the combos panel's list (``c`` from the public view's market)."""
    fields = {
        "slot": c["slot"],
        "combo": combo(c["race"], c["power"]),
        "tokens": c["tokens"],
        "cost": c["slot"] - 1,
        "coins": c["coins"],
    }
    if c["coins"]:
        return tr(
            "`{slot}` **{combo}** · {tokens} tokens · costs {cost} · {coins} coins on it", **fields
        )
    return tr("`{slot}` **{combo}** · {tokens} tokens · costs {cost}", **fields)
