"""The last few things the pages made (a replay's steps, a drawn board), kept for the next
request: many members open the same page, and a replay is stepped through one request at a
time."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """Values by key, each made once, the ``size`` most recently used kept."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, V] = OrderedDict()
        self._making: dict[Hashable, asyncio.Future[V]] = {}

    async def get(self, key: Hashable, make: Callable[[], Awaitable[V]]) -> V:
        """The value of ``key``, made by ``make`` if it is not kept; requests that come
        while it is being made wait for that one making."""
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        making = self._making.get(key)
        if making is None:
            making = asyncio.ensure_future(make())
            self._making[key] = making
            # The making is forgotten once done, whether it worked or not: a failure is
            # not kept, the next request tries again.
            making.add_done_callback(lambda _: self._making.pop(key, None))
        # A request that goes away does not cancel the making the others wait for.
        value = await asyncio.shield(making)
        self._kept[key] = value
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return value
