"""Farmer's icon, drawn at run time like the rest of the art: the window's and the desktop's.

A rounded square of green felt with a gold rim, a card back and the six of hearts (the
*brillant*, the only six in the deck) fanned over it. It is drawn larger than asked and
smoothed down, so it reads at 16 pixels and at 256. Nothing here needs a display: the
desktop entry's icons are drawn the same way without one.
"""

from __future__ import annotations

import pygame

from scenes import resources
from scenes.ui.art import BACKS, CARD_EDGE, CARD_WHITE, FELT, FELT_DARK, GOLD, RED

TITLE = "Farmer"
"""The window's title (the game's name is the same in every language's window list)."""

WINDOW_ICON_SIZE = 64
"""The window icon's size in pixels (the window manager scales it to its own)."""

_SUPERSAMPLE = 4


def draw(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, on a transparent background."""
    if size < 8:
        raise ValueError(f"an icon of {size} pixels is too small to draw")
    if not pygame.font.get_init():
        pygame.font.init()
    big = size * _SUPERSAMPLE
    surf = pygame.Surface((big, big), pygame.SRCALPHA)

    def px(fraction: float) -> int:
        return max(1, round(fraction * big))

    tile = pygame.Rect(px(0.03), px(0.03), big - 2 * px(0.03), big - 2 * px(0.03))
    pygame.draw.rect(surf, FELT_DARK, tile, border_radius=px(0.2))
    pygame.draw.rect(surf, FELT, tile.inflate(-px(0.08), -px(0.08)), border_radius=px(0.17))
    pygame.draw.rect(surf, GOLD, tile, width=px(0.035), border_radius=px(0.2))

    card_size = (px(0.44), px(0.62))
    back = _card(card_size, BACKS["red"][0], BACKS["red"][1], px(0.045))
    inner = pygame.Rect(0, 0, card_size[0], card_size[1]).inflate(-px(0.1), -px(0.1))
    pygame.draw.rect(back, BACKS["red"][1], inner, width=max(1, px(0.02)), border_radius=px(0.03))
    _blit_rotated(surf, back, 14, (px(0.39), px(0.52)))

    face = _card(card_size, CARD_WHITE, CARD_EDGE, px(0.045))
    font = pygame.font.Font(resources.font("DejaVuSans-Bold.ttf"), px(0.36))
    heart = font.render("♥", True, RED)
    face.blit(heart, heart.get_rect(center=(card_size[0] // 2, card_size[1] * 11 // 20)))
    corner = pygame.font.Font(resources.font("DejaVuSans-Bold.ttf"), px(0.13)).render("6", True, RED)
    face.blit(corner, (px(0.045), px(0.02)))
    _blit_rotated(surf, face, -10, (px(0.6), px(0.49)))

    return pygame.transform.smoothscale(surf, (size, size))


def _card(
    size: tuple[int, int], fill: tuple[int, int, int], edge: tuple[int, int, int], radius: int
) -> pygame.Surface:
    card = pygame.Surface(size, pygame.SRCALPHA)
    rect = card.get_rect()
    pygame.draw.rect(card, fill, rect, border_radius=radius)
    pygame.draw.rect(card, edge, rect, width=max(1, radius // 4), border_radius=radius)
    return card


def _blit_rotated(
    target: pygame.Surface, card: pygame.Surface, degrees: float, centre: tuple[int, int]
) -> None:
    turned = pygame.transform.rotozoom(card, degrees, 1.0)
    shadow = turned.copy()
    shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MIN)
    offset = max(1, target.get_width() // 60)
    target.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset)))
    target.blit(turned, turned.get_rect(center=centre))


def dress_window(title: str = TITLE) -> None:
    """Give the open window Farmer's title and icon."""
    pygame.display.set_caption(title)
    pygame.display.set_icon(draw(WINDOW_ICON_SIZE))
