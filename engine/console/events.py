"""The terminal's sentences for the events a seat may see, in the language spoken.

The base game's events get a sentence here; the Underground's, the worlds' and team play's
come from ``engine.text.narration``; any other event, or one whose fields are not the expected
ones, gets the generic line of ``describe_any``, so an event never stops the game from being
shown. ``engine.console.playthrough`` reuses these sentences (in English) in the golden files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.content import treasures
from engine.text import names as named
from engine.text.board import and_list, piece_name
from engine.text.narration import underground_sentence
from lang import ntr, tr

__all__ = ["and_list", "coins", "describe_any", "describe_event", "piece_name", "tokens"]


def tokens(n: int) -> str:
    """``1 token``, ``3 tokens``."""
    return ntr("{n} token", "{n} tokens", n)


def coins(n: int) -> str:
    """``1 coin``, ``3 coins`` (victory coins)."""
    return ntr("{n} coin", "{n} coins", n)


def _hammers(n: int) -> str:
    return ntr("{n} Silver Hammer", "{n} Silver Hammers", n)


#: Event fields naming a seat, read as the player's name by the generic line.
_SEAT_FIELDS = frozenset({"to", "victim", "by", "ally", "defender_seat", "owner", "from"})
#: Event fields counting something, read as "3 tokens" by the generic line.
_COUNT_FIELDS: dict[str, Callable[[int], str]] = {
    "tokens": tokens,
    "coins": coins,
    "hammers": _hammers,
}


def describe_event(e: dict[str, Any], names: Sequence[str]) -> str:
    """One readable line for an event the reader may see (``visible_events`` decides).

    Kinds this front end knows get a sentence of their own; any other kind (the abilities
    add their own events) and any known kind whose fields are not the expected ones get the
    generic line of ``describe_any``, so an event never stops the game from being shown.
    """
    try:
        text = _describe_known(e, names)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        text = None
    return text if text is not None else describe_any(e, names)


def _seat_name(seat: object, names: Sequence[str]) -> str | None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return None


def _field_text(key: str, value: Any, names: Sequence[str]) -> str | None:
    """One field of an event in words, or None when it says nothing (empty, None).

    A field's name is the engine's own word (``victim``, ``slot``): it is shown as it is.
    """
    words = key.replace("_", " ")
    if value is None or value == [] or value == {}:
        return None
    if isinstance(value, bool):
        # A flag that is off says nothing ("no lost tribe"), except a failed roll.
        if key == "success":
            return tr("success") if value else tr("failure")
        return words if value else None
    if key == "lost" and isinstance(value, int):
        return ntr("lost {n} token", "lost {n} tokens", value)
    if key in _SEAT_FIELDS:
        return f"{words} {_seat_name(value, names) or value}"
    if key == "seats" and isinstance(value, list):
        return tr("seats {who}", who=and_list([_seat_name(x, names) or str(x) for x in value]))
    if key in _COUNT_FIELDS and isinstance(value, int):
        return _COUNT_FIELDS[key](value)
    if key in ("treasure", "piece", "relic", "place") and isinstance(value, str):
        return piece_name(value)
    if key in ("race", "defender") and isinstance(value, str):
        return f"{words} {named.race(value)}"
    if key == "power" and isinstance(value, str):
        return f"{words} {named.power(value)}"
    if key == "regions" and isinstance(value, list):
        return ntr(
            "region {regions}",
            "regions {regions}",
            len(value),
            regions=and_list([str(x) for x in value]),
        )
    if isinstance(value, list):
        return f"{words} " + and_list([str(x) for x in value])
    if isinstance(value, dict):
        inner = [_field_text(str(k), v, names) for k, v in value.items()]
        return f"{words}: " + ", ".join(x for x in inner if x)
    return f"{words} {value}"


def describe_any(e: dict[str, Any], names: Sequence[str]) -> str:
    """A readable line for any event: who, what (its kind in words) and its fields in words.

    ``{"kind": "steal", "seat": 0, "race": "Drow", "victim": 1, "coins": 1}`` reads
    ``P1's Drow: steal (victim P2, 1 coin)``; nothing is printed as ``key=value``. The kind
    and the field names are the engine's own words, shown as they are.
    """
    what = str(e.get("kind", "event")).replace("_", " ")
    seat = _seat_name(e.get("seat"), names)
    race = e.get("race")
    if seat and isinstance(race, str):
        head = tr("{who}'s {race}: {what}", who=seat, race=named.race(race), what=what)
    elif seat:
        head = tr("{who}: {what}", who=seat, what=what)
    else:
        head = what[:1].upper() + what[1:]
    skip = {"kind", "seat", "race", "private"}
    parts: list[str | None] = []
    for k, v in e.items():
        if k in skip or (k == "defender_seat" and e.get("defender")):
            continue
        if k == "defender" and isinstance(v, str):
            owner = _seat_name(e.get("defender_seat"), names)
            if owner:
                parts.append(tr("from {owner}'s {race}", owner=owner, race=named.race(v)))
            else:
                parts.append(tr("from the {race}", race=named.race(v)))
        else:
            parts.append(_field_text(str(k), v, names))
    shown = [p for p in parts if p]
    return f"{head} ({', '.join(shown)})" if shown else head


def _placed(piece: str, n: int) -> str:
    """``2 Heroes``: pieces a power put on the map by itself."""
    if piece == "hero":
        return ntr("{n} Hero", "{n} Heroes", n)
    if piece == "camp":
        return ntr("{n} Encampment", "{n} Encampments", n)
    one = piece_name(piece)
    return ntr("{n} {piece}", "{n} {piece}s", n, piece=one)


def _describe_known(e: dict[str, Any], names: Sequence[str]) -> str | None:
    """The sentence of an event kind this front end knows; None for any other kind."""

    def who(key: str = "seat") -> str:
        seat = e.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def regions(key: str = "regions") -> str:
        return and_list([str(rid) for rid in e.get(key, [])])

    kind = e.get("kind")
    race = named.race(e["race"]) if isinstance(e.get("race"), str) else e.get("race")
    if kind == "pick":
        combo = named.combo(e["race"], e["power"])
        paid, took, slot = e.get("paid"), e.get("took"), e["slot"]
        if paid and took:
            return tr(
                "{who} picks {combo} (slot {slot}, pays {paid}, takes {took} from it)",
                who=who(),
                combo=combo,
                slot=slot,
                paid=coins(paid),
                took=coins(took),
            )
        if paid:
            return tr(
                "{who} picks {combo} (slot {slot}, pays {paid})",
                who=who(),
                combo=combo,
                slot=slot,
                paid=coins(paid),
            )
        if took:
            return tr(
                "{who} picks {combo} (slot {slot}, free, takes {took} from it)",
                who=who(),
                combo=combo,
                slot=slot,
                took=coins(took),
            )
        return tr("{who} picks {combo} (slot {slot}, free)", who=who(), combo=combo, slot=slot)
    if kind in ("conquer", "enchant", "dragon"):
        extra = ""
        if e.get("defender"):
            lost = ntr("lost {n} token", "lost {n} tokens", e["lost"]) if e.get("lost") else ""
            lost = lost or tr("no token lost")
            defender = named.race(e["defender"])
            if e.get("defender_seat") is not None:
                extra = tr(
                    " from {owner}'s {defender} ({lost})",
                    owner=who("defender_seat"),
                    defender=defender,
                    lost=lost,
                )
            else:
                extra = tr(" from {defender} ({lost})", defender=defender, lost=lost)
        elif e.get("lost_tribe"):
            extra = tr(" from a Lost Tribe")
        fields = {
            "who": who(),
            "race": race,
            "region": e["region"],
            "tokens": tokens(e["tokens"]),
            "extra": extra,
        }
        if kind == "enchant":
            return tr("{who}'s {race} enchant {region} with {tokens}{extra}", **fields)
        if kind == "dragon":
            return tr("{who}'s {race} send the Dragon to {region} with {tokens}{extra}", **fields)
        return tr("{who}'s {race} conquer {region} with {tokens}{extra}", **fields)
    if kind == "roll":
        if e["success"]:
            return tr("{who} rolls {die} for region {region}: success", who=who(), **_dr(e))
        return tr("{who} rolls {die} for region {region}: failure", who=who(), **_dr(e))
    if kind == "berserk":
        return tr("{who} rolls the Berserk die: {die}", who=who(), die=e["die"])
    if kind == "abandon":
        return tr("{who}'s {race} abandon {region}", who=who(), race=race, region=e["region"])
    if kind == "decline":
        return tr("{who}'s {race} go into decline", who=who(), race=race)
    if kind == "vanish":
        return tr("{who}'s {race} leave the map", who=who(), race=race)
    if kind == "grow":
        return tr("{who}'s {race} gain {tokens}", who=who(), race=race, tokens=tokens(e["tokens"]))
    if kind == "peace":
        return tr("{who} makes peace with {ally}", who=who(), ally=who("ally"))
    if kind == "fortify":
        return tr("{who} builds a Fortress in {region}", who=who(), region=e["region"])
    if kind == "ready":
        return _ready(e, who(), race)
    if kind == "return":
        return ntr(
            "{who}'s {race}: {n} leftover token goes back to {regions}",
            "{who}'s {race}: {n} leftover tokens go back to {regions}",
            e["tokens"],
            who=who(),
            race=race,
            regions=regions(),
        )
    if kind == "spread":
        return ntr(
            "{who}'s {race}: {n} token left in hand is spread over {regions}",
            "{who}'s {race}: {n} tokens left in hand are spread over {regions}",
            e["tokens"],
            who=who(),
            race=race,
            regions=regions(),
        )
    if kind == "placed":
        return tr(
            "{who}'s {race}: {pieces} left unplaced put in {regions}",
            who=who(),
            race=race,
            pieces=_placed(e["piece"], len(e["regions"])),
            regions=regions(),
        )
    if kind == "discover":
        # [SWU p.5] Conquering a Monster region reveals the Place or Relic hidden under it.
        found = treasures()[e["treasure"]]
        fields = {"who": who(), "race": race, "found": named.treasure(e["treasure"])}
        if found.relic:
            return tr(
                "{who}'s {race} discover {found} (a Righteous Relic) in region {region}",
                region=e["region"],
                **fields,
            )
        return tr(
            "{who}'s {race} discover {found} (a Popular Place) in region {region}",
            region=e["region"],
            **fields,
        )
    if kind == "river":
        # [SWU p.7] River regions conquered this turn are emptied at redeployment.
        where = ntr("region {regions}", "regions {regions}", len(e["regions"]), regions=regions())
        return ntr(
            "{who}'s {race}: {n} token leaves the River ({where}) to be redeployed",
            "{who}'s {race}: {n} tokens leave the River ({where}) to be redeployed",
            e["tokens"],
            who=who(),
            race=race,
            where=where,
        )
    told = underground_sentence(e, names)
    if told is not None:
        return told
    return _closing(e, names, who())


def _dr(e: dict[str, Any]) -> dict[str, Any]:
    return {"die": e["die"], "region": e["region"]}


def _ready(e: dict[str, Any], who: str, race: object) -> str:
    """[SW "Ready your Troops"]: one token stays in each region, the others come in hand."""
    if not e["tokens"]:
        return ntr(
            "{who}'s {race} have {n} token in hand to conquer",
            "{who}'s {race} have {n} tokens in hand to conquer",
            e["hand"],
            who=who,
            race=race,
        )
    if e.get("hand", e["tokens"]) != e["tokens"]:
        return ntr(
            "{who}'s {race} take {n} token in hand to conquer, leaving one in each region "
            "({hand} in hand in all)",
            "{who}'s {race} take {n} tokens in hand to conquer, leaving one in each region "
            "({hand} in hand in all)",
            e["tokens"],
            who=who,
            race=race,
            hand=e["hand"],
        )
    return ntr(
        "{who}'s {race} take {n} token in hand to conquer, leaving one in each region",
        "{who}'s {race} take {n} tokens in hand to conquer, leaving one in each region",
        e["tokens"],
        who=who,
        race=race,
    )


def _closing(e: dict[str, Any], names: Sequence[str], who: str) -> str | None:
    """Scores, turns and the end of the game."""
    kind = e.get("kind")
    if kind == "score":
        return tr("{who} scores {coins}", who=who, coins=coins(e["coins"]))
    if kind == "turn":
        return tr("Round {round}: {who}'s turn", round=e["round"], who=who)
    if kind == "game_over":
        winners = [names[w] for w in e.get("winners", []) if 0 <= w < len(names)]
        if len(winners) == 1:
            return tr("Game over: {who} wins", who=winners[0])
        if winners:
            return tr("Game over: {who} share the victory", who=and_list(winners))
        return tr("Game over")
    return None
