"""Turn events and game facts as short sentences for channel messages.

Only public facts are told here: coin totals never appear, and a player's scoring is told
only when the game was created with open scores.
"""

from __future__ import annotations

from typing import Any

from engine.core.board import mapdef
from engine.core.state import GameState, RaceState
from engine.core.view import visible_events
from engine.core.words import and_list, plural
from engine.rulesets.monsters import monsters_each
from engine.text.narration import thing, underground_sentence

from .teams import who


def _name(s: GameState, seat: int | None) -> str:
    if seat is None or seat < 0:
        return "the Lost Tribes"
    return who(s, seat)


def describe_event(s: GameState, e: dict[str, Any]) -> str | None:
    """One line for an event, or None for bookkeeping events (turn starts, game over).

    Callers pass only events the reader may see (``engine.core.view.visible_events``).
    """
    kind = e["kind"]
    who = _name(s, e.get("seat"))
    m = mapdef(s)

    def where(rid: int) -> str:
        return f"{rid} ({m.regions[rid].terrain})"

    if kind == "pick":
        paid = f", paying {e['paid']}" if e["paid"] else ""
        # "picked X, paying 2 and taking the 1 coin on it" / "picked X, taking the 1 coin on it"
        joint = " and" if paid else ","
        took = f"{joint} taking the {plural(e['took'], 'coin')} on it" if e["took"] else ""
        return f"{who} picked **{e['power']} {e['race']}**{paid}{took}."
    if kind in ("conquer", "dragon", "enchant"):
        how = {"conquer": "took", "dragon": "sent the Dragon into", "enchant": "enchanted"}[kind]
        text = f"{who}'s {e['race']} {how} {where(e['region'])}"
        if kind == "conquer" and e.get("tokens"):
            text += f" with {plural(e['tokens'], 'token')}"
        if e.get("defender"):
            owner = e.get("defender_seat")
            if owner is None and e["defender"] in s.races:  # events stored before the seat
                owner = s.races[e["defender"]].owner
            lost = f", {e['lost']} lost" if e.get("lost") else ""
            text += f" from {_name(s, owner)}'s {e['defender']}{lost}"
        elif e.get("lost_tribe"):
            text += " from a Lost Tribe"
        if e.get("treasures"):
            # A Relic or Place passes with its region: say what changed hands with it.
            text += f", and {and_list([thing(k) for k in e['treasures']])} with it"
        return text + "."
    if kind == "roll":
        result = "and made it" if e["success"] else "and fell short"
        return f"{who} rolled {e['die']} on the final conquest of {where(e['region'])} {result}."
    if kind == "berserk":
        return f"{who} rolled {e['die']} before attacking."
    if kind == "abandon":
        return f"{who} abandoned {where(e['region'])}."
    if kind == "decline":
        return f"{who}'s {e['race']} went into decline."
    if kind == "vanish":
        return f"{who}'s {e['race']} left the board."
    if kind == "grow":
        return f"{who}'s {e['race']} raised {plural(e['tokens'], 'more token')}."
    if kind == "fortify":
        return f"{who} built a Fortress in {where(e['region'])}."
    if kind == "peace":
        return f"{who} made peace with {_name(s, e['ally'])}."
    if kind == "score":
        return f"{who} scored {plural(e['coins'], 'coin')}."
    if kind == "ready":
        # The engine readies the troops at the start of the turn: one token stays per region.
        text = (
            f"{who}'s {e['race']} picked up {plural(e['tokens'], 'token')} to conquer with, "
            "leaving one in each region"
        )
        if not e["tokens"]:
            text = f"{who}'s {e['race']} have {plural(e['hand'], 'token')} in hand to conquer"
        elif e["hand"] != e["tokens"]:
            text += f" ({e['hand']} in hand in all)"
        return text + "."
    if kind == "placed":
        # Heroes or Encampments the player left unplaced at the end of their redeployment.
        one, many = ("Hero", "Heroes") if e["piece"] == "hero" else ("Encampment", "Encampments")
        places = and_list([where(rid) for rid in e["regions"]])
        n = len(e["regions"])
        return f"{who}'s {e['race']}: {n} {one if n == 1 else many} left unplaced went to {places}."
    if kind in ("return", "spread"):
        # Tokens still in hand when a redeployment ends: back where they were readied from
        # ("return"), the rest onto the weakest regions ("spread").
        n = e["tokens"]
        places = and_list([where(rid) for rid in e["regions"]])
        if kind == "return":
            what = f"{plural(n, 'leftover token')} went back to {places}"
        else:
            was = "was" if n == 1 else "were"
            what = f"{plural(n, 'token')} left in hand {was} spread over {places}"
        return f"{who}'s {e['race']}: {what}."
    # The Underground's races, powers, Relics and Places tell their own events (the engine's
    # sentences: transfers of coins, never a balance).
    told = underground_sentence(e, [p.name for p in s.players], past=True)
    return f"{told}." if told else None


def owed_pieces(race: RaceState) -> str:
    """What a race driven out in another player's turn has to place: its tokens in hand and
    the Encampments it got back ("2 tokens", "1 Encampment", "2 tokens and 1 Encampment")."""
    parts = [plural(race.hand, "token")] if race.hand or not race.camps_free else []
    if race.camps_free:
        parts.append(plural(race.camps_free, "Encampment"))
    return " and ".join(parts)


def summary(s: GameState, events: list[dict[str, Any]]) -> str:
    """The public events of a finished turn as a bulleted list.

    Scores are private unless the game has open scores (the engine decides, in
    ``visible_events``); a public channel never gets more than the public view.
    """
    told = [f"• {line}" for line in told_lines(s, events)]
    return "\n".join(told) if told else "• No conquest and no change on the board."


def told_lines(s: GameState, events: list[dict[str, Any]]) -> list[str]:
    """The public events among ``events``, one sentence each (bookkeeping left out)."""
    lines = [describe_event(s, e) for e in visible_events(s, events)]
    return [line for line in lines if line]


def monsters_word(s: GameState) -> str:
    """``your Monster`` when a seat places one, ``your Monsters`` for more (the rule set that
    lays the board out says how many: ``engine.rulesets.monsters.monsters_each``)."""
    return "your Monster" if monsters_each(s) == 1 else "your Monsters"
