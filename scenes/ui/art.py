"""The table's art, drawn at run time at the window's real resolution and cached.

Card faces (rank and suit in the corners, pips or a court panel in the middle, the 6♥ in
gold), the card back, chips seen from above and from the side, and the felt: a green
cloth with a fine noise texture, a darker rim and a vignette, made once per window size.
Everything here needs a display (it converts surfaces), so an :class:`Art` is created
by the app after the window exists.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict

import pygame

from game.cards import SIX_OF_HEARTS, Card, Suit
from scenes.ui.text import Text

FELT = (26, 104, 60)
FELT_DARK = (12, 58, 32)
RIM = (74, 44, 24)
RIM_LIGHT = (122, 80, 44)
CARD_WHITE = (250, 248, 240)
CARD_EDGE = (160, 160, 150)
RED = (200, 28, 40)
BLACK = (24, 24, 28)
GOLD = (232, 186, 64)
GOLD_DARK = (150, 110, 20)
INK = (240, 236, 220)
OVER_RED = (240, 110, 100)
"""A hand over 16."""
BLUE = (24, 76, 190)
GREEN = (20, 128, 52)
FOUR_COLOURS = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.CLUBS: GREEN}
"""The four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green (the suit's symbol is always printed too)."""
BACKS = {
    "red": ((120, 22, 34), (160, 44, 56)),
    "blue": ((26, 52, 120), (52, 84, 160)),
    "green": ((20, 86, 44), (44, 120, 70)),
}
"""Card-back colours: the ground and its lattice."""
FELTS = {
    "green": ((26, 104, 60), (12, 58, 32)),
    "blue": ((28, 72, 118), (12, 34, 62)),
    "red": ((118, 32, 40), (60, 14, 20)),
}
"""Cloth colours: the table and the room around it."""
CHIP_COLORS = [(196, 44, 44), (40, 90, 180), (236, 236, 228), (40, 140, 70), (30, 30, 34)]

CARD_BUDGET = 24_000_000
"""Bytes of card faces kept: every face of two sizes at 3840 × 2160, a few at smaller windows."""
SCALED_BUDGET = 6 * 1024 * 1024
"""Bytes of turning-card frames kept for reuse."""

# Pip positions (fractions of the pip area) for each number card, as printed on classic decks.
_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [
        (0, 0),
        (1, 0),
        (0.5, 1 / 6),
        (0, 1 / 3),
        (1, 1 / 3),
        (0, 2 / 3),
        (1, 2 / 3),
        (0.5, 5 / 6),
        (0, 1),
        (1, 1),
    ],
}
_COURT = {"J": ((56, 96, 170), "♞"), "Q": ((150, 40, 110), "♛"), "K": ((180, 130, 30), "♚")}


class Art:
    """Every picture of the table, cached by size."""

    def __init__(self, text: Text) -> None:
        """Art drawn with the fonts of ``text``."""
        self.text = text
        self._cards: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()
        self._card_bytes = 0
        self._scaled: dict[tuple[int, int, int], pygame.Surface] = {}
        self._scaled_bytes = 0
        self._chips: dict[tuple[int, int, str], pygame.Surface] = {}
        self._felt: dict[tuple[int, int], pygame.Surface] = {}
        self._shadow: dict[tuple[int, int], pygame.Surface] = {}
        self.four_colour = False
        self.back = "red"
        self.cloth = "green"

    def configure(self, four_colour: bool, back: str, cloth: str) -> bool:
        """Use these deck and cloth colours from now on; returns whether anything changed."""
        if (four_colour, back, cloth) == (self.four_colour, self.back, self.cloth):
            return False
        if (four_colour, back) != (self.four_colour, self.back):
            self._cards.clear()
            self._card_bytes = 0
            self._scaled.clear()
            self._scaled_bytes = 0
        if cloth != self.cloth:
            self._felt.clear()
        self.four_colour, self.back, self.cloth = four_colour, back, cloth
        return True

    def suit_colour(self, card: Card) -> tuple[int, int, int]:
        """The ink of ``card``'s suit in the deck in use."""
        if self.four_colour:
            return FOUR_COLOURS[card.suit]
        return RED if card.suit.is_red else BLACK

    # ------------------------------------------------------------------ cards

    def card(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        """The face of ``card`` (its back when None) at ``size``."""
        key = (str(card) if card is not None else "back", size[0], size[1])
        surf = self._cards.get(key)
        if surf is not None:
            self._cards.move_to_end(key)
            return surf
        surf = self._draw_face(card, size) if card is not None else self._draw_back(size)
        self._cards[key] = surf
        self._card_bytes += size[0] * size[1] * 4
        while len(self._cards) > 1 and self._card_bytes > CARD_BUDGET:
            # The faces least recently drawn go first: a table in play uses two sizes of 45 cards.
            old = self._cards.popitem(last=False)[1]
            self._card_bytes -= old.get_width() * old.get_height() * 4
        return surf

    def card_squeezed(self, card: Card | None, size: tuple[int, int], width: int) -> pygame.Surface:
        """The card narrowed to ``width`` pixels: a frame of the flip (cached by width)."""
        base = self.card(card, size)
        width = max(1, width // 3 * 3)  # a few pixels' steps: fewer frames to scale and keep
        key = (id(base), width, size[1])
        surf = self._scaled.get(key)
        if surf is None:
            self._scaled_bytes += width * size[1] * 4
            if self._scaled_bytes > SCALED_BUDGET:
                # Frames of a turn are shown once or twice: a small budget keeps the ones in use.
                self._scaled.clear()
                self._scaled_bytes = width * size[1] * 4
            # Plain scaling: a card mid-turn is on screen for a few frames, and this is 5x faster.
            surf = pygame.transform.scale(base, (max(1, width), size[1]))
            self._scaled[key] = surf
        return surf

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft shadow for a card of ``size``."""
        surf = self._shadow.get(size)
        if surf is None:
            w, h = size
            surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
            for i, alpha in enumerate((18, 28, 40)):
                pygame.draw.rect(
                    surf,
                    (0, 0, 0, alpha),
                    (i, i, w + 6 - 2 * i, h + 6 - 2 * i),
                    border_radius=max(3, w // 10),
                )
            self._shadow[size] = surf
        return surf

    def _blank(
        self, size: tuple[int, int], fill: tuple[int, int, int], edge: tuple[int, int, int]
    ) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 10)
        pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, edge, (0, 0, w, h), width=max(1, w // 60), border_radius=radius)
        return surf

    def _draw_back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surf = self._blank(size, CARD_WHITE, CARD_EDGE)
        inset = max(3, w // 14)
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        ground, light = BACKS.get(self.back, BACKS["red"])
        pattern.fill(ground)
        step = max(6, w // 6)
        for x in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(pattern, light, (x, 0), (x + inner.h, inner.h), max(1, w // 40))
            pygame.draw.line(pattern, light, (x + inner.h, 0), (x, inner.h), max(1, w // 40))
        pygame.draw.rect(
            pattern, GOLD, pattern.get_rect(), width=max(1, w // 40), border_radius=max(2, w // 16)
        )
        # The farm's mark in the middle: a small gold diamond.
        cx, cy, r = inner.w // 2, inner.h // 2, max(4, w // 7)
        pygame.draw.polygon(pattern, GOLD, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
        pygame.draw.polygon(
            pattern,
            ground,
            [(cx, cy - r // 2), (cx + r // 2, cy), (cx, cy + r // 2), (cx - r // 2, cy)],
        )
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, w // 16))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(pattern, inner)
        return surf.convert_alpha()

    def _draw_face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        brilliant = card is SIX_OF_HEARTS
        surf = self._blank(
            size, (255, 246, 214) if brilliant else CARD_WHITE, GOLD_DARK if brilliant else CARD_EDGE
        )
        color = self.suit_colour(card)
        text = self.text
        corner = max(9, round(h * 0.15))
        suit_size = max(8, round(h * 0.13))
        pad = max(2, round(w * 0.06))
        rank = text.render(card.rank, corner, color, "bold")
        suit = text.render(card.suit.symbol, suit_size, color)
        # Tens are wide: squeeze the rank into the corner column.
        col = max(rank.get_width(), suit.get_width())
        surf.blit(rank, (pad + (col - rank.get_width()) // 2, pad))
        surf.blit(suit, (pad + (col - suit.get_width()) // 2, pad + rank.get_height() - max(1, corner // 8)))
        corner_box = pygame.Surface((col, rank.get_height() + suit.get_height()), pygame.SRCALPHA)
        corner_box.blit(rank, ((col - rank.get_width()) // 2, 0))
        corner_box.blit(suit, ((col - suit.get_width()) // 2, rank.get_height() - max(1, corner // 8)))
        surf.blit(
            pygame.transform.rotate(corner_box, 180), (w - pad - col, h - pad - corner_box.get_height())
        )
        inner = pygame.Rect(
            pad + col + pad // 2,
            pad + corner // 3,
            w - 2 * (pad + col + pad // 2),
            h - 2 * (pad + corner // 3),
        )
        if card.rank in _COURT:
            self._draw_court(surf, card, inner, color)
        elif w < 64:
            # Small cards: one big suit in the middle reads better than tiny pips.
            big = text.render(card.suit.symbol, round(h * 0.42), color)
            surf.blit(big, big.get_rect(center=(w // 2, h // 2 + h // 40)))
        else:
            self._draw_pips(surf, card, inner, color)
        if brilliant:
            # Le brillant: a gold frame and a star so it is unmistakable at any size.
            pygame.draw.rect(surf, GOLD, (0, 0, w, h), width=max(2, w // 22), border_radius=max(3, w // 10))
            star = text.render("★", max(8, round(h * 0.16)), GOLD_DARK)
            surf.blit(star, star.get_rect(midtop=(w // 2, max(2, round(h * 0.035)))))
            surf.blit(star, star.get_rect(midbottom=(w // 2, h - max(2, round(h * 0.035)))))
        return surf.convert_alpha()

    def _draw_pips(
        self, surf: pygame.Surface, card: Card, inner: pygame.Rect, color: tuple[int, int, int]
    ) -> None:
        count = card.points
        pips = _PIPS[count]
        size = round(inner.h * (0.34 if count == 1 else 0.2 if count <= 5 else 0.17))
        pip = self.text.render(card.suit.symbol, size, color)
        flipped = pygame.transform.rotate(pip, 180)
        area = inner.inflate(-round(inner.w * 0.2), -round(inner.h * 0.16))
        for fx, fy in pips:
            x = area.x + fx * area.w
            y = area.y + fy * area.h
            img = flipped if fy > 0.5 else pip
            surf.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_court(
        self, surf: pygame.Surface, card: Card, inner: pygame.Rect, color: tuple[int, int, int]
    ) -> None:
        band, figure = _COURT[card.rank]
        w = inner.w
        radius = max(2, w // 10)
        pygame.draw.rect(surf, band, inner, border_radius=radius)
        pygame.draw.rect(surf, GOLD, inner, width=max(1, w // 25), border_radius=radius)
        letter = self.text.render(card.rank, round(inner.h * 0.34), (255, 250, 236), "serif")
        glyph = self.text.render(figure, round(inner.h * 0.3), (255, 236, 180))
        suit = self.text.render(card.suit.symbol, round(inner.h * 0.2), (255, 255, 255))
        surf.blit(glyph, glyph.get_rect(center=(inner.centerx, inner.y + inner.h * 0.24)))
        surf.blit(letter, letter.get_rect(center=(inner.centerx, inner.centery + inner.h * 0.04)))
        disc = pygame.Rect(0, 0, suit.get_width() + 6, suit.get_height())
        disc.center = (inner.centerx, round(inner.y + inner.h * 0.8))
        pygame.draw.ellipse(surf, color, disc)
        surf.blit(suit, suit.get_rect(center=disc.center))

    # ------------------------------------------------------------------ chips

    def chip(self, radius: int, color_index: int = 0) -> pygame.Surface:
        """A chip seen from above (flying, or lying in the farm)."""
        key = (radius, color_index, "top")
        surf = self._chips.get(key)
        if surf is None:
            color = CHIP_COLORS[color_index % len(CHIP_COLORS)]
            d = 2 * radius + 2
            surf = pygame.Surface((d, d), pygame.SRCALPHA)
            c = (radius + 1, radius + 1)
            pygame.draw.circle(surf, (0, 0, 0, 70), (c[0] + 1, c[1] + 2), radius)
            pygame.draw.circle(surf, color, c, radius)
            edge = (250, 250, 245) if color_index % len(CHIP_COLORS) != 2 else (196, 44, 44)
            # Edge spots, as on a casino chip.
            for i in range(6):
                start = i * 60
                rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                rect.center = c
                a0, a1 = math.radians(start), math.radians(start + 24)
                pygame.draw.arc(surf, edge, rect, a0, a1, max(2, radius // 3))
            pygame.draw.circle(surf, _shade(color, 0.8), c, round(radius * 0.62))
            pygame.draw.circle(surf, edge, c, round(radius * 0.62), max(1, radius // 8))
            surf = surf.convert_alpha()
            self._chips[key] = surf
        return surf

    def chip_side(self, width: int, color_index: int = 0) -> pygame.Surface:
        """A chip seen from the side, for stacks: a flat ellipse with a light top."""
        key = (width, color_index, "side")
        surf = self._chips.get(key)
        if surf is None:
            color = CHIP_COLORS[color_index % len(CHIP_COLORS)]
            h = max(4, width // 3)
            surf = pygame.Surface((width, h + 2), pygame.SRCALPHA)
            pygame.draw.ellipse(surf, _shade(color, 0.6), (0, 2, width, h))
            pygame.draw.ellipse(surf, color, (0, 0, width, h))
            edge = (250, 250, 245) if color_index % len(CHIP_COLORS) != 2 else (196, 44, 44)
            pygame.draw.ellipse(surf, edge, (width // 4, h // 4, width // 2, h // 2), max(1, width // 14))
            surf = surf.convert_alpha()
            self._chips[key] = surf
        return surf

    # ------------------------------------------------------------------ the felt

    def felt(self, size: tuple[int, int], table: pygame.Rect | None) -> pygame.Surface:
        """The static background: felt, texture, the oval table's rim (when ``table``) and vignette."""
        key = (size[0], size[1], *(table or pygame.Rect(0, 0, 0, 0)))
        surf = self._felt.get(key)
        if surf is not None:
            return surf
        if self._felt:  # one window-sized layer at a time: each is 8 MB at 1920 × 1080
            self._felt.clear()
        w, h = size
        screen = pygame.display.get_surface()
        # Made in the window's own format: no second window-sized copy to convert it.
        surf = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
        felt, felt_dark = FELTS.get(self.cloth, FELTS["green"])
        surf.fill(felt_dark)
        if table is not None and table.w > 0:
            rim = max(6, min(w, h) // 60)
            pygame.draw.ellipse(surf, _shade(RIM, 0.7), table.move(0, rim // 2))
            pygame.draw.ellipse(surf, RIM, table)
            pygame.draw.ellipse(surf, RIM_LIGHT, table, max(1, rim // 4))
            pygame.draw.ellipse(surf, felt, table.inflate(-2 * rim, -2 * rim))
        else:
            surf.fill(felt)
        tile = self._noise()
        for y in range(0, h, tile.get_height()):
            for x in range(0, w, tile.get_width()):
                surf.blit(tile, (x, y))
        self._apply_vignette(surf)
        self._felt[key] = surf
        return surf

    def _noise(self) -> pygame.Surface:
        tile = self._chips.get((0, 0, "noise"))
        if tile is None:
            rng = random.Random(7)  # the cloth looks the same every time
            n = 96
            tile = pygame.Surface((n, n), pygame.SRCALPHA)
            for y in range(n):
                for x in range(n):
                    v = rng.random()
                    if v < 0.5:
                        tile.set_at((x, y), (0, 0, 0, int(22 * (0.5 - v))))
                    else:
                        tile.set_at((x, y), (255, 255, 255, int(14 * (v - 0.5))))
            tile = tile.convert_alpha()
            self._chips[(0, 0, "noise")] = tile
        return tile

    def _apply_vignette(self, surf: pygame.Surface) -> None:
        """Darken ``surf`` towards its corners, a band at a time.

        The shade is computed on a small grid and smoothed up band by band (each with a row of
        the grid to spare on either side, so the bands meet without a seam): a window-sized
        layer with alpha would cost 33 MB at 3840 × 2160 for a moment.
        """
        w, h = surf.get_size()
        gw, gh = 64, 36
        small = pygame.Surface((gw, gh), pygame.SRCALPHA)
        for y in range(gh):
            for x in range(gw):
                dx = (x + 0.5) / gw * 2 - 1
                dy = (y + 0.5) / gh * 2 - 1
                d = min(1.0, math.hypot(dx, dy) / math.sqrt(2))
                small.set_at((x, y), (0, 0, 0, int(170 * max(0.0, d - 0.45) / 0.55**1.0 * 0.8)))
        row_h = h / gh
        band = 6
        for r0 in range(0, gh, band):
            r1 = min(gh, r0 + band)
            lo, hi = max(0, r0 - 1), min(gh, r1 + 1)
            part = small.subsurface(pygame.Rect(0, lo, gw, hi - lo))
            tall = max(1, round((hi - lo) * row_h))
            scaled = pygame.transform.smoothscale(part, (w, tall))
            top = round((r0 - lo) * row_h)
            y0, y1 = round(r0 * row_h), round(r1 * row_h)
            surf.blit(scaled, (0, y0), pygame.Rect(0, top, w, y1 - y0))


def _shade(color: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (min(255, int(color[0] * f)), min(255, int(color[1] * f)), min(255, int(color[2] * f)))
