"""A screen of one titled panel holding a column of widgets: the menu, pause, settings, new game.

Subclasses list their widgets in :meth:`PanelScene.build`; the panel sizes itself from the
window and the widget count, and keyboard and mouse work through the shared
:class:`~scenes.ui.widgets.FocusGroup`. Escape goes back.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.app.loop import App, Scene
from scenes.i18n import _
from scenes.ui.art import GOLD, INK
from scenes.ui.widgets import Choice, FocusGroup, Widget, draw_hints, draw_panel


class PanelScene(Scene):
    """See the module docstring."""

    transparent = True
    dims = 150
    panel_alpha = 235
    """How opaque the panel is: a screen full of words laid over another hides it completely."""
    width = 560
    """Panel width at the 1280 × 720 reference size."""
    row_height = 50
    head = 90
    """Room for the title above the widgets, at the reference size."""
    hints_on_top = False
    """The key hints along the top edge rather than the bottom (a panel over the table: the bottom
    seat's plate lies along the bottom)."""

    def __init__(self, app: App, title: Callable[[], str]) -> None:
        """A panel titled ``title``."""
        super().__init__(app)
        self.title = title
        self.group = FocusGroup(self.build())
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.subtitle: Callable[[], str] | None = None
        self.covered = False
        """Another screen lies over this one (its keys are not this one's: no hints drawn)."""

    def build(self) -> list[Widget]:
        """The panel's widgets, top to bottom."""
        return []

    def enter(self) -> None:
        """Lay out."""
        self.covered = False
        self.resize(self.app.size)

    def pause(self) -> None:
        """Covered by another screen, which says its own keys."""
        self.covered = True

    def resume(self) -> None:
        """Lay out again (the window may have changed while covered)."""
        self.covered = False
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel and stack the widgets in it."""
        u = self.app.u
        w, h = size
        widgets = [w for w in self.group.widgets if w.visible]
        row_h = round(self.row_height * u)
        gap = round(10 * u)
        head = round(self.head * u)
        room = h - round(56 * u)  # the key hints live below the panel
        need = head + len(widgets) * (row_h + gap) + round(30 * u)
        if need > room:
            row_h = max(22, (room - head - round(30 * u)) // max(1, len(widgets)) - gap)
            need = head + len(widgets) * (row_h + gap) + round(30 * u)
        self.panel = pygame.Rect(0, 0, min(w - 20, round(self.width * u)), min(room, need))
        self.panel.center = (w // 2, (h - round(26 * u)) // 2)
        y = self.panel.y + head
        inner = self.panel.w - round(60 * u)
        for widget in widgets:
            widget.rect = pygame.Rect(0, y, inner, row_h)
            widget.rect.centerx = self.panel.centerx
            widget.font_size = max(12, round(min(20 * u, row_h * 0.45)))
            y += row_h + gap

    def back(self) -> None:
        """Escape: leave this panel."""
        self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        """Escape goes back; the rest goes to the widgets."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.group.handle(event)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What lies behind the panel: the scene beneath, dimmed (by the app, see ``dims``)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, panel, title, widgets, hints."""
        self.draw_backdrop(surface)
        u = self.app.u
        text = self.app.text
        draw_panel(surface, self.panel, radius=round(16 * u), alpha=self.panel_alpha)
        title = self.title()
        fs = text.fit(title, round(34 * u), self.panel.w - 30, "serif")
        text.blit(
            surface, title, fs, (self.panel.centerx, self.panel.y + round(22 * u)), GOLD, "serif", "midtop"
        )
        if self.subtitle is not None:
            sub = self.subtitle()
            sfs = text.fit(sub, round(15 * u), self.panel.w - 30)
            text.blit(
                surface, sub, sfs, (self.panel.centerx, self.panel.y + round(66 * u)), INK, "sans", "midtop"
            )
        self.group.draw(surface, text)
        hints = "" if self.covered else self.hints()
        if hints:  # a covered panel's hints would show through the screen over it (at the top edge)
            draw_hints(surface, text, hints, u, top=self.hints_on_top)

    def hints(self) -> str:
        """The keys that work on this panel: ←/→ only where a choice can be changed with them."""
        if any(w.visible and w.enabled and isinstance(w, Choice) for w in self.group.widgets):
            return _("↑/↓ or Tab: move · Enter: choose · ←/→: change · Esc: back")
        return _("↑/↓ or Tab: move · Enter: choose · Esc: back")
