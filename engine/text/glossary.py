"""Short explanations of every race, special power and rule term, in our own words.

The races, powers, Relics and Places come from the first paragraph of the docstrings of their
ability classes (``engine.core.abilities.RACES``, ``POWERS`` and ``TREASURES``; the paragraphs after
it are notes for developers) and their token counts and names from ``engine.core.content``; the
terminal's ``rules NAME`` prints them and the bot's ``/sw rules`` adds its own terms.

Every title and text is told in the language spoken: names from the ``names`` catalog, the
explanations and rule terms from the generated ``glossary`` catalog (``glossary_messages``,
context ``glossary``), since a docstring is no ``tr`` call the catalogs could extract. A
changed docstring or ``SUMMARIES`` line is a new message: ``scripts/catalogs.py check`` lists
it until it is translated again.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core.abilities import POWERS, RACES, TREASURES, Ability
from engine.core.content import powers, races, treasures
from lang import ntr, ptr, tr

from . import names

#: Catalog contexts: a rule term's title, and every explanation (generated into the
#: ``glossary`` catalog by ``glossary_messages``).
RULE_TERM, GLOSSARY = "rule term", "glossary"

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
    "River": (
        "Underground: any race conquers an empty River region for 1 token and may go on from "
        "it, but must empty it when conquests end (only Kraken stay). Its two ends touch the "
        "edge and are entry regions."
    ),
    "Abysmal Chasm": (
        "Underground: no one ever enters a Chasm or passes through it. Some carry a Volcano "
        "symbol, where the Flames put their Volcano."
    ),
    "Monsters": (
        "Underground: two Monster tokens guard each Monster region (+1 token each to conquer). "
        "Whoever takes the region reveals the Place or Relic they hid."
    ),
    "Places and Relics": (
        "Underground: a Popular Place never moves and works for whoever holds its region; a "
        "Righteous Relic moves to where it was last used. Both stay when a region is abandoned "
        "and pass to whoever conquers it; neither works for a race in decline unless it says so."
    ),
    "Black Mountain": "Underground: +1 token to conquer, and it stays for the new occupant.",
    # The Underground's single pieces and markers, with how many the box holds.
    "Volcano": (
        "Underground, 1 in the box: the Flames put it on a Chasm with the Volcano symbol; "
        "regions next to it (or linked to it by Flames regions) cost them what an empty one does."
    ),
    "Balrog": (
        "Underground, 1 in the box: summoned by the Wickedest Pentacle. Its region is immune "
        "and scores for no one; whoever it enters loses 2 tokens."
    ),
    "Queen": (
        "Underground, 1 in the box: the Royal power's piece; her region is immune, and she "
        "stays where she is once her race declines."
    ),
    "Tomb-raider's Ghost": (
        "Underground, 1 in the box: the Crypt's piece; the region it guards is immune. Whoever "
        "holds the Crypt may move it at the end of their turn."
    ),
    "Great Ancient": (
        "Underground, 1 in the box: the Cultists' piece; its region is immune and regions next "
        "to it cost them 1 token less. It may move to another Cultist region each turn."
    ),
    "Mushroom Armor": (
        "Underground, 8 in the box: the Shield power gets one per Mushroom Forest held; each "
        "adds 1 to its region's defence, even in decline, until the region is lost."
    ),
    "Vengeance marker": (
        "Underground, 4 in the box: the Vengeful power hands one to each attacker; next turn "
        "that player's regions cost the Vengeful 1 token less."
    ),
    "Silver Hammer": (
        "Underground, 7 in the box: the Iron Dwarves get one per Mine at each redeployment; "
        "on later turns each conquers like a token, and they leave the map after redeploying."
    ),
    "Bag-o'-Many-Things": (
        "Underground, 1 in the box: the Magic power's piece; each turn it copies a Righteous "
        "Relic on the map, and goes back to hand when its region is lost or abandoned."
    ),
    "End of the game": (
        "After the last round the coins are revealed. Most coins wins; a tie goes to the most "
        "tokens on the board."
    ),
    # Team play [TEAMS], for 6 players on either world.
    "Teams": (
        "6 players in 3 teams of 2, seated A1 B1 C1 A2 B2 C2: partners sit opposite and A1 "
        "plays first; 8 turns. Partners play, score and keep their coins apart, secret even "
        "from each other. On the surface, every player but A1 first puts a Monster on a Lost "
        "Tribe region; taking a Monster region reveals a Place or Relic, the five team pieces "
        "among them. No Place or Relic works for a race in decline. A team scores its lower "
        "partner's coins: the highest score wins, a tie goes to the better partner's coins, "
        "then to the most tokens on the board."
    ),
}


#: What an Underground power, Relic or Place does, in one sentence for players, where the
#: class's docstring opens with the rulebook's text (which is for developers to check).
SUMMARIES: dict[str, str] = {
    "Adventurous": "+1 coin per region you hold with a Popular Place in it.",
    "Fisher": "+1 coin for every two regions you hold that border the River.",
    "Flocking": "+2 coins if all your regions form a single group.",
    "Frightened": "+1 coin per region holding 3 or more of your tokens.",
    "Mining": "+1 coin per Mine region.",
    "Muddy": "+1 coin per Mudpool region, even in decline.",
    "Mystic": "+1 coin per Mystic Crystals region.",
    "Quarreling": "+1 coin per separate group of regions you hold.",
    "Stone": "+1 coin per Black Mountain region.",
    "Wise": "In decline, +2 coins at the end of each of your turns while they hold a region.",
    "Thieving": "At the end of your turn, take 1 coin from each player with an active token "
    "next to your Thieves.",
    "Immortal": "Lose no token when an enemy takes one of your regions.",
    "Martyr": "+1 coin from the bank each time an enemy takes one of your regions.",
    "Vanishing": "When they go into decline, every token leaves the map and each region "
    "they held pays 2 coins instead of 1.",
    "Vengeful": "Whoever attacks you gets a Vengeance marker; on your next turn you conquer "
    "that player's regions for 1 token less.",
    "Vampire": "Once per opponent each turn, replace a lone active enemy token next to you "
    "with a Vampire from the box.",
    "Royal": "At the end of your turn the Queen makes one of your regions immune; she stays "
    "put once you decline.",
    "Shield": "Each Mushroom Forest you hold gives a Mushroom Armor to place: +1 defence "
    "each, even in decline.",
    "Reborn": "In decline, at the start of your turn, turn 1 or 2 of their regions into "
    "regions of your new race, one token each.",
    "Tomb": "When they decline they may keep every token on the map and move them one last "
    "time; in decline their survivors still redeploy.",
    "Diamond Fields": "+1 coin for this region and for each other region of its terrain held "
    "by the same race, even in decline.",
    "Keep on the Motherland": "+1 coin and +1 defence against other players for whoever "
    "holds it, even in decline.",
    "Mine of the Lost Dwarf": "+2 coins for whoever holds it, even in decline.",
    "Great Brass Pipe": "Every region of its terrain is next to every other for whoever holds it.",
    "Fountain of Youth": "At the start of its holder's turn, +1 token from the box for the taking.",
    "Altar of Souls": "At the end of your turn, remove one of your tokens in decline for "
    "+3 coins (works in decline too).",
    "Crypt of the Tomb-raider": "At the end of your turn, put the Ghost in another region: "
    "no one may conquer it.",
    "Stonehedge": "Found with a special power drawn at random, which works for whoever holds "
    "it besides their own.",
    "Wickedest Pentacle": "Summons the Balrog into a neighbouring region (its people lose 2 "
    "tokens); later its holder may move it once a turn. No one takes or scores the Balrog's "
    "region.",
    "Flying Doormat": "Once a turn, conquer a region anywhere on the map.",
    "Stinky Troll's Socks": "Once a turn, conquer a region as if it were empty; its people "
    "lose nothing and move out.",
    "Sword of the Killer Rabbit": "Once a turn, conquer a region for 2 tokens less (at least 1).",
    "Shiny Orb": "Once a turn, replace a lone active enemy token with one of yours.",
    "Froggy's Ring": "At the end of your turn, put it in one of your regions: each player with "
    "an active token next to it pays you 1 coin.",
    "Scepter of Avarice": "At the end of your turn, put it in one of your regions to score "
    "that region twice.",
    # Team play's pieces.
    "Golden Soapbar": "At the end of your turn, +1 coin; then you must pass it to a region "
    "next to your active race that it does not hold.",
    "Glandulf's Tavern": "+2 coins at the end of your turn, of which you may give 1 or 2 to "
    "any other player, in secret.",
    "Bony's Boneyard": "Whoever takes it puts Bony on an In Decline race: other players' "
    "powers, Relics and Places no longer touch it, until the takers decline or leave.",
    "Mirror's Vale": "At the start of your turn, you may swap special powers with your ally; "
    "their pieces on the map go to the new owner's hand.",
}


def _summary(ability: Ability, name: str = "") -> str:
    """What an ability does for players, in English: its ``SUMMARIES`` line, else the first
    paragraph of its class's docstring on one line."""
    if name in SUMMARIES:
        return SUMMARIES[name]
    first = (type(ability).__doc__ or "").strip().split("\n\n")[0]
    return " ".join(first.split())


def _explain(text: str) -> str:
    """An explanation (a summary or a rule term's text) in the language spoken."""
    return ptr(GLOSSARY, text)


def race_summary(name: str) -> str:
    """What a race's banner does, in one sentence, in the language spoken."""
    return _explain(_summary(RACES[name], name))


def power_summary(name: str) -> str:
    """What a special power's badge does, in one sentence, in the language spoken."""
    return _explain(_summary(POWERS[name], name))


def race_text(name: str) -> str:
    """``Race · 10 tokens. <what the banner does>`` for a race banner."""
    r = races()[name]
    summary = race_summary(name)
    if r.conquest_only:
        return ntr(
            "Race · {n} token (+{extra} for conquest only). {summary}",
            "Race · {n} tokens (+{extra} for conquest only). {summary}",
            r.tokens,
            extra=r.conquest_only,
            summary=summary,
        )
    return ntr(
        "Race · {n} token. {summary}", "Race · {n} tokens. {summary}", r.tokens, summary=summary
    )


def power_text(name: str) -> str:
    """``Special power · +3 tokens. <what the badge does>`` for a power badge."""
    p = powers()[name]
    summary = power_summary(name)
    return ntr(
        "Special power · +{n} token. {summary}",
        "Special power · +{n} tokens. {summary}",
        p.tokens,
        summary=summary,
    )


def treasure_text(key: str) -> str:
    """``Righteous Relic. <what it does>`` for a Relic or Place, by marker key."""
    found = treasures()[key]
    summary = _explain(_summary(TREASURES[key], found.name))
    if found.relic:
        return tr("Righteous Relic. {summary}", summary=summary)
    return tr("Popular Place. {summary}", summary=summary)


def rule_terms() -> dict[str, str]:
    """``RULE_TERMS`` in the language spoken: each term's title and text."""
    return {ptr(RULE_TERM, title): _explain(text) for title, text in RULE_TERMS.items()}


def race_titles() -> list[str]:
    """Every race's name in the language spoken, as the glossary lists it."""
    return [names.race(name) for name in RACES]


def power_titles() -> list[str]:
    """Every special power's name in the language spoken, as the glossary lists it."""
    return [names.power(name) for name in POWERS]


def term_title(title: str) -> str:
    """A rule term's title in the language spoken."""
    return ptr(RULE_TERM, title)


def keyed_entries() -> dict[str, str]:
    """Every explainable entry by its English name (a race, a power, a Relic's or Place's
    name, a rule term's title), with its text in the language spoken: the bot's ``/sw
    rules`` keeps one key whatever the member's language."""
    out: dict[str, str] = {name: race_text(name) for name in RACES}
    out.update((name, power_text(name)) for name in POWERS)
    out.update((treasures()[key].name, treasure_text(key)) for key in TREASURES)
    out.update((title, _explain(text)) for title, text in RULE_TERMS.items())
    return out


def entries() -> dict[str, str]:
    """Every explainable name with its text, in the language spoken: races, then powers,
    then Relics and Places, then rule terms."""
    out: dict[str, str] = {names.race(name): race_text(name) for name in RACES}
    out.update((names.power(name), power_text(name)) for name in POWERS)
    out.update((names.treasure(key), treasure_text(key)) for key in TREASURES)
    out.update(rule_terms())
    return out


def glossary_messages() -> Iterator[tuple[str, str]]:
    """Every title and explanation the glossary translates, as (context, English text), for
    the generated ``glossary`` catalog: the rule terms' titles, then every explanation (the
    races', powers', Relics' and Places' summaries, the rule terms' texts). Names come from
    the ``names`` catalog."""
    yield from ((RULE_TERM, title) for title in RULE_TERMS)
    seen: set[str] = set()
    texts = [_summary(RACES[n], n) for n in RACES]
    texts += [_summary(POWERS[n], n) for n in POWERS]
    texts += [_summary(TREASURES[k], treasures()[k].name) for k in TREASURES]
    texts += list(RULE_TERMS.values())
    for text in texts:
        if text not in seen:
            seen.add(text)
            yield GLOSSARY, text


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _english_titles() -> dict[str, str]:
    """Each entry's English title (lower case) → its title in the language spoken, so that
    a name typed in English finds its entry in any language."""
    out = {_key(n): names.race(n) for n in RACES}
    out.update((_key(n), names.power(n)) for n in POWERS)
    out.update((_key(treasures()[k].name), names.treasure(k)) for k in TREASURES)
    out.update((_key(t), ptr(RULE_TERM, t)) for t in RULE_TERMS)
    return out


def lookup(name: str, table: dict[str, str] | None = None) -> tuple[str, str] | None:
    """The entry named ``name`` (case and spacing ignored; in the language spoken, or in
    English), or None; ``table``: another one."""
    key = _key(name)
    table = table if table is not None else entries()
    for title, text in table.items():
        if _key(title) == key:
            return title, text
    found = _english_titles().get(key)
    if found is not None and found in table:
        return found, table[found]
    return None


def search(prefix: str, limit: int = 25, table: dict[str, str] | None = None) -> list[str]:
    """Names containing ``prefix`` (case-insensitive), those starting with it first."""
    key = _key(prefix)
    titles = sorted(table if table is not None else entries())
    starts = [n for n in titles if _key(n).startswith(key)]
    contains = [n for n in titles if key in _key(n) and n not in starts]
    return (starts + contains)[:limit]
