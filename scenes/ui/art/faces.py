"""Card faces and backs: rank and suit in the corners, pips or a court panel in the middle,
the 6♥ in gold, the back's lattice.

The court cards carry the letters of the language of the moment (J Q K, V D R, B D K: see
:func:`rank_label`). The 6 and the 9 are underlined in their corners, as on real cards, so
that an upside-down 9 never reads as the 6♥. Pips are sized to keep clear of the corner
indices at every card size (:meth:`Faces.face_layout` gives the boxes).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules.cards import SIX_OF_HEARTS, Card
from scenes.i18n import pgettext
from scenes.ui.art.palette import (
    BACKS,
    BLACK,
    CARD_EDGE,
    CARD_WHITE,
    FOUR_COLOURS,
    GOLD,
    GOLD_DARK,
    RED,
)
from scenes.ui.text import Text

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


class Faces:
    """Draws the faces and the back of the cards in the deck's colours (nothing kept here)."""

    def __init__(self, text: Text) -> None:
        """Faces drawn with the fonts of ``text``."""
        self.text = text
        self.four_colour = False
        """The four-colour deck (♦ blue, ♣ green) rather than red and black."""
        self.back = "red"
        """The card back's colour (a key of :data:`~scenes.ui.art.palette.BACKS`)."""

    def suit_colour(self, card: Card) -> tuple[int, int, int]:
        """The ink of ``card``'s suit in the deck in use."""
        if self.four_colour:
            return FOUR_COLOURS[card.suit]
        return RED if card.suit.is_red else BLACK

    def _blank(
        self, size: tuple[int, int], fill: tuple[int, int, int], edge: tuple[int, int, int]
    ) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 10)
        pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, edge, (0, 0, w, h), width=max(1, w // 60), border_radius=radius)
        return surf

    def draw_back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card at ``size``, in the back colour in use."""
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

    def draw_face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The face of ``card`` at ``size``, with the letters of the moment (not kept: see the Art)."""
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
