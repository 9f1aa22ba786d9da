"""The rules core: the turn machine and everything it reads, knowing no world.

State, actions, the hook protocol and its registries (``abilities``), the board, conquest,
the turn (who acts, legal actions, validation, applying, readying, the turn's end and
decline, scoring), the market, content loading, maps, setup, the public view and the table of
worlds (``worlds``). World packages (``engine.worlds``) plug their races, powers, Relics and
Places in through the registries and hooks; the core imports no world and no presentation
module.
"""
