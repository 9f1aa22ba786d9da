"""The guided first game (issue 39): lessons as data (``lessons``), the arranged games
(``arrangement``), what to tap next and the opponent (``coach``), which lesson applies now
(``tracker``), and a tutorial played through without a person (``walk``).

The terminal plays it (``python -m engine tutorial``, ``engine.console.tutorial``) and so does
the bot (``/sw tutorial``); both show the same lessons at the same moments.
"""
