"""The terminal front end: ``python -m engine`` (``cli``), its argument checks, the game at
the terminal, what it prints, and the golden playthroughs. Above the core and the worlds;
nothing in the core imports it."""
