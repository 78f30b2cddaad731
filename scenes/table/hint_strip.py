"""Advice in the banner's place: a hint asked for in the settings, or the coach's words.

While the person acts the action panel's prompt says what the banner would (whose turn, the bid to
beat), so advice takes the banner's place: on a dark strip, one line a little smaller if it must
be, or a few lines in the banner's width when one would be hard to read.
"""

from __future__ import annotations

import pygame

from scenes.ui.layout import TableLayout
from scenes.ui.text import Text
from scenes.ui.widgets import draw_panel

HINT_LINES = 4
"""The most lines a hint takes (a long one is made smaller first)."""


def draw_advice(surface: pygame.Surface, text: Text, lay: TableLayout, line: str) -> None:
    """Advice on a dark strip in the banner's place: one line, a little smaller if it must be,
    or, when that would make it hard to read, a few lines in the banner's width."""
    pad = round(24 * lay.u)
    width = max(40, lay.banner.w - pad)
    body = lay.font["body"]
    least = max(8, round(body * 0.75))
    fs = text.fit(line, body, width, min_size=least)
    colour = (215, 230, 250)
    if text.size(line, fs)[0] <= width:
        w, h = text.size(line, fs)
        strip = pygame.Rect(0, 0, w + pad, min(lay.banner.h, h + round(10 * lay.u)))
        strip.center = lay.banner.center
        draw_panel(surface, strip, radius=strip.h // 2, alpha=200)
        text.blit(surface, line, fs, strip.center, colour, "sans", "center")
        return
    # No higher than the banner's room, nor wider: the seats above keep their cards in sight.
    room = lay.banner_room.h - round(10 * lay.u)
    width = max(40, min(lay.banner.w, lay.banner_room.w) - pad)
    fs = body
    lines = text.wrap(line, fs, width)
    while fs > least and (
        len(lines) > HINT_LINES or len(lines) * text.font(fs).get_linesize() > room
    ):
        fs -= 1
        lines = text.wrap(line, fs, width)
    most = max(1, min(HINT_LINES, room // text.font(fs).get_linesize()))
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = text.ellipsize(lines[-1] + " …", fs, width)
    step = text.font(fs).get_linesize()
    w = max(text.size(one, fs)[0] for one in lines)
    strip = pygame.Rect(0, 0, w + pad, step * len(lines) + round(10 * lay.u))
    # Up from the banner's foot: the deck and the farm lie below it, the plates beside it.
    strip.midbottom = lay.banner.midbottom
    draw_panel(surface, strip, radius=min(strip.h // 2, round(16 * lay.u)), alpha=200)
    top = strip.centery - step * len(lines) / 2
    for i, one in enumerate(lines):
        text.blit(surface, one, fs, (strip.centerx, top + step * (i + 0.5)), colour, "sans", "center")
