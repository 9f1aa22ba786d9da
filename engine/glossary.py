"""Short explanations of every race, special power and rule term, in our own words.

The races and powers come from the docstrings of their ability classes
(``engine.abilities.RACES`` and ``POWERS``) and their token counts from ``engine.content``;
the terminal's ``rules NAME`` prints them and the bot's ``/sw rules`` adds its own terms.
"""

from __future__ import annotations

from .abilities import POWERS, RACES
from .content import powers, races
from .view import plural

RULE_TERMS: dict[str, str] = {
    "Turn": (
        "On your turn you either expand (ready troops, abandon, conquer, redeploy) or put your "
        "active race in decline. Then you score one coin per region you hold, plus bonuses."
    ),
    "Combo market": (
        "Six race + power combos are for sale. The top one is free; each one further down "
        "costs one more coin, dropped on each combo above it. Coins lying on a combo go to "
        "whoever takes it."
    ),
    "First conquest": (
        "A race with no region on the map enters from the board's edge (or a shore of a Sea "
        "that touches the edge). Halflings and Flying races may enter anywhere."
    ),
    "Conquest cost": (
        "2 tokens, +1 per defending token, Lost Tribe, Mountain, Troll Lair, Fortress or "
        "Encampment in the region. Discounts never bring it under 1. You always need at least "
        "one token in hand."
    ),
    "Reinforcement die": (
        "Once per turn, as your final conquest, you may name a region you are 1 to 3 tokens "
        "short of and roll: faces 0, 0, 0, 1, 2, 3. Success or not, conquests end."
    ),
    "Enemy losses": (
        "When you take a region, its owner loses one token and places the others in their "
        "remaining regions at the end of your turn. A lone token is simply lost."
    ),
    "Ready your troops": (
        "At the start of your turn one token stays in each of your regions and the others "
        "come back in hand, ready to conquer. The game does it for you and says how many."
    ),
    "Redeployment": (
        "After conquering, move your active tokens freely among your regions, keeping at least "
        "one in each. Tokens left in hand go back where you took them from at the start of the "
        "turn; any others are spread onto your weakest regions."
    ),
    "Abandon": (
        "Before conquering you may empty some of your regions to free their tokens; they no "
        "longer score. Abandoning everything makes your next conquest a first conquest."
    ),
    "Decline": (
        "Instead of expanding, flip your race: one token stays in each region and scores one "
        "coin per turn. Your older race in decline leaves the board. Next turn you pick a new "
        "combo."
    ),
    "Immune": (
        "Regions with a Hole-in-the-Ground, a Hero or the Dragon cannot be attacked, nor "
        "affected by enemy powers."
    ),
    "Seas and Lake": "Only Seafaring races may conquer them; for them they count as empty regions.",
    "End of the game": (
        "After the last round the coins are revealed. Most coins wins; a tie goes to the most "
        "tokens on the board."
    ),
}


def race_text(name: str) -> str:
    """``Race · 10 tokens. <what the banner does>`` for a race banner."""
    r = races()[name]
    extra = f" (+{r.conquest_only} for conquest only)" if r.conquest_only else ""
    return f"Race · {plural(r.tokens, 'token')}{extra}. {(RACES[name].__doc__ or '').strip()}"


def power_text(name: str) -> str:
    """``Special power · +3 tokens. <what the badge does>`` for a power badge."""
    p = powers()[name]
    return f"Special power · +{plural(p.tokens, 'token')}. {(POWERS[name].__doc__ or '').strip()}"


def entries() -> dict[str, str]:
    """Every explainable name with its text: races, then powers, then rule terms."""
    out: dict[str, str] = {name: race_text(name) for name in RACES}
    out.update((name, power_text(name)) for name in POWERS)
    out.update(RULE_TERMS)
    return out


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def lookup(name: str, table: dict[str, str] | None = None) -> tuple[str, str] | None:
    """The entry named ``name`` (case and spacing ignored), or None; ``table``: another one."""
    key = _key(name)
    for title, text in (table if table is not None else entries()).items():
        if _key(title) == key:
            return title, text
    return None


def search(prefix: str, limit: int = 25, table: dict[str, str] | None = None) -> list[str]:
    """Names containing ``prefix`` (case-insensitive), those starting with it first."""
    key = _key(prefix)
    names = sorted(table if table is not None else entries())
    starts = [n for n in names if _key(n).startswith(key)]
    contains = [n for n in names if key in _key(n) and n not in starts]
    return (starts + contains)[:limit]
