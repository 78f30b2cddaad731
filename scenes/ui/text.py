"""Fonts and cached text surfaces.

The bundled DejaVu fonts (assets/fonts, with their licence, found through the installed
package by :mod:`scenes.resources`) carry ♠♥♦♣ and every French and German letter; a
missing font is an error that names it, never pygame's own font without the suits.
Rendering text is slow, so each (string, size, style, colour) is rendered once and kept;
the cache is bounded so a long game does not grow it for ever.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from scenes import resources
from scenes.ui.cache import SurfaceCache, surface_bytes

_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}

Color = tuple[int, int, int] | tuple[int, int, int, int]


MAX_FONTS = 24
"""Fonts kept open: each holds its own copy of the font file (some 0.7 MB), and fitting words
to their room tries many sizes; opening one again takes under a tenth of a millisecond."""

MAX_FITS = 2000
"""Sizes found for words in a width, remembered (a few hundred bytes each at most)."""


class Text:
    """Fonts by (style, size) and rendered strings, both cached.

    ``style`` is ``sans``, ``bold`` or ``serif`` (a bold serif for titles).
    """

    def __init__(
        self, max_surfaces: int = 1500, max_bytes: int = 24_000_000, max_fonts: int = MAX_FONTS
    ) -> None:
        """An empty cache holding at most ``max_surfaces`` rendered strings and ``max_bytes`` of pixels,
        and the ``max_fonts`` fonts used last.

        The byte budget matters on large screens: the same strings take four times the memory
        at 3840 × 2160 as at 1920 × 1080.
        """
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
        self._max_fonts = max(1, max_fonts)
        self._fits: dict[tuple[str, int, int, str, int], int] = {}
        self._surfaces: SurfaceCache[tuple[str, str, int, Color], pygame.Surface] = SurfaceCache(
            max_bytes, surface_bytes, max(1, max_surfaces)
        )
        self.scale = 1.0
        """Every size asked for is drawn this much larger (the settings' large text)."""

    def set_scale(self, scale: float) -> bool:
        """Draw every size ``scale`` times larger from now on; returns whether it changed."""
        if scale == self.scale:
            return False
        self.scale = scale
        self._fonts.clear()
        self._fits.clear()
        self.let_go()
        return True


    def let_go(self) -> None:
        """Forget the rendered strings kept (they are rendered again when asked for)."""
        self._surfaces.clear()

    def font(self, size: int, style: str = "sans") -> pygame.font.Font:
        """The font of ``style`` at ``size`` pixels.

        Raises :class:`scenes.resources.MissingAssetError` if the bundled font is not installed.
        """
        size = max(6, round(int(size) * self.scale))
        key = (style, size)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(resources.font(_FILES.get(style, _FILES["sans"])), size)
            self._fonts[key] = font
            if len(self._fonts) > self._max_fonts:
                self._fonts.popitem(last=False)
        else:
            self._fonts.move_to_end(key)
        return font

    def render(
        self, text: str, size: int, color: Color = (255, 255, 255), style: str = "sans"
    ) -> pygame.Surface:
        """``text`` drawn antialiased on a transparent surface (cached)."""
        key = (text, style, int(size), color)
        surf = self._surfaces.get(key)
        if surf is not None:
            return surf
        surf = self.font(size, style).render(text, True, color)
        if len(color) == 4 and color[3] < 255:
            surf.set_alpha(color[3])
        return self._surfaces.put(key, surf)

    def size(self, text: str, size: int, style: str = "sans") -> tuple[int, int]:
        """The pixel size ``text`` would take."""
        return self.font(size, style).size(text)

    def fit(self, text: str, size: int, width: int, style: str = "sans", min_size: int = 8) -> int:
        """The largest font size up to ``size`` at which ``text`` fits in ``width`` pixels."""
        key = (text, size, width, style, min_size)
        found = self._fits.get(key)
        if found is not None:
            return found
        # Worked out once: each size tried opens a font, and a frame asks the same again.
        while size > min_size and self.size(text, size, style)[0] > width:
            size -= 1
        if len(self._fits) >= MAX_FITS:
            self._fits.clear()
        self._fits[key] = size
        return size

    def ellipsize(self, text: str, size: int, width: int, style: str = "sans") -> str:
        """``text`` shortened with an ellipsis to fit in ``width`` pixels."""
        if self.size(text, size, style)[0] <= width:
            return text
        while text and self.size(text + "…", size, style)[0] > width:
            text = text[:-1]
        return text + "…"

    def wrap(self, text: str, size: int, width: int, style: str = "sans") -> list[str]:
        """``text`` broken into lines no wider than ``width`` (paragraphs kept)."""
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if self.size(trial, size, style)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def blit(
        self,
        target: pygame.Surface,
        text: str,
        size: int,
        pos: tuple[float, float],
        color: Color = (255, 255, 255),
        style: str = "sans",
        anchor: str = "topleft",
    ) -> pygame.Rect:
        """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``."""
        surf = self.render(text, size, color, style)
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        target.blit(surf, rect)
        return rect
