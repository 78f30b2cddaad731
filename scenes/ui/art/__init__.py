"""The table's art, drawn at run time at the window's real resolution and kept for reuse.

:class:`Art` keeps what its parts draw: the card faces and backs (:mod:`.faces`), fans of
cards turned smoothly (:mod:`.fans`), chips seen from above and from the side
(:mod:`.chips`) and the felt, made once per window size (:mod:`.felt`), in the colours of
:mod:`.palette`. Everything here needs a display (it converts surfaces), so an :class:`Art`
is created by the app after the window exists.

A face is kept under the letters it shows, so a change of language never shows the old
letters.
"""

from __future__ import annotations

import pygame

from game.rules.cards import Card
from scenes.ui.art.chips import draw_chip, draw_chip_side, draw_farmer_mark
from scenes.ui.art.faces import FaceLayout, Faces, card_text, court_letters, rank_label
from scenes.ui.art.fans import (
    FAN_BUDGET,
    FAN_DRAWN_HEIGHT,
    FAN_KEEP,
    FAN_SUPERSAMPLE,
    FanCard,
    fan_bytes,
    fan_supersample,
    turn_fan,
)
from scenes.ui.art.felt import draw_felt, noise_tile
from scenes.ui.art.palette import (
    BACKS,
    BLACK,
    BLUE,
    CARD_EDGE,
    CARD_WHITE,
    CHIP_COLORS,
    FELT,
    FELT_DARK,
    FELTS,
    FOUR_COLOURS,
    GOLD,
    GOLD_DARK,
    GREEN,
    INK,
    OVER_RED,
    RED,
    RIM,
    RIM_LIGHT,
)
from scenes.ui.cache import SurfaceCache, surface_bytes
from scenes.ui.text import Text

__all__ = [
    "BACKS", "BLACK", "BLUE", "CARD_BUDGET", "CARD_EDGE", "CARD_WHITE", "CHIP_COLORS", "FAN_BUDGET",
    "FAN_DRAWN_HEIGHT", "FAN_SUPERSAMPLE", "FELT", "FELTS", "FELT_DARK", "FOUR_COLOURS", "GOLD", "GOLD_DARK",
    "GREEN", "INK", "OVER_RED", "RED", "RIM", "RIM_LIGHT", "SCALED_BUDGET", "Art", "FaceLayout", "FanCard",
    "card_text", "court_letters", "draw_farmer_mark", "fan_supersample", "rank_label",
]

CARD_BUDGET = 24_000_000
"""Bytes of card faces kept: every face of two sizes at 3840 × 2160, a few at smaller windows."""
SCALED_BUDGET = 6 * 1024 * 1024
"""Bytes of turning-card frames kept for reuse."""


class Art:
    """Every picture of the table, kept by size."""

    def __init__(self, text: Text) -> None:
        """Art drawn with the fonts of ``text``."""
        self.text = text
        self.faces = Faces(text)
        """Draws the faces and backs (in the deck colours :meth:`configure` sets)."""
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
            FAN_BUDGET, fan_bytes, FAN_KEEP
        )
        self._chips: dict[tuple[int, int, str], pygame.Surface] = {}
        self._noise: pygame.Surface | None = None
        self._felt: dict[tuple[int, int], pygame.Surface] = {}
        self._shadow: dict[tuple[int, int], pygame.Surface] = {}
        self.cloth = "green"

    def configure(self, four_colour: bool, back: str, cloth: str) -> bool:
        """Use these deck and cloth colours from now on; returns whether anything changed."""
        deck = (self.faces.four_colour, self.faces.back)
        if (four_colour, back, cloth) == (*deck, self.cloth):
            return False
        if (four_colour, back) != deck:
            self._forget_cards()
        if cloth != self.cloth:
            self._felt.clear()
        self.faces.four_colour, self.faces.back, self.cloth = four_colour, back, cloth
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
        return self.faces.suit_colour(card)

    def face_layout(self, card: Card, size: tuple[int, int]) -> FaceLayout:
        """Where the parts of ``card``'s face go at ``size`` (see :meth:`Faces.face_layout`)."""
        return self.faces.face_layout(card, size)

    # ------------------------------------------------------------------ cards

    def card(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        """The face of ``card`` (its back when None) at ``size``, with the letters of the moment."""
        key = self._card_key(card, size)
        surf = self._cards.get(key)
        if surf is None:
            surf = self.faces.draw_face(card, size) if card is not None else self.faces.draw_back(size)
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
        """The cards ``codes`` at ``size``, fanned (see :func:`.fans.turn_fan`), kept.

        Drawing a kept fan costs a blit per card and shadow.
        """
        key = (codes, size, round(angle, 2), round(spread, 3), round(drop), court_letters())
        found = self._fans.get(key)
        if found is None:
            # The fans drawn longest ago go first; the newest stays whatever its size.
            found = self._fans.put(key, turn_fan(self.faces, codes, size, angle, spread, drop))
        return found

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

    # ------------------------------------------------------------------ chips

    def chip(self, radius: int, color_index: int = 0) -> pygame.Surface:
        """A chip seen from above (flying, or lying in the farm)."""
        key = (radius, color_index, "top")
        surf = self._chips.get(key)
        if surf is None:
            surf = self._chips[key] = draw_chip(radius, color_index)
        return surf

    def chip_side(self, width: int, color_index: int = 0) -> pygame.Surface:
        """A chip seen from the side, for stacks: a flat ellipse with a light top."""
        key = (width, color_index, "side")
        surf = self._chips.get(key)
        if surf is None:
            surf = self._chips[key] = draw_chip_side(width, color_index)
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
        if self._noise is None:
            self._noise = noise_tile()
        surf = self._felt[key] = draw_felt(size, table, self.cloth, self._noise)
        return surf
