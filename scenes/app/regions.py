"""What a screen has presented, piece by piece, and the rectangles its next frame must draw again.

A screen that lists what it shows (:data:`Items`: each piece's look and the rectangle it covers)
can be presented in rectangles rather than whole windows: :func:`changed_rects` compares two
lists, and a :class:`RegionTracker` keeps the list of the frame last presented and follows a
screen's updates, telling whether a change needs the whole window or only its rectangles.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from enum import Enum

import pygame

Items = dict[object, tuple[object, pygame.Rect]]
"""What a screen shows, piece by piece: each piece's look and the rectangle it covers."""


def changed_rects(before: Items | None, now: Items) -> list[pygame.Rect] | None:
    """The rectangles to draw again to go from the frame ``before`` showed to ``now``: for every
    piece that appeared, went or looks otherwise, where it was and where it is (None: nothing
    known of the frame before, the whole screen)."""
    if before is None:
        return None
    rects = []
    for key, (look, rect) in now.items():
        old = before.get(key)
        if old is None:
            rects.append(rect)
        elif old[0] != look or old[1] != rect:
            rects.append(old[1])
            rects.append(rect)
    rects.extend(rect for key, (_look, rect) in before.items() if key not in now)
    return rects


class Change(Enum):
    """What an update changed on screen (see :meth:`RegionTracker.follow`)."""

    NOTHING = 0
    """Nothing a frame would show differently."""
    REGIONS = 1
    """Pieces moved or changed: a frame drawn and presented in their rectangles will do."""
    WHOLE = 2
    """The ground changed (a stage, a panel over it): the whole window is drawn."""


class RegionTracker:
    """The redraw bookkeeping of a screen that lists its pieces; see the module docstring.

    ``items`` lists the pieces shown now (None: they cannot be told apart, as under a panel, and
    the whole window is drawn); ``glows`` gives the rectangles of what pulses on its own; ``look``
    is a cheap fingerprint of what a frame shows beyond what moves; ``ground`` what, when it
    changes, or while ``covered`` says so, makes a change a whole window's.
    """

    def __init__(
        self,
        items: Callable[[], Items | None],
        glows: Callable[[], list[pygame.Rect]],
        look: Callable[[], Hashable],
        ground: Callable[[], Hashable],
        covered: Callable[[], bool],
    ) -> None:
        """Follow a screen through the five views of it described in the class docstring."""
        self._items = items
        self._glows = glows
        self._look = look
        self._ground = ground
        self._covered = covered
        self._shown: Items | None = None
        """What the frame last presented showed, piece by piece (None: not known)."""
        self._pending: Items | None = None
        """What the frame being presented shows (worked out for its rectangles)."""
        self._pulsed = False
        """The frame being presented draws only the glows (see :meth:`rects`)."""
        self._asked = False
        """Whether the app has asked for the rectangles a frame changes (see :meth:`shown`)."""

    def follow(self, step: Callable[[], None], moving: bool) -> Change:
        """Run ``step`` (one update of the screen) and say what it changed (a :class:`Change`);
        ``moving``: something was in flight before it, whose last step must be shown too."""
        before, ground = self._look(), self._ground()
        step()
        if not moving and self._look() == before:
            return Change.NOTHING
        if ground != self._ground() or self._covered():
            return Change.WHOLE
        return Change.REGIONS

    def rects(self, pulse_only: bool) -> list[pygame.Rect] | None:
        """The rectangles the frame about to be drawn changes since the frame last presented (None:
        the whole window); ``pulse_only``: nothing moved or changed but time, only the glows pulse
        (the pieces are not listed, and what was shown stays the reference: a glow drawn since
        differs from it only in its glow's rectangle)."""
        self._asked = True
        if self._covered() or self._shown is None:
            return None
        if pulse_only:
            self._pulsed = True
            return self._glows()
        now = self._items()
        if now is None:
            return None
        rects = changed_rects(self._shown, now)
        self._pending = now
        return rects

    def shown(self) -> None:
        """The frame just presented shows the screen as it is: the next :meth:`rects` counts from it."""
        now, self._pending = self._pending, None
        if self._pulsed or not self._asked:
            # A glow's frame keeps the reference; an app that never asks for rectangles (it
            # presents whole windows) needs none, and the pieces are not listed for it.
            self._pulsed = False
            return
        self._shown = now if now is not None else self._items()
