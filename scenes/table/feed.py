"""What one seat has been shown and not yet seen: the engine's events through that seat's eyes.

The engine runs ahead of any screen: a whole AI turn, or the rest of a deal, is played in
one call. A :class:`Feed` keeps the events one seat may see (see :func:`game.rules.observe.observe`)
in order until they are taken, one at a time, by whatever shows them: the table on a
screen, or a network connection to a player's own screen. Taking an event is showing it: the
feed tells whoever keeps count of what was shown (a ledger, a guide), at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator

from game.rules.events import Event
from game.rules.observe import observe


class Feed:
    """The events waiting to be shown to one seat, oldest first."""

    def __init__(
        self, seat: int | None, everything: bool = False, taken: Callable[[Event], None] | None = None
    ) -> None:
        """A feed for ``seat`` (None: a spectator); ``everything`` shows every card (a replay);
        ``taken`` is told of each event taken to be shown, as it is taken."""
        self.seat = seat
        self.everything = everything
        self.taken = taken
        self._pending: deque[Event] = deque()

    def push(self, events: Iterable[Event]) -> list[Event]:
        """Add what the seat may see of ``events``; returns what was added."""
        seen = list(events) if self.everything else observe(events, self.seat)
        self._pending.extend(seen)
        return seen

    def peek(self) -> Event | None:
        """The next event to show, if any."""
        return self._pending[0] if self._pending else None

    def pop(self) -> Event:
        """Take the next event to show (IndexError when none is waiting); ``taken`` is told of it."""
        event = self._pending.popleft()
        if self.taken is not None:
            self.taken(event)
        return event

    def clear(self) -> None:
        """Forget every waiting event."""
        self._pending.clear()

    def __len__(self) -> int:
        """How many events wait."""
        return len(self._pending)

    def __iter__(self) -> Iterator[Event]:
        """The waiting events, oldest first (they stay waiting)."""
        return iter(self._pending)
