"""Pass-and-play: the screen that hands the table to the next person before their private moment.

It covers the whole table (every hand is face down beneath it anyway) and says whose turn
it is. Only a deliberate "I am Anne" shows Anne's cards: its button pressed (a click, a tap,
or Enter or Space while it has the focus). Escape opens the pause menu, as at the table;
every other key does nothing, so a key meant for something else never shows a hand.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.app.loop import App, Scene
from scenes.i18n import _
from scenes.ui.art import GOLD, INK
from scenes.ui.widgets import Button, FocusGroup, draw_panel


class PassScene(Scene):
    """"Pass to Anne": shown until Anne says she alone is looking; see the module docstring."""

    name = "pass"
    transparent = True
    dims = 235
    """Nearly black beneath: the person handing over sees nothing of the next one's moment."""

    def __init__(
        self, app: App, name: str, ready: Callable[[], None], pause: Callable[[], None]
    ) -> None:
        """Hand the screen to ``name``; ``ready`` is called once they are looking, ``pause`` on Escape."""
        super().__init__(app)
        self.person = name
        self.ready = ready
        self.on_escape = pause
        self.button = Button(lambda: _("I am {name}").format(name=self.person), self.done, primary=True)
        self.group = FocusGroup([self.button])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.finished = False

    def enter(self) -> None:
        """Lay out; the button has the focus, so Enter answers it."""
        self.resize(self.app.size)
        self.group.set_focus(self.button)

    def resize(self, size: tuple[int, int]) -> None:
        """A panel in the middle, its button at the foot."""
        u = self.app.u
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - round(40 * u), round(720 * u)), round(300 * u))
        self.panel.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, round(300 * u), round(56 * u))
        self.button.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(24 * u))
        self.button.font_size = round(22 * u)

    def done(self) -> None:
        """The person is looking: back to the table, their cards face up."""
        if self.finished:
            return
        self.finished = True
        self.app.stack.pop()
        self.ready()

    def handle(self, event: pygame.event.Event) -> bool:
        """The button (click, tap, Enter or Space on it) says the person is looking; Escape pauses;
        every other key is taken and does nothing."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_escape()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.group.handle(event)
            return True  # no key reaches the table beneath while its hands are hidden
        return self.group.handle(event)

    def hints(self) -> str:
        """The one thing to do, and the way to the menu."""
        return _("Enter or a tap on the button: I am looking · Esc: menu")

    def draw(self, surface: pygame.Surface) -> None:
        """Whose turn it is, in large letters."""
        u = self.app.u
        text = self.app.text
        p = self.panel
        draw_panel(surface, p, radius=round(18 * u), alpha=250)
        title = _("Pass to {name}").format(name=self.person)
        fs = text.fit(title, round(44 * u), p.w - round(40 * u), "serif")
        top = text.blit(surface, title, fs, (p.centerx, p.y + round(24 * u)), GOLD, "serif", "midtop")
        line = _("Press the button when only {name} can see the screen.").format(name=self.person)
        size = text.fit(line, round(22 * u), p.w - round(40 * u))
        text.blit(surface, line, size, (p.centerx, top.bottom + round(16 * u)), INK, "sans", "midtop")
        self.group.draw(surface, text)
