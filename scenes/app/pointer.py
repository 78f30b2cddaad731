"""Touch as a first-class pointer: a finger becomes the mouse events every widget knows.

A touch screen sends FINGERDOWN / FINGERMOTION / FINGERUP with positions from 0 to 1; SDL
may also send mouse events of its own for the same touch (``event.touch`` is true), or may
not, depending on the platform and the driver. :class:`Fingers` turns the first finger on the
screen into left-button mouse events at window pixels (marked ``finger=True``) and drops
SDL's emulated ones, so one tap is exactly one press wherever the game runs. Other fingers
touching at the same time are ignored: the game needs no gestures.
"""

from __future__ import annotations

import pygame

FINGER_EVENTS = frozenset({pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP})
MOUSE_EVENTS = frozenset(
    {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL}
)


def emulated(event: pygame.event.Event) -> bool:
    """Whether ``event`` is SDL's mouse event made from a touch (the finger event says it already)."""
    return event.type in MOUSE_EVENTS and bool(getattr(event, "touch", False))


class Fingers:
    """Turns one finger's events into mouse events; see the module docstring."""

    def __init__(self) -> None:
        """No finger down."""
        self.finger: int | None = None

    def translate(self, event: pygame.event.Event, size: tuple[int, int]) -> pygame.event.Event | None:
        """The mouse event for finger ``event`` in a window of ``size`` (None: nothing to pass on)."""
        w, h = size
        x = min(max(float(getattr(event, "x", 0.0)), 0.0), 1.0)
        y = min(max(float(getattr(event, "y", 0.0)), 0.0), 1.0)
        pos = (min(w - 1, int(x * w)), min(h - 1, int(y * h)))
        finger = getattr(event, "finger_id", 0)
        if event.type == pygame.FINGERDOWN:
            if self.finger is not None:
                return None  # a second finger while the first is down
            self.finger = finger
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, finger=True, touch=False)
        if finger != self.finger:
            return None
        if event.type == pygame.FINGERUP:
            self.finger = None
            return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, finger=True, touch=False)
        rel = (round(float(getattr(event, "dx", 0.0)) * w), round(float(getattr(event, "dy", 0.0)) * h))
        return pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0), finger=True, touch=False
        )

    def forget(self) -> None:
        """Lose track of the finger (the window lost the focus)."""
        self.finger = None
