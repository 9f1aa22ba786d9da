"""Every picture in words: the description a screen reader reads for it (Discord's
attachment description, the web pages' ``alt``).

Each function takes what its picture is drawn from (a view, a league table's dict) and says
what the picture shows, in the language spoken, in at most ``LIMIT`` characters (Discord's
limit): the essentials first, and when everything would not fit, the essentials and where
the whole board is told in words (``/sw board text``). ``Picture`` carries a drawn picture
with its description; it cannot be made without one.

Coins: the board and the replay are told from public views, and no sentence here reads a
player's coins from them; the combos panel tells the coins lying on each combo (public), and
only the final sheet, drawn once the game is over, tells the players' totals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.text import names as named
from engine.text.board import and_list, races_line, seat_names, semicolons, turn_words
from engine.text.telling import coins, tokens
from lang import decimal, ntr, option, slash, tr

from .sheet import places
from .teams import team_word

#: Discord's longest attachment description.
LIMIT = 1024

View = dict[str, Any]


@dataclass(frozen=True)
class Picture:
    """A drawn picture as the bot posts it: its file name, its bytes and its description."""

    name: str
    data: bytes
    description: str

    def __post_init__(self) -> None:
        if not self.description.strip():
            raise ValueError(f"the picture {self.name} has no description")
        if len(self.description) > LIMIT:
            raise ValueError(f"the description of {self.name} is over {LIMIT} characters")


def board_pointer() -> str:
    """Where the whole board is told in words: the text board's command."""
    return tr(
        "Every region in words: {command} {option}:True.",
        command=slash("sw board"),
        option=option("text"),
    )


def fit(
    essentials: Sequence[str],
    more: Sequence[str] = (),
    left_out: Callable[[int], str] | None = None,
) -> str:
    """The sentences ``essentials`` then ``more``, within ``LIMIT``.

    When all of ``more`` does not fit, as much of it as fits in order, then
    ``left_out(n)``: a sentence on the ``n`` left out (by default, where the whole board is
    told in words). Cut short, with "…", only if the essentials alone are too long.
    """
    whole = " ".join([*essentials, *more])
    if len(whole) <= LIMIT:
        return whole
    kept = list(essentials)

    def closing(shown: int) -> list[str]:
        if shown == len(more):
            return []
        tail = board_pointer() if left_out is None else left_out(len(more) - shown)
        return [tail] if tail else []

    shown = 0
    for sentence in more:
        if len(" ".join([*kept, sentence, *closing(shown + 1)])) > LIMIT:
            break
        kept.append(sentence)
        shown += 1
    short = " ".join([*kept, *closing(shown)])
    if len(short) <= LIMIT:
        return short
    return short[: LIMIT - 1] + "…"


def _nothing(_left: int) -> str:
    return ""


def _round(v: View) -> str:
    return tr("round {round} of {turns}", round=v["round"], turns=v["turns"])


def players_sentences(v: View) -> list[str]:
    """One sentence per player: their races with power and region count."""
    names = seat_names(v)
    return [
        tr("{who}: {races}.", who=names[p["seat"]], races=races_line(v, p["seat"]))
        for p in v["players"]
    ]


def changes_sentence(v: View) -> str | None:
    """What the turn changed, from the view's marks (``engine.core.changes``): who took
    which regions, and the regions left empty; None when the view has no marks."""
    marks = v.get("marks") or {}
    names = seat_names(v)
    by_seat: dict[int, list[int]] = {}
    for region, seat in (marks.get("taken") or {}).items():
        by_seat.setdefault(int(seat), []).append(int(region))
    parts = [
        ntr(
            "{who} took region {regions}",
            "{who} took regions {regions}",
            len(regions),
            who=names[seat],
            regions=and_list([str(r) for r in sorted(regions)]),
        )
        for seat, regions in sorted(by_seat.items())
        if 0 <= seat < len(names)
    ]
    lost = sorted(int(r) for r in marks.get("lost") or [])
    if lost:
        parts.append(
            ntr(
                "region {regions} was left empty",
                "regions {regions} were left empty",
                len(lost),
                regions=and_list([str(r) for r in lost]),
            )
        )
    if not parts:
        return tr("No region changed hands in the latest turn.") if "taken" in marks else None
    return tr("Latest changes: {changes}.", changes=semicolons(parts))


def costs_sentence(v: View) -> str | None:
    """On a member's own board (``marks["costs"]``): the regions they can conquer now and
    what each costs; None on any other board."""
    costs = (v.get("marks") or {}).get("costs")
    if costs is None:
        return None
    if not costs:
        return tr("You have nothing to conquer right now.")
    told = [
        tr("{region} ({tokens})", region=int(r), tokens=tokens(int(n)))
        for r, n in sorted(costs.items(), key=lambda item: int(item[0]))
    ]
    return tr("You can conquer, with the cost in tokens: {regions}.", regions=", ".join(told))


def board(v: View) -> str:
    """The board picture: the round and whose turn, each player's races with power and
    region count, on a member's own board what they can conquer, what the turn changed,
    and who else holds regions."""
    head = tr("The board, {round}: {turn}.", round=_round(v), turn=turn_words(v))
    more = []
    mine = costs_sentence(v)
    if mine:
        more.append(mine)
    changed = changes_sentence(v)
    if changed:
        more.append(changed)
    tribes = sum(1 for r in v["regions"] if not r["race"] and r["markers"].get("lost_tribe"))
    if tribes:
        more.append(ntr("Lost Tribes hold {n} region.", "Lost Tribes hold {n} regions.", tribes))
    return fit([head, *players_sentences(v)], more)


def combos(v: View) -> str:
    """The combos panel: the six combos for sale, with their tokens, price and the coins
    lying on them."""
    lines = []
    for c in v["market"]:
        price = tr("costs {coins}", coins=coins(c["slot"] - 1)) if c["slot"] > 1 else tr("free")
        parts = [named.combo(c["race"], c["power"]), tokens(c["tokens"]), price]
        if c["coins"]:
            parts.append(tr("{coins} on it", coins=coins(c["coins"])))
        lines.append(f"{c['slot']}. " + ", ".join(parts) + ".")
    head = tr(
        "The combos for sale, {round}: each costs a coin per combo above it.", round=_round(v)
    )
    return fit([head], lines)


def final(v: View) -> str:
    """The final sheet: the places and the scores (the game is over: coins are public), the
    teams first in a team game."""
    result = v.get("result") or {}
    names = seat_names(v)
    ranking = result.get("ranking") or []
    head = tr("Final scores after {round}.", round=_round(v))
    lines = []
    teams = result.get("teams") or []
    for t in teams:
        who = " & ".join(names[x] for x in t["seats"])
        lines.append(
            tr(
                "{team}, place {place}: {who}, {coins}.",
                team=team_word(t["team"]),
                place=t["place"],
                who=who,
                coins=coins(t["score"]),
            )
        )
    for place, row in zip(places(ranking), ranking, strict=True):
        lines.append(
            tr(
                "{place}. {who}: {coins}, {tokens} on the board.",
                place=place,
                who=names[row["seat"]],
                coins=coins(row["coins"]),
                tokens=tokens(row["tokens"]),
            )
        )
    winners = [names[x] for x in result.get("winners") or []]
    if teams:
        winners = [team_word(letter) for letter in result.get("winning_teams") or []]
    if winners:
        head += " " + ntr("Winner: {who}.", "Winners: {who}.", len(winners), who=and_list(winners))
    return fit([head], lines)


def replay(views: Sequence[View]) -> str:
    """The animated replay: how many boards it shows, from when to when, and how the game
    ended on the board."""
    last = views[-1]
    head = ntr(
        "Animated replay: the board after each turn, {n} picture, from the set-up to {end}.",
        "Animated replay: the board after each turn, {n} pictures, from the set-up to {end}.",
        len(views),
        end=tr("the end of the game") if last["phase"] == "over" else _round(last),
    )
    closing = tr("The last picture, {round}:", round=_round(last))
    return fit([head, closing], players_sentences(last))


def _more_rows(n: int) -> str:
    return ntr("And {n} more row.", "And {n} more rows.", n)


def standings_row(row: dict[str, Any], ranked: bool) -> str:
    """One row of the standings: place, name, rating, games and wins."""
    fields = {
        "who": str(row.get("name") or "?"),
        "rating": row.get("rating", "–"),
        "games": ntr("{n} game", "{n} games", int(row.get("games") or 0)),
        "wins": ntr("{n} win", "{n} wins", int(row.get("wins") or 0)),
    }
    line = tr("{who}, rating {rating}, {games}, {wins}.", **fields)
    rank = row.get("rank")
    return f"{rank}. {line}" if ranked and rank is not None else line


def standings(data: dict[str, Any]) -> str:
    """The standings table: its title and page, then its first rows (the ranked ones, then
    the provisional ones)."""
    head = str(data.get("title") or tr("Standings"))
    page, pages = int(data.get("page") or 1), int(data.get("pages") or 1)
    if pages > 1:
        head += " · " + tr("page {page} of {pages}", page=page, pages=pages)
    sentences = [head + "."]
    if data.get("subtitle"):
        sentences.append(str(data["subtitle"]) + ".")
    rows = [standings_row(r, True) for r in data.get("rows") or []]
    provisional = [standings_row(r, False) for r in data.get("provisional") or []]
    if not rows:
        sentences.append(tr("No ranked players yet."))
    if provisional:
        provisional[0] = tr("Provisional: {row}", row=provisional[0])
    return fit(sentences, rows + provisional, _more_rows)


def points_row(row: dict[str, Any]) -> str:
    """One row of a rounds season's standings: place, name, points (and the last round's),
    games, and the tie-breaks."""
    line = tr(
        "{who}, {points} points, {games}, opponents' points {opponents}, {coins} coins.",
        who=str(row.get("name") or "?"),
        points=row.get("points", "0"),
        games=ntr("{n} game", "{n} games", int(row.get("games") or 0)),
        opponents=row.get("opponents", "0"),
        coins=row.get("coins", 0),
    )
    if row.get("gained") not in (None, "", "+0"):
        line += " " + tr("{gained} this round.", gained=row["gained"])
    rank = row.get("rank")
    return f"{rank}. {line}" if rank is not None else line


def points(data: dict[str, Any]) -> str:
    """A rounds season's standings by points (``renderer.points``): its title and subtitle,
    then its rows in order."""
    sentences = [str(data.get("title") or tr("Standings")) + "."]
    if data.get("subtitle"):
        sentences.append(str(data["subtitle"]) + ".")
    rows = [points_row(r) for r in data.get("rows") or []]
    if not rows:
        sentences.append(tr("No game has finished yet."))
    return fit(sentences, rows, _more_rows)


def card(data: dict[str, Any]) -> str:
    """A player's league card: rating and rank, games and wins, average coins (the
    games are over), most played and best combos, and the head to head."""
    games, wins = int(data.get("games") or 0), int(data.get("wins") or 0)
    rank = data.get("rank")
    head = tr(
        "League card of {who}, {season}: rating {rating}, {rank}, {games}, {wins}.",
        who=str(data.get("name") or "?"),
        season=str(data.get("season") or ""),
        rating=data.get("rating", "–"),
        rank=tr("rank {rank}", rank=rank) if rank is not None else tr("unranked"),
        games=ntr("{n} game", "{n} games", games),
        wins=ntr("{n} win", "{n} wins", wins),
    )
    more = []
    if data.get("tutorials"):
        more.append(tr("Tutorial finished: {worlds}.", worlds=", ".join(data["tutorials"])))
    if data.get("avg_coins") is not None:
        more.append(tr("{avg} coins a game on average.", avg=decimal(float(data["avg_coins"]))))
    favourite = [
        f"{c.get('combo', '?')} ({ntr('{n} game', '{n} games', int(c.get('games') or 0))})"
        for c in (data.get("favourite") or [])[:3]
    ]
    if favourite:
        more.append(tr("Most played: {combos}.", combos=", ".join(favourite)))
    best = [
        tr(
            "{combo} ({pct}% wins)",
            combo=str(c.get("combo", "?")),
            pct=round(100 * float(c.get("win_rate") or 0)),
        )
        for c in (data.get("best") or [])[:3]
    ]
    if best:
        more.append(tr("Best combos: {combos}.", combos=", ".join(best)))
    h2h = data.get("head_to_head")
    if h2h:
        more.append(
            tr(
                "Against {who}: ahead {ahead}, behind {behind}.",
                who=str(h2h.get("opponent") or "?"),
                ahead=int(h2h.get("ahead") or 0),
                behind=int(h2h.get("behind") or 0),
            )
        )
    return fit([head], more, _nothing)


__all__ = [
    "LIMIT",
    "Picture",
    "board",
    "board_pointer",
    "card",
    "changes_sentence",
    "combos",
    "final",
    "fit",
    "players_sentences",
    "points",
    "points_row",
    "replay",
    "standings",
    "standings_row",
]
