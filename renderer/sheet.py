"""The final score sheet: ranking with revealed coins, tie-break note, score chart."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from .board import encode
from .fonts import font
from .palette import INK, PAPER, seat_colour

WIDTH = 1400
ROW = 64


def render_final(view: dict[str, Any]) -> bytes:
    """The end of a game: who won, everyone's coins and tokens, and scores turn by turn.

    Refuses views of games that are not over: coins are secret until then.
    """
    result = view.get("result")
    if view.get("phase") != "over" or not result:
        raise ValueError("the score sheet is only drawn once the game is over")
    ranking = result["ranking"]
    chart_top = 140 + ROW * len(ranking) + 40
    chart_h = 520
    img = Image.new("RGB", (WIDTH, chart_top + chart_h + 110), PAPER)
    d = ImageDraw.Draw(img)
    winners = set(result["winners"])
    names = ", ".join(r["name"] for r in ranking if r["seat"] in winners)
    d.text((32, 28), f"Winner: {names}", font=font(46), fill=INK)
    if result.get("tiebreak_used"):
        d.text(
            (32, 88),
            "Tie on coins, broken by tokens on the board.",
            font=font(26, bold=False),
            fill=(120, 60, 20),
        )
    for i, r in enumerate(ranking):
        top = 140 + ROW * i
        cy = top + ROW / 2
        fill = (252, 236, 180) if r["seat"] in winners else (255, 255, 255)
        d.rounded_rectangle(
            [24, top + 4, WIDTH - 24, top + ROW - 4],
            radius=12,
            fill=fill,
            outline=(200, 190, 170),
            width=2,
        )
        d.text((52, cy), f"{i + 1}.", font=font(32), fill=INK, anchor="lm")
        d.rounded_rectangle([104, cy - 16, 136, cy + 16], radius=6, fill=seat_colour(r["seat"]))
        d.text((152, cy), r["name"], font=font(32), fill=INK, anchor="lm")
        d.text((WIDTH - 380, cy), f"{r['coins']} coins", font=font(32), fill=INK, anchor="rm")
        d.text(
            (WIDTH - 48, cy),
            f"{r['tokens']} tokens on board",
            font=font(24, bold=False),
            fill=INK,
            anchor="rm",
        )
    _chart(d, view, chart_top, chart_h)
    return encode(img)


def _chart(d: ImageDraw.ImageDraw, view: dict[str, Any], top: int, height: int) -> None:
    histories = {p["seat"]: [5, *p.get("score_history", [])] for p in view["players"]}
    turns = max(len(h) for h in histories.values()) - 1
    peak = max(max(h) for h in histories.values())
    peak = max(10, ((peak + 9) // 10) * 10)
    left, right, bottom = 110, WIDTH - 60, top + height
    d.text((32, top - 10), "Coins after each turn", font=font(28), fill=INK)
    for k in range(0, peak + 1, max(10, peak // 5 // 10 * 10)):
        y = bottom - (bottom - top - 40) * k / peak
        d.line([(left, y), (right, y)], fill=(220, 212, 196), width=1)
        d.text((left - 12, y), str(k), font=font(20, bold=False), fill=INK, anchor="rm")
    for t in range(turns + 1):
        x = left + (right - left) * t / max(1, turns)
        d.text((x, bottom + 18), str(t), font=font(20, bold=False), fill=INK, anchor="mm")
    d.text(
        ((left + right) / 2, bottom + 52), "turn", font=font(22, bold=False), fill=INK, anchor="mm"
    )
    for seat, h in histories.items():
        pts = [
            (left + (right - left) * t / max(1, turns), bottom - (bottom - top - 40) * v / peak)
            for t, v in enumerate(h)
        ]
        colour = seat_colour(seat)
        d.line(pts, fill=colour, width=6, joint="curve")
        for x, y in pts:
            d.ellipse([x - 6, y - 6, x + 6, y + 6], fill=colour, outline="white", width=2)
