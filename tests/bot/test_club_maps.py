"""A server's own map, from the attachment to a played game, through the real bot.

A manager adds the map printed in docs/maps.md as a file (``/maps add``), lists it, opens
a game on it with ``/sw new map:``, plays turns and sees its board posted; removing the map
later does not stop the games on it, even across a restart. Every bad file is refused in a
private answer with one line per problem.
"""

from __future__ import annotations

import copy
import io
import json
from collections import Counter
from typing import Any

import discord
from PIL import Image

from bot.club_maps import MAX_BYTES
from engine import legal_actions, to_act
from engine.core.actions import Conquer, EndConquests, EndTurn
from engine.core.content import clear_maps
from renderer.palette import terrain_colours
from renderer.static import clear_geometry, map_shape
from tests.docs_example import RIM_GAP, docs_example, docs_example_text

from .conftest import make_bot
from .world import World, actor, game_of, public, world


async def club(env: Any) -> World:
    """A server whose first member (ann) has Manage Server; bob and cyd do not."""
    w = await world(env, ("bob", "cyd"))
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    ann = w.guild.add_member(env.create_user("ann"), roles=[role])
    return World(env, w.guild, w.channel, [ann, *w.members])


def reply(result: Any) -> Any:
    """The message that answered a command, whether it deferred or not."""
    return (result.followups or [result.response])[-1]


async def add(member: Any, w: World, filename: str, data: bytes) -> Any:
    result = await member.slash(w.channel, "maps add", file=(filename, data))
    assert result.ephemeral, reply(result).content
    return reply(result)


def png(attachment_bytes: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(attachment_bytes))
    assert img.format == "PNG"
    return img.convert("RGB")


def board_shows_the_map(img: Image.Image, key: str) -> None:
    """The picture is the map's board: around the point where the map's geometry puts each
    region, the colour seen most is that region's terrain colour."""
    shape = map_shape(key)
    assert img.width == shape.width
    for r in shape.regions:
        fill, _ink = terrain_colours(r.terrain)
        x, y = r.label
        d = int(r.clearance * 0.4)
        box = img.crop((int(x - d), int(y - d), int(x + d), int(y + d)))
        [(seen, _n)] = Counter(box.get_flattened_data()).most_common(1)
        assert max(abs(a - b) for a, b in zip(seen, fill, strict=True)) <= 12, (r.id, seen)


async def play_a_turn(w: World) -> Any:
    """The member to act picks the free combo, conquers one region, ends the turn."""
    who, _seat = await actor(w)
    picked = await who.slash(w.channel, "sw pick", slot=1)
    assert picked.ephemeral and "Pick" in picked.response.content, picked.response.content
    lg = await game_of(w)
    target = next(a for a in legal_actions(lg.game.state) if isinstance(a, Conquer))
    took = await who.slash(w.channel, "sw conquer", region=target.region)
    assert "Conquer" in took.response.content, took.response.content
    lg = await game_of(w)
    assert lg.game.state.regions[target.region].owner == to_act(lg.game.state)
    for _ in range(3):
        lg = await game_of(w)
        if to_act(lg.game.state) != _seat or not any(
            isinstance(a, (EndConquests, EndTurn)) for a in legal_actions(lg.game.state)
        ):
            break
        await who.slash(w.channel, "sw end")
    return who


async def test_a_club_map_is_added_listed_played_and_survives_its_removal(
    simcord_env, db_path
) -> None:
    w = await club(simcord_env)
    ann, bob, cyd = w.members
    added = await add(ann, w, "tiny-2p.json", docs_example_text().encode("utf-8"))
    assert added.content.startswith("Map `tiny-2p` (Tiny test board, 5 regions, surface) is added")
    assert [a.filename for a in added.attachments] == ["board.png"]

    listed = await bob.slash(w.channel, "maps list")
    assert listed.ephemeral
    assert "`tiny-2p`: Tiny test board · surface · 2 players · 5 regions" in (
        listed.response.content
    )

    # /sw new offers it only where it fits: 2 players, the surface world.
    offered = await ann.autocomplete(w.channel, "sw new", "map", "", players=2)
    assert [c["value"] for c in offered] == ["tiny-2p"]
    assert await ann.autocomplete(w.channel, "sw new", "map", "", players=3) == []
    assert await ann.autocomplete(w.channel, "sw new", "map", "", world="underground") == []
    wrong = await ann.slash(w.channel, "sw new", players=3, map="tiny-2p")
    assert wrong.ephemeral and wrong.response.content == (
        "Map `tiny-2p` is made for 2 players, not 3."
    )

    opened = await ann.slash(w.channel, "sw new", players=2, map="tiny-2p")
    assert not opened.ephemeral and "(map `tiny-2p`," in opened.response.content
    await bob.slash(w.channel, "sw join")
    await ann.slash(w.channel, "sw start")
    lg = await game_of(w)
    key = lg.map_id
    assert key.startswith("tiny-2p@") and lg.game.state.map_id == key
    assert len(lg.game.state.regions) == 5
    # The game's first turn message carries the map's board.
    first = w.channel.last_message
    assert [a.filename for a in first.attachments] == ["board.png"]
    board_shows_the_map(png(await first.attachments[0].read()), key)

    who = await play_a_turn(w)
    summaries = [m for m in public(w) if m.attachments and f"**{who.name}'s turn**" in m.content]
    assert summaries, [m.content for m in public(w)]
    board_shows_the_map(png(await summaries[-1].attachments[0].read()), key)

    # A second lobby on the map, in a thread-less second channel, waits while it is removed.
    other = w.guild.create_text_channel("second")
    lobby = await cyd.slash(other, "sw new", players=2, map="tiny-2p")
    assert not lobby.ephemeral
    refused = await bob.slash(w.channel, "maps remove", name="tiny-2p")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    gone = await ann.slash(w.channel, "maps remove", name="tiny-2p")
    assert gone.ephemeral and "is removed" in gone.response.content
    assert "no map of its own" in (await ann.slash(w.channel, "maps list")).response.content
    assert await ann.autocomplete(w.channel, "sw new", "map", "", players=2) == []

    # A restart forgets every registered map and drawing; the games on it go on.
    clear_maps()
    clear_geometry()
    await simcord_env.restart_bot(make_bot(db_path))
    who = await play_a_turn(w)
    summaries = [m for m in public(w) if m.attachments and f"**{who.name}'s turn**" in m.content]
    assert summaries, "no board was posted after the restart"
    board_shows_the_map(png(await summaries[-1].attachments[0].read()), key)
    await ann.slash(other, "sw join")
    started = await cyd.slash(other, "sw start")
    assert not started.ephemeral, started.response.content
    second = await simcord_env.bot.service.last_game(other.id)
    assert second.status == "active" and second.game.state.map_id == key
    posted = other.last_message
    board_shows_the_map(png(await posted.attachments[0].read()), key)


async def test_bad_map_files_get_one_private_line_each(simcord_env) -> None:
    w = await club(simcord_env)
    ann, bob, _cyd = w.members
    rules = copy.deepcopy(docs_example())
    rules["turns"] = 0
    undrawable = {**docs_example(), "id": "gap-2p", "regions": RIM_GAP["regions"]}
    cases = [
        ("latin.json", '{"name": "Carré"}'.encode("latin-1"),
         "`latin.json` cannot be added: not UTF-8 text (byte 0xe9 at offset 14): save the file"
         " as UTF-8"),
        ("broken.json", b'{"id": ',
         "`broken.json` cannot be added: not valid JSON: Expecting value at line 1 column 8"),
        ("rules.json", json.dumps(rules).encode(),
         "`rules.json` cannot be added: 'turns' must be a whole number of at least 1, not 0"),
        ("gap.json", json.dumps(undrawable).encode(),
         "`gap.json` cannot be added: the board cannot be drawn: regions 4 and 0 come one "
         "after the other along the board's edge but do not border each other: region 2 "
         'would have to reach the edge between them. Mark region 2 "edge": true, or give '
         "regions 4 and 0 a border"),
        ("deep.json", b"[" * 60_000,
         "`deep.json` cannot be added: not a map: its JSON is nested far too deeply"),
        ("big.json", b" " * (MAX_BYTES + 1),
         "`big.json`: the file is 64 KB; a map file may be at most 64 KB."),
        ("builtin.json", (docs_example_text().replace('"tiny-2p"', '"sw-2p"')).encode(),
         '`builtin.json` cannot be added: `sw-2p` is the name of a built-in map: give your '
         'map another "id"'),
    ]  # fmt: skip
    for filename, data, line in cases:
        answer = await add(ann, w, filename, data)
        assert answer.content == line
        assert "\n" not in answer.content and not answer.attachments
    not_manager = await add(bob, w, "tiny-2p.json", docs_example_text().encode())
    assert not_manager.content == "Only members with Manage Server can add maps."
    # Several problems: one line each under the file's name.
    many = copy.deepcopy(docs_example())
    many["turns"] = 0
    many["players"] = [7]
    answer = await add(ann, w, "many.json", json.dumps(many).encode())
    assert answer.content.splitlines() == [
        "`many.json` cannot be added:",
        "- 'players' must be between 2 and 6, not 7",
        "- 'turns' must be a whole number of at least 1, not 0",
    ]
    # Nothing was stored, and the good file is then accepted once, not twice.
    assert "no map of its own" in (await ann.slash(w.channel, "maps list")).response.content
    good = docs_example_text().encode()
    assert (await add(ann, w, "tiny.json", good)).content.startswith("Map `tiny-2p`")
    again = await add(ann, w, "tiny.json", good)
    assert again.content == (
        "`tiny.json` cannot be added: this server already has a map `tiny-2p`: remove it "
        "first (`/maps remove`)"
    )
