"""One request, one effect: every game-changing slash command and button sent twice.

"At once" means both copies are created, and reach the bot, before the first one is
answered (``slash_together``, ``press_together``, ``select_together``): the copy changes
nothing and is answered as a copy. "One after the other" means the second is created after
the member got the first one's answer: it is a request of its own (two ``/sw undo`` undo
two actions; a second ``/sw pick`` is refused by the rules as before).

Each case sets a position up, names the command, and counts the effects since the set-up
from what the bot stored (never from what it answered).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import discord
import pytest

from bot.once import Once
from engine import legal_actions, to_act
from engine.core.actions import Deploy

from .presses import select_together, slash_together
from .test_taps import choices
from .world import World, actor, game_of, legal_texts, open_panel, public, started_game, world

Count = Callable[[], Awaitable[int]]


@dataclass
class Case:
    """A member, the command they send twice, and how many effects the bot stored since."""

    member: Any
    command: str
    count: Count
    options: dict[str, Any] = field(default_factory=dict)
    #: The bot's answers to the two copies (for the cases counted by what was confirmed).
    replies: list[Any] = field(default_factory=list)


async def _rows(w: World, sql: str, *params: Any) -> int:
    row = await w.env.bot.storage.fetchone(sql, params)
    return int(row[0])


async def _version_count(w: World) -> Count:
    start = (await game_of(w)).game.state.version

    async def count() -> int:
        return (await game_of(w)).game.state.version - start

    return count


def _messages(w: World, start: str) -> Count:
    async def count() -> int:
        return sum(1 for m in public(w) if m.content.startswith(start))

    return count


async def _first_round(w: World) -> None:
    """Every player picks, conquers one region and ends: each holds a region after."""
    for _ in range(3):
        who, _ = await actor(w)
        await who.slash(w.channel, "sw pick", slot=1)
        target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
        await who.slash(w.channel, "sw do", action=target)
        await who.slash(w.channel, "sw end")


# --- the lobby ---------------------------------------------------------------------------


async def new(w: World) -> Case:
    async def count() -> int:
        return await _rows(w, "SELECT COUNT(*) FROM games WHERE channel_id = ?", w.channel.id)

    return Case(w.members[0], "sw new", count, {"players": 3})


async def join(w: World) -> Case:
    await w.members[0].slash(w.channel, "sw new", players=3)

    async def count() -> int:
        return len((await game_of(w)).seats) - 1

    return Case(w.members[1], "sw join", count)


async def leave(w: World) -> Case:
    await w.members[0].slash(w.channel, "sw new", players=3)
    await w.members[1].slash(w.channel, "sw join")

    async def count() -> int:
        return 2 - len((await game_of(w)).seats)

    return Case(w.members[1], "sw leave", count)


async def addai(w: World) -> Case:
    await w.members[0].slash(w.channel, "sw new", players=3)

    async def count() -> int:
        return len((await game_of(w)).seats) - 1

    return Case(w.members[0], "sw addai", count, {"level": "easy"})


async def start(w: World) -> Case:
    await w.members[0].slash(w.channel, "sw new", players=3)
    for m in w.members[1:]:
        await m.slash(w.channel, "sw join")
    return Case(w.members[0], "sw start", _messages(w, "The game begins"))


async def cancel(w: World) -> Case:
    await w.members[0].slash(w.channel, "sw new", players=3)
    return Case(w.members[0], "sw cancel", _messages(w, "The game in this channel was cancelled"))


# --- a turn -------------------------------------------------------------------------------


async def pick(w: World) -> Case:
    await started_game(w)
    who, _ = await actor(w)
    return Case(who, "sw pick", await _version_count(w), {"slot": 1})


async def conquer(w: World) -> Case:
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    region = next(int(t.split()[1]) for t in await legal_texts(w) if t.startswith("conquer"))
    return Case(who, "sw conquer", await _version_count(w), {"region": region})


async def abandon(w: World) -> Case:
    await started_game(w)
    await _first_round(w)
    who, _ = await actor(w)
    region = next(int(t.split()[1]) for t in await legal_texts(w) if t.startswith("abandon"))
    return Case(who, "sw abandon", await _version_count(w), {"region": region})


async def redeploy(w: World) -> Case:
    await started_game(w)
    who, seat = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
    await who.slash(w.channel, "sw do", action=target)
    await who.slash(w.channel, "sw do", action="stop")
    state = (await game_of(w)).game.state
    deploy = next(a for a in legal_actions(state, seat) if isinstance(a, Deploy))
    return Case(who, "sw redeploy", await _version_count(w), {"to": deploy.region, "count": 1})


async def decline(w: World) -> Case:
    await started_game(w)
    await _first_round(w)
    who, _ = await actor(w)
    return Case(who, "sw decline", await _version_count(w))


async def end(w: World) -> Case:
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    return Case(who, "sw end", _messages(w, f"**{who.name}'s turn**"))


async def undo(w: World) -> Case:
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    for _ in range(2):
        target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
        await who.slash(w.channel, "sw do", action=target)
    before = len((await game_of(w)).game.log)

    async def count() -> int:
        return before - len((await game_of(w)).game.log)

    return Case(who, "sw undo", count)


async def do(w: World) -> Case:
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
    return Case(who, "sw do", await _version_count(w), {"action": target})


# --- seats ----------------------------------------------------------------------------------


def _seat_log(w: World, kind: str) -> Count:
    async def count() -> int:
        return await _rows(w, "SELECT COUNT(*) FROM seat_log WHERE kind = ?", kind)

    return count


async def away(w: World) -> Case:
    await started_game(w)
    return Case(w.members[1], "sw away", _seat_log(w, "away"), {"days": 0.5})


async def back(w: World) -> Case:
    await started_game(w)
    await w.members[1].slash(w.channel, "sw away", days=0.5)
    return Case(w.members[1], "sw back", _seat_log(w, "back"))


async def replace(w: World) -> Case:
    await started_game(w, players=2)
    lg = await game_of(w)
    host = w.member(lg.host_id)
    player = next(m for m in w.members[:2] if m is not host)
    return Case(host, "sw replace", _seat_log(w, "replace"), {"player": player, "by": w.members[2]})


async def follow(w: World) -> Case:
    await started_game(w, players=2)
    watcher = w.members[2]
    case = Case(watcher, "sw follow", lambda: _toggles(w, watcher.id, case.replies))
    return case


async def _toggles(w: World, user_id: int, replies: list[Any]) -> int:
    """Each /sw follow switches following on or off: the switches told, checked against
    what is stored (on after an odd number)."""
    told = sum(1 for r in replies if "follow this game" in r.response.content)
    on = await _rows(w, "SELECT COUNT(*) FROM followers WHERE user_id = ?", user_id)
    assert on == told % 2, (on, told)
    return told


async def notify(w: World) -> Case:
    # Switching DMs on twice leaves them on: the effect counted is the confirmation.
    case = Case(w.members[0], "sw settings notify", lambda: _confirmed(case.replies), {"on": True})
    return case


async def _confirmed(replies: list[Any]) -> int:
    return sum(1 for r in replies if "DM you" in r.response.content)


# --- the league -------------------------------------------------------------------------------


async def _organiser(w: World) -> Any:
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    return w.guild.add_member(w.env.create_user("org"), roles=[role])


async def league_open(w: World) -> Case:
    org = await _organiser(w)

    async def count() -> int:
        return await _rows(w, "SELECT COUNT(*) FROM seasons")

    return Case(org, "league open", count, {"name": "Spring"})


async def league_close(w: World) -> Case:
    org = await _organiser(w)
    await org.slash(w.channel, "league open", name="Spring")

    async def count() -> int:
        return await _rows(w, "SELECT COUNT(*) FROM seasons WHERE closed_at IS NOT NULL")

    return Case(org, "league close", count)


#: Each command, and how many effects two copies sent one after the other have (1 where the
#: second is refused by the rules or the lobby, 2 where a second request does it again).
SEQUENTIAL = {
    new: 1,
    join: 1,
    leave: 1,
    addai: 2,
    start: 1,
    cancel: 1,
    pick: 1,
    conquer: 1,
    abandon: 1,
    redeploy: 2,
    decline: 1,
    end: 1,
    undo: 2,
    do: 1,
    away: 2,
    back: 1,
    replace: 1,
    follow: 2,
    notify: 2,
    league_open: 1,
    league_close: 1,
}
CASES = list(SEQUENTIAL)


async def _send(case: Case, w: World, together: bool) -> list[Any]:
    if together:
        results = await slash_together(case.member, w.channel, case.command, **case.options)
    else:
        results = [
            await case.member.slash(w.channel, case.command, **case.options) for _ in range(2)
        ]
    case.replies.extend(results)
    return results


@pytest.mark.parametrize("setup", CASES, ids=[c.__name__ for c in CASES])
async def test_a_command_sent_twice_at_once_has_one_effect(simcord_env, setup) -> None:
    w = await world(simcord_env)
    case = await setup(w)
    assert await case.count() == 0
    first, copy = await _send(case, w, together=True)
    assert await case.count() == 1, (first.response.content, copy.response.content)
    assert copy.ephemeral and "twice at once" in copy.response.content, copy.response.content
    print(f"/{case.command} twice at once: 1 effect; the copy got: {copy.response.content}")


@pytest.mark.parametrize("setup", CASES, ids=[c.__name__ for c in CASES])
async def test_a_command_sent_twice_in_turn_is_two_requests(simcord_env, setup) -> None:
    w = await world(simcord_env)
    case = await setup(w)
    first, second = await _send(case, w, together=False)
    assert await case.count() == SEQUENTIAL[setup], (first.response.content, second.response)
    assert "twice at once" not in (second.response.content or "")
    print(f"/{case.command} twice in turn: {SEQUENTIAL[setup]} effect(s)")


# --- buttons and menus -----------------------------------------------------------------------


async def test_a_panel_menu_chosen_twice_at_once_conquers_once(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    panel = await open_panel(w, who)
    custom_id, value = next((c, p) for kind, c, p in choices(panel) if p.startswith("a=conquer"))
    version = (await game_of(w)).game.state.version
    _first, copy = await select_together(who, panel, custom_id, value)
    assert (await game_of(w)).game.state.version == version + 1
    assert copy.ephemeral and "twice at once" in copy.response.content


async def test_panel_buttons_pressed_in_turn_are_two_requests(simcord_env) -> None:
    """Undo on two panels, one after the other (the second shown after the first undo):
    two actions undone."""
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    for _ in range(2):
        target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
        r = await who.slash(w.channel, "sw do", action=target)
    before = len((await game_of(w)).game.log)
    r = await who.click(r.response, label="Undo")
    r = await who.click(r.response, label="Undo")
    assert len((await game_of(w)).game.log) == before - 2
    assert to_act((await game_of(w)).game.state) is not None


# --- the rule on Discord's clock --------------------------------------------------------------


class _Reply:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, **_kwargs: Any) -> None:
        self.sent.append(text)


class _Request:
    """The parts of a ``discord.Interaction`` the mechanism reads, created at ``created``."""

    def __init__(self, created) -> None:  # type: ignore[no-untyped-def]
        self.id = discord.utils.time_snowflake(created)
        self.data = {"name": "sw", "options": [{"name": "undo"}]}
        self.channel_id = 1
        self.user = discord.Object(2)
        self.extras: dict[str, Any] = {}
        self.type = discord.InteractionType.application_command
        self.response = _Reply()


async def test_a_copy_made_before_the_answer_but_arriving_after_it_is_a_copy() -> None:
    """A copy can reach the bot after the first one was answered (the network), yet have
    been made before: its id's time tells. One made after the answer is a new request."""
    t0 = discord.utils.utcnow().replace(microsecond=0)
    now = [t0]
    once = Once(lambda: now[0])
    done: list[str] = []

    async def play() -> None:
        done.append("undo")
        now[0] += timedelta(milliseconds=400)  # the answer goes out 0.4 s after arrival

    await once.run(_Request(t0), play)  # type: ignore[arg-type]
    late_copy = _Request(t0 + timedelta(milliseconds=200))
    await once.run(late_copy, play)  # type: ignore[arg-type]
    assert done == ["undo"] and "twice at once" in late_copy.response.sent[0]
    await once.run(_Request(t0 + timedelta(milliseconds=600)), play)  # type: ignore[arg-type]
    assert done == ["undo", "undo"]
