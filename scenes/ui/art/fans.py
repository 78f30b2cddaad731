"""Fans of cards turned smoothly: each card drawn larger, turned, and scaled down with filtering."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.cards import Card
from scenes.ui.art.faces import Faces
from scenes.ui.art.palette import CARD_EDGE

FAN_SUPERSAMPLE = 3
"""A fanned card is drawn this many times larger, turned, and scaled down: smooth edges."""
FAN_DRAWN_HEIGHT = 800
"""The tallest a fanned card is drawn before it is turned: a large card is drawn fewer times
larger, or turned with filtering at its own size (its edges stay smooth), where a 4K kiosk's
would otherwise be drawn 1,500 pixels tall, some 30 MB for a moment."""
FAN_KEEP = 6
"""Fans kept ready to draw (the menu's, the kiosk's, at a size or two each)."""
FAN_BUDGET = 6 * 1024 * 1024
"""Bytes of fans kept: at 3840 × 2160 one fan of five cards is some 9 MB, and is kept alone."""


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


def fan_bytes(fan: list[FanCard]) -> int:
    """The bytes a turned fan takes, its shadows included."""
    return sum(c.image.get_pitch() * c.image.get_height() * 2 for c in fan)  # image and shadow


def turn_fan(
    faces: Faces, codes: tuple[str, ...], size: tuple[int, int], angle: float, spread: float, drop: float
) -> list[FanCard]:
    """The cards ``codes`` at ``size`` drawn by ``faces``, fanned: turned smoothly, with their shadows.

    Card ``i`` of ``n`` sits ``k = i - (n - 1) / 2`` steps from the middle: turned by
    ``k * angle`` degrees clockwise, ``k * spread`` card widths to the side and ``|k| * drop``
    pixels lower. Each is drawn :data:`FAN_SUPERSAMPLE` times larger, turned, and scaled down
    with filtering (:func:`pygame.transform.smoothscale`), so its edges are smooth.
    Drawing a cached fan costs a blit per card and shadow.
    """
    times = fan_supersample(size[1])
    big = (size[0] * times, size[1] * times)
    cards: list[FanCard] = []
    for i, code in enumerate(codes):
        k = i - (len(codes) - 1) / 2
        # Drawn apart from the face cache: a face this large would crowd out the table's.
        face = faces.draw_face(Card.parse(code), big)
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
    return cards
