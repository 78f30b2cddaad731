"""A QR code of a URL as a pygame surface, and the card that shows it with the URL in words.

:func:`qr_surface` draws segno's matrix of the URL: dark modules on a light square with a quiet
zone of :data:`QUIET` modules all round, each module a whole number of pixels (a blurred
module is hard for a phone's camera). Surfaces are kept per (url, size): a lobby draws the
same code every frame. :func:`draw_qr_card` is the one way a screen shows a table's page: the
code, "Scan to play on your phone" (or the caller's own line) and the URL in words below it;
:func:`corner_spot` finds where it fits on a table in play without covering anything.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame
import segno

from scenes.i18n import _
from scenes.ui.layout import TableLayout
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


def _fonts(u: float) -> tuple[int, int, int, int]:
    """The line's size, the URL's size, the least either may shrink to, and the gap between parts."""
    return max(10, round(17 * u)), max(10, round(15 * u)), max(10, round(11 * u)), max(2, round(6 * u))


def _words_height(text: Text, u: float) -> int:
    """The height the line above the code and the URL below it take, their gaps included."""
    fs, small, _least, gap = _fonts(u)
    return text.font(fs, "bold").get_linesize() + text.font(small).get_linesize() + 2 * gap


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
    below it, centred in ``rect``; where the code went, or None when no code a phone can read fits."""
    fs, small, least, gap = _fonts(u)
    room = min(rect.w, rect.h - _words_height(text, u))
    if module_pixels(url, room) < 2:
        return None
    code = qr_surface(url, room)
    words = line()
    top_size = text.fit(words, fs, rect.w, "bold", min_size=least)
    url_size = text.fit(url, small, rect.w, min_size=least)
    height = text.font(top_size, "bold").get_linesize() + gap + code.get_height() + gap
    height += text.font(url_size).get_linesize()
    y = rect.y + (rect.h - height) // 2
    above = text.blit(surface, words, top_size, (rect.centerx, y), colour, "bold", "midtop")
    place = code.get_rect(midtop=(rect.centerx, above.bottom + gap))
    surface.blit(code, place)
    text.blit(surface, url, url_size, (rect.centerx, place.bottom + gap), colour, "sans", "midtop")
    return place


CORNER_MODULE_PIXELS = 3
"""The smallest module drawn in a table's corner (smaller is hard to scan from a few steps away)."""


def corner_spot(
    lay: TableLayout, url: str, text: Text, line: Callable[[], str] = scan_line
) -> pygame.Rect | None:
    """A top corner of the table, under the header, where :func:`draw_qr_card` of ``url`` fits
    without covering anything of the table (a seat, the deck, the farm, the banner, the panel);
    the largest code, up to a third of the window's height. None when nothing fits."""
    u = lay.u
    margin = round(10 * u)
    taken = [rect.inflate(2 * margin, 2 * margin) for _, rect in lay.named_rects()]
    _fs, _small, least, _gap = _fonts(u)
    words = max(text.size(line(), least, "bold")[0], text.size(url, least)[0])
    least_side = modules(url) * CORNER_MODULE_PIXELS
    side = lay.size[1] // 3
    while side >= least_side:
        for left in (True, False):
            spot = pygame.Rect(0, lay.header.bottom + margin, max(side, words), side + _words_height(text, u))
            if left:
                spot.x = margin
            else:
                spot.right = lay.size[0] - margin
            if spot.collidelist(taken) < 0:
                return spot
        side -= max(4, round(8 * u))
    return None
