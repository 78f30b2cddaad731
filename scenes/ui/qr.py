"""A QR code of a URL as a pygame surface, and the card that shows it with the URL in words.

:func:`qr_surface` draws segno's matrix of the URL: dark modules on a light square with a quiet
zone of :data:`QUIET` modules all round, each module a whole number of pixels (a blurred
module is hard for a phone's camera). Surfaces are kept per (url, size): a lobby draws the
same code every frame. :func:`draw_qr_card` is the one way a screen shows a table's page: the
code, "Scan to play on your phone" (or the caller's own line) and the URL in words below it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame
import segno

from scenes.i18n import _
from scenes.ui.text import Text

QUIET = 4
"""Light modules round the code (the standard's quiet zone)."""
DARK = (0, 0, 0)
LIGHT = (255, 255, 255)
KEPT = 8
"""Surfaces kept at once (a few sizes of one or two URLs)."""

_SURFACES: OrderedDict[tuple[str, int], pygame.Surface] = OrderedDict()


def qr_matrix(url: str) -> list[list[bool]]:
    """The code's modules, row by row (True: dark), without the quiet zone."""
    code = segno.make(url, micro=False, error="m", boost_error=False)
    return [[bool(cell) for cell in row] for row in code.matrix]


def modules(url: str) -> int:
    """The code's width in modules, its quiet zone included."""
    return len(qr_matrix(url)) + 2 * QUIET


def module_pixels(url: str, size: int) -> int:
    """The pixels of a module when the code, quiet zone included, may take ``size`` pixels (0: too small)."""
    return size // modules(url)


def qr_surface(url: str, size: int) -> pygame.Surface:
    """The code of ``url`` in at most ``size`` × ``size`` pixels: a whole number of pixels per module
    (at least one; the surface is as large as that makes it, quiet zone included)."""
    key = (url, size)
    found = _SURFACES.get(key)
    if found is not None:
        _SURFACES.move_to_end(key)
        return found
    matrix = qr_matrix(url)
    scale = max(1, size // (len(matrix) + 2 * QUIET))
    side = (len(matrix) + 2 * QUIET) * scale
    surface = pygame.Surface((side, side))
    surface.fill(LIGHT)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(DARK, ((x + QUIET) * scale, (y + QUIET) * scale, scale, scale))
    _SURFACES[key] = surface
    while len(_SURFACES) > KEPT:
        _SURFACES.popitem(last=False)
    return surface


def scan_line() -> str:
    """What the code is for, said above it."""
    return _("Scan to play on your phone")


def draw_qr_card(
    surface: pygame.Surface,
    text: Text,
    url: str,
    rect: pygame.Rect,
    u: float,
    line: Callable[[], str] = scan_line,
    colour: tuple[int, int, int] = (240, 228, 196),
) -> pygame.Rect | None:
    """The code of ``url`` as large as fits in ``rect``, ``line()`` above it and the URL in words
    below it, centred in ``rect``; the rect drawn in, or None when no code a phone can read fits."""
    fs = max(10, round(17 * u))
    small = max(10, round(15 * u))
    gap = max(2, round(6 * u))
    lines = text.font(fs, "bold").get_linesize() + text.font(small).get_linesize()
    room = min(rect.w, rect.h - lines - 2 * gap)
    if module_pixels(url, room) < 2:
        return None
    code = qr_surface(url, room)
    words = line()
    top_size = text.fit(words, fs, rect.w, "bold")
    url_size = text.fit(url, small, rect.w)
    height = text.font(top_size, "bold").get_linesize() + gap + code.get_height() + gap
    height += text.font(url_size).get_linesize()
    y = rect.y + (rect.h - height) // 2
    drawn = text.blit(surface, words, top_size, (rect.centerx, y), colour, "bold", "midtop")
    y = drawn.bottom + gap
    place = code.get_rect(midtop=(rect.centerx, y))
    surface.blit(code, place)
    shown = text.blit(surface, url, url_size, (rect.centerx, place.bottom + gap), colour, "sans", "midtop")
    return drawn.union(place).union(shown)
