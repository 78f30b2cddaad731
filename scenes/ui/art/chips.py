"""Chips seen from above and from the side, and the farmer's mark."""

from __future__ import annotations

import math

import pygame

from scenes.ui.art.palette import CHIP_COLORS, GOLD, shade


def draw_chip(radius: int, color_index: int = 0) -> pygame.Surface:
    """A chip seen from above (flying, or lying in the farm)."""
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
    pygame.draw.circle(surf, shade(color, 0.8), c, round(radius * 0.62))
    pygame.draw.circle(surf, edge, c, round(radius * 0.62), max(1, radius // 8))
    return surf.convert_alpha()


def draw_chip_side(width: int, color_index: int = 0) -> pygame.Surface:
    """A chip seen from the side, for stacks: a flat ellipse with a light top."""
    color = CHIP_COLORS[color_index % len(CHIP_COLORS)]
    h = max(4, width // 3)
    surf = pygame.Surface((width, h + 2), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, shade(color, 0.6), (0, 2, width, h))
    pygame.draw.ellipse(surf, color, (0, 0, width, h))
    edge = (250, 250, 245) if color_index % len(CHIP_COLORS) != 2 else (196, 44, 44)
    pygame.draw.ellipse(surf, edge, (width // 4, h // 4, width // 2, h // 2), max(1, width // 14))
    return surf.convert_alpha()


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
