"""Pictures kept for reuse within a byte budget: the one cache of the card faces, the fans,
the turning frames, the rendered words and the panels.

Drawing is slow and memory is not free (the same picture takes four times the bytes at
3840 × 2160 as at 1920 × 1080), so each kind of picture is kept in a :class:`SurfaceCache`
with a budget of its own. The picture used longest ago goes first; the newest always stays,
whatever its size, so that what was just drawn can be shown.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of ``surface``'s pixels (its rows as laid out in memory)."""
    return surface.get_pitch() * surface.get_height()


class SurfaceCache(Generic[K, V]):
    """Values by key, the least recently used dropped once they take more than ``max_bytes``.

    ``max_items`` (if given) bounds how many are kept too; ``size_of`` tells a value's bytes.
    """

    def __init__(self, max_bytes: int, size_of: Callable[[V], int], max_items: int | None = None) -> None:
        """An empty cache of at most ``max_bytes`` (and ``max_items`` values, when given)."""
        self.max_bytes = max_bytes
        """The budget: more bytes than this and the values used longest ago go."""
        self.max_items = max_items
        """The most values kept (None: as many as the budget holds)."""
        self._size_of = size_of
        self._values: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._bytes = 0

    @property
    def bytes(self) -> int:
        """The bytes of the values kept."""
        return self._bytes

    def __len__(self) -> int:
        """How many values are kept."""
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        """Whether a value is kept under ``key`` (without counting as a use)."""
        return key in self._values

    def __iter__(self) -> Iterator[K]:
        """The keys kept, the one used longest ago first."""
        return iter(self.keys())

    def keys(self) -> list[K]:
        """The keys kept, the one used longest ago first."""
        return list(self._values)

    def values(self) -> list[V]:
        """The values kept, the one used longest ago first."""
        return [value for value, _size in self._values.values()]

    def get(self, key: K) -> V | None:
        """The value kept under ``key`` (now the most recently used), or None."""
        found = self._values.get(key)
        if found is None:
            return None
        self._values.move_to_end(key)
        return found[0]

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` as the most recently used, dropping the oldest beyond the budget."""
        old = self._values.pop(key, None)
        if old is not None:
            self._bytes -= old[1]
        size = self._size_of(value)
        self._values[key] = (value, size)
        self._bytes += size
        most = len(self._values) if self.max_items is None else self.max_items
        while len(self._values) > 1 and (self._bytes > self.max_bytes or len(self._values) > most):
            self._bytes -= self._values.popitem(last=False)[1][1]
        return value

    def clear(self) -> None:
        """Forget every value (they are made again when asked for)."""
        self._values.clear()
        self._bytes = 0
