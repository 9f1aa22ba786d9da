"""A lobby by taps: every lobby message's Join, Leave, Start and Cancel and its game option
toggles, and a team lobby's partner and pairing menus and Draw teams, as ``DynamicItem``s
whose ``custom_id`` holds the game id, so they keep working after a restart.

``swl:<game>:<verb>`` is a button (join, leave, draw, start, cancel; ``on_<option>`` /
``off_<option>``: the host turns a game option on or off: ``bot.options``);
``swp:<game>:<menu>`` a select menu (partner: choose your partner; pair: the host pairs two
players). Each press goes to the service (``bot.service.pairing``, ``bot.service.lobby``),
which checks everything inside the game's lock; the answer edits the tapped lobby message
to show who is in (the teams) and the options as they stand, with fresh controls (the
menus list the players who have joined); a refusal is private. The start is told for
everyone (``began``), as ``/sw start`` tells it.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from engine.core.content import load_map
from engine.core.rulesets import options_for
from engine.rulesets.teams import seat_name
from lang import number, slash, speaking, tr

from .controls import FORGED, NUMBER, fits, refuse, unstored
from .desk import Desk, committed, reply_error
from .errors import ServiceError
from .options import label, offered, options_line, worth_offering
from .public import publish, refresh
from .service.loaded import LoadedGame
from .service.lobby import WORLD_NAMES
from .service.outcome import Outcome
from .speech import Spoken, in_games_language
from .teams import is_team_game, lobby_teams

Interaction = discord.Interaction[Any]

LOBBY_BUTTON = (
    rf"swl:(?P<game>{NUMBER}):"
    r"(?P<verb>join|leave|draw|start|cancel|(?:on|off)_[a-z_]{1,40})"
)
LOBBY_SELECT = rf"swp:(?P<game>{NUMBER}):(?P<menu>partner|pair)"


@in_games_language
def start_text(lg: LoadedGame) -> str:
    """The seat order a started game announces: ``1.`` … or, in a team game, the seat
    names ``A1`` … ``C2`` (the game's teams); then the game's options, if any."""
    assert lg.game is not None
    s = lg.game.state
    rows = sorted(lg.seats, key=_seat)
    parts = []
    for i, row in enumerate(rows):
        player = f"🤖 **{row.name}**" if row.ai else f"<@{row.user_id}>"
        parts.append(f"{seat_name(i) if is_team_game(s) else f'{i + 1}.'} {player}")
    line = options_line(s.options)
    text = tr("The game begins! Seat order: {seats}.", seats=", ".join(parts))
    return text + (f"\n{line}." if line else "")


def _seat(row: Any) -> int:
    return row.seat if row.seat is not None else 99


def seats(lg: LoadedGame) -> dict[str, int]:
    """A lobby's ``{seated}`` and ``{players}`` fields: the seats taken and the seats."""
    return {"seated": len(lg.seats), "players": lg.player_count}


def joined(who: str, lg: LoadedGame) -> str:
    """``who`` (a mention) took a seat; told in the game's language, as the lobby is."""
    with speaking(lg.language):
        return tr("{who} joined ({seated}/{players}).", who=who, **seats(lg))


def ai_joined(name: str, lg: LoadedGame) -> str:
    """An AI seat named ``name`` was added by the host (in the game's language)."""
    with speaking(lg.language):
        return tr(
            "🤖 **{name}** joined ({seated}/{players}). A game with an AI player does not "
            "count for the league.",
            name=name,
            **seats(lg),
        )


def left(who: str, lg: LoadedGame) -> str:
    """``who`` (a mention) left the lobby (in the game's language)."""
    with speaking(lg.language):
        return tr("{who} left ({seated}/{players}).", who=who, **seats(lg))


async def began(desk: Desk, interaction: Interaction, outcome: Outcome) -> None:
    """Tell everyone the game began, with its seat order, and post its first turn at once
    (``/sw start`` or the lobby's Start): the start is saved, so the first turn goes out
    even when the answer to the member could not."""
    committed(interaction)
    try:
        # ``start_text`` speaks the game's language by itself (``in_games_language``).
        await publish(
            interaction,
            content=start_text(outcome.game),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    finally:
        await desk.announce(outcome, interaction)


def lobby_news(lg: LoadedGame, text: str) -> dict[str, Any]:
    """What the channel is told of a change to a lobby (``text``, in the game's language):
    a team lobby's teams and controls as they now stand come with it."""
    if lg.teams:
        return lobby_message(lg, text)
    return {"content": text}


def details(lg: LoadedGame, board: str, *extras: str) -> str:
    """What a lobby's first line says of the game, in brackets: ``map `3p`, 24 h per
    decision, rated``."""
    items = [
        tr("map `{map}`", map=board),
        tr("{hours} h per decision", hours=number(lg.deadline_hours)),
        *extras,
    ]
    return ", ".join(items)


def describe(lg: LoadedGame) -> str:
    """The first line of a team lobby's message."""
    rated = [tr("rated")] if lg.rated else []
    return tr(
        "👥 **Team game** for {players} players in 3 teams of 2 ({details}).",
        players=lg.player_count,
        details=details(lg, lg.map_id, *rated),
    )


def joining(lg: LoadedGame) -> str:
    """How a lobby is joined and started."""
    return tr(
        "Join with `{join}`; the host starts with `{start}` once {players} have joined.",
        join=slash("sw join"),
        start=slash("sw start"),
        players=lg.player_count,
    )


def describe_any(lg: LoadedGame) -> str:
    """The first line of a lobby's message, team lobby or not."""
    return describe(lg) if lg.teams else describe_plain(lg)


def describe_plain(lg: LoadedGame) -> str:
    """The first line of a lobby's message that is not a team lobby."""
    world = WORLD_NAMES.get(load_map(lg.map_id).world, "Small World")
    rated = [tr("rated")] if lg.rated else []
    head = tr(
        "**{world}** for {players} players ({details}).",
        world=world,
        players=lg.player_count,
        details=details(lg, lg.map_id, *rated),
    )
    return f"{head} {joining(lg)}"


@in_games_language
def opening_message(lg: LoadedGame, world: str, board: str, host: str) -> dict[str, Any]:
    """The message ``/sw new`` posts: the game, the host in, how to join; a team lobby's
    teams and controls, or a plain lobby's option toggles."""
    extras = [tr("open scores")] if lg.open_scores else []
    extras += [tr("rated")] if lg.rated else []
    if lg.teams:
        extras.append(tr("in 3 teams of 2"))
    game = tr(
        "**{world}** for {players} players ({details}).",
        world=world,
        players=lg.player_count,
        details=details(lg, board, *extras),
    )
    arrived = tr("{host} is in.", host=host)
    head = f"{game} {arrived} {joining(lg)}"
    return lobby_message(lg, head) if lg.teams else plain_message(lg, head, who=False)


def with_options(lg: LoadedGame, head: str) -> str:
    """``head`` and the lobby's options line, if any are on."""
    line = options_line(lg.options)
    return f"{head}\n{line}." if line else head


@in_games_language
def plain_message(lg: LoadedGame, head: str, *, who: bool = True) -> dict[str, Any]:
    """A lobby's public message that is not a team lobby: ``head``, the options, who is
    in (``who``: not in the opening message, whose head says the host is in), and every
    lobby's taps (``lobby_buttons``) with the host's option toggles."""
    view = discord.ui.View(timeout=None)
    for item in [*lobby_buttons(lg, row=0), *option_buttons(lg, row=1)]:
        view.add_item(item)
    content = with_options(lg, head)
    if who:
        names = ", ".join(f"**{s.name}**" for s in lg.seats)
        content += "\n" + tr("Players ({seated}/{players}): {names}", names=names, **seats(lg))
    return {
        "content": content,
        "view": unstored(view),
        "allowed_mentions": discord.AllowedMentions.none(),
    }


def lobby_button(lg: LoadedGame, verb: str, label: str, style: Any, row: int) -> LobbyButton:
    """A button of the lobby's message that does ``verb`` (``LOBBY_BUTTON``)."""
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=label[:80], style=style, custom_id=f"swl:{lg.id}:{verb}", row=row
    )
    return LobbyButton(button, lg.id, verb)


def lobby_buttons(lg: LoadedGame, row: int) -> list[LobbyButton]:
    """Every lobby's taps, the same in each: Join while a seat is free, Leave, the host's
    Start and Cancel (and Draw teams in a team lobby); the service refuses a tap that is
    not the member's to make."""
    style = discord.ButtonStyle
    verbs = [] if len(lg.seats) >= lg.player_count else [("join", tr("Join"), style.success)]
    verbs.append(("leave", tr("Leave"), style.secondary))
    if lg.teams:
        verbs.append(("draw", tr("🎲 Draw teams"), style.secondary))
    verbs += [("start", tr("Start"), style.primary), ("cancel", tr("Cancel"), style.danger)]
    return [lobby_button(lg, verb, label, kind, row) for verb, label, kind in verbs]


def option_buttons(lg: LoadedGame, row: int) -> list[LobbyButton]:
    """One toggle per game option that changes something on this lobby's board
    (``bot.options.worth_offering``), and any that is on: its label says whether it is on;
    a tap turns it the other way."""
    base = options_for(lg.player_count) if lg.teams else {}
    worth = worth_offering(lg.player_count, load_map(lg.map_id).world, lg.map_id, tuple(base))
    items = []
    for name in offered():
        on = bool(lg.options.get(name))
        if on or name in worth:
            mark, verb = ("✅", f"off_{name}") if on else ("⬜", f"on_{name}")
            toggle = f"{mark} {label(name)}"
            items.append(lobby_button(lg, verb, toggle, discord.ButtonStyle.secondary, row))
    return items


@in_games_language
def lobby_message(lg: LoadedGame, head: str) -> dict[str, Any]:
    """A team lobby's public message: ``head``, the teams as they stand, the controls."""
    return {
        "content": f"{with_options(lg, head)}\n\n{lobby_teams(lg.seats)}",
        "view": lobby_view(lg),
        "allowed_mentions": discord.AllowedMentions.none(),
    }


def lobby_view(lg: LoadedGame) -> discord.ui.View:
    """The controls of a team lobby: choose your partner, pair two (host), every lobby's
    taps with Draw teams (host), and the option toggles."""
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=s.name[:100], value=str(s.user_id)) for s in lg.seats]
    partner: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"swp:{lg.id}:partner",
        placeholder=tr("Choose your partner…"),
        options=options,
        row=0,
    )
    view.add_item(LobbySelect(partner, lg.id, "partner"))
    if len(options) >= 2:
        pair: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"swp:{lg.id}:pair",
            placeholder=tr("Host: pair two players…"),
            options=options,
            min_values=2,
            max_values=2,
            row=1,
        )
        view.add_item(LobbySelect(pair, lg.id, "pair"))
    for item in [*lobby_buttons(lg, row=2), *option_buttons(lg, row=3)]:
        view.add_item(item)
    return unstored(view)


class LobbyButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"swl:(?P<rest>[\s\S]*)"
):
    """A tap on a lobby's message: Join, Leave, Draw teams, Start, Cancel or an option's
    toggle (``verb`` empty: forged)."""

    def __init__(self, item: discord.ui.Button[Any], game_id: int, verb: str) -> None:
        super().__init__(item)
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Any, match: re.Match[str], /
    ) -> LobbyButton:
        found = fits(re.fullmatch(LOBBY_BUTTON, match.string))
        if found is None or not isinstance(item, discord.ui.Button):
            return cls(item, 0, "")
        return cls(item, int(found["game"]), found["verb"])

    async def callback(self, interaction: Interaction) -> None:
        if not self.verb:
            await refuse(interaction, FORGED)
            return
        await once_press(interaction, self.game_id, self.verb, [])


class LobbySelect(
    Spoken, discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"swp:(?P<rest>[\s\S]*)"
):
    """The partner menu or the host's pairing menu of a team lobby's message."""

    def __init__(self, item: discord.ui.Select[Any], game_id: int, menu: str) -> None:
        super().__init__(item)
        self.game_id, self.menu = game_id, menu

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Any, match: re.Match[str], /
    ) -> LobbySelect:
        found = fits(re.fullmatch(LOBBY_SELECT, match.string))
        if found is None or not isinstance(item, discord.ui.Select):
            return cls(item, 0, "")
        return cls(item, int(found["game"]), found["menu"])

    async def callback(self, interaction: Interaction) -> None:
        if not self.menu:
            await refuse(interaction, FORGED)
            return
        await once_press(interaction, self.game_id, self.menu, list(self.item.values))


async def once_press(interaction: Interaction, game_id: int, verb: str, values: list[str]) -> None:
    """A lobby press, counted once when pressed twice at once, and acknowledged on arrival
    by a busy bot (``bot.once``), as the commands that do the same are."""
    bot: Any = interaction.client  # the SmallWorldBot: its desk
    await bot.desk.once.run(
        interaction, lambda: lobby_press(interaction, game_id, verb, values), private=True
    )


async def lobby_press(interaction: Interaction, game_id: int, verb: str, values: list[str]) -> None:
    """One tap on a team lobby's message, answered in public (or refused in private)."""
    bot: Any = interaction.client  # the SmallWorldBot: its service and desk
    service = bot.service
    channel_id = interaction.channel_id or 0
    user = interaction.user
    try:
        chosen = [int(v) for v in values]
    except ValueError:
        await refuse(interaction, FORGED)
        return
    try:
        if verb == "start":
            live = await service.live_game_id(channel_id)
            if live != game_id:
                raise ServiceError(tr("That lobby is closed: use the latest lobby message."))
            outcome = await service.start(channel_id, user.id)
            await began(bot.desk, interaction, outcome)
            return
        if verb in ("join", "leave", "cancel"):
            lg = await service.in_channel(channel_id)
            if lg.id != game_id:
                raise ServiceError(tr("That lobby is closed: use the latest lobby message."))
        if verb == "join":
            lg = await service.join(channel_id, user.id, user.display_name)
            text = joined(user.mention, lg)
        elif verb == "leave":
            lg = await service.leave(channel_id, user.id)
            text = left(user.mention, lg)
        elif verb == "cancel":
            perms = getattr(user, "guild_permissions", None)
            lg = await service.cancel(channel_id, user.id, bool(perms and perms.manage_guild))
            committed(interaction)
            # The lobby keeps its words, without its taps: nothing is left to press.
            with speaking(lg.language):
                gone = tr("The game in this channel was cancelled.")
                await refresh(interaction, content=f"{describe_any(lg)}\n{gone}", view=None)
            return
        elif verb.startswith(("on_", "off_")):
            on, name = verb.split("_", 1)
            lg = await service.set_option(game_id, channel_id, user.id, name, on == "on")
            with speaking(lg.language):
                if on == "on":
                    text = tr("✅ {option} on.", option=label(name))
                else:
                    text = tr("⬜ {option} off.", option=label(name))
        elif verb == "draw":
            lg, text = await service.pairing.draw(game_id, channel_id, user.id)
        elif verb == "partner" and len(chosen) == 1:
            lg, text = await service.pairing.choose(game_id, channel_id, user.id, chosen[0])
        elif verb == "pair" and len(chosen) == 2:
            lg, text = await service.pairing.pair(game_id, channel_id, user.id, *chosen)
        else:
            await refuse(interaction, FORGED)
            return
    except ServiceError as exc:
        await reply_error(interaction, str(exc))
        return
    # The tapped lobby message is edited in place: the channel stays quiet while the lobby
    # fills. It is the game's, so it speaks the game's language (the pairing texts were
    # written in it, in the game's write).
    committed(interaction)
    with speaking(lg.language):
        head = f"{describe_any(lg)}\n{text}"
        edited = lobby_message(lg, head) if lg.teams else plain_message(lg, head)
    await refresh(interaction, **edited)
