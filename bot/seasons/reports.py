"""The words of a rounds season's posts (``bot.seasons.posts``): a round's results, the
standings with their picture, the champion, and what the organiser is told.

Written in the language spoken when they are recorded (the server's). Members are named by
mention and pinged by nothing but the champion's announcement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from lang import ntr, tr

from ..league import PAGE
from .points import Line, game_points, show_points
from .posts import Post
from .scoring import Played, Standing
from .season import RoundsSeason

#: A message's longest text here (Discord takes 2,000 characters).
LONGEST = 1900
#: Members named in the text of a standings post (the picture has a page of them).
NAMED = 10


def chunks(lines: Sequence[str]) -> list[str]:
    """Lines gathered into messages of at most ``LONGEST`` characters each."""
    out: list[str] = []
    for line in lines:
        if out and len(out[-1]) + 1 + len(line) <= LONGEST:
            out[-1] += "\n" + line
        else:
            out.append(line[:LONGEST])
    return out


def results(season: RoundsSeason, number: int, games: Sequence[Played]) -> list[Post]:
    """A round's results: each game's members by place, with the points they earned."""
    head = tr(
        "**🎲 {season} · round {n} of {rounds}: results**",
        season=season.name,
        n=number,
        rounds=season.rounds,
    )
    lines = [head]
    for g in games:
        earned = game_points(g.result.places, season.table, g.result.teams)
        order = sorted(earned, key=lambda u: (g.result.places[u], u))
        seats = " · ".join(f"{g.result.places[u]}. <@{u}> +{show_points(earned[u])}" for u in order)
        lines.append(f"<#{g.thread_id}>: {seats}")
    if not games:
        lines.append(tr("No game of this round was played."))
    return [Post(text) for text in chunks(lines)]


def standings_post(
    season: RoundsSeason,
    number: int,
    table: Sequence[Line],
    names: Mapping[int, str],
    gained: Mapping[int, Fraction],
    final: bool,
    every: bool = False,
) -> Post:
    """The standings after round ``number``: the top members in words, a page of them in
    the picture (``every``: all of them, for the web page). Each picture row carries the
    member's ``user_id``."""
    fields = {"season": season.name, "n": number, "rounds": season.rounds}
    if final:
        head = tr("**🏆 {season}: final standings**", **fields)
    elif number == 0:
        head = tr("**📊 {season}: standings before the first round**", **fields)
    else:
        head = tr("**📊 {season}: standings after round {n} of {rounds}**", **fields)
    lines = [head]
    for line in table[:NAMED]:
        # The plural follows the whole points (1.5 reads as a plural in English).
        n = line.points.numerator if line.points.denominator == 1 else 2
        lines.append(
            ntr(
                "{rank}. {who} · {points} point",
                "{rank}. {who} · {points} points",
                n,
                rank=line.rank,
                who=f"<@{line.user_id}>",
                points=show_points(line.points),
            )
        )
    if not table:
        lines.append(tr("Nobody has signed up yet."))
    lines.append(tr("Ties are broken by opponents' points, then by coins."))
    picture = {
        "title": tr("{season} · final standings", season=season.name) if final else season.name,
        "subtitle": (
            tr("after round {n} of {rounds}", **fields) if number else tr("before the first round")
        ),
        "rows": [
            {
                "rank": line.rank,
                "name": names.get(line.user_id) or str(line.user_id),
                "points": show_points(line.points),
                "gained": f"+{show_points(gained[line.user_id])}" if line.user_id in gained else "",
                "games": line.games,
                "opponents": show_points(line.opponents),
                "coins": line.coins,
                "user_id": line.user_id,
            }
            for line in (table if every else table[:PAGE])
        ],
    }
    return Post("\n".join(lines)[:LONGEST], picture=picture)


@dataclass(frozen=True)
class Seat:
    """One player of a game of the rounds: their place and the points it earned them."""

    user_id: int
    place: int
    points: Fraction
    #: Whether they played in the same team as the member whose game this is (a partner
    #: is not an opponent).
    partner: bool = False


@dataclass(frozen=True)
class Sitting:
    """A member's game in one round: their own seat and everyone's at it."""

    round: int
    game_id: int
    thread_id: int
    seat: Seat
    #: Everyone at the game, the member included, best place first.
    pod: list[Seat]


def sittings(season: RoundsSeason, user_id: int, games: Sequence[Played]) -> list[Sitting]:
    """The member's finished games of the season's rounds, in round order."""
    out = []
    for g in games:
        if user_id not in g.result.places:
            continue
        earned = game_points(g.result.places, season.table, g.result.teams)
        team = next((set(t) for t in g.result.teams or () if user_id in t), {user_id})
        pod = [
            Seat(u, g.result.places[u], earned[u], partner=u != user_id and u in team)
            for u in sorted(earned, key=lambda u: (g.result.places[u], u))
        ]
        seat = next(s for s in pod if s.user_id == user_id)
        out.append(Sitting(g.round, g.game_id, g.thread_id, seat, pod))
    return out


def player_lines(season: RoundsSeason, user_id: int, name: str, now: Standing) -> list[str]:
    """A member's season in words (``/league player``): rank and points, rounds played and
    the tie-breaks, then each game of theirs by round: place and points earned. Empty when
    they have no line in the standings."""
    line = next((x for x in now.lines if x.user_id == user_id), None)
    if line is None:
        return []
    out = [
        tr(
            "**{who}** · {season}: rank {rank}, {points} points.",
            who=name,
            season=season.name,
            rank=line.rank,
            points=show_points(line.points),
        ),
        tr(
            "{played} · opponents' points {opponents} · coins {coins}",
            played=ntr("{n} round played", "{n} rounds played", line.games),
            opponents=show_points(line.opponents),
            coins=line.coins,
        ),
    ]
    for sat in sittings(season, user_id, now.games):
        out.append(
            tr(
                "Round {n}: place {place} of {players} (<#{thread}>), +{points}",
                n=sat.round,
                place=sat.seat.place,
                players=len(sat.pod),
                thread=sat.thread_id,
                points=show_points(sat.seat.points),
            )
        )
    out.append(tr("Ties are broken by opponents' points, then by coins."))
    return out


@dataclass(frozen=True)
class Meeting:
    """A game of the rounds where two members sat together: each one's seat there."""

    round: int
    thread_id: int
    member: Seat
    other: Seat


def head_to_head(
    season: RoundsSeason, user_id: int, other_id: int, games: Sequence[Played]
) -> list[Meeting]:
    """The finished games of the season's rounds where both members sat, in round order."""
    out = []
    for sat in sittings(season, user_id, games):
        other = next((s for s in sat.pod if s.user_id == other_id), None)
        if other is not None and other_id != user_id:
            out.append(Meeting(sat.round, sat.thread_id, sat.seat, other))
    return out


def tally(meetings: Sequence[Meeting]) -> tuple[int, int, int]:
    """How often the member finished ahead of the other, behind them, and level (tied, or
    partners in one team)."""
    ahead = sum(1 for m in meetings if m.member.place < m.other.place)
    behind = sum(1 for m in meetings if m.member.place > m.other.place)
    return ahead, behind, len(meetings) - ahead - behind


def versus_lines(
    season: RoundsSeason, member: tuple[int, str], other: tuple[int, str], now: Standing
) -> list[str]:
    """The head to head of two members in the season's rounds, in words (``/league player
    versus:``): each game where both sat, with each one's place and points, then the tally.
    ``member`` and ``other`` are (user id, name)."""
    (user_id, name), (other_id, other_name) = member, other
    meetings = head_to_head(season, user_id, other_id, now.games)
    head = tr(
        "**{who} against {other}** in {season}", who=name, other=other_name, season=season.name
    )
    if not meetings:
        return [head, tr("They have not sat in one game of this season's rounds yet.")]
    out = [head]
    for m in meetings:
        out.append(
            tr(
                "Round {n} (<#{thread}>): {who} place {place}, +{points} · {other} place "
                "{other_place}, +{other_points}",
                n=m.round,
                thread=m.thread_id,
                who=name,
                place=m.member.place,
                points=show_points(m.member.points),
                other=other_name,
                other_place=m.other.place,
                other_points=show_points(m.other.points),
            )
        )
    ahead, behind, level = tally(meetings)
    out.append(
        tr(
            "{games}: {who} finished ahead {ahead}, {other} {behind}, level {level}.",
            games=ntr("{n} game together", "{n} games together", len(meetings)),
            who=name,
            other=other_name,
            ahead=ntr("{n} time", "{n} times", ahead),
            behind=ntr("{n} time", "{n} times", behind),
            level=ntr("{n} time", "{n} times", level),
        )
    )
    return out


def champion_post(season: RoundsSeason, champions: Sequence[int]) -> Post:
    """The champion (or the champions tied on everything) announced, and pinged."""
    who = ", ".join(f"<@{u}>" for u in champions)
    if len(champions) == 1:
        text = tr(
            "🏆 {who} is the champion of **{season}**. Congratulations!",
            who=who,
            season=season.name,
        )
    else:
        text = tr(
            "🏆 {who} share the title of **{season}**: equal on points, opponents' points "
            "and coins. Congratulations!",
            who=who,
            season=season.name,
        )
    return Post(text, mentions=list(champions))


def role_refused(season: RoundsSeason, role_id: int, reason: str) -> Post:
    """What the organiser is told when the champion's role cannot be given."""
    return Post(
        tr(
            "I could not give the role <@&{role}> to the champion of **{season}** ({reason}): "
            "I need the Manage Roles permission, and that role must be below my own.",
            role=role_id,
            season=season.name,
            reason=reason,
        )
    )
