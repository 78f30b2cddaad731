"""The kiosk's clocks: the visitor's idle timer with its countdown, and the operator's exit hold.

Both are driven by the time passed to them, never by the wall clock, so tests and the
soak tool can run days in seconds.
"""

from __future__ import annotations

import math
from enum import Enum


class IdleState(Enum):
    """Where the idle timer stands."""

    ACTIVE = "active"
    """The visitor is playing."""
    ASKING = "asking"
    """"Are you still there?" is showing, with a countdown."""
    EXPIRED = "expired"
    """Nobody answered: the table goes back to the attract loop."""


class IdleTimer:
    """Counts time without input; asks after ``timeout`` seconds, expires ``countdown`` seconds later."""

    def __init__(self, timeout: float, countdown: float) -> None:
        """An idle timer that asks after ``timeout`` s and gives up ``countdown`` s later."""
        self.timeout = timeout
        self.countdown = countdown
        self.idle = 0.0

    def reset(self) -> None:
        """Input arrived: the visitor is here (dismisses the question)."""
        self.idle = 0.0

    def update(self, dt: float) -> IdleState:
        """Let ``dt`` seconds pass without input; returns the new state."""
        self.idle += dt
        return self.state

    @property
    def state(self) -> IdleState:
        """The current state."""
        if self.idle < self.timeout:
            return IdleState.ACTIVE
        if self.idle < self.timeout + self.countdown:
            return IdleState.ASKING
        return IdleState.EXPIRED

    @property
    def seconds_left(self) -> int:
        """Whole seconds left on the countdown (while asking)."""
        left = self.timeout + self.countdown - self.idle
        return max(0, int(left + 0.999))


class HoldCombo:
    """Fires once a set of keys has been held down together for ``hold`` seconds."""

    def __init__(self, keys: tuple[str, ...], hold: float) -> None:
        """Watch for ``keys`` (names such as ``ctrl``, ``alt``, ``shift``, ``q``) held ``hold`` s."""
        self.keys = frozenset(keys)
        self.hold = hold
        self.held_for = 0.0

    def update(self, dt: float, down: set[str]) -> bool:
        """``down`` are the keys held now; True when the combination has been held long enough."""
        if self.keys <= down:
            self.held_for += dt
        else:
            self.held_for = 0.0
        return self.held_for >= self.hold


class Drift:
    """A slow wander of the whole picture by a few pixels, so nothing burns into a screen."""

    def __init__(self, radius: int = 4, period: float = 240.0) -> None:
        """Wander within ``radius`` pixels, round once every ``period`` seconds."""
        self.radius = radius
        self.period = period
        self.time = 0.0

    def update(self, dt: float) -> None:
        """Let ``dt`` seconds pass."""
        self.time = (self.time + dt) % (self.period * 12)

    @property
    def offset(self) -> tuple[int, int]:
        """The picture's offset now, in whole pixels (a slow figure of eight)."""
        angle = 2 * math.pi * self.time / self.period
        return (round(self.radius * math.cos(angle)), round(self.radius * math.sin(2 * angle) / 2))
