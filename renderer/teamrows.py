"""The legend of a team game: one row per team, partners side by side.

Six rows of one player each (the legend of other games) make a 6-player Underground picture
2,200-2,400 px tall: its 70-region board is 1,400 px. Here a team's row holds both partners
on one line, the first seat's cell on the left (A1, B1, C1) and the second's on the right
(A2, B2, C2), each on two lines: seat disc, name, tokens on the board and in hand (coins once
the game is over); then the active race, the races in decline (Bony the Lich's mark on the
banner he guards) and what the player keeps off the map. The team's letter sits on a bar at
the row's left. Text keeps the sizes of the other legends' details (30-34 px: 8.5-9.5 px on
a phone, where a 1,600-px picture is shown 450 px wide).
"""

from __future__ import annotations

from typing import Any

from engine.text import names
from lang import N_, tr

from .fonts import ellipsize, fit_text, text_width
from .icons import paste_centred, seat_disc, sprite
from .palette import HIGHLIGHT, INK, MUTED, PAPER_DARK, WHITE, seat_colour
from .picture import Writer
from .rowparts import coins_text, holdings_short, race_sample
from .teams import seat_label, team_spans

#: Height of the header (turn track and who is to act) above the team rows.
TEAM_HEADER = 60
#: Height of a team's row: two lines of text beside each partner's seat disc.
TEAM_ROW = 88
#: The bar with the team's letter, left of the cells; where the first cell starts.
BAR = (4, 36)
CELL_LEFT = 44
#: Space between the two partners' cells, and right of the second.
CELL_GAP, CELL_RIGHT = 14, 12
#: Text sizes: the name and the coins, the race's title, the muted details.
NAME_SIZE, TITLE_SIZE, DETAIL_SIZE = 34, 32, 30
#: The smallest a race's title is drawn before it is cut short.
TITLE_MIN = 27
DISC = 60
ARROW = 26
#: What a cell says while its player must place tokens (a defender driven out).
PENDING_TAG = N_("must place tokens")
#: The mark of the In Decline banner Bony the Lich guards (team play's Bony's Boneyard).
BONY = "bony"
ICON = 36


def team_row_heights(view: dict[str, Any]) -> tuple[int, ...]:
    """Height of each team's row, in team order."""
    return tuple(TEAM_ROW for _ in team_spans(view))


def cell_width(width: int) -> float:
    """Width of one partner's cell."""
    return (width - CELL_LEFT - CELL_GAP - CELL_RIGHT) / 2


def draw_team_rows(w: Writer, view: dict[str, Any], top: int, width: int) -> None:
    """The teams' rows from ``top`` down: the team bar, then the partners' cells."""
    cw = cell_width(width)
    for i, (letter, seats) in enumerate(team_spans(view)):
        y = top + i * TEAM_ROW
        if i:
            w.draw.line((CELL_LEFT, y, width - CELL_RIGHT, y), fill=PAPER_DARK, width=2)
        for j, seat in enumerate(seats[:2]):
            _cell(w, view, seat, CELL_LEFT + j * (cw + CELL_GAP), y, cw)
        x0, x1 = BAR
        w.draw.rounded_rectangle((x0, y + 8, x1, y + TEAM_ROW - 8), radius=10, fill=INK)
        w.text(((x0 + x1) / 2, y + TEAM_ROW / 2), letter, 34, WHITE, anchor="mm")


def _cell(w: Writer, view: dict[str, Any], seat: int, x0: float, top: float, cw: float) -> None:
    """One partner: seat disc, then name and tokens on the first line, races and pieces
    kept off the map on the second."""
    p = view["players"][seat]
    over = view["phase"] == "over"
    if not over and seat == view.get("to_act"):
        w.draw.rectangle((x0 - 4, top + 3, x0 + cw + 4, top + TEAM_ROW - 3), fill=HIGHLIGHT)
        w.text((x0, top + TEAM_ROW / 2), "▶", 28)
    cy = top + TEAM_ROW / 2
    paste_centred(
        w.img,
        seat_disc(seat_colour(seat), DISC, seat_label(view, seat)),
        (x0 + ARROW + DISC / 2, cy),
    )
    left = x0 + ARROW + DISC + 12
    right = x0 + cw - 6
    y1, y2 = top + 24, top + 65
    # First line: name, then tokens; the coins (or the pending tag) at the right end.
    end = right
    if over and "coins" in p:
        coins = coins_text(p["coins"])
        w.text((right, y1), coins, NAME_SIZE, anchor="rm")
        end = right - text_width(coins, NAME_SIZE) - 16
    elif seat in {q["seat"] for q in view.get("pending") or []}:
        pending = tr(PENDING_TAG)
        w.text((right, y1), pending, DETAIL_SIZE, anchor="rm")
        end = right - text_width(pending, DETAIL_SIZE) - 16
    name = ellipsize(p["name"], NAME_SIZE, min(320.0, end - left))
    x = w.text((left, y1), name, NAME_SIZE)
    details = _details(view, p, seat)
    if details and end - x > 90:
        text = ellipsize("· " + details, DETAIL_SIZE, end - x - 12, bold=False)
        w.text((x + 12, y1), text, DETAIL_SIZE, MUTED, bold=False)
    _races(w, view, p, seat, left, y2, right)


def _details(view: dict[str, Any], p: dict[str, Any], seat: int) -> str:
    """Tokens of the active race on the board and in hand, and a peace in force."""
    active = p.get("active")
    if not active:
        return ""
    on_board = sum(
        r.get("tokens") or 0
        for r in view["regions"]
        if r.get("race") == active.get("race") and r.get("owner") == seat
    )
    out = [tr("{n} on the board", n=on_board)]
    if active.get("hand"):
        out.append(tr("{n} in hand", n=active["hand"]))
    peace = p.get("peace_with")
    if peace is not None and 0 <= peace < len(view["players"]):
        out.append(tr("at peace with {who}", who=seat_label(view, peace)))
    return " · ".join(out)


def _races(
    w: Writer, view: dict[str, Any], p: dict[str, Any], seat: int, x: float, cy: float, right: float
) -> None:
    """Second line: the active race's sample and title, the races in decline (their names
    when there is room) and what the player keeps off the map (in words when there is room,
    else the icon and a count)."""
    colour = seat_colour(seat)
    declined = [d["race"] for d in p.get("declined") or []]
    held = holdings_short(view, p)
    pill = race_sample("Xx", colour).width
    bony = view.get("bony")
    # What must be drawn whatever the room: every sample and icon, the short forms.
    fixed = sum(pill + 10 + (ICON + 6 if d == bony else 0) + 14 for d in declined)
    fixed += sum(ICON + 6 + text_width(short, DETAIL_SIZE) + 16 for _, _, short in held)
    active = p.get("active")
    if active:
        title = names.combo(active["race"], active["power"])
        room = right - x - pill - 10 - fixed
        size = fit_text(title, TITLE_SIZE, room, min_size=TITLE_MIN)
        title = ellipsize(title, size, room)
        paste_centred(w.img, race_sample(active["race"], colour), (x + pill / 2, cy))
        x = w.text((x + pill + 10, cy), title, size) + 18
    else:
        x = w.text((x, cy), tr("no active race"), DETAIL_SIZE, MUTED, bold=False) + 18
    spare = right - x - fixed
    for race in declined:
        paste_centred(w.img, race_sample(race, colour, True), (x + pill / 2, cy))
        x += pill + 8
        if race == bony:
            paste_centred(w.img, sprite(BONY, ICON), (x + ICON / 2, cy))
            x += ICON + 6
        said = names.race(race)
        name_w = text_width(said, DETAIL_SIZE, bold=False) + 6
        if name_w <= spare:
            x = w.text((x, cy), said, DETAIL_SIZE, MUTED, bold=False) + 6
            spare -= name_w
        x += 14
    for kind, words, short in held:
        paste_centred(w.img, sprite(kind, ICON), (x + ICON / 2, cy))
        x += ICON + 6
        extra = text_width(words, DETAIL_SIZE) - text_width(short, DETAIL_SIZE)
        said = words if extra <= spare else short
        spare -= max(0.0, extra) if said is words else 0
        x = w.text((x, cy), said, DETAIL_SIZE) + 16
