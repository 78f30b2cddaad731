"""The felt: a cloth with a fine noise texture, a darker rim round the oval table and a vignette."""

from __future__ import annotations

import math
import random

import pygame

from scenes.ui.art.palette import FELTS, RIM, RIM_LIGHT, shade

BAND_BYTES = 4 * 1024 * 1024
"""The most a band of the felt's shade takes while it is laid (the whole shade would be a window)."""


def draw_felt(
    size: tuple[int, int], table: pygame.Rect | None, cloth: str, tile: pygame.Surface
) -> pygame.Surface:
    """The static background of ``cloth``: felt, ``tile`` (:func:`noise_tile`) laid over it,
    the oval table's rim (when ``table``) and the vignette."""
    w, h = size
    screen = pygame.display.get_surface()
    # Made in the window's own format: no second window-sized copy to convert it.
    surf = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
    felt, felt_dark = FELTS.get(cloth, FELTS["green"])
    surf.fill(felt_dark)
    if table is not None and table.w > 0:
        rim = max(6, min(w, h) // 60)
        pygame.draw.ellipse(surf, shade(RIM, 0.7), table.move(0, rim // 2))
        pygame.draw.ellipse(surf, RIM, table)
        pygame.draw.ellipse(surf, RIM_LIGHT, table, max(1, rim // 4))
        pygame.draw.ellipse(surf, felt, table.inflate(-2 * rim, -2 * rim))
    else:
        surf.fill(felt)
    for y in range(0, h, tile.get_height()):
        for x in range(0, w, tile.get_width()):
            surf.blit(tile, (x, y))
    _apply_vignette(surf)
    return surf


def noise_tile() -> pygame.Surface:
    """The cloth's texture: a small tile of faint light and dark specks, the same every time."""
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
    return tile.convert_alpha()


def _apply_vignette(surf: pygame.Surface) -> None:
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
