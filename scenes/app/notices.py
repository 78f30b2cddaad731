"""Where the app's notices stand: along the bottom of the window, one above another, unless the
screen beneath has things they must not cover (a table's name plates, cards and buttons); then
each goes, wrapped into a few lines if it must, to the clear place nearest the bottom's middle.

Pure geometry over a :class:`~scenes.ui.text.Text` that measures the words; the app draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.ui.layout import HEADER_HEIGHT, free_spot
from scenes.ui.text import Text

WIDTHS = (1.0, 0.62, 0.45, 0.33)
"""The shares of the window's width a notice is tried at, widest first (narrower: more lines)."""


@dataclass(frozen=True)
class Placed:
    """A notice laid out: its lines, their size, and its box (the lines centred in it)."""

    lines: tuple[str, ...]
    size: int
    box: pygame.Rect
    opaque: bool = False
    """Drawn with no see-through: a band over the table's header hides the header's words whole."""


def place_notices(
    texts: list[str], window: tuple[int, int], u: float, text: Text, keep_clear: list[pygame.Rect]
) -> list[Placed]:
    """The boxes of ``texts`` (the newest first) in a window of ``window`` scaled by ``u``.

    With nothing to keep clear, each is one line (made smaller to fit the width) along the bottom,
    the next above it. Otherwise each goes where it covers nothing of ``keep_clear`` nor a notice
    placed before it, its lines at the notices' size or a little smaller; where there is no such
    place at all, it is one line along the top of the window (over a table's header, which holds
    no plate, card or button).
    """
    w, h = window
    size = max(12, round(16 * u))
    pad_x, pad_y = round(32 * u), round(14 * u)
    bottom = h - round(14 * u * 1.9) - round(6 * u)
    placed: list[Placed] = []
    for line in texts:
        if not keep_clear:
            fs = text.fit(line, size, w - round(80 * u))
            tw, th = text.size(line, fs)
            box = pygame.Rect(0, 0, tw + pad_x, th + pad_y)
            box.midbottom = (w // 2, placed[-1].box.top - round(6 * u) if placed else bottom)
            placed.append(Placed((line,), fs, box))
            continue
        # Bands along the top go one under another: the newest first, none hiding another.
        top = max((p.box.bottom for p in placed if p.opaque), default=0)
        placed.append(_clear_place(line, window, u, text, keep_clear + [p.box for p in placed], top))
    return placed


def _clear_place(
    line: str, window: tuple[int, int], u: float, text: Text, obstacles: list[pygame.Rect], top: int = 0
) -> Placed:
    """``line`` where it covers none of ``obstacles``, nearest the bottom's middle; else a band across
    the window from ``top`` (the top, or under the bands already there)."""
    w, h = window
    area = pygame.Rect(0, 0, w, h)
    pad_x, pad_y = round(32 * u), round(14 * u)
    near = (w // 2, h - round(14 * u * 1.9) - round(6 * u))
    for fs in (max(12, round(16 * u)), max(11, round(13 * u))):
        step = text.font(fs).get_linesize()
        for share in WIDTHS:
            width = round((w - round(80 * u)) * share) - pad_x
            lines = _balanced(text.wrap(line, fs, width), line, fs, width, text)
            box_w = max(text.size(one, fs)[0] for one in lines) + pad_x
            spot = free_spot((box_w, step * len(lines) + pad_y), near, area, obstacles, max(4, round(8 * u)))
            if spot is not None:
                return Placed(tuple(lines), fs, spot)
    fs = text.fit(line, max(10, round(14 * u)), w - pad_x, min_size=8)
    line = text.ellipsize(line, fs, w - pad_x)
    # As tall as the header it lies over: a shorter band would leave its words cut in half beneath.
    band = pygame.Rect(0, top, w, max(text.size(line, fs)[1] + pad_y // 2, round(HEADER_HEIGHT * u)))
    return Placed((line,), fs, band, opaque=True)


def _balanced(lines: list[str], line: str, size: int, width: int, text: Text) -> list[str]:
    """``line`` wrapped into as many lines as ``lines`` but as narrow as that allows, so that its
    last line is not a lone word under a long one."""
    if len(lines) < 2:
        return lines
    low, high = width // len(lines), width
    while high - low > 4:
        mid = (low + high) // 2
        if len(text.wrap(line, size, mid)) <= len(lines):
            high = mid
        else:
            low = mid
    return text.wrap(line, size, high)
