"""The limits every part of Farmer agrees on, defined once.

The engine, the simulator, the command line, the menus, the settings and the kiosk all
read these; none writes its own numbers.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limit:
    """A closed range of whole numbers, ``low`` to ``high``, for a value people choose."""

    low: int
    """The smallest value allowed."""
    high: int
    """The largest value allowed."""
    what: str
    """What is counted, for messages (``players``, ``deals``)."""

    def __contains__(self, value: object) -> bool:
        """Whether ``value`` is a whole number (not a bool) within the range."""
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    @property
    def values(self) -> range:
        """Every allowed value, smallest first (for a menu's choices)."""
        return range(self.low, self.high + 1)

    def clamp(self, value: int) -> int:
        """``value`` brought within the range (for a setting read from an old file)."""
        return max(self.low, min(self.high, value))

    def check(self, value: int) -> int:
        """``value`` itself, or ``ValueError`` saying the range when it is outside."""
        if value not in self:
            raise ValueError(f"{self.what} must be from {self.low} to {self.high}, not {value!r}")
        return value


PLAYERS = Limit(3, 10, "players")
"""Seats at a table, the farmer included (RULES.md, "Table": 3-10 seats)."""

DEALS = Limit(1, 100, "deals")
"""Deals in an agreed game: one range for the menus, the settings, the kiosk, the command line
and the simulator's ``--deals``."""

DEFAULT_DEALS = 10
"""Deals in a new game unless people choose otherwise (within :data:`DEALS`)."""

MAX_NAME = 32
"""The longest player name, in characters: the name field of New game and Join, the command
line's ``--name`` and the network table's every message read it."""

WINDOW_WIDTH = Limit(1024, 16384, "window width")
"""Pixels across a window: from the narrowest the table is laid out for to the widest a display takes.

The settings, the command line's ``--size`` and the table's layout all read it; a window
the player drags smaller shows a notice asking for a larger one."""

WINDOW_HEIGHT = Limit(600, 16384, "window height")
"""Pixels down a window, as :data:`WINDOW_WIDTH` across."""

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (WINDOW_WIDTH.low, WINDOW_HEIGHT.low),
    (1280, 720),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
)
"""The window sizes Settings offers, smallest first: from the smallest the table is laid out for
(each is offered only where the screen holds it; a window can also be resized by hand)."""
