"""How to play: the rules of the rule set in play (← → for the others), with example hands as cards.

The text comes from :mod:`scenes.screens.howto_content`, in the current language. It scrolls with
the arrows, Page Up/Down, Home/End or the mouse wheel.
"""

from __future__ import annotations

import pygame

from game.cards import Card
from game.rules import RULE_NAMES
from scenes.app.loop import App
from scenes.app.stack import Scene
from scenes.i18n import _, rules_label
from scenes.screens.howto_content import howto_sections
from scenes.ui.art import GOLD, INK
from scenes.ui.widgets import Button, FocusGroup, draw_hints, draw_panel

"""The rule sets How to play can explain; ← and → switch between them."""


class HowToScene(Scene):
    """See the module docstring."""

    name = "howto"
    transparent = True
    dims = 160

    def __init__(self, app: App, rules: str | None = None, rotating: bool = False) -> None:
        """The rules of ``rules`` (default foster), with the rotating farm if ``rotating``."""
        super().__init__(app)
        self.rules = rules if rules in RULE_NAMES else "foster"
        self.rotating = False
        self.scroll = 0.0
        self.group = FocusGroup([Button(lambda: _("Back"), self.back, primary=True)])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._max_scroll = 0.0

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

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll with the arrows, Page Up/Down, Home/End, the wheel or a drag; Escape or Enter go back."""
        step = 40 * self.app.u
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.MOUSEMOTION and event.buttons[0] and self.panel.collidepoint(event.pos):
            self.scroll -= event.rel[1]  # a drag, with the mouse or a finger, moves the page along
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_DOWN, pygame.K_j):
                self.scroll += step
            elif event.key in (pygame.K_UP, pygame.K_k):
                self.scroll -= step
            elif event.key == pygame.K_PAGEDOWN:
                self.scroll += self.panel.h * 0.8
            elif event.key == pygame.K_PAGEUP:
                self.scroll -= self.panel.h * 0.8
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step_rules = 1 if event.key == pygame.K_RIGHT else -1
                self.rules = RULE_NAMES[(RULE_NAMES.index(self.rules) + step_rules) % len(RULE_NAMES)]
                self.rotating = False
                self.scroll = 0.0
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = self._max_scroll
            else:
                return self.group.handle(event)
        else:
            return self.group.handle(event)
        self.scroll = max(0.0, min(self.scroll, self._max_scroll))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The text, clipped to the panel, scrolled."""
        u = self.app.u
        text = self.app.text
        p = self.panel
        draw_panel(surface, p, radius=round(16 * u))
        text.blit(
            surface,
            _("How to play"),
            round(32 * u),
            (p.centerx, p.y + round(16 * u)),
            GOLD,
            "serif",
            "midtop",
        )
        body = pygame.Rect(
            p.x + round(30 * u),
            p.y + round(92 * u),
            p.w - round(60 * u),
            self.group.widgets[0].rect.top - p.y - round(106 * u),
        )
        fs = max(12, round(18 * u))
        hs = max(13, round(21 * u))
        sub = "‹  " + rules_label(self.rules, self.rotating) + "  ›"
        text.blit(
            surface, sub, max(11, round(16 * u)), (p.centerx, p.y + round(58 * u)), INK, "bold", "midtop"
        )
        card_h = round(70 * u)
        card = (round(card_h / 1.4), card_h)
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.y - self.scroll
        for section in howto_sections(self.rules, self.rotating):
            text.blit(surface, section.title, hs, (body.x, y), GOLD, "bold")
            y += hs * 1.5
            for para in section.paragraphs:
                for line in text.wrap(para, fs, body.w):
                    if body.y - fs * 2 < y < body.bottom + fs:
                        text.blit(surface, line, fs, (body.x, y), INK)
                    y += fs * 1.4
                y += fs * 0.4
            if section.example:
                if body.y - card_h < y < body.bottom:
                    for i, code in enumerate(section.example):
                        surface.blit(
                            self.app.art.card(Card.parse(code), card), (body.x + i * card[0] * 1.08, y)
                        )
                y += card_h + fs * 0.6
            y += fs * 0.6
        surface.set_clip(clip)
        self._max_scroll = max(0.0, y + self.scroll - body.y - body.h)
        if self._max_scroll > 0:
            frac = self.scroll / self._max_scroll
            bar = pygame.Rect(
                body.right + round(8 * u), body.y + frac * (body.h - 40 * u), round(5 * u), 40 * u
            )
            pygame.draw.rect(surface, (120, 150, 120), bar, border_radius=3)
        self.group.draw(surface, text)
        draw_hints(
            surface, text, _("↑/↓, Page Up/Down or the wheel: scroll · ←/→: other rules · Esc: back"), u
        )
