"""What the kiosk draws over the game: the call to play, "Are you still there?", and a pause
panel without Quit or window-mode switch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.app.loop import App, Scene
from scenes.i18n import _, ngettext
from scenes.screens.pause import PauseScene
from scenes.ui.art import GOLD, INK
from scenes.ui.text import Text
from scenes.ui.tween import pulse
from scenes.ui.widgets import Button, Widget, draw_panel

if TYPE_CHECKING:
    from scenes.table.navigator import Navigator
    from scenes.table.source import TableSource


CALL_BAND = 58
"""The call's band height at the 1280 × 720 reference, over the title cards."""
TABLE_BAND = 34
"""Over a table the call takes the header's strip only, so no seat's name is covered."""


def draw_call(
    surface: pygame.Surface,
    text: Text,
    message: str,
    u: float,
    time: float,
    bottom: bool,
    band: int = CALL_BAND,
) -> None:
    """A band across the top (or bottom) of the screen with ``message`` in large, gently pulsing gold.

    ``band`` is its height at the reference size: the tall one over a title card, the
    header's own height over a table (see :data:`TABLE_BAND`).
    """
    w, h = surface.get_size()
    band_h = round(band * u)
    band_rect = pygame.Rect(0, h - band_h if bottom else 0, w, band_h)
    _draw_band(surface, text, message, u, time, band_rect, bottom)


def _draw_band(
    surface: pygame.Surface, text: Text, message: str, u: float, time: float, band: pygame.Rect, bottom: bool
) -> None:
    w = surface.get_width()
    surface.fill((8, 28, 18), band)
    edge_y = band.top if bottom else band.bottom - 1
    pygame.draw.line(surface, GOLD, (0, edge_y), (w, edge_y), max(1, round(2 * u)))
    size = text.fit(message, min(round(36 * u), round(band.h * 0.66)), w - round(40 * u), "bold")
    glow = 0.75 + 0.25 * pulse(time, 2.0)
    color = (round(GOLD[0] * glow + 255 * (1 - glow)), round(GOLD[1] * glow + 240 * (1 - glow)), GOLD[2])
    text.blit(surface, message, size, band.center, color, "bold", "center")


class StillThereScene(Scene):
    """ "Are you still there?" with the seconds left; the kiosk removes it on any input."""

    name = "still-there"
    transparent = True
    dims = 150
    """The app dims the table beneath once, not every frame."""

    def __init__(self, app: App, seconds_left: Callable[[], int]) -> None:
        """An overlay reading its countdown from ``seconds_left``."""
        super().__init__(app)
        self.seconds_left = seconds_left

    def draw(self, surface: pygame.Surface) -> None:
        """A panel with the question, the countdown and what to do (the app dims the table)."""
        w, h = surface.get_size()
        u = self.app.u
        text = self.app.text
        panel = pygame.Rect(0, 0, min(w - round(60 * u), round(760 * u)), round(380 * u))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, radius=round(18 * u))
        pad = round(26 * u)
        title = _("Are you still there?")
        fs = text.fit(title, round(46 * u), panel.w - 2 * pad, "serif")
        top = text.blit(surface, title, fs, (panel.centerx, panel.y + pad), GOLD, "serif", "midtop")
        n = self.seconds_left()
        number = text.blit(
            surface, str(n), round(110 * u), (panel.centerx, top.bottom + round(8 * u)), INK, "bold", "midtop"
        )
        lines = (
            ngettext(
                "The table goes back to the demo in {n} second.",
                "The table goes back to the demo in {n} seconds.",
                n,
            ).format(n=n),
            _("Touch the screen or press any key to keep playing."),
        )
        y = number.bottom + round(8 * u)
        for line in lines:
            size = text.fit(line, round(24 * u), panel.w - 2 * pad)
            text.blit(surface, line, size, (panel.centerx, y), INK, "sans", "midtop")
            y += round(size * 1.5)


class KioskPauseScene(PauseScene):
    """The pause panel of a kiosk: Resume, How to play, and leaving the table (never Quit or Settings)."""

    def __init__(self, app: App, nav: Navigator, source: TableSource, leave: Callable[[], None]) -> None:
        """Pause ``source``'s game; ``leave`` hands the table back to the attract loop."""
        self.leave = leave
        super().__init__(app, nav, source)

    def build(self) -> list[Widget]:
        """Resume, How to play, Leave the table."""
        return [
            Button(lambda: _("Resume"), self.back, primary=True),
            Button(lambda: _("How to play"), self.how_to_play),
            Button(lambda: _("Leave the table"), self.leave),
        ]

    def hints(self) -> str:
        """The panel's keys."""
        return _("↑/↓: move · Enter: choose · Esc: back to the game")
