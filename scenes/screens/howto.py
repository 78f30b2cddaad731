"""How to play: the rules of the rule set in play (← → for the others), with example hands as cards.

The legend of the table's marks (*Signs on the table*) has a small picture beside each
paragraph, drawn as the table draws it: the farmer's house, a seat's colour and chips, the
totals, a payment's words on their dark pill, the farm, the glow of the seat to act and the
raised winning hand.

The text comes from :mod:`scenes.screens.howto_content`, in the current language. It scrolls with
the arrows, Page Up/Down, Home/End or the mouse wheel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import pygame

from game.rules.cards import Card
from game.rules.ruleset import RULE_NAMES, RuleSet, can_rotate
from scenes import i18n
from scenes.app.loop import App
from scenes.app.page import ScrollPage, Span
from scenes.i18n import _, rules_label
from scenes.screens.howto_content import Mark, howto_sections
from scenes.table.guide_words import guide_label
from scenes.table.world import SEAT_COLORS, WIN
from scenes.ui.art import GOLD, INK, OVER_RED, draw_farmer_mark
from scenes.ui.widgets import Button, draw_hints


class PieceKind(Enum):
    """What a :class:`Piece` of the page is."""

    HEADING = "heading"
    """A section's title, in gold."""
    LINE = "line"
    """A line of a paragraph."""
    HAND = "hand"
    """An example hand: ``text`` holds its card codes, ``size`` a card's width."""
    PILL = "pill"
    """A payment's words on their dark pill (the legend)."""
    PICTURE = "picture"
    """A small picture of the table's marks (the legend)."""
    END = "end"
    """Where the content ends (nothing drawn)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing on the page at its place: ``x`` from the body's left, ``y`` down the content."""

    kind: PieceKind
    x: int
    y: int
    h: int
    """Its height in pixels: the page shows it whole or waits for the next."""
    text: str
    """The words of a heading, line or pill (a hand's card codes)."""
    size: int
    """The words' size in pixels (a hand's card width)."""
    mark: Mark | None = None
    """The legend's picture or pill."""
    width: int = 0
    """A picture's or pill's width."""


class HowToScene(ScrollPage):
    """See the module docstring."""

    name = "howto"
    transparent = False
    """The page covers most of the window: the felt around it, nothing of the screen beneath cut
    by its edges (the menu's title behind its top)."""

    def __init__(
        self,
        app: App,
        rules: str | None = None,
        rotating: bool = False,
        guide: Callable[[], None] | None = None,
    ) -> None:
        """The rules of ``rules`` (default foster), with the rotating farm if ``rotating``; ``guide``
        starts the guided game (a button beside Back; None: not offered)."""
        super().__init__(app)
        self.rules = rules if rules in RULE_NAMES else "foster"
        self.rotating = rotating and can_rotate(self.rules)
        self._laid: tuple[tuple[object, ...], list[Piece]] | None = None
        if guide is not None:
            self.group.widgets.append(Button(guide_label, guide))

    @classmethod
    def of(cls, app: App, rules: RuleSet | None, guide: Callable[[], None] | None = None) -> HowToScene:
        """The rules of a game played under ``rules`` (None: the first rules, as from the menu)."""
        if rules is None:
            return cls(app, guide=guide)
        return cls(app, rules.name, rules.rotating, guide)

    def resize(self, size: tuple[int, int]) -> None:
        """Back at the panel's foot, the guided game beside it."""
        super().resize(size)
        if len(self.group.widgets) > 1:
            back, guide = self.group.widgets[:2]
            gap = round(10 * self.app.u)
            guide.rect = back.rect.copy()
            wide = self.app.text.size(guide.label(), back.font_size, "bold")[0] + 4 * gap
            guide.rect.w = max(back.rect.w, wide)
            guide.font_size = back.font_size
            pair = back.rect.w + gap + guide.rect.w
            back.rect.x = self.panel.centerx - pair // 2
            guide.rect.x = back.rect.right + gap

    def key(self, event: pygame.event.Event) -> bool:
        """← and → switch to the other rule sets."""
        if event.key not in (pygame.K_LEFT, pygame.K_RIGHT):
            return False
        step = 1 if event.key == pygame.K_RIGHT else -1
        self.rules = RULE_NAMES[(RULE_NAMES.index(self.rules) + step) % len(RULE_NAMES)]
        self.rotating = False
        self.scroll = 0.0
        return True

    def layout(self, body: pygame.Rect) -> list[Piece]:
        """Everything on the page at its place, in pixels down from the content's top, for a body
        as wide as ``body`` (kept until the rules, the language, the size or the text size change)."""
        key = (self.rules, self.rotating, i18n.language(), body.size, self.app.text.scale, self.app.u)
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, self._lay_out(body.w))
        return self._laid[1]

    def _lay_out(self, width: int) -> list[Piece]:
        u = self.app.u
        text = self.app.text
        fs = max(12, round(18 * u))
        hs = max(13, round(21 * u))
        line_h = text.font(fs).get_height()
        card_h = round(70 * u)
        card_w = round(card_h / 1.4)
        pieces: list[Piece] = []
        y = 0.0

        def lines(para: str, x: int, y: float) -> float:
            for line in text.wrap(para, fs, width - x):
                pieces.append(Piece(PieceKind.LINE, x, round(y), line_h, line, fs))
                y += fs * 1.4
            return y

        for section in howto_sections(self.rules, self.rotating):
            head_h = text.font(hs, "bold").get_height()
            pieces.append(Piece(PieceKind.HEADING, 0, round(y), head_h, section.title, hs))
            y += hs * 1.5
            for i, para in enumerate(section.paragraphs):
                mark = section.marks[i] if i < len(section.marks) else None
                if mark is None:
                    y = lines(para, 0, y) + fs * 0.4
                elif mark.kind == "label":
                    # A payment's words on their own line above the paragraph, as the table writes them.
                    size = max(10, round(fs * 0.9))
                    words = text.ellipsize(mark.text, size, width - size, "bold")
                    pill_w, pill_h = text.size(words, size, "bold")
                    pill = (pill_w + 2 * (size // 3), pill_h + size // 3)
                    pill_piece = Piece(PieceKind.PILL, 0, round(y), pill[1], words, size, mark, width=pill[0])
                    pieces.append(pill_piece)
                    y = lines(para, 0, y + pill[1] + fs * 0.35) + fs * 0.4
                else:
                    # Other pictures stand in a column on the left, the words wrapped beside them.
                    column = round(96 * u)
                    picture_h = round(52 * u)
                    picture_w = column - round(14 * u)
                    picture = Piece(PieceKind.PICTURE, 0, round(y), picture_h, "", fs, mark, width=picture_w)
                    pieces.append(picture)
                    count = len(text.wrap(para, fs, width - column))
                    top = lines(para, column, y + max(0.0, (picture_h - count * fs * 1.4) / 2))
                    y = max(top, y + picture_h) + fs * 0.6
            if section.example:
                y = lines(section.caption, 0, y) + fs * 0.4
                pieces.append(Piece(PieceKind.HAND, 0, round(y), card_h, " ".join(section.example), card_w))
                y += card_h + fs * 0.6
            y += fs * 0.6
        pieces.append(Piece(PieceKind.END, 0, round(y), 0, "", 0))
        return pieces

    def draw(self, surface: pygame.Surface) -> None:
        """The text, clipped to the panel, scrolled: a line the panel's foot would cut waits for the
        next page rather than showing half."""
        u = self.app.u
        text = self.app.text
        p = self.panel
        surface.blit(self.app.art.felt(self.app.size, None), (0, 0))
        body = self.frame(surface, _("How to play"), 32, 16, 92)
        sub = "‹  " + rules_label(self.rules, self.rotating) + "  ›"
        text.blit(
            surface, sub, max(11, round(16 * u)), (p.centerx, p.y + round(58 * u)), INK, "bold", "midtop"
        )
        pieces = self.layout(body)
        clip = surface.get_clip()
        surface.set_clip(body)
        for piece in pieces:
            top = body.y + piece.y - self.scroll
            if top < body.y - 0.5 or top + piece.h > body.bottom + 0.5:
                continue  # cut by the page's top or foot: shown whole on another page
            self._draw_piece(surface, piece, body.x + piece.x, top)
        surface.set_clip(clip)
        spans = [
            Span(piece.y, piece.y + piece.h, piece.kind in (PieceKind.HEADING, PieceKind.LINE))
            for piece in pieces
            if piece.kind is not PieceKind.END
        ]
        self.measured(body.y + pieces[-1].y - self.scroll, body, spans)
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

    def _draw_piece(self, surface: pygame.Surface, piece: Piece, x: int, y: float) -> None:
        """``piece`` with its top left at (``x``, ``y``) on the screen."""
        text = self.app.text
        if piece.kind is PieceKind.HEADING:
            text.blit(surface, piece.text, piece.size, (x, y), GOLD, "bold")
        elif piece.kind is PieceKind.LINE:
            text.blit(surface, piece.text, piece.size, (x, y), INK)
        elif piece.kind is PieceKind.HAND:
            card = (piece.size, piece.h)
            for i, code in enumerate(piece.text.split()):
                surface.blit(self.app.art.card(Card.parse(code), card), (x + i * card[0] * 1.08, y))
        elif piece.kind is PieceKind.PILL and piece.mark is not None:
            pill = pygame.Rect(x, round(y), piece.width, piece.h)
            bg = pygame.Surface(pill.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (0, 0, 0, 200), bg.get_rect(), border_radius=pill.h // 2)
            surface.blit(bg, pill)
            colour = WIN if piece.mark.gold else INK
            text.blit(surface, piece.text, piece.size, pill.center, colour, "bold", "center")
        elif piece.kind is PieceKind.PICTURE and piece.mark is not None:
            self._picture(surface, pygame.Rect(x, round(y), piece.width, piece.h), piece.mark)

    # ------------------------------------------------------------------ the legend's pictures

    def _picture(self, surface: pygame.Surface, box: pygame.Rect, mark: Mark) -> None:
        """The small picture of ``mark`` in ``box``, drawn as the table draws it."""
        art = self.app.art
        text = self.app.text
        u = self.app.u
        cx, cy = box.center
        if mark.kind == "farmer":
            draw_farmer_mark(surface, (cx, cy), round(min(box.h * 0.42, 20 * u)))
        elif mark.kind == "chips":
            chip_w = round(box.h * 0.55)
            dot = max(3, round(box.h * 0.1))
            pygame.draw.circle(surface, SEAT_COLORS[1], (box.x + dot + 2, cy - box.h // 4), dot)
            left = box.x + 3 * dot + 4
            for stack in range(2):
                side = art.chip_side(chip_w, 1 + 2 * stack)
                step = max(2, side.get_height() // 3)
                for i in range(3 + 2 * stack):
                    sx = left + stack * round(chip_w * 1.1)
                    surface.blit(
                        art.chip_side(chip_w, (1 + 2 * stack + i // 2) % 5),
                        (sx, box.bottom - side.get_height() - i * step),
                    )
        elif mark.kind == "turn":
            plate = pygame.Rect(0, 0, box.w - round(8 * u), round(box.h * 0.6))
            plate.center = (cx, cy)
            glow = plate.inflate(round(8 * u), round(8 * u))
            g = pygame.Surface(glow.size, pygame.SRCALPHA)
            pygame.draw.rect(g, (*GOLD, 140), g.get_rect(), border_radius=max(6, glow.h // 4))
            surface.blit(g, glow)
            radius = max(4, plate.h // 5)
            p = pygame.Surface(plate.size, pygame.SRCALPHA)
            pygame.draw.rect(p, (40, 60, 30, 235), p.get_rect(), border_radius=radius)
            pygame.draw.rect(p, GOLD, p.get_rect(), width=2, border_radius=radius)
            dot = max(3, plate.h // 8)
            pygame.draw.circle(p, SEAT_COLORS[0], (dot * 3, plate.h // 3), dot)
            # The name and the chips, as lines: a picture of a plate, in any language.
            pygame.draw.line(
                p, (255, 255, 255), (dot * 5, plate.h // 3), (plate.w * 0.8, plate.h // 3), max(2, dot)
            )
            pygame.draw.line(
                p,
                (150, 170, 150),
                (dot * 2, plate.h * 0.7),
                (plate.w * 0.45, plate.h * 0.7),
                max(1, dot // 2 + 1),
            )
            surface.blit(p, plate)
        elif mark.kind == "total":
            size = max(10, round(box.h * 0.34))
            for n, colour, x in ((16, GOLD, box.x + box.w * 0.27), (19, OVER_RED, box.x + box.w * 0.73)):
                w, h = text.size(str(n), size, "bold")
                pill = pygame.Rect(0, 0, w + 2 * (size // 3), h + size // 6)
                pill.center = (round(x), cy)
                pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
                pygame.draw.rect(surface, (30, 30, 30), pill, width=1, border_radius=pill.h // 2)
                text.blit(surface, str(n), size, pill.center, (20, 20, 20), "bold", "center")
        elif mark.kind == "farm":
            size = max(9, round(box.h * 0.26))
            label = text.fit(mark.text, size, box.w, "bold", min_size=8)
            label_rect = text.blit(surface, mark.text, label, (cx, box.bottom), INK, "bold", "midbottom")
            chip_w = round(box.w / 4.6)
            side = art.chip_side(chip_w, 2)
            step = max(2, side.get_height() // 3)
            for stack in range(3):
                fx = cx + (stack - 1) * chip_w * 1.05 - chip_w / 2
                for i in range(3 + stack % 2):
                    surface.blit(
                        art.chip_side(chip_w, (stack + i) % 5),
                        (round(fx), label_rect.top - side.get_height() - i * step),
                    )
        elif mark.kind == "winner":
            card_h = box.h - round(8 * u)
            card = (round(card_h / 1.4), card_h)
            cards = ("7S", "3C", "6H")
            width = card[0] * (1 + 0.55 * (len(cards) - 1))
            glow = pygame.Rect(0, 0, round(width + 10 * u), card_h + round(8 * u))
            glow.center = (cx, cy)
            g = pygame.Surface(glow.size, pygame.SRCALPHA)
            pygame.draw.rect(g, (*WIN, 150), g.get_rect(), border_radius=round(8 * u))
            surface.blit(g, glow)
            for i, code in enumerate(cards):
                left = round(cx - width / 2 + i * card[0] * 0.55)
                surface.blit(art.card(Card.parse(code), card), (left, cy - card_h // 2 - round(3 * u)))
