"""The table's art, drawn at run time at the window's real resolution and cached.

Card faces (rank and suit in the corners, pips or a court panel in the middle, the 6♥ in
gold), fans of cards turned smoothly, the card back, chips seen from above and from the side,
and the felt: a green cloth with a fine noise texture, a darker rim and a vignette, made once per window size.
Everything here needs a display (it converts surfaces), so an :class:`Art` is created
by the app after the window exists.

The court cards carry the letters of the language of the moment (J Q K, V D R, B D K: see
:func:`rank_label`); a face is cached under the letters it shows, so a change of language
never shows the old letters. The 6 and the 9 are underlined in their corners, as on real
cards, so that an upside-down 9 never reads as the 6♥. Pips are sized to keep clear of the
corner indices at every card size (:meth:`Art.face_layout` gives the boxes).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.cards import SIX_OF_HEARTS, Card, Suit
from scenes.i18n import pgettext
from scenes.ui.cache import SurfaceCache, surface_bytes
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
_UNDERLINED = ("6", "9")
"""Ranks that read as another upside down: marked with a bar under the index, as real cards are."""
FAN_SUPERSAMPLE = 3
"""A fanned card is drawn this many times larger, turned, and scaled down: smooth edges."""
FAN_DRAWN_HEIGHT = 800
"""The tallest a fanned card is drawn before it is turned: a large card is drawn fewer times
larger, or turned with filtering at its own size (its edges stay smooth), where a 4K kiosk's
would otherwise be drawn 1,500 pixels tall, some 30 MB for a moment."""
_FAN_KEEP = 6
"""Fans kept ready to draw (the menu's, the kiosk's, at a size or two each)."""
FAN_BUDGET = 6 * 1024 * 1024
"""Bytes of fans kept: at 3840 × 2160 one fan of five cards is some 9 MB, and is kept alone."""
BAND_BYTES = 4 * 1024 * 1024
"""The most a band of the felt's shade takes while it is laid (the whole shade would be a window)."""


def rank_label(rank: str) -> str:
    """The letters on a card of ``rank`` in the language of the moment.

    Number cards and the ace keep their figures (A, 2–10); the court cards take the
    language's letters: J Q K in English, V D R in French (valet, dame, roi), B D K in
    German (Bube, Dame, König).
    """
    if rank == "J":
        # Translators: the jack's letter in a card's corner (French V for valet, German B for Bube).
        return pgettext("card rank", "J")
    if rank == "Q":
        # Translators: the queen's letter in a card's corner (French D for dame, German D for Dame).
        return pgettext("card rank", "Q")
    if rank == "K":
        # Translators: the king's letter in a card's corner (French R for roi, German K for König).
        return pgettext("card rank", "K")
    return rank


def card_text(card: Card) -> str:
    """A card written as text, with the letters the cards show: "K♠", "R♠", "6♥", "10♦"."""
    return rank_label(card.rank) + card.suit.symbol


def court_letters() -> tuple[str, str, str]:
    """The jack's, queen's and king's letters in the language of the moment (part of a face's key)."""
    return (rank_label("J"), rank_label("Q"), rank_label("K"))


@dataclass(slots=True)
class FaceLayout:
    """Where the parts of a card face go, in the card's own pixels.

    ``index`` is the top-left corner index (the rank, a bar under a 6 or a 9, the suit) and
    ``index_flipped`` the same turned over in the bottom-right corner; ``pips`` are the boxes
    of the inked pips (one big suit on small cards and the ace); ``panel`` is a court card's
    picture; ``stars`` are the 6♥'s stars. Boxes are those of the ink, not of the font's line.
    """

    size: tuple[int, int]
    index: pygame.Rect
    index_flipped: pygame.Rect
    index_image: pygame.Surface
    pips: list[pygame.Rect] = field(default_factory=list)
    pip_size: int = 0
    panel: pygame.Rect | None = None
    stars: list[pygame.Rect] = field(default_factory=list)
    star_size: int = 0
    underline: pygame.Rect | None = None
    """The bar under a 6 or a 9 in the top-left index (None for other ranks)."""


@dataclass(slots=True)
class FanCard:
    """One card of a fan, turned: its image, its shadow and where its centre goes."""

    image: pygame.Surface
    shadow: pygame.Surface
    centre: tuple[float, float]
    """From the fan's centre, in pixels."""


def fan_supersample(height: int) -> int:
    """How many times larger a fanned card ``height`` pixels tall is drawn before it is turned."""
    return max(1, min(FAN_SUPERSAMPLE, FAN_DRAWN_HEIGHT // max(1, height)))


def _fan_bytes(fan: list[FanCard]) -> int:
    return sum(c.image.get_pitch() * c.image.get_height() * 2 for c in fan)  # image and shadow


class Art:
    """Every picture of the table, cached by size."""

    def __init__(self, text: Text) -> None:
        """Art drawn with the fonts of ``text``."""
        self.text = text
        # The faces least recently drawn go first: a table in play uses two sizes of 45 cards,
        # and faces with another language's letters are never drawn again.
        self._cards: SurfaceCache[tuple[str, str, int, int], pygame.Surface] = SurfaceCache(
            CARD_BUDGET, surface_bytes
        )
        # Frames of a turn are shown once or twice: a small budget keeps the ones in use.
        self._scaled: SurfaceCache[tuple[str, str, int, int, int], pygame.Surface] = SurfaceCache(
            SCALED_BUDGET, surface_bytes
        )
        self._fans: SurfaceCache[tuple[object, ...], list[FanCard]] = SurfaceCache(
            FAN_BUDGET, _fan_bytes, _FAN_KEEP
        )
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
            self._forget_cards()
        if cloth != self.cloth:
            self._felt.clear()
        self.four_colour, self.back, self.cloth = four_colour, back, cloth
        return True

    def let_go(self) -> None:
        """Forget the card faces, fans and turning frames kept (they are drawn again when asked for).

        For a change of scene where the cards shown change too (the kiosk's title card and its
        table): at 3840 × 2160 those caches hold some 30 MB.
        """
        self._forget_cards()
        self.text.let_go()

    def _forget_cards(self) -> None:
        """Forget the card faces, their turning frames and the fans made of them."""
        self._cards.clear()
        self._scaled.clear()
        self._fans.clear()

    def suit_colour(self, card: Card) -> tuple[int, int, int]:
        """The ink of ``card``'s suit in the deck in use."""
        if self.four_colour:
            return FOUR_COLOURS[card.suit]
        return RED if card.suit.is_red else BLACK

    # ------------------------------------------------------------------ cards

    def card(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        """The face of ``card`` (its back when None) at ``size``, with the letters of the moment."""
        key = self._card_key(card, size)
        surf = self._cards.get(key)
        if surf is None:
            surf = self._draw_face(card, size) if card is not None else self._draw_back(size)
            self._cards.put(key, surf)
        return surf

    @staticmethod
    def _card_key(card: Card | None, size: tuple[int, int]) -> tuple[str, str, int, int]:
        """A face's cache key: the card, the letters it shows (a court card's change with the language)."""
        if card is None:
            return ("back", "", size[0], size[1])
        return (str(card), rank_label(card.rank), size[0], size[1])

    def card_squeezed(self, card: Card | None, size: tuple[int, int], width: int) -> pygame.Surface:
        """The card narrowed to ``width`` pixels: a frame of the flip (cached by width)."""
        base = self.card(card, size)
        width = max(1, width // 3 * 3)  # a few pixels' steps: fewer frames to scale and keep
        key = (*self._card_key(card, size), width)
        surf = self._scaled.get(key)
        if surf is None:
            # Plain scaling: a card mid-turn is on screen for a few frames, and this is 5x faster.
            surf = self._scaled.put(key, pygame.transform.scale(base, (max(1, width), size[1])))
        return surf

    def fan(
        self, codes: tuple[str, ...], size: tuple[int, int], angle: float, spread: float, drop: float
    ) -> list[FanCard]:
        """The cards ``codes`` at ``size``, fanned: turned smoothly, with their shadows (cached).

        Card ``i`` of ``n`` sits ``k = i - (n - 1) / 2`` steps from the middle: turned by
        ``k * angle`` degrees clockwise, ``k * spread`` card widths to the side and ``|k| * drop``
        pixels lower. Each is drawn :data:`FAN_SUPERSAMPLE` times larger, turned, and scaled down
        with filtering (:func:`pygame.transform.smoothscale`), so its edges are smooth.
        Drawing a cached fan costs a blit per card and shadow.
        """
        key = (codes, size, round(angle, 2), round(spread, 3), round(drop), court_letters())
        found = self._fans.get(key)
        if found is not None:
            return found
        times = fan_supersample(size[1])
        big = (size[0] * times, size[1] * times)
        cards: list[FanCard] = []
        for i, code in enumerate(codes):
            k = i - (len(codes) - 1) / 2
            # Drawn apart from the face cache: a face this large would crowd out the table's.
            face = self._draw_face(Card.parse(code), big)
            # Clear pixels take the edge's colour, so the averaged edge has no dark fringe.
            ground = pygame.Surface(big, pygame.SRCALPHA)
            ground.fill((*CARD_EDGE, 0))
            ground.blit(face, (0, 0))
            if times == 1:
                # Large enough to turn with filtering at its own size.
                image = pygame.transform.rotozoom(ground, -k * angle, 1.0).convert_alpha()
            else:
                turned = pygame.transform.rotate(ground, -k * angle)
                out = (max(1, round(turned.get_width() / times)), max(1, round(turned.get_height() / times)))
                image = pygame.transform.smoothscale(turned, out).convert_alpha()
                del turned
            shadow = image.copy()
            shadow.fill((0, 0, 0, 70), special_flags=pygame.BLEND_RGBA_MIN)
            centre = (k * size[0] * spread, abs(k) * drop)
            cards.append(FanCard(image, shadow, centre))
            del face, ground  # the large pictures go before the next card's are made
        # The fans drawn longest ago go first; the newest stays whatever its size.
        return self._fans.put(key, cards)

    def draw_fan(
        self,
        surface: pygame.Surface,
        codes: tuple[str, ...],
        size: tuple[int, int],
        centre: tuple[float, float],
        angle: float,
        spread: float,
        drop: float,
    ) -> list[pygame.Rect]:
        """Draw :meth:`fan` around ``centre`` on ``surface``; returns each card's rectangle."""
        shift = max(1, round(size[1] / 40))
        rects = []
        for item in self.fan(codes, size, angle, spread, drop):
            at = (round(centre[0] + item.centre[0]), round(centre[1] + item.centre[1]))
            surface.blit(item.shadow, item.shadow.get_rect(center=(at[0] + shift, at[1] + shift)))
            rect = item.image.get_rect(center=at)
            surface.blit(item.image, rect)
            rects.append(rect)
        return rects

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

    def _glyph(self, text: str, px: int, color: tuple[int, int, int], style: str = "sans") -> pygame.Surface:
        """``text`` at ``px`` pixels on a card: a card's words follow its size, not the Large text setting."""
        return self.text.render(text, max(1, round(px / self.text.scale)), color, style)

    def _index(
        self, card: Card, corner: int, suit_px: int, color: tuple[int, int, int]
    ) -> tuple[pygame.Surface, pygame.Rect | None]:
        """The corner index: the rank, a bar under a 6 or a 9, the suit; and the bar's box in it."""
        rank = self._glyph(rank_label(card.rank), corner, color, "bold")
        rb = rank.get_bounding_rect()
        ink = rank.subsurface(rb)
        widest = max(1, round(corner * 0.95))
        if rb.w > widest:
            # A 10 is narrowed, as printed cards do, to leave the pips their room.
            ink = pygame.transform.smoothscale(ink, (widest, rb.h))
        suit = self._glyph(card.suit.symbol, suit_px, color)
        sb = suit.get_bounding_rect()
        col = max(ink.get_width(), sb.w)
        y = rb.h
        underline = None
        if card.rank in _UNDERLINED:
            thick = max(1, round(corner * 0.09))
            underline = pygame.Rect(
                (col - ink.get_width()) // 2, y + max(1, round(corner * 0.1)), ink.get_width(), thick
            )
            y = underline.bottom
        y += max(2, round(corner * 0.16))
        image = pygame.Surface((col, y + sb.h), pygame.SRCALPHA)
        image.blit(ink, ((col - ink.get_width()) // 2, 0))
        if underline is not None:
            image.fill(color, underline)
        image.blit(suit, ((col - sb.w) // 2, y), sb)
        return image, underline

    def face_layout(self, card: Card, size: tuple[int, int]) -> FaceLayout:
        """Where the indices, the pips (or the court panel) and the 6♥'s stars of ``card`` go at ``size``.

        The pips are made as large as their layout allows while no pip touches another, an
        index or a star: the pips live between the two index columns.
        """
        w, h = size
        color = self.suit_colour(card)
        corner = max(9, round(h * 0.15))
        pad = max(2, round(w * 0.06))
        top = max(2, round(h * 0.045))
        image, underline = self._index(card, corner, max(8, round(h * 0.13)), color)
        iw, ih = image.get_size()
        index = pygame.Rect(pad, top, iw, ih)
        flipped = pygame.Rect(w - pad - iw, h - top - ih, iw, ih)
        layout = FaceLayout(
            size, index, flipped, image, underline=underline.move(index.topleft) if underline else None
        )
        gap = max(2, round(w * 0.04))
        inner = pygame.Rect(index.right + gap, top, w - 2 * (index.right + gap), h - 2 * top)
        if card.rank in _COURT:
            layout.panel = pygame.Rect(inner.x, top + corner // 3, inner.w, h - 2 * (top + corner // 3))
            return layout
        small = w < 64  # one big suit in the middle reads better than tiny pips
        count = 1 if small else card.points
        start = (
            round(h * 0.42)
            if small
            else round(inner.h * (0.34 if count == 1 else 0.2 if count <= 5 else 0.17))
        )
        keep_clear = [index, flipped]
        for px in range(max(start, 4), 3, -1):
            box = self._glyph(card.suit.symbol, px, color).get_bounding_rect()
            pips = _place_pips(_PIPS[count], inner, box.size, card is SIX_OF_HEARTS)
            space = max(1, px // 8)
            if _fits(pips, inner, keep_clear, space):
                break
        layout.pips = pips
        layout.pip_size = px
        if card is SIX_OF_HEARTS:
            # The brillant's stars go top and bottom in the middle, as large as the pips leave room for.
            margin = max(2, round(h * 0.035))
            for star_px in range(max(8, round(h * 0.16)), 3, -1):
                star = self._glyph("★", star_px, GOLD_DARK).get_bounding_rect()
                stars = [star.move_to(midtop=(w // 2, margin)), star.move_to(midbottom=(w // 2, h - margin))]
                if all(r.inflate(2 * space, 2 * space).collidelist([*keep_clear, *pips]) < 0 for r in stars):
                    break
            layout.stars = stars
            layout.star_size = star_px
        return layout

    def _draw_face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        brilliant = card is SIX_OF_HEARTS
        surf = self._blank(
            size, (255, 246, 214) if brilliant else CARD_WHITE, GOLD_DARK if brilliant else CARD_EDGE
        )
        color = self.suit_colour(card)
        lay = self.face_layout(card, size)
        surf.blit(lay.index_image, lay.index)
        surf.blit(pygame.transform.rotate(lay.index_image, 180), lay.index_flipped)
        if lay.panel is not None:
            self._draw_court(surf, card, lay.panel, color)
        else:
            pip = self._glyph(card.suit.symbol, lay.pip_size, color)
            upright = (pip, pip.get_bounding_rect())
            turned = pygame.transform.rotate(pip, 180)
            upside_down = (turned, turned.get_bounding_rect())
            for rect in lay.pips:
                # Pips in the lower half are printed upside down, as on real cards.
                img, ink = upside_down if len(lay.pips) > 1 and rect.centery > h // 2 + 1 else upright
                surf.blit(img, rect, ink)
        if brilliant:
            # Le brillant: a gold frame and a star so it is unmistakable at any size.
            pygame.draw.rect(surf, GOLD, (0, 0, w, h), width=max(2, w // 22), border_radius=max(3, w // 10))
            star = self._glyph("★", lay.star_size, GOLD_DARK)
            ink = star.get_bounding_rect()
            for rect in lay.stars:
                surf.blit(star, rect, ink)
        return surf.convert_alpha()

    def _draw_court(
        self, surf: pygame.Surface, card: Card, inner: pygame.Rect, color: tuple[int, int, int]
    ) -> None:
        band, figure = _COURT[card.rank]
        w = inner.w
        radius = max(2, w // 10)
        pygame.draw.rect(surf, band, inner, border_radius=radius)
        pygame.draw.rect(surf, GOLD, inner, width=max(1, w // 25), border_radius=radius)
        letter = self._glyph(rank_label(card.rank), round(inner.h * 0.34), (255, 250, 236), "serif")
        glyph = self._glyph(figure, round(inner.h * 0.3), (255, 236, 180))
        suit = self._glyph(card.suit.symbol, round(inner.h * 0.2), (255, 255, 255))
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
        # Six rows of the grid a band, fewer on a screen so wide that a band would be large.
        band = max(1, min(6, int(BAND_BYTES / (w * 4 * row_h)) - 2))
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


def draw_farmer_mark(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """The farmer's mark, a gold disc of radius ``r`` with a little farmhouse (the table's marker)."""
    x, y = centre
    pygame.draw.circle(surface, (90, 60, 10), (x + 1, y + 2), r)
    pygame.draw.circle(surface, GOLD, (x, y), r)
    pygame.draw.circle(surface, (255, 240, 180), (x, y), r, max(1, r // 7))
    # A little farmhouse: the farmer's mark, the same in every language.
    s = r * 0.55
    roof = [(x - s, y - s * 0.05), (x, y - s * 0.8), (x + s, y - s * 0.05)]
    pygame.draw.polygon(surface, (110, 40, 20), roof)
    pygame.draw.rect(surface, (110, 40, 20), (x - s * 0.65, y - s * 0.1, s * 1.3, s * 0.85))
    pygame.draw.rect(surface, GOLD, (x - s * 0.18, y + s * 0.25, s * 0.36, s * 0.5))


def _place_pips(
    positions: list[tuple[float, float]], inner: pygame.Rect, box: tuple[int, int], wide: bool = False
) -> list[pygame.Rect]:
    """The ink boxes of pips of ``box`` size at ``positions`` (fractions), kept inside ``inner``.

    ``wide``: the columns stand as far apart as they can (the 6♥ keeps its middle for its stars).
    """
    pw, ph = box
    two_columns = any(fx != 0.5 for fx, _fy in positions)
    # The columns stand a little in from the indices when there is room for it.
    inset = max(0.0, min(inner.w * 0.08, (inner.w - 2.3 * pw) / 2)) if two_columns and not wide else 0.0
    left = inner.x + pw / 2 + inset
    span_x = inner.w - pw - 2 * inset
    top = inner.y + ph / 2
    span_y = inner.h - ph
    rects = []
    for fx, fy in positions:
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (round(left + fx * span_x), round(top + fy * span_y))
        rects.append(rect)
    return rects


def _fits(pips: list[pygame.Rect], inner: pygame.Rect, keep_clear: list[pygame.Rect], space: int) -> bool:
    """Whether ``pips`` lie inside ``inner``, ``space`` pixels apart and clear of ``keep_clear``."""
    for i, rect in enumerate(pips):
        if not inner.contains(rect):
            return False
        grown = rect.inflate(2 * space, 2 * space)
        if grown.collidelist(keep_clear) >= 0 or grown.collidelist(pips[i + 1 :]) >= 0:
            return False
    return True
