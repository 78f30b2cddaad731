"""The kiosk configuration file (TOML, read-only): timeouts, exit combination, demo pace, table, live table.

Every key is optional. An unknown key or a bad value is logged and its default used: a
kiosk must come up whatever its config file says.
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.formats.readfile import read_text
from game.limits import DEALS, KIOSK_CONFIG_FILE, PLAYERS
from game.rules.ruleset import RULE_NAMES
from game.schema import number, one_of, truth, whole
from scenes.i18n import LANGUAGE_CHOICES

log = logging.getLogger("farmer.kiosk")

SPEEDS = ("slow", "normal", "fast")
KEY_NAMES = ("ctrl", "alt", "shift", "meta")
MIN_COMBO_KEYS = 3
"""The fewest keys in an exit combination (a visitor leaning on the keyboard must not quit)."""
MAX_CONFIG_BYTES = KIOSK_CONFIG_FILE.max_bytes
"""The largest kiosk config file read."""


@dataclass(frozen=True, slots=True)
class KioskConfig:
    """What an operator can set for a kiosk."""

    idle_timeout: float = 60.0
    """Seconds without input in a visitor's game before "Are you still there?"."""
    countdown: float = 10.0
    """Seconds the "Are you still there?" countdown runs before the table returns to the demo."""
    exit_combo: tuple[str, ...] = ("ctrl", "alt", "shift", "q")
    """Keys an operator holds to quit: modifiers and one letter or key name."""
    exit_hold: float = 3.0
    """Seconds the exit combination must be held."""
    demo_speed: str = "normal"
    """Pace of the attract loop: slow, normal or fast."""
    language: str = "system"
    """Language of the kiosk: system, en, fr or de."""
    rules: str = "foster"
    """Rule set of the demo and of visitors' games."""
    players: int = 5
    """Seats at the table (3 to 10), the visitor's included."""
    deals: int = 6
    """Deals in a visitor's game (a short game)."""
    sound: bool = False
    """Sound effects and music in the attract loop (off by default) and in visitors' games."""
    drift: bool = True
    """Move the picture a few pixels now and then so nothing burns in."""
    live_table: bool = False
    """Run a table server here and show a live table in the attract loop, joined from phones
    with its QR code (:mod:`scenes.kiosk.live`)."""
    live_port: int = 8765
    """The port of the live table's server (phones open ``http://ADDRESS:PORT/``)."""
    live_countdown: float = 20.0
    """Seconds from the first phone's seat to the live game's start."""
    live_seats: int = 4
    """Phones whose seats start the live game at once (at most every seat but one)."""
    live_standings: float = 15.0
    """Seconds the live game's final standings stay before the attract loop comes back (long
    enough for the people at the phones to read them on the big screen)."""

    @property
    def summary(self) -> str:
        """One line for the log."""
        return ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))


_CHECKS: dict[str, Any] = {
    "idle_timeout": (float, 5.0, 3600.0),
    "countdown": (float, 3.0, 120.0),
    "exit_hold": (float, 0.5, 30.0),
    "players": (int, PLAYERS.low, PLAYERS.high),
    "deals": (int, DEALS.low, DEALS.high),
    "demo_speed": SPEEDS,
    "language": LANGUAGE_CHOICES,
    "rules": RULE_NAMES,
    "sound": bool,
    "drift": bool,
    "live_table": bool,
    "live_port": (int, 1024, 65535),
    "live_countdown": (float, 5.0, 300.0),
    "live_seats": (int, 1, PLAYERS.high - 1),
    "live_standings": (float, 3.0, 120.0),
}


def _check(name: str, value: Any) -> Any:
    """The value to use for ``name``, or raise ValueError saying what is wrong."""
    if name == "exit_combo":
        if isinstance(value, str):
            value = [part.strip().lower() for part in value.split("+")]
        if (
            not isinstance(value, list)
            or not all(isinstance(k, str) and k for k in value)
            or len({k.lower() for k in value}) < MIN_COMBO_KEYS
            or all(k.lower() in KEY_NAMES for k in value)
            or not any(k.lower() in KEY_NAMES for k in value)
        ):
            # A visitor must not quit the kiosk by chance: several keys at once, a modifier among them.
            raise ValueError(
                f'exit_combo must be at least {MIN_COMBO_KEYS} different keys, one a modifier '
                f'({", ".join(KEY_NAMES)}) and one not, such as "ctrl+alt+shift+q"'
            )
        return tuple(str(k).lower() for k in value)
    check = _CHECKS[name]
    if check is bool:
        return truth(value, name)
    if isinstance(check, tuple) and check and isinstance(check[0], type):
        kind, low, high = check
        if kind is int and isinstance(value, float) and value.is_integer():
            value = int(value)  # TOML writes 5.0 for a whole number too
        return whole(value, name, low, high) if kind is int else number(value, name, low, high)
    return one_of(value, name, check)


def load_config(path: Path | None) -> KioskConfig:
    """The kiosk config from ``path`` (None: the defaults). Never raises: problems are logged."""
    config = KioskConfig()
    if path is None:
        return config
    try:
        # A regular file only (a device or a FIFO would never end), and a small one.
        data = tomllib.loads(read_text(path, MAX_CONFIG_BYTES))
    except FileNotFoundError:
        log.warning("kiosk config %s not found; using defaults", path)
        return config
    except (OSError, ValueError, RecursionError) as exc:
        log.warning("kiosk config %s not readable (%s); using defaults", path, exc)
        return config
    section = data.get("kiosk", data)
    if not isinstance(section, dict):
        log.warning("kiosk config %s: [kiosk] is not a table; using defaults", path)
        return config
    known = {f.name for f in fields(KioskConfig)}
    good: dict[str, Any] = {}
    for name, value in section.items():
        if name not in known:
            log.warning("kiosk config: unknown key %r ignored", name)
            continue
        try:
            good[name] = _check(name, value)
        except ValueError as exc:
            log.warning("kiosk config: %s; using the default %r", exc, getattr(config, name))
    return replace(config, **good)
