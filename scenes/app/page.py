"""A page of words over the screen that scrolls: How to play, the game's history.

:class:`ScrollPage` lays out a tall panel with Back at its foot and scrolls it with the
arrows, Page Up/Down, Home/End, the mouse wheel or a drag (mouse or finger); Escape goes
back. A page draws its own content in :meth:`ScrollPage.draw` and says how tall it was by
setting :attr:`ScrollPage.content_bottom`.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.app.loop import App, Scene
from scenes.i18n import _
from scenes.ui.art import GOLD
from scenes.ui.widgets import Button, FocusGroup, draw_panel


class ScrollPage(Scene):
    """A scrolling panel of words over the screen; see the module docstring."""

    transparent = True
    dims = 200

    def __init__(self, app: App) -> None:
        """An empty page at the top."""
        super().__init__(app)
        self.scroll = 0.0
        self._max_scroll = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.group = FocusGroup([Button(lambda: _("Back"), self.back, primary=True)])

    def enter(self) -> None:
        """Lay out."""
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """A tall panel with Back at its foot."""
        u = self.app.u
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, round(900 * u)), h - round(60 * u))
        self.panel.center = (w // 2, h // 2)
        button = self.group.widgets[0]
        button.rect = pygame.Rect(0, 0, round(200 * u), round(44 * u))
        button.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(16 * u))
        button.font_size = round(18 * u)

    def back(self) -> None:
        """Close."""
        self.app.stack.pop()

    def frame(
        self, surface: pygame.Surface, title: str, title_size: int, title_y: int, head: int
    ) -> pygame.Rect:
        """The opaque panel and its title (sizes at the reference size); returns the body's rect,
        ``head`` below the panel's top and down to the Back button."""
        u = self.app.u
        p = self.panel
        draw_panel(surface, p, radius=round(16 * u), alpha=255)  # opaque: words over words do not read
        at = (p.centerx, p.y + round(title_y * u))
        self.app.text.blit(surface, title, round(title_size * u), at, GOLD, "serif", "midtop")
        return pygame.Rect(
            p.x + round(30 * u),
            p.y + round(head * u),
            p.w - round(60 * u),
            self.group.widgets[0].rect.top - p.y - round((head + 14) * u),
        )

    def measured(self, bottom: float, body: pygame.Rect) -> None:
        """The content drawn reached ``bottom`` (at the current scroll) in ``body``: how far it may scroll."""
        self._max_scroll = max(0.0, bottom + self.scroll - body.bottom)

    def key(self, event: pygame.event.Event) -> bool:
        """A key of the page's own (to override); whether it was used."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll with the arrows, Page Up/Down, Home/End, the wheel or a drag; Escape goes back."""
        step = 40 * self.app.u
        moves: dict[int, Callable[[], float]] = {
            pygame.K_DOWN: lambda: self.scroll + step,
            pygame.K_j: lambda: self.scroll + step,
            pygame.K_UP: lambda: self.scroll - step,
            pygame.K_k: lambda: self.scroll - step,
            pygame.K_PAGEDOWN: lambda: self.scroll + self.panel.h * 0.8,
            pygame.K_PAGEUP: lambda: self.scroll - self.panel.h * 0.8,
            pygame.K_HOME: lambda: 0.0,
            pygame.K_END: lambda: self._max_scroll,
        }
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.MOUSEMOTION and event.buttons[0] and self.panel.collidepoint(event.pos):
            self.scroll -= event.rel[1]  # a drag, with the mouse or a finger, moves the page along
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in moves:
            self.scroll = moves[event.key]()
        elif event.type == pygame.KEYDOWN and self.key(event):
            pass
        else:
            return self.group.handle(event)
        self.scroll = max(0.0, min(self.scroll, self._max_scroll))
        return True
