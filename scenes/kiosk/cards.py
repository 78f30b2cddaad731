"""The attract loop's cards: the title, and how to play in three sentences.

Each card stays up for a while and then calls ``on_done`` (the kiosk moves on to the next
part of the loop). They take no input: the kiosk wakes on any input before a scene sees it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.cards import Card
from scenes.app.loop import App, Scene
from scenes.i18n import _, game_name, rules_label
from scenes.screens.howto_content import howto_sections
from scenes.ui.art import GOLD, INK
from scenes.ui.widgets import draw_panel

TITLE_SECONDS = 7.0
"""How long the title card stays up."""
HOWTO_SECONDS = 14.0
"""How long the how-to-play card stays up (time to read three sentences)."""

_FAN = ("KS", "10D", "6H", "QC", "JH")
_SIXTEEN = ("7S", "3C", "6H")


class TimedCard(Scene):
    """A full-screen card of the attract loop that moves on after ``seconds``."""

    def __init__(self, app: App, seconds: float, on_done: Callable[[], None]) -> None:
        """Shown for ``seconds``; then ``on_done`` is called once."""
        super().__init__(app)
        self.seconds = seconds
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False

    def pulse_rects(self) -> list[pygame.Rect] | None:
        """Nothing: the card is a still picture (the kiosk pulses its call over it)."""
        return []

    def update(self, dt: float) -> None:
        """Count down, then hand over."""
        self.elapsed += dt
        if self.elapsed >= self.seconds and not self.done:
            self.done = True
            self.on_done()

    def hand(
        self, surface: pygame.Surface, codes: tuple[str, ...], centre: tuple[float, float], h: int
    ) -> None:
        """A fan of the cards ``codes``, ``h`` pixels tall, around ``centre``: turned smoothly, cached."""
        size = (round(h / 1.4), h)
        self.app.art.draw_fan(surface, codes, size, centre, 7, 0.72, h * 0.04)


class TitleCardScene(TimedCard):
    """The game's name over a fan of cards, and what it is."""

    name = "attract-title"

    def __init__(self, app: App, rules: str, on_done: Callable[[], None]) -> None:
        """The title card for a demo under ``rules``."""
        super().__init__(app, TITLE_SECONDS, on_done)
        self.rules = rules

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, tagline, a fan of cards."""
        w, h = surface.get_size()
        u = self.app.u
        text = self.app.text
        surface.blit(self.app.art.felt((w, h), None), (0, 0))
        title = text.blit(
            surface, game_name(), round(96 * u), (w // 2, round(h * 0.14)), GOLD, "serif", "midtop"
        )
        tagline = _("The 17th-century card game of the farm")
        fs = text.fit(tagline, round(30 * u), w - round(80 * u))
        text.blit(surface, tagline, fs, (w // 2, title.bottom + round(14 * u)), INK, "sans", "midtop")
        self.hand(surface, _FAN, (w / 2, h * 0.58), round(170 * u))
        line = _("Play against the computer · {rules}").format(rules=rules_label(self.rules))
        fs = text.fit(line, round(24 * u), w - round(80 * u))
        text.blit(surface, line, fs, (w // 2, round(h * 0.78)), (200, 214, 196), "sans", "midtop")


class HowToCardScene(TimedCard):
    """How to play, in the aim's three sentences, beside a hand that makes 16."""

    name = "attract-howto"

    def __init__(self, app: App, rules: str, on_done: Callable[[], None]) -> None:
        """The how-to card for ``rules``."""
        super().__init__(app, HOWTO_SECONDS, on_done)
        self.rules = rules

    def draw(self, surface: pygame.Surface) -> None:
        """A panel with the heading, the aim and the example hand."""
        w, h = surface.get_size()
        u = self.app.u
        text = self.app.text
        surface.blit(self.app.art.felt((w, h), None), (0, 0))
        aim = howto_sections(self.rules)[0]
        pad = round(34 * u)
        fs = round(25 * u)
        card_h = round(150 * u)
        panel_w = min(w - round(60 * u), round(1080 * u))
        column_w = round(panel_w - 3 * pad - card_h * 1.6)
        heading_h = round(46 * u * 1.2)
        room = h - round(58 * u) - round(pad * 3.2) - heading_h
        while True:  # longer languages get a smaller size rather than running off the panel
            lines = [text.wrap(p, fs, column_w) for p in aim.paragraphs]
            body_h = sum(len(ls) * round(fs * 1.32) + round(fs * 0.6) for ls in lines)
            if body_h <= room or fs <= 12:
                break
            fs -= 1
        panel = pygame.Rect(0, 0, panel_w, max(card_h * 2, heading_h + body_h) + round(pad * 2.2))
        # Centred in the room below the call to play (a band of about 58 units at the top).
        panel.center = (w // 2, round(58 * u) + (h - round(58 * u)) // 2)
        draw_panel(surface, panel, radius=round(18 * u))
        top = text.blit(
            surface,
            _("How to play"),
            round(46 * u),
            (panel.centerx, panel.y + pad * 0.6),
            GOLD,
            "serif",
            "midtop",
        )
        column = pygame.Rect(panel.x + pad, top.bottom + pad * 0.6, column_w, 0)
        y = column.y
        for paragraph in lines:
            for line in paragraph:
                text.blit(surface, line, fs, (column.x, y), INK)
                y += round(fs * 1.32)
            y += round(fs * 0.6)
        cx = column.right + pad + card_h * 0.8
        cy = top.bottom + (panel.bottom - top.bottom) * 0.42
        example = aim.example or _SIXTEEN
        self.hand(surface, example, (cx, cy), card_h)
        points = [Card.parse(code).points for code in example]
        sixteen = " + ".join(str(p) for p in points) + f" = {sum(points)}"
        text.blit(surface, sixteen, round(30 * u), (cx, cy + card_h * 0.75), GOLD, "bold", "midtop")
