"""A lobby by taps: a team lobby message's Join, partner and pairing menus, Draw teams and
Start, and any lobby's game option toggles, as ``DynamicItem``s whose ``custom_id`` holds
the game id, so they keep working after a restart.

``swl:<game>:<verb>`` is a button (join, draw, start; ``on_<option>`` / ``off_<option>``:
the host turns a game option on or off, in any lobby: ``bot.options``);
``swp:<game>:<menu>`` a select menu (partner: choose your partner; pair: the host pairs two
players). Each press goes to the service (``bot.service.pairing``, ``bot.service.lobby``),
which checks everything inside the game's lock; the answer edits the tapped lobby message
to show the teams (and options) as they stand, with fresh controls (the menus list the
players who have joined); a refusal is private.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from engine.core.content import load_map
from engine.rulesets.teams import seat_name
from lang import number, slash, speaking, tr

from .controls import FORGED, NUMBER, fits, refuse, unstored
from .desk import Desk, committed, reply_error
from .errors import ServiceError
from .options import offered, options_line, title
from .public import publish, refresh
from .service.loaded import LoadedGame
from .service.lobby import WORLD_NAMES
from .service.outcome import Outcome
from .speech import Spoken, in_games_language
from .teams import is_team_game, lobby_teams

Interaction = discord.Interaction[Any]

LOBBY_BUTTON = rf"swl:(?P<game>{NUMBER}):(?P<verb>join|draw|start|(?:on|off)_[a-z_]{{1,40}})"
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
    return lobby_message(lg, head) if lg.teams else plain_message(lg, head)


def with_options(lg: LoadedGame, head: str) -> str:
    """``head`` and the lobby's options line, if any are on."""
    line = options_line(lg.options)
    return f"{head}\n{line}." if line else head


@in_games_language
def plain_message(lg: LoadedGame, head: str) -> dict[str, Any]:
    """A lobby's public message that is not a team lobby: ``head``, the options, and the
    host's option toggles."""
    view = discord.ui.View(timeout=None)
    for item in option_buttons(lg):
        view.add_item(item)
    return {
        "content": with_options(lg, head),
        "view": unstored(view),
        "allowed_mentions": discord.AllowedMentions.none(),
    }


def option_buttons(lg: LoadedGame) -> list[LobbyButton]:
    """One toggle per game option a host may choose (``bot.options.offered``): its label
    says whether it is on; a tap turns it the other way."""
    items = []
    for name in offered():
        on = bool(lg.options.get(name))
        verb = f"{'off' if on else 'on'}_{name}"
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=f"{'✅' if on else '⬜'} {title(name)}"[:80],
            style=discord.ButtonStyle.secondary,
            custom_id=f"swl:{lg.id}:{verb}",
        )
        items.append(LobbyButton(button, lg.id, verb))
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
    """The controls of a team lobby: choose your partner, pair two (host), Join, Draw teams
    (host), Start (host)."""
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=s.name[:100], value=str(s.user_id)) for s in lg.seats]
    partner: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"swp:{lg.id}:partner",
        placeholder=tr("Choose your partner…"),
        options=options,
    )
    view.add_item(LobbySelect(partner, lg.id, "partner"))
    if len(options) >= 2:
        pair: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"swp:{lg.id}:pair",
            placeholder=tr("Host: pair two players…"),
            options=options,
            min_values=2,
            max_values=2,
        )
        view.add_item(LobbySelect(pair, lg.id, "pair"))
    full = len(lg.seats) >= lg.player_count
    buttons = [] if full else [("join", tr("Join"), discord.ButtonStyle.success)]
    buttons += [
        ("draw", tr("🎲 Draw teams"), discord.ButtonStyle.secondary),
        ("start", tr("Start"), discord.ButtonStyle.primary),
    ]
    for verb, label, style in buttons:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=style, custom_id=f"swl:{lg.id}:{verb}"
        )
        view.add_item(LobbyButton(button, lg.id, verb))
    for item in option_buttons(lg):
        view.add_item(item)
    return unstored(view)


class LobbyButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"swl:(?P<rest>[\s\S]*)"
):
    """Join, Draw teams or Start on a team lobby's message (``verb`` empty: forged)."""

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
        if verb == "join":
            lg = await service.in_channel(channel_id)
            if lg.id != game_id:
                raise ServiceError(tr("That lobby is closed: use the latest lobby message."))
            lg = await service.join(channel_id, user.id, user.display_name)
            with speaking(lg.language):
                text = tr(
                    "{who} joined ({joined}/{players}).",
                    who=user.mention,
                    joined=len(lg.seats),
                    players=lg.player_count,
                )
        elif verb.startswith(("on_", "off_")):
            on, name = verb.split("_", 1)
            lg = await service.set_option(game_id, channel_id, user.id, name, on == "on")
            with speaking(lg.language):
                if on == "on":
                    text = tr("✅ {option} on.", option=title(name))
                else:
                    text = tr("⬜ {option} off.", option=title(name))
                plain = plain_message(lg, f"{describe_plain(lg)}\n{text}")
            if not lg.teams:
                committed(interaction)
                await refresh(interaction, **plain)
                return
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
    # The tapped lobby message is edited in place: the channel stays quiet while teams form.
    # It is the game's, so it speaks the game's language (the pairing texts were written in
    # it, in the game's write).
    committed(interaction)
    with speaking(lg.language):
        edited = lobby_message(lg, f"{describe(lg)}\n{text}")
    await refresh(interaction, **edited)
