"""Team play [TEAMS]: 6 players in 3 teams of 2, on either world.

The package's face registers the rule set and passes on the names the rest of the house
uses; what team play is lives in its modules:

- ``seats``: the option, the seats A1 B1 C1 A2 B2 C2 and the teams [TEAMS "Playing in
  Teams"], and the team view;
- ``result``: the team result [TEAMS "End of the Game"] (ruling 73);
- ``monsters``: the surface's setup, a Monster from each seat but the first [TEAMS "Setup"];
- ``pieces`` (the Golden Soapbar, Glandulf's Tavern), ``boneyard``, ``mirror`` and ``sigil``
  (with ``sacrifices``, the questions it asks mid-turn): the team pieces, registered as they
  are imported.

[TEAMS "Playing in Teams"] "Their individual stash of victory coins remains secret and
should not be shared with their partner": the core's view already shows a player's coins
to that player only until the end (``engine.core.view.coins_visible``); this package adds
no exception for partners.

The option is ``teams`` (``new_game(..., options={"teams": True})``).
"""

from __future__ import annotations

from engine.core.rulesets import RuleSet, register_ruleset
from engine.rulesets.monsters import lays_monsters
from lang import N_

# The team pieces register on import in this order (``boneyard`` imports ``pieces`` first,
# so the Soapbar and the Tavern come before Bony; then the Mirror, then the Sigil and its
# sacrifices): the order of the registries, and so of ``legal_actions``.
from . import boneyard, mirror, pieces, sacrifices, sigil
from .monsters import MONSTERS_EACH, team_hiding, team_setup
from .result import team_result
from .seats import (
    OPTION,
    PLAYERS,
    TEAM_LETTERS,
    TEAM_SIZE,
    TURNS,
    members,
    partner,
    seat_name,
    seating,
    team_of,
    team_view,
)

lays_monsters(OPTION, MONSTERS_EACH)

TEAMS = register_ruleset(
    RuleSet(
        name=OPTION,
        players=(PLAYERS,),
        turns=TURNS,
        result=team_result,
        view=team_view,
        title=N_("team play"),
        setup=team_setup,
        hiding=team_hiding,
        # [TEAMS "Righteous Relics and Popular Places"] "Relics & Places can never be used by
        # Races that are In Decline, even Ghouls." (ruling 94)
        treasures_in_decline=False,
        # [TEAMS] "Shuffle the 4 Places & 1 Relic (along with others you may already own if
        # playing with Small World Underground)": the team pieces join the hidden stack.
        treasure_sets=lambda world_set: (OPTION,),
    )
)

__all__ = [
    "OPTION",
    "PLAYERS",
    "TEAMS",
    "TEAM_LETTERS",
    "TEAM_SIZE",
    "TURNS",
    "boneyard",
    "members",
    "mirror",
    "partner",
    "pieces",
    "sacrifices",
    "seat_name",
    "seating",
    "sigil",
    "team_of",
    "team_result",
    "team_view",
]
