"""Every picture the bot posts or edits in carries a description a screen reader reads
(issue 40): in a whole game played by taps in French, on both worlds and in teams, every
attachment Discord receives is described, each naming the round and every player; no
description gives a coin total away before the end; and only ``bot.attachments`` makes the
files, so that a new picture cannot be posted without words."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.attachments import attach, document
from engine import to_act
from engine.text.telling import coins
from lang import speaking
from renderer.describe import LIMIT, Picture

from .locales import GUILD, speak
from .test_taps import tap_out_the_decision
from .test_teams_lobby import SIX
from .world import World, game_of, public, started_game, world

ROOT = Path(__file__).resolve().parents[2]


def test_only_bot_attachments_makes_a_discord_file() -> None:
    """A ``discord.File`` made anywhere else could go out without a description."""
    makers = []
    for folder in ("bot", "cogs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                made = isinstance(node, ast.Call) and (
                    (isinstance(node.func, ast.Attribute) and node.func.attr == "File")
                    or (isinstance(node.func, ast.Name) and node.func.id == "File")
                )
                imported = isinstance(node, ast.ImportFrom) and any(
                    a.name == "File" for a in node.names
                )
                if made or imported:
                    makers.append(str(path.relative_to(ROOT)))
    assert set(makers) == {"bot/attachments.py"}, makers


def test_a_file_is_described_or_is_no_picture() -> None:
    file = attach(Picture("board.png", b"\x89PNG", "The board, round 1 of 10."))
    assert file.filename == "board.png" and file.description == "The board, round 1 of 10."
    assert document("season.csv", b"a,b").filename == "season.csv"
    with pytest.raises(ValueError, match="is a picture"):
        document("board.PNG", b"\x89PNG")


class Uploads:
    """Every attachment Discord receives (posts, interaction answers, edits): its channel,
    file name and description, read where simcord stores the upload."""

    def __init__(self, env: Any) -> None:
        self.seen: list[tuple[int, str, str | None]] = []
        cdn = env.backend.cdn
        store = cdn.store_attachment

        def recorded(attachment_id, channel_id, filename, data, description):  # type: ignore[no-untyped-def]
            self.seen.append((channel_id, filename, description))
            return store(attachment_id, channel_id, filename, data, description)

        cdn.store_attachment = recorded


def opener(w: World) -> tuple[Any, str]:
    """The latest public message with a ▶ button (Play, or Answer for a question put to
    another seat), and that button's custom id: found by its verb, in any language."""
    for m in reversed(public(w)):
        for row in m.components:
            for item in row.children:
                if re.fullmatch(r"sw:\d+:[^:]+:(play|answer)", item.custom_id or ""):
                    return m, item.custom_id
    raise AssertionError("no public message offers ▶ Play")


def combos_button(w: World) -> tuple[Any, str] | None:
    """The latest public message's Combos button, if it has one."""
    m = public(w)[-1]
    for row in m.components:
        for item in row.children:
            if (item.custom_id or "").endswith(":combos"):
                return m, item.custom_id
    return None


async def play_by_taps(w: World, seed: int) -> None:
    """Every seat plays the whole game from its ▶ panel, taps only; now and then a member
    looks at the combos (a picture of their own)."""
    rng = random.Random(seed)
    taps = 0
    while True:
        lg = await game_of(w)
        state = lg.game.state
        seat = to_act(state)
        if seat is None:
            return
        member = w.member(lg.user_at(seat))
        shown = combos_button(w)
        if shown is not None and rng.random() < 0.1:
            looked = await member.click(shown[0], custom_id=shown[1])
            assert looked.ephemeral
        message, custom_id = opener(w)
        panel = (await member.click(message, custom_id=custom_id)).response
        taps += await tap_out_the_decision(w, member, panel, rng, seat, state)
        assert taps < 8000


#: The round as a French description names it.
ROUND = re.compile(r"tour (\d+) sur (\d+)")


@pytest.mark.simcord(settle_timeout=60)
@pytest.mark.parametrize(
    ("world_name", "names", "seed"),
    [("surface", SIX, 7), ("underground", ("ann", "bob", "cyd"), 3)],
    ids=["surface-teams", "underground"],
)
async def test_every_picture_of_a_french_game_by_taps_is_described(
    simcord_env, monkeypatch, world_name: str, names: tuple[str, ...], seed: int
) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env, names)
    locales.update({GUILD: "fr", **{m.id: "fr" for m in w.members}})
    uploads = Uploads(simcord_env)
    await started_game(w, world=world_name)
    await play_by_taps(w, seed)
    lg = await game_of(w)
    s = lg.game.state
    assert lg.status == "over"
    # In a team game a description names each player with their seat: "ann (A1)".
    who = [p.name for p in s.players]
    kinds: dict[str, int] = {}
    for _channel, filename, described in uploads.seen:
        kinds[filename] = kinds.get(filename, 0) + 1
        assert described and len(described) <= LIMIT, (filename, described)
        found = ROUND.search(described)
        assert found and int(found[2]) == s.turns, described
        if filename == "combos.png":
            assert described.startswith("Les combinaisons disponibles, tour ")
            assert all(f"{n}. " in described for n in range(1, 7)), described
            continue
        for name in who:
            assert name in described, (name, described)
        if filename == "final.png":
            assert described.startswith(f"Scores finaux après le tour {s.round} sur {s.turns}.")
            for p in s.players:
                assert f"{p.name}" in described and coins_fr(p.coins) in described
        else:
            assert filename == "board.png", filename
            assert described.startswith("Le plateau, tour "), described
            # No coin total before the end: a board's words never speak of coins.
            assert "jeton" not in described, described
    # Shown with ``pytest -s``: the words of the last board that changed and of the sheet.
    boards = [d for _c, f, d in uploads.seen if f == "board.png" and "Derniers" in (d or "")]
    print(f"{world_name} board:", boards[-1])
    print(f"{world_name} final sheet:", next(d for _c, f, d in uploads.seen if f == "final.png"))
    # The turns' boards, the final sheet, the boards members asked for, the combos.
    assert kinds["final.png"] == 1 and kinds["board.png"] > s.turns * len(s.players)
    # What the channel shows carries the same words: the last message's two pictures.
    final = public(w)[-1]
    assert [a.filename for a in final.attachments] == ["final.png", "board.png"]
    assert all(a.description for a in final.attachments)


def coins_fr(n: int) -> str:
    """A coin count as a French description writes it."""
    with speaking("fr"):
        return coins(n)


async def test_a_board_added_by_an_edit_is_described(simcord_env) -> None:
    """A refused post goes out as text; the board an edit adds later carries its words."""
    w = await world(simcord_env)
    await started_game(w)
    lg = await game_of(w)
    member = w.member(lg.user_at(to_act(lg.game.state)))
    await member.slash(w.channel, "sw pick", slot=1)
    simcord_env.inject_error(
        "POST", f"/channels/{w.channel.id}/messages", status=400, code=40005,
        message="Request entity too large", times=1,
    )  # fmt: skip
    await member.slash(w.channel, "sw end")
    text = public(w)[-1]
    assert text.attachments == []
    await simcord_env.advance_time(61)
    edited = next(m for m in public(w) if m.id == text.id)
    [board] = edited.attachments
    players = (await game_of(w)).game.state.players
    assert board.description.startswith("The board, round 1 of 10: bob's turn (picking a combo).")
    assert all(f"{p.name}: " in board.description for p in players)
    assert "No region changed hands in the latest turn." in board.description
