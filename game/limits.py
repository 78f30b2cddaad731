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


@dataclass(frozen=True, slots=True)
class FileLimit:
    """How much of one kind of file is read back; anything larger is set aside unread.

    Each bound is many times what an honest file holds, so that only a damaged or hostile
    file meets it, and reading stays within a small multiple of the file's size.
    """

    what: str
    """The kind of file, for messages (``settings``, ``saved game``)."""
    max_bytes: int
    """The largest file read at all."""
    max_depth: int = 32
    """The deepest nesting of arrays and objects (the game's own files nest a few levels)."""
    max_string: int = 4096
    """The longest JSON string, in characters (names, specs and card codes are short)."""
    max_line_bytes: int | None = None
    """For a file of JSON lines, the longest line (None: the file is one JSON value)."""


_KIB = 1024
_MIB = 1024 * _KIB

SETTINGS_FILE = FileLimit("settings", 1 * _MIB)
"""The window's settings (a few kilobytes)."""
STATISTICS_FILE = FileLimit("statistics", 1 * _MIB)
"""The statistics of games played (a few kilobytes)."""
SEATS_FILE = FileLimit("network seats", 1 * _MIB)
"""The seats held at network tables (a line per table)."""
SAVED_GAME_FILE = FileLimit("saved game", 4 * _MIB)
"""The window's saved game: its deal log so far (about 2.5 KB a deal of ten seats, 100 deals at most)."""
SAVED_TABLE_FILE = FileLimit("saved table", 4 * _MIB)
"""A network table's saved file: its seats and saved game (as :data:`SAVED_GAME_FILE`)."""
DEAL_LOG_FILE = FileLimit("deal log", 256 * _MIB, max_depth=16, max_line_bytes=64 * _KIB)
"""A deal log, JSON lines: a quarter of a million deals, each line a deal (about 2 KB at ten seats)."""
KIOSK_CONFIG_FILE = FileLimit("kiosk configuration", 64 * _KIB)
"""The kiosk's TOML configuration (a page of settings)."""
