"""The combos panel: the six race banner and power badge pairs for sale.

One card per combo, stacked, so the panel stays narrow and tall like a phone held upright:
slot and price on the left, power and race in large type, tokens and coins on the right.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from .fonts import fit_text
from .icons import coin, paste_centred, seat_disc
from .key import holder_of
from .palette import INK, MUTED, PAPER, PAPER_DARK, WHITE, initials
from .picture import Composed, Writer, encode

WIDTH = 1000
TOP = 112
CARD = 128
GAP = 10
#: Columns: slot disc, race initials, names, tokens, price, coins lying on the combo.
COL_SLOT, COL_TAG, COL_NAME, COL_TOKENS, COL_PRICE, COL_COINS = 62, 164, 218, 640, 780, 910


#: Height of a line under the cards (what the Stonehedge grants, the Places still hidden).
NOTE = 54


def notes(view: dict[str, Any]) -> list[str]:
    """Lines under the cards about powers and finds beyond the six combos: the power the
    Stonehedge drew and who uses it, and how many Relics and Places still lie under Monsters.
    None on the surface, whose views have neither."""
    out: list[str] = []
    power = view.get("stonehedge")
    if power:
        holder = holder_of(view, "stonehedge")
        out.append(f"The Stonehedge grants {power} to whoever holds it: {holder}")
    hidden = view.get("hidden_treasures") or 0
    if hidden:
        out.append(f"Relics and Places still under Monsters: {hidden}")
    return out


def compose_combos(view: dict[str, Any]) -> Composed:
    """The combos panel of a view as a Pillow image, with the texts written on it."""
    market = view.get("market") or []
    lines = notes(view)
    cards = TOP + (CARD + GAP) * max(1, len(market))
    height = cards + 10 + NOTE * len(lines)
    img = Image.new("RGB", (WIDTH, height), PAPER)
    out = Composed(img)
    w = Writer(img, out.texts)
    w.text((28, 42), "Combos for sale", 40, anchor="lm")
    w.text(
        (28, 86),
        "Price: 1 coin on each combo above it · coins on a combo go to its taker",
        22,
        MUTED,
        bold=False,
        anchor="lm",
    )
    for i, c in enumerate(market):
        top = TOP + (CARD + GAP) * i
        _card(w, c, top)
    if not market:
        w.text((WIDTH / 2, TOP + CARD / 2), "No combos left", 30, MUTED, anchor="mm")
    for i, line in enumerate(lines):
        size = fit_text(line, 28, WIDTH - 56, bold=False)
        w.text((28, cards + NOTE * (i + 0.5)), line, size, INK, bold=False)
    return out


def _card(w: Writer, c: dict[str, Any], top: int) -> None:
    cy = top + CARD / 2
    w.draw.rounded_rectangle(
        (16, top, WIDTH - 16, top + CARD), radius=18, fill=WHITE, outline=PAPER_DARK, width=3
    )
    paste_centred(w.img, seat_disc(INK, 68), (COL_SLOT, cy))
    w.text((COL_SLOT, cy), str(c["slot"]), 40, WHITE, anchor="mm")
    # The race's initials as on the board's tokens, in a neutral pill.
    w.draw.rounded_rectangle(
        (COL_TAG - 34, cy - 22, COL_TAG + 34, cy + 22),
        radius=22,
        fill=PAPER_DARK,
        outline=INK,
        width=3,
    )
    w.text((COL_TAG, cy), initials(c["race"]), 24, anchor="mm")
    power_size = fit_text(c["power"], 28, COL_TOKENS - COL_NAME - 40, bold=False)
    w.text((COL_NAME, cy - 22), c["power"], power_size, MUTED, bold=False)
    race_size = fit_text(c["race"], 40, COL_TOKENS - COL_NAME - 40)
    w.text((COL_NAME, cy + 18), c["race"], race_size)
    w.text((COL_TOKENS, cy - 10), str(c["tokens"]), 46, anchor="mm")
    w.text((COL_TOKENS, cy + 32), "tokens", 20, MUTED, bold=False, anchor="mm")
    price = c["slot"] - 1
    w.text((COL_PRICE, cy - 10), "free" if price == 0 else f"−{price}", 36, anchor="mm")
    unit = "price" if price == 0 else ("coin" if price == 1 else "coins")
    w.text((COL_PRICE, cy + 32), unit, 20, MUTED, bold=False, anchor="mm")
    if c.get("coins"):
        paste_centred(w.img, coin(56), (COL_COINS, cy - 10))
        w.text((COL_COINS, cy - 10), f"+{c['coins']}", 24, INK, anchor="mm")
        w.text((COL_COINS, cy + 32), "on it", 20, MUTED, bold=False, anchor="mm")


def render_combos(view: dict[str, Any]) -> bytes:
    """The six visible combos of a view: slot, price, power and race, tokens, coins on it."""
    return encode(compose_combos(view).image)
