"""A map's regions checked against the rules of its world: borders, land, the board edge,
chains of regions, where symbols may be and how many the box's tokens allow.

``engine.core.maps.validate`` runs these once every region is well formed and the map's world
is known; each problem is one line in the language spoken, naming the map's regions and the
values of its file as written there.
"""

from __future__ import annotations

from typing import Any

from lang import ntr, ptr, tr

from .content import components
from .markers import MARKER_NAMES
from .names import PIECE
from .worlds import World


def id_list(xs: list[int]) -> str:
    """Region ids as a sentence lists them: "3, 7, 12"."""
    return ", ".join(str(x) for x in xs)


def either(xs: list[Any]) -> str:
    """Alternatives in a sentence: "2 or 3"."""
    return tr(" or ").join(str(x) for x in xs)


def region_problems(regions: list[dict[str, Any]], world: World) -> list[str]:
    """The problems of well-formed regions with ids 0..n-1 on a map of ``world``."""
    return (
        _graph_problems(regions, world)
        + _world_problems(regions, world)
        + _rule_problems(regions, world)
    )


def _graph_problems(regions: list[dict[str, Any]], world: World) -> list[str]:
    out: list[str] = []
    n = len(regions)
    links: set[tuple[int, int]] = set()
    for r in regions:
        for m in r["adjacent"]:
            if m == r["id"]:
                out.append(tr("region {id} lists itself as a neighbour", id=m))
            elif not 0 <= m < n:
                out.append(
                    tr(
                        "region {id} lists neighbour {other}, which does not exist",
                        id=r["id"],
                        other=m,
                    )
                )
            else:
                links.add((r["id"], m))
    for a, b in sorted(links):
        if (b, a) not in links:
            out.append(
                tr(
                    "regions {a} and {b}: {a} lists {b} as a neighbour but {b} does not list {a}",
                    a=a,
                    b=b,
                )
            )

    land = [r["id"] for r in regions if r["terrain"] not in world.water]
    if not land:
        return [*out, tr("the map has no land region")]
    # Land may be joined through crossable regions (the River), never through the rest of
    # ``water``. Borders count in either direction here: a one-sided one is reported above.
    way = set(land) | {r["id"] for r in regions if r["terrain"] in world.crossable}
    near: dict[int, set[int]] = {rid: set() for rid in way}
    for a, b in links:
        if a in near and b in near:
            near[a].add(b)
            near[b].add(a)
    groups: list[list[int]] = []
    placed: set[int] = set()
    for start in land:
        if start in placed:
            continue
        group, todo = {start}, [start]
        while todo:
            for nxt in near[todo.pop()] - group:
                group.add(nxt)
                todo.append(nxt)
        placed |= group
        groups.append(sorted(set(land) & group))
    if len(groups) > 1:
        main = max(groups, key=len)
        for g in groups:
            if g is not main and world.crossable:
                out.append(
                    ntr(
                        "land region {regions} cannot reach region {id} over land or "
                        "{crossable}: land must be one connected group",
                        "land regions {regions} cannot reach region {id} over land or "
                        "{crossable}: land must be one connected group",
                        len(g),
                        regions=id_list(g),
                        id=main[0],
                        crossable=either(sorted(world.crossable)),
                    )
                )
            elif g is not main:
                out.append(
                    ntr(
                        "land region {regions} cannot reach region {id} over land: land must "
                        "be one connected group",
                        "land regions {regions} cannot reach region {id} over land: land must "
                        "be one connected group",
                        len(g),
                        regions=id_list(g),
                        id=main[0],
                    )
                )

    edge_land = [r for r in regions if r["edge"] and r["terrain"] not in world.water]
    if not edge_land:
        out.append(tr("no land region is on the board edge: a first conquest has nowhere to start"))
    for r in regions:
        if r["edge"] and not r["entry"] and r["terrain"] not in world.water - world.crossable:
            if r["terrain"] not in world.water:
                text = tr(
                    'region {id} is land on the board edge but has "entry": false (every edge '
                    "region is an entry region; set it to true)",
                    id=r["id"],
                )
            else:
                text = tr(
                    'region {id} is {terrain} on the board edge but has "entry": false (every '
                    "edge region is an entry region; set it to true)",
                    id=r["id"],
                    terrain=r["terrain"],
                )
            out.append(text)
    return out


def _chain_problems(regions: list[dict[str, Any]], terrain: str) -> list[str]:
    """The regions of ``terrain`` form one chain, without fork or loop, ends on the edge."""
    ids = [r["id"] for r in regions if r["terrain"] == terrain]
    if not ids:
        return []
    n = len(regions)
    mine = set(ids)
    near = {rid: {m for m in regions[rid]["adjacent"] if 0 <= m < n and m in mine} for rid in ids}
    for rid in ids:  # borders either way, as for land: one-sided ones are reported already
        for m in near[rid]:
            near[m].add(rid)
    out: list[str] = []
    reached, todo = {ids[0]}, [ids[0]]
    while todo:
        for nxt in near[todo.pop()] - reached:
            reached.add(nxt)
            todo.append(nxt)
    if reached != mine:
        cut = sorted(mine - reached)
        out.append(
            ntr(
                "{terrain} region {regions} cannot reach {terrain} region {id} along the "
                "{terrain}: the {terrain} is one chain of regions",
                "{terrain} regions {regions} cannot reach {terrain} region {id} along the "
                "{terrain}: the {terrain} is one chain of regions",
                len(cut),
                terrain=terrain,
                regions=id_list(cut),
                id=ids[0],
            )
        )
    for rid in ids:
        if len(near[rid]) > 2:
            out.append(
                tr(
                    "{terrain} region {id} borders {n} other {terrain} regions ({regions}): "
                    "the {terrain} is one chain, without forks",
                    terrain=terrain,
                    id=rid,
                    n=len(near[rid]),
                    regions=id_list(sorted(near[rid])),
                )
            )
    if out:
        return out
    ends = [rid for rid in ids if len(near[rid]) < 2]
    if not ends:
        return [
            tr(
                "{terrain} regions {regions} form a loop: the {terrain} is a chain with two ends",
                terrain=terrain,
                regions=id_list(ids),
            )
        ]
    for rid in ends:
        if not regions[rid]["edge"]:
            out.append(
                tr(
                    '{terrain} region {id} is an end of the {terrain} but has "edge": false: '
                    "both ends of the {terrain} touch the board edge",
                    terrain=terrain,
                    id=rid,
                )
            )
    return out


def _rule_problems(regions: list[dict[str, Any]], world: World) -> list[str]:
    """The world's own map facts: impassable regions, chains, where symbols may be."""
    out: list[str] = []
    for r in regions:
        if r["terrain"] in world.impassable and (r["entry"] or r["edge"]):
            out.append(
                tr(
                    'region {id} is an {terrain}, which no race enters, but has "entry" or '
                    '"edge" true (the engine makes every edge region an entry; set both to '
                    "false)",
                    id=r["id"],
                    terrain=r["terrain"],
                )
            )
    for terrain in sorted(world.chains):
        out += _chain_problems(regions, terrain)
    for r in regions:
        for f in r["features"]:
            allowed = world.only_on.get(f)
            if allowed is not None and r["terrain"] not in allowed:
                out.append(
                    tr(
                        "region {id}: {symbol} may only be on {terrains}, not on {terrain}",
                        id=r["id"],
                        symbol=f,
                        terrains=", ".join(sorted(allowed)),
                        terrain=r["terrain"],
                    )
                )
    for f, why in sorted(world.needed.items()):
        if not any(f in r["features"] for r in regions):
            out.append(tr("no region shows {symbol}: {why}", symbol=f, why=tr(why)))
    return out


def _world_problems(regions: list[dict[str, Any]], world: World) -> list[str]:
    out: list[str] = []
    for r in regions:
        if isinstance(r["terrain"], str) and r["terrain"] not in world.terrains:
            out.append(
                tr(
                    "region {id}: unknown terrain {terrain} for world {world} (known: {known})",
                    id=r["id"],
                    terrain=repr(r["terrain"]),
                    world=world.name,
                    known=", ".join(sorted(world.terrains)),
                )
            )
        for f in r["features"]:
            if f not in world.features:
                out.append(
                    tr(
                        "region {id}: unknown feature {feature} for world {world} (known: {known})",
                        id=r["id"],
                        feature=repr(f),
                        world=world.name,
                        known=", ".join(sorted(world.features)),
                    )
                )
    box = components()["markers"]
    for symbol, marker in sorted(world.limits.items()):
        ids = [r["id"] for r in regions if r["terrain"] == symbol or symbol in r["features"]]
        each = world.per_region.get(symbol, 1)
        room = int(box[marker]) // each
        token = _token(marker)
        if len(ids) > room and each == 1:
            out.append(
                tr(
                    "{n} regions show {symbol} (regions {regions}) but the box has only "
                    "{tokens} {token} tokens",
                    n=len(ids),
                    symbol=symbol,
                    regions=id_list(ids),
                    tokens=box[marker],
                    token=token,
                )
            )
        elif len(ids) > room:
            out.append(
                tr(
                    "{n} regions show {symbol} (regions {regions}) but the box's {tokens} "
                    "{token} tokens cover only {room} regions at {each} each",
                    n=len(ids),
                    symbol=symbol,
                    regions=id_list(ids),
                    tokens=box[marker],
                    token=token,
                    room=room,
                    each=each,
                )
            )
    return out


def _token(marker: str) -> str:
    """A box marker's name (``Lost Tribe``) in the language spoken."""
    return ptr(PIECE, marker) if marker in MARKER_NAMES.values() else marker


__all__ = ["either", "id_list", "region_problems"]
