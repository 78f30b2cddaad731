"""How to play: the rules in short, scrolled with the arrows, Page Up/Down or the mouse wheel."""

from __future__ import annotations

import pygame

from scenes.app import App
from scenes.art import GOLD, INK
from scenes.i18n import N_, _
from scenes.stack import Scene
from scenes.widgets import Button, FocusGroup, dim, draw_panel

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("The aim"),
        N_(
            "Draw cards to make exactly 16 points. Aces count 1, the 2 to 10 their number, jacks, queens and "
            "kings 10. There are no 8s, and the only six is the six of hearts, marked with a gold star."
        ),
    ),
    (
        N_("The farm"),
        N_(
            "Every player with chips antes one chip into the farm. Under Foster's rules the farm is then "
            "auctioned: bid more than the last bid, or pass for good. The highest bidder pays the price into "
            "the farm and becomes the farmer, who deals and plays no hand."
        ),
    ),
    (
        N_("The deal"),
        N_(
            "The farmer deals everyone one card face down. Then each player in turn must take at least one "
            "more card, and may go on drawing (Card) until they stand (Stand) or go over 16, when they stop "
            "and say nothing."
        ),
    ),
    (
        N_("Settling up"),
        N_(
            "Everyone over 16 pays the farmer a chip per point over. The best 16 takes the whole farm: a 16 "
            "with the six of hearts first, then the fewest cards, then the player served first. If nobody "
            "made 16, the player nearest to 16 gets a chip from each other player and the farm stays."
        ),
    ),
    (
        N_("Lacombe's rules"),
        N_(
            "The farmer deals to the right, further cards come from the bottom of the deck, standing is said "
            "Basta, and a two-card 16 with the six of hearts beats all. The winner of the farm deals next."
        ),
    ),
    (
        N_("La Ferme (French rules)"),
        N_(
            "Drawing is optional: you may stand on your first card. Cards after the first come from the "
            "bottom. If nobody makes 16, the player nearest to 16 takes the whole corbeille."
        ),
    ),
    (
        N_("Rotating farm"),
        N_(
            "An option of Foster's and Lacombe's rules: whenever a new farm is formed the role of farmer "
            "passes to the next player, with no auction."
        ),
    ),
    (
        N_("Keys"),
        N_(
            "Mouse or keyboard everywhere. In the auction: + and − change your bid, B bids, P passes. In the "
            "deal: C takes a card, S stands. Space finishes the current animation. Escape pauses. F11 or "
            "Alt+Enter switches full screen."
        ),
    ),
)


class HowToScene(Scene):
    """See the module docstring."""

    name = "howto"
    transparent = True

    def __init__(self, app: App, rules: str | None = None) -> None:
        """The rules; ``rules`` names the rule set in play, if any (its section comes first)."""
        super().__init__(app)
        self.rules = rules
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
        """Scroll with the arrows, Page Up/Down, Home/End and the wheel; Escape or Enter go back."""
        step = 40 * self.app.u
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
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
        dim(surface, 160)
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
            p.y + round(70 * u),
            p.w - round(60 * u),
            self.group.widgets[0].rect.top - p.y - round(84 * u),
        )
        fs = max(12, round(18 * u))
        hs = max(13, round(21 * u))
        sections = list(SECTIONS)
        if self.rules == "lacombe":
            sections.insert(0, sections.pop(4))
        elif self.rules == "ferme":
            sections.insert(0, sections.pop(5))
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.y - self.scroll
        for head, para in sections:
            text.blit(surface, _(head), hs, (body.x, y), GOLD, "bold")
            y += hs * 1.5
            for line in text.wrap(_(para), fs, body.w):
                if body.y - fs * 2 < y < body.bottom + fs:
                    text.blit(surface, line, fs, (body.x, y), INK)
                y += fs * 1.4
            y += fs * 0.9
        surface.set_clip(clip)
        self._max_scroll = max(0.0, y + self.scroll - body.y - body.h)
        if self._max_scroll > 0:
            frac = self.scroll / self._max_scroll
            bar = pygame.Rect(
                body.right + round(8 * u), body.y + frac * (body.h - 40 * u), round(5 * u), 40 * u
            )
            pygame.draw.rect(surface, (120, 150, 120), bar, border_radius=3)
        self.group.draw(surface, text)
        w, h = self.app.size
        hsz = max(10, round(14 * u))
        text.blit(
            surface,
            _("↑/↓, Page Up/Down or the wheel: scroll · Esc: back"),
            hsz,
            (w // 2, h - round(6 * u)),
            (200, 210, 190),
            "sans",
            "midbottom",
        )
