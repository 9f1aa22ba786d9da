"""``/sw board text:true``: the board in words, in the member's language, privately, in pages
that fit a Discord message, turned with ◀ ▶ (issue 40); and the league's pictures (standings,
a player's card, a replay) posted with their descriptions."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.text_board import PAGE_CHARS, pages
from engine import view
from engine.text.board import board_lines
from lang import speaking

from .forge import press_forged
from .locales import GUILD, speak
from .world import play_until, public, started_game, world

SIX = ("ann", "bob", "cyd", "dan", "eve", "fay")


def buttons(message: Any) -> list[tuple[str, str, bool]]:
    """A private message's buttons: (label, custom id, disabled)."""
    return [
        (c["label"], c["custom_id"], bool(c.get("disabled")))
        for row in message.components
        for c in row.get("components", [])
    ]


def test_pages_cut_between_lines_within_the_limit() -> None:
    lines = [f"- {i} " + "x" * 30 for i in range(200)]
    cut = pages(lines, limit=500)
    assert all(len(page) <= 500 for page in cut)
    assert "\n".join(cut).split("\n") == lines
    assert pages([]) == [""]
    assert pages(["y" * 3000])[0] == "y" * PAGE_CHARS


async def test_the_board_in_words_page_by_page_in_french(simcord_env, monkeypatch) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env, SIX)
    locales.update({GUILD: "fr", **{m.id: "fr" for m in w.members}})
    await started_game(w)
    lg = await play_until(w, lambda s: s.round >= 4, seed=2)
    member = w.members[4]
    r = await member.slash(w.channel, "sw board", text=True)
    assert r.ephemeral
    # The pages as shown one after the other (a press edits the same private message).
    page, shown = r.response, []
    while True:
        shown.append(page.content)
        assert len(page.content) <= 2000
        (back, _, first), (on, custom_id, last) = buttons(page)
        assert (back, on) == ("◀ Précédente", "Suivante ▶")
        assert first == (len(shown) == 1)
        if last:
            break
        page = (await member.click(page, custom_id=custom_id)).response
    heads = [content.split("\n", 1)[0] for content in shown]
    assert heads == [f"Page {i}/{len(shown)}" for i in range(1, len(shown) + 1)]
    told = [line for content in shown for line in content.split("\n")[1:]]
    with speaking("fr"):
        assert told == board_lines(view(lg.game.state))
    assert told[0] == "Tour 4/8 · tour d'ann (A1) (conquêtes)"
    regions = [int(m[1]) for line in told if (m := re.match(r"- (\d+) ", line))]
    assert sorted(regions) == list(range(len(lg.game.state.regions)))
    # Shown with ``pytest -s``: the first page of a position's board in words.
    print(shown[0])
    # Nothing was posted for the channel: the last public message is the turn's.
    assert not public(w)[-1].content.startswith("Page ")


async def test_a_forged_page_button_is_refused(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    r = await w.members[0].slash(w.channel, "sw board", text=True)
    page = r.response
    for forged in ("swt:", "swt:99999:2", "swt:1:x", f"swt:{2**63}:1"):
        refused = await press_forged(w.members[0], page, forged)
        assert refused.ephemeral and "nothing was done" in refused.response.content


@pytest.mark.simcord(settle_timeout=60)
async def test_league_pictures_carry_their_descriptions(simcord_env) -> None:
    import discord

    w = await world(simcord_env)
    role = w.guild.create_role("org", permissions=discord.Permissions(manage_guild=True))
    organiser = w.guild.add_member(simcord_env.create_user("org"), roles=[role])
    await organiser.slash(w.channel, "league open", name="Autumn", days=30)
    await started_game(w)
    lg = await play_until(w, lambda s: s.turn.phase == "over", seed=1)
    await simcord_env.bot.announcer.deliver_due()
    ann = w.members[0]
    standings = await ann.slash(w.channel, "league standings")
    [shot] = standings.followups or [standings.response]
    [table] = shot.attachments
    assert table.description.startswith("Standings · Autumn") or "Autumn" in table.description
    assert all(f"{m.name}, rating " in table.description for m in w.members)
    card = await ann.slash(w.channel, "league player")
    [shown] = card.followups or [card.response]
    [drawn] = shown.attachments
    assert drawn.description.startswith("League card of ann, Autumn: rating ")
    replay = await ann.slash(w.channel, "league replay", game=lg.id)
    [anim] = replay.followups or [replay.response]
    [moving] = anim.attachments
    assert moving.filename.startswith(f"game-{lg.id}.")
    assert moving.description.startswith("Animated replay: the board after each turn, ")
    assert all(f"{m.name}: " in moving.description for m in w.members)
