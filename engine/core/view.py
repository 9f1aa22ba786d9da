"""What a viewer may see of a game, and readable labels for actions.

Coins are the only hidden information of Small World [SW p.5]: "Players keep their Victory
coins stacked together, their value hidden from other players at all times". ``view`` is the
single place that decides who sees them; everything shown in public goes through it.
"""

from __future__ import annotations

from typing import Any

from lang import ntr, tr

from .actions import (
    Abandon,
    Action,
    Conquer,
    Decline,
    Deploy,
    EndConquests,
    EndTurn,
    Finish,
    Move,
    PickCombo,
    Reinforce,
)
from .board import mapdef, tray
from .conquest import conquest_cost
from .content import combo_tokens
from .names import combo, power
from .rulesets import ruled_view
from .state import OVER, GameState
from .turn import acting_race, to_act
from .words import plural  # noqa: F401  (imported from here by the bot)
from .words import where as region_label

PUBLIC = None


def coins_visible(s: GameState, viewer: int | None, seat: int) -> bool:
    """Whether ``viewer`` may see ``seat``'s coins: their own, or anyone's once it is over."""
    return s.turn.phase == OVER or viewer == seat or bool(s.options.get("open_scores"))


def visible_events(
    s: GameState, events: list[dict[str, Any]], viewer: int | None = PUBLIC
) -> list[dict[str, Any]]:
    """The events ``viewer`` may see: private ones (scores) only if their coins are visible."""
    return [
        e for e in events if not e.get("private") or coins_visible(s, viewer, e.get("seat", -1))
    ]


def view(s: GameState, viewer: int | None = PUBLIC) -> dict[str, Any]:
    """The game as ``viewer`` (a seat, or None for the public) may see it, as plain data."""
    m = mapdef(s)
    actor = to_act(s)
    players = []
    for seat, p in enumerate(s.players):
        entry: dict[str, Any] = {
            "seat": seat,
            "name": p.name,
            "active": _race_view(s, p.active) if p.active else None,
            "declined": [_race_view(s, n) for n in p.declined],
            "peace_with": p.peace_with,
            # Vengeful: the seats holding this player's Vengeance markers (public pieces).
            "marks": list(p.marks),
        }
        if coins_visible(s, viewer, seat):
            entry["coins"] = p.coins
            entry["score_history"] = list(p.score_history)
        players.append(entry)
    regions = []
    for rid, r in enumerate(s.regions):
        d = m.regions[rid]
        regions.append(
            {
                "id": rid,
                "terrain": d.terrain,
                "features": sorted(d.features),
                "race": r.race,
                "owner": r.owner,
                "tokens": r.tokens,
                "markers": dict(r.markers),
                "in_decline": bool(r.race and s.races[r.race].in_decline),
                "river": d.river,
                "impassable": d.impassable,
            }
        )
    events = visible_events(s, s.last_events + s.events, viewer)
    return {
        "map": s.map_id,
        "round": s.round,
        "turns": s.turns,
        "phase": s.turn.phase,
        "turn_seat": s.turn.seat,
        "to_act": actor,
        "pending": [{"seat": p.seat, "race": p.race, "kind": p.kind} for p in s.turn.pending],
        "players": players,
        "regions": regions,
        "market": [
            {
                "slot": i + 1,
                "race": c.race,
                "power": c.power,
                "coins": c.coins,
                "tokens": combo_tokens(c.race, c.power),
            }
            for i, c in enumerate(s.market)
        ],
        "stacks": {"races": len(s.race_stack), "powers": len(s.power_stack)},
        # The Places and Relics still under Monsters are face down: only their number shows.
        "hidden_treasures": len(s.treasures),
        "stonehedge": s.stonehedge,
        # The In Decline banner Bony the Lich protects (team play's Bony's Boneyard).
        **({"bony": s.bony} if s.bony is not None else {}),
        "world": m.world,
        "events": events,
        "result": s.result if s.turn.phase == OVER else None,
        # What the rule sets on show (team play: the teams), by option name.
        "rulesets": ruled_view(s, viewer),
        "version": s.version,
    }


def _race_view(s: GameState, name: str) -> dict[str, Any]:
    r = s.races[name]
    return {
        "race": name,
        "power": r.power,
        "in_decline": r.in_decline,
        "hand": r.hand,
        "tray": tray(s, name),
        # Pieces kept in front of the player (Silver Hammers, Mushroom Armor, the Bag).
        "pieces": dict(r.pieces),
    }


def label(s: GameState, action: Action) -> str:
    """A readable label for an action now, e.g. ``Conquer 12 · Forest · 3 tokens``."""
    m = mapdef(s)
    race = acting_race(s)
    for field_name in ("region", "source", "target"):
        value = getattr(action, field_name, None)
        if isinstance(value, int) and not 0 <= value < len(m.regions):
            return action.text  # not a region of this map: nothing more to say

    def where(rid: int) -> str:
        return region_label(s, rid)

    own = action.describe(s)
    if own is not None:
        return own

    if isinstance(action, PickCombo):
        if not 1 <= action.slot <= len(s.market):
            return action.text
        c = s.market[action.slot - 1]
        tokens = combo_tokens(c.race, c.power)
        name = combo(c.race, c.power)
        paid = action.slot - 1
        if paid and c.coins:
            return ntr(
                "Pick {combo} · {n} token · costs {paid} · takes {coins}",
                "Pick {combo} · {n} tokens · costs {paid} · takes {coins}",
                tokens,
                combo=name,
                paid=ntr("{n} coin", "{n} coins", paid),
                coins=ntr("{n} coin", "{n} coins", c.coins),
            )
        if paid:
            return ntr(
                "Pick {combo} · {n} token · costs {paid}",
                "Pick {combo} · {n} tokens · costs {paid}",
                tokens,
                combo=name,
                paid=ntr("{n} coin", "{n} coins", paid),
            )
        if c.coins:
            return ntr(
                "Pick {combo} · {n} token · free · takes {coins}",
                "Pick {combo} · {n} tokens · free · takes {coins}",
                tokens,
                combo=name,
                coins=ntr("{n} coin", "{n} coins", c.coins),
            )
        return ntr(
            "Pick {combo} · {n} token · free",
            "Pick {combo} · {n} tokens · free",
            tokens,
            combo=name,
        )
    if isinstance(action, (Conquer, Reinforce)) and race is not None:
        cost = conquest_cost(s, race, action.region)
        if s.turn.berserk_die is not None:
            cost = max(1, cost - s.turn.berserk_die)
        if isinstance(action, Conquer):
            return ntr(
                "Conquer {region} · {n} token",
                "Conquer {region} · {n} tokens",
                cost,
                region=where(action.region),
            )
        return tr(
            "Final conquest {region} · {short} short · roll the die",
            region=where(action.region),
            short=cost - race.hand,
        )
    if isinstance(action, Decline):
        return tr("Go into decline")
    if isinstance(action, EndConquests):
        return tr("Stop conquering · redeploy")
    if isinstance(action, Finish):
        return tr("Finish redeploying")
    if isinstance(action, EndTurn):
        if action.decline:
            return tr("End turn, then decline ({power})", power=power("Stout"))
        return tr("End turn · score")
    if isinstance(action, Abandon):
        return tr("Abandon {region}", region=where(action.region))
    if isinstance(action, Deploy):
        return tr("Deploy {count} in {region}", count=action.count, region=where(action.region))
    if isinstance(action, Move):
        return tr(
            "Move {count} from {source} to {region}",
            count=action.count,
            source=action.source,
            region=where(action.target),
        )
    return action.text
