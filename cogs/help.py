"""What ``/sw help`` tells a member: every command group of the bot, in one message."""

HELP = """\
**Small World in this channel**
`/sw new` opens a game (2–5 players, or 6 in 3 teams of 2), `/sw join` takes a seat, \
`/sw start` begins. A team lobby's message has taps: Join, choose your partner (you pair \
when you choose each other), and for the host, pair two players, 🎲 Draw teams and Start. \
Options (`mix:true`, `surface_relics:true`, or the host's toggles on the lobby \
message): mixed markets, Places and Relics on the surface.
**On your turn, tap ▶ Play** under the latest game message (or type `/sw play`): your own \
panel opens, only you see it, and the whole turn is menus and buttons: pick a combo, \
conquer (each region with its cost), final conquest with the die, abandon, special powers, \
redeploy, decline, end. It can be opened again at any time. A question put to you in \
someone else's turn (the Sigil of Sacrifice) comes with **▶ Answer**.
The channel gets one message per turn, edited as the turn goes, then a summary with the board.
Typed commands do the same: `/sw pick`, `/sw conquer`, `/sw redeploy`, \
`/sw end`, `/sw decline`, `/sw undo`, and `/sw do` for every legal action.
`/sw coins` shows your coins to you alone. `/sw board`, `/sw status`, `/sw rules` tell the \
rest. `/sw settings notify` sends you a DM when it's your turn.
Away for a while? `/sw away days` makes your deadlines wait. Watching? `/sw follow`. \
`/sw new thread:true` opens a game in its own thread. Finished games: `/league games`, \
`/league replay`, `/league stats`; the season: `/league standings`, `/league player`.
Your club's own board: a server manager adds its file with `/maps add`, and `/sw new map:` \
offers it (`/maps list` shows them).
Each decision has a deadline; when it passes the bot plays a sensible default and says so."""
