"""The final score sheet: revealed coins, the ranking, the tie-break note and a score chart.

Drawn only for a finished game: before that, coins are secret and the view has none.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.text import names as words
from lang import ntr, tr

from .fonts import ellipsize, fit_text
from .icons import paste_centred, seat_disc
from .key import TREASURE_KEYS
from .palette import HIGHLIGHT, INK, MUTED, PAPER, PAPER_DARK, RGB, WHITE, seat_colour
from .picture import Composed, Writer, encode
from .pieces import MARKERS, piece_name
from .rowparts import coins_text, holdings
from .teams import seat_label, team_names, team_word

WIDTH = 1200
ROW = 100
TOP = 150
CHART_H = 560
#: Height of a team's row, and of the headings over the teams and the players.
TEAM_ROW = 84
HEADING = 50
#: A point shape per seat, so the chart's lines can be told apart without colour.
SHAPES = ("circle", "square", "triangle", "diamond", "down", "hexagon")


def places(ranking: list[dict[str, Any]]) -> list[int]:
    """Place of each ranking row (1 = first); rows equal on coins and tokens share a place."""
    out: list[int] = []
    for i, row in enumerate(ranking):
        prev = ranking[i - 1] if i else None
        same = prev is not None and (prev["coins"], prev["tokens"]) == (row["coins"], row["tokens"])
        out.append(out[-1] if same else i + 1)
    return out


def compose_final(view: dict[str, Any]) -> Composed:
    """The score sheet of a finished game as a Pillow image, with the texts written on it:
    in a team game the teams ranked by their score above the players."""
    result = view.get("result")
    if view.get("phase") != "over" or not result:
        raise ValueError("the score sheet is only drawn once the game is over")
    ranking = result["ranking"]
    winners = set(result.get("winners") or [])
    teams = result.get("teams") or []
    # In a team game the teams come first, then the players under a heading of their own.
    rows_top = TOP + (HEADING + TEAM_ROW * len(teams) + 16 + HEADING if teams else 0)
    chart_top = rows_top + ROW * len(ranking) + 70
    legend_rows = (len(view["players"]) + 2) // 3
    height = chart_top + CHART_H + 96 + 56 * (legend_rows - 1) + 44
    img = Image.new("RGB", (WIDTH, height), PAPER)
    out = Composed(img)
    w = Writer(img, out.texts)
    names = [r["name"] for r in ranking if r["seat"] in winners]
    who = " & ".join(names)
    title = (
        tr("Winner: {who}", who=who) if len(names) == 1 else tr("Shared victory: {who}", who=who)
    )
    notes = [ntr("Game over after {n} turn", "Game over after {n} turns", view["turns"])]
    if result.get("tiebreak_used"):
        notes.append(tr("tie on coins, broken by the most race tokens on the board"))
    if teams:
        won = [t for t in teams if t["team"] in (result.get("winning_teams") or [])]
        who = " & ".join(f"{team_word(t['team'])} ({team_names(view, t['seats'])})" for t in won)
        title = (
            tr("Winners: {who}", who=who) if len(won) == 1 else tr("Shared victory: {who}", who=who)
        )
        notes = [notes[0], tr("a team scores its lower partner's coins")]
        if result.get("tiebreak_used"):
            notes.append(tr("tie broken by the higher partner's coins, then race tokens"))
    note = " · ".join(notes)
    w.text((32, 48), ellipsize(title, 46, WIDTH - 64), fit_text(title, 46, WIDTH - 64))
    w.text((32, 104), note, fit_text(note, 24, WIDTH - 64, bold=False), MUTED, bold=False)
    if teams:
        w.text((32, TOP + HEADING / 2), tr("Teams"), 30)
        for i, team in enumerate(teams):
            top = TOP + HEADING + TEAM_ROW * i
            # The engine's result places the teams (ruling 73: tied teams share a place).
            place = int(team["place"])
            _team_row(
                w, view, team, place, top, team["team"] in (result.get("winning_teams") or [])
            )
        w.text((32, rows_top - HEADING / 2), tr("Players"), 30)
    for i, (row, place) in enumerate(zip(ranking, places(ranking), strict=True)):
        about = summary(view, row["seat"])
        _rank_row(w, view, row, place, rows_top + ROW * i, row["seat"] in winners, about)
    _chart(w, view, chart_top)
    return out


def _card(w: Writer, top: int, height: int, place: int, winner: bool, outline: RGB) -> float:
    """A row's card, the winners' highlighted, with its place on the left; returns the
    row's middle line (y)."""
    w.draw.rounded_rectangle(
        (20, top + 4, WIDTH - 20, top + height - 4),
        radius=14,
        fill=HIGHLIGHT if winner else WHITE,
        outline=outline,
        width=3,
    )
    cy = top + height / 2
    w.text((74, cy), f"{place}.", 34, anchor="rm")
    return cy


def _team_row(
    w: Writer, view: dict[str, Any], team: dict[str, Any], place: int, top: int, winner: bool
) -> None:
    """A team's row: place, letter, its players' discs and names, the team score (the lower
    partner's coins) and the higher partner's."""
    cy = _card(w, top, TEAM_ROW, place, winner, INK)
    w.draw.rounded_rectangle((94, cy - 26, 146, cy + 26), radius=10, fill=INK)
    w.text((120, cy), team["team"], 36, WHITE, anchor="mm")
    x = 178.0
    for seat in team["seats"]:
        paste_centred(w.img, seat_disc(seat_colour(seat), 40, seat_label(view, seat)), (x, cy))
        x += 46
    # Clear of the team score (right-aligned at WIDTH - 300) with room for the star.
    room = WIDTH - 300 - 170 - 64 - x
    label = f"{team_word(team['team'])} · {team_names(view, team['seats'])}"
    size = fit_text(label, 30, room, min_size=22)
    right = w.text((x, cy), ellipsize(label, size, room), size)
    if winner:
        _star(w.draw, right + 30, cy, 18)
    w.text((WIDTH - 300, cy), coins_text(team["score"]), 36, anchor="rm")
    _small_right(w, cy, tr("best partner {n}", n=team["best"]))


def summary(view: dict[str, Any], seat: int) -> str:
    """What a player ended with, under their name: power and race, the races in decline,
    the Relics and Places they hold and the pieces kept off the map."""
    p = view["players"][seat]
    parts = []
    if p.get("active"):
        parts.append(words.combo(p["active"]["race"], p["active"]["power"]))
    declined = [words.race(d["race"]) for d in p.get("declined") or []]
    if declined:
        parts.append(tr("{races} in decline", races=", ".join(declined)))
    held = [
        piece_name(k)
        for r in view["regions"]
        if r.get("race") and r.get("owner") == seat
        for k in MARKERS
        if k in TREASURE_KEYS and (r.get("markers") or {}).get(k)
    ]
    if held:
        parts.append(tr("holds {pieces}", pieces=", ".join(held)))
    parts += [words for kind, words in holdings(view, p) if kind != "vengeance"]
    return " · ".join(parts)


def _rank_row(
    w: Writer,
    view: dict[str, Any],
    row: dict[str, Any],
    place: int,
    top: int,
    winner: bool,
    about: str = "",
) -> None:
    cy = _card(w, top, ROW, place, winner, PAPER_DARK)
    disc = seat_disc(seat_colour(row["seat"]), 44, seat_label(view, row["seat"]))
    paste_centred(w.img, disc, (116, cy))
    label = ellipsize(row["name"], 34, 560)
    ny = cy - 14 if about else cy
    right = w.text((156, ny), label, 34)
    if winner:
        _star(w.draw, right + 30, ny, 18)
    if about:
        # Names of races and Relics are long: a smaller size before an ellipsis, but no
        # smaller than words stay legible on a phone (tests/renderer/test_legibility.py).
        size = fit_text(about, 24, WIDTH - 320 - 156, bold=False, min_size=22)
        w.text(
            (156, cy + 24),
            ellipsize(about, size, WIDTH - 320 - 156, False),
            size,
            MUTED,
            bold=False,
        )
    # The coins level with the name, clear of a long line under it.
    w.text((WIDTH - 300, cy - 12 if about else cy), coins_text(row["coins"]), 36, anchor="rm")
    tokens = ntr("{n} token on board", "{n} tokens on board", row["tokens"])
    _small_right(w, cy, tokens)


def _small_right(w: Writer, cy: float, text: str) -> None:
    """The small muted words at a row's right end, shrunk to the room right of the coins."""
    room = 300 - 44 - 16
    size = fit_text(text, 22, room, bold=False, min_size=17)
    w.text(
        (WIDTH - 44, cy), ellipsize(text, size, room, False), size, MUTED, bold=False, anchor="rm"
    )


def _star(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    import math

    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    d.polygon(pts, fill=(240, 190, 30), outline=INK, width=2)


def _point(d: ImageDraw.ImageDraw, shape: str, x: float, y: float, r: float, fill: RGB) -> None:
    """A chart point of a seat's shape, outlined in ink so light colours stay visible."""
    if shape == "circle":
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=2)
        return
    shapes: dict[str, list[tuple[float, float]]] = {
        "square": [(-1, -1), (1, -1), (1, 1), (-1, 1)],
        "triangle": [(0, -1.25), (1.15, 0.85), (-1.15, 0.85)],
        "diamond": [(0, -1.35), (1.35, 0), (0, 1.35), (-1.35, 0)],
        "down": [(0, 1.25), (1.15, -0.85), (-1.15, -0.85)],
        "hexagon": [(1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87)],
    }
    d.polygon(
        [(x + px * r, y + py * r) for px, py in shapes[shape]], fill=fill, outline=INK, width=2
    )


def _chart(w: Writer, view: dict[str, Any], top: int) -> None:
    """Coins after each turn, one line per seat, with a legend under it."""
    d = w.draw
    histories = {p["seat"]: list(p.get("score_history") or []) for p in view["players"]}
    turns = max([len(h) for h in histories.values()] + [1])
    peak = max([v for h in histories.values() for v in h] + [10])
    tick = next(t for t in (5, 10, 20, 25, 50, 100, 200, 500, 1000) if peak / t <= 6)
    peak = -(-peak // tick) * tick
    w.text((32, top), tr("Coins after each turn"), 30)
    left, right = 110, WIDTH - 50
    y0, y1 = top + CHART_H, top + 50  # bottom and top of the plot
    d.rectangle((left, y1, right, y0), fill=WHITE, outline=PAPER_DARK, width=2)

    def px(t: int, v: float) -> tuple[float, float]:
        x = left + 30 + (right - left - 60) * (t - 1) / max(1, turns - 1)
        return x, y0 - (y0 - y1) * v / peak

    for k in range(0, peak + 1, tick):
        y = px(1, k)[1]
        d.line((left, y, right, y), fill=PAPER_DARK, width=1)
        w.text((left - 12, y), str(k), 20, MUTED, bold=False, anchor="rm")
    for t in range(1, turns + 1):
        w.text((px(t, 0)[0], y0 + 20), str(t), 20, MUTED, bold=False, anchor="mm")
    w.text(((left + right) / 2, y0 + 50), tr("turn"), 22, MUTED, bold=False, anchor="mm")
    for seat, h in histories.items():
        colour = seat_colour(seat)
        pts = [px(t, v) for t, v in enumerate(h, start=1)]
        if len(pts) > 1:
            # A dark casing under the coloured line keeps yellow and sky blue visible on white.
            d.line(pts, fill=INK, width=9, joint="curve")
            d.line(pts, fill=colour, width=5, joint="curve")
        for x, y in pts:
            _point(d, SHAPES[seat % len(SHAPES)], x, y, 8, colour)
    # Legend: shape, colour and name of each seat, three to a row.
    y = y0 + 96
    col = (WIDTH - 64) / 3
    for i, p in enumerate(view["players"]):
        x = 40 + col * (i % 3)
        yy = y + 56 * (i // 3)
        d.line((x, yy, x + 50, yy), fill=INK, width=9)
        d.line((x, yy, x + 50, yy), fill=seat_colour(p["seat"]), width=5)
        _point(d, SHAPES[p["seat"] % len(SHAPES)], x + 25, yy, 9, seat_colour(p["seat"]))
        name = p["name"]
        if seat_label(view, p["seat"]) != str(p["seat"] + 1):
            name = f"{seat_label(view, p['seat'])} {name}"
        w.text((x + 64, yy), ellipsize(name, 26, col - 80), 26)


def render_final(view: dict[str, Any]) -> bytes:
    """The final sheet of a finished game (PNG): ranking with coins, and scores turn by turn.

    Raises ``ValueError`` for a game that is not over: coins are secret until the end.
    """
    return encode(compose_final(view).image)
