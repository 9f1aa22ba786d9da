"""What ``/sw help`` tells a member: every command group of the bot, in one message.

Each paragraph is one message of the catalogs; the commands and options it names are
filled in as the member's client shows them (``lang.slash``, ``lang.option``).
"""

from __future__ import annotations

from lang import option, slash, tr

#: The commands the help names, by the field that holds each.
COMMANDS = {
    "new": "sw new", "join": "sw join", "start": "sw start", "play": "sw play",
    "pick": "sw pick", "conquer": "sw conquer", "redeploy": "sw redeploy", "end": "sw end",
    "decline": "sw decline", "undo": "sw undo", "do": "sw do", "coins": "sw coins",
    "board": "sw board", "status": "sw status", "rules": "sw rules", "notify": "sw settings notify",
    "away": "sw away", "follow": "sw follow", "games": "league games",
    "replay": "league replay", "stats": "league stats", "standings": "league standings",
    "player": "league player", "maps_add": "maps add", "maps_list": "maps list",
    "tutorial": "tutorial start",
}  # fmt: skip
#: The options the help names, by their field.
OPTIONS = {
    "mix": "mix", "surface_relics": "surface_relics", "thread": "thread", "map": "map",
    "days": "days",
}  # fmt: skip


def help_text() -> str:
    """The help, in the language spoken."""
    fields = {key: slash(path) for key, path in COMMANDS.items()}
    fields.update((f"{key}_option", option(name)) for key, name in OPTIONS.items())
    return "\n".join(
        [
            tr("**Small World in this channel**"),
            tr(
                "`{new}` opens a game (2–5 players, or 6 in 3 teams of 2), `{join}` takes a "
                "seat, `{start}` begins. A team lobby's message has taps: Join, choose your "
                "partner (you pair when you choose each other), and for the host, pair two "
                "players, 🎲 Draw teams and Start. Options (`{mix_option}:true`, "
                "`{surface_relics_option}:true`, or the host's toggles on the lobby message): "
                "mixed markets, Places and Relics on the surface.",
                **fields,
            ),
            tr(
                "**On your turn, tap ▶ Play** under the latest game message (or type "
                "`{play}`): your own panel opens, only you see it, and the whole turn is "
                "menus and buttons: pick a combo, conquer (each region with its cost), final "
                "conquest with the die, abandon, special powers, redeploy, decline, end. It "
                "can be opened again at any time. A question put to you in someone else's "
                "turn (the Sigil of Sacrifice) comes with **▶ Answer**.",
                **fields,
            ),
            tr(
                "The channel gets one message per turn, edited as the turn goes, then a "
                "summary with the board."
            ),
            tr(
                "Typed commands do the same: `{pick}`, `{conquer}`, `{redeploy}`, `{end}`, "
                "`{decline}`, `{undo}`, and `{do}` for every legal action.",
                **fields,
            ),
            tr(
                "`{coins}` shows your coins to you alone. `{board}`, `{status}`, `{rules}` "
                "tell the rest. `{notify}` sends you a DM when it's your turn.",
                **fields,
            ),
            tr(
                "Away for a while? `{away} {days_option}` makes your deadlines wait. "
                "Watching? `{follow}`. `{new} {thread_option}:true` opens a game in its own "
                "thread. Finished games: `{games}`, `{replay}`, `{stats}`; the season: "
                "`{standings}`, `{player}`.",
                **fields,
            ),
            tr(
                "Your club's own board: a server manager adds its file with `{maps_add}`, and "
                "`{new} {map_option}:` offers it (`{maps_list}` shows them).",
                **fields,
            ),
            tr(
                "Each decision has a deadline; when it passes the bot plays a sensible "
                "default and says so."
            ),
            tr("New to the game? `{tutorial}` teaches it by playing.", **fields),
        ]
    )
