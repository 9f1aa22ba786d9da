"""Short explanations for ``/sw rules``: every race, power and rule term, in our own words."""

from __future__ import annotations

from engine.abilities import POWERS, RACES
from engine.content import powers, races

TERMS: dict[str, str] = {
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
    "Deadlines": (
        "Each decision has a deadline. When it passes the bot plays the default: the free "
        "combo, stop conquering, end the turn (the Amazons' 4 come off the fullest regions), or "
        "spread a defender's tokens. The turn message says so."
    ),
    "Coins": "Your coins are secret until the end: `/sw coins` shows yours to you alone.",
}


def entries() -> dict[str, str]:
    """Every explainable name with its text: races, powers and rule terms."""
    out: dict[str, str] = {}
    for name, ability in RACES.items():
        r = races()[name]
        extra = f" (+{r.conquest_only} for conquest only)" if r.conquest_only else ""
        out[name] = f"Race · {r.tokens} tokens{extra}. {(ability.__doc__ or '').strip()}"
    for name, ability in POWERS.items():
        p = powers()[name]
        out[name] = f"Special power · +{p.tokens} tokens. {(ability.__doc__ or '').strip()}"
    out.update(TERMS)
    return out


def lookup(name: str) -> tuple[str, str] | None:
    """The entry matching a name, ignoring case."""
    key = name.strip().lower()
    for title, text in entries().items():
        if title.lower() == key:
            return title, text
    return None


def search(prefix: str, limit: int = 25) -> list[str]:
    """Names containing ``prefix`` (case-insensitive), those starting with it first."""
    key = prefix.strip().lower()
    names = sorted(entries())
    starts = [n for n in names if n.lower().startswith(key)]
    contains = [n for n in names if key in n.lower() and n not in starts]
    return (starts + contains)[:limit]
