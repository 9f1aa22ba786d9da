"""The league's automatic formats: the open-play queue, which forms games from the members
waiting, and seasons of scheduled rounds, whose pods are formed Swiss-style and scored by
place.

The decision cores here (``balance``, ``pods`` with ``pod_search``, ``matching``,
``points``) are pure: they import nothing from Discord, the storage or the clock (times come
in as arguments; a contract in pyproject.toml checks it), so that the same inputs always
give the same games, and the parts that store, schedule and post build on them.
"""
