"""``/sw status`` tells the last actions in words, in the member's language, each as its
player read it when they chose it: never the action log's notation (issue 37, F1)."""

from __future__ import annotations

import re

from engine import label, legal_actions, parse, to_act
from engine.core.actions import Conquer, EndConquests, EndTurn, PickCombo
from lang import speaking

from .locales import GUILD, speak
from .world import game_of, started_game, world

#: A line of the action log's notation: ``carol: pick 2``, ``conquer 1``, ``stop``, ``end``.
NOTATION = re.compile(r": (pick|conquer|stop|end|deploy|move|undo)\b")


async def _do(w, kind: type) -> str:
    """The member to act plays the first legal action of ``kind`` with ``/sw do``; its label
    (in French) as the member's panel showed it before."""
    lg = await game_of(w)
    s = lg.game.state
    seat = to_act(s)
    action = next(a for a in legal_actions(s, seat) if isinstance(a, kind))
    with speaking("fr"):
        shown = label(s, action)
    member = w.member(lg.user_at(seat))
    done = await member.slash(w.channel, "sw do", action=action.text)
    assert done.ephemeral, done.response.content
    return shown


async def test_a_french_member_reads_the_last_actions_in_french_words(
    simcord_env, monkeypatch
) -> None:
    locales = speak(monkeypatch)
    w = await world(simcord_env)
    locales.update({GUILD: "fr", **{m.id: "fr" for m in w.members}})
    await started_game(w)
    # A pick, two conquests (the second taken back), then the end of the turn.
    picked = await _do(w, PickCombo)
    taken = await _do(w, Conquer)
    await _do(w, Conquer)
    lg = await game_of(w)
    mover = w.member(lg.user_at(to_act(lg.game.state)))
    undone = await mover.slash(w.channel, "sw undo")
    assert undone.ephemeral, undone.response.content
    stopped = await _do(w, EndConquests)
    ended = await _do(w, EndTurn)
    # The market moved on: slot 1 now holds another combo than the one picked.
    lg = await game_of(w)
    with speaking("fr"):
        now = label(lg.game.state, parse("pick 1"))
    assert now != picked

    status = (await w.members[2].slash(w.channel, "sw status")).response.content
    lines = status.splitlines()
    start = lines.index("**Dernières actions** (⏰ : jouée à l'échéance du délai) :")
    told = [re.sub(r"^` *[0-9]+` ", "", line) for line in lines[start + 1 :]]
    player = lg.game.state.players[0].name
    assert told == [
        f"{player} : {picked}",
        f"{player} : {taken}",
        f"{player} : {told[2].split(' : ', 1)[1]}",
        f"{player} : Annuler",
        f"{player} : {stopped}",
        f"{player} : {ended}",
    ]
    assert picked.startswith("Prendre ") and taken.startswith("Conquérir ")
    assert told[2].split(" : ", 1)[1].startswith("Conquérir ")
    assert (stopped, ended) == ("Arrêter les conquêtes · redéployer", "Finir le tour · marquer")
    assert not NOTATION.search(status), status
