"""Farmer's icon, from one drawing: the window's, the desktop's, the stores' and the bundles'.

A rounded square of green felt with a gold rim, a card back and the six of hearts (the
*brillant*, the only six in the deck) fanned over it. The drawing is a short list of
filled outlines in a unit square (:func:`shapes`: polygons, some with holes, made of
rounded rectangles, arcs and a heart curve), and everything else is made from that list:

- :func:`draw` paints it with pygame, larger than asked and smoothed down, so it reads at
  16 pixels and at 256: the window's icon and the desktop entry's PNG icons;
- :func:`svg` writes it as a scalable SVG icon;
- ``tools/make_icons.py`` (run by the build) writes the SVG, the PNGs at every size of
  :data:`PNG_SIZES`, and the Windows ``.ico`` and macOS ``.icns`` from them.

Nothing here needs a display.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import cache

import pygame

from scenes.ui.art import BACKS, CARD_EDGE, CARD_WHITE, FELT, FELT_DARK, GOLD, RED

TITLE = "Farmer"
"""The window's title (the game's name is the same in every language's window list)."""

WINDOW_ICON_SIZE = 64
"""The window icon's size in pixels (the window manager scales it to its own)."""

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The hicolor PNG sizes made (48 is the one the icon theme spec asks every application for)."""

Point = tuple[float, float]
Colour = tuple[int, int, int]

_SUPERSAMPLED = 512
"""The least size the icon is painted at before it is smoothed down to the size asked."""


@dataclass(frozen=True)
class Shape:
    """One filled outline of the icon, in the unit square (x right, y down)."""

    colour: Colour
    rings: tuple[tuple[Point, ...], ...]
    """The outline first, then any holes cut out of it."""
    opacity: float = 1.0


def _rounded_rect(w: float, h: float, r: float, steps: int = 10) -> list[Point]:
    """A rounded rectangle ``w`` by ``h`` centred on the origin, clockwise on the screen."""
    points: list[Point] = []
    corners = ((w / 2 - r, -h / 2 + r, -90.0), (w / 2 - r, h / 2 - r, 0.0), (-w / 2 + r, h / 2 - r, 90.0))
    for cx, cy, start in (*corners, (-w / 2 + r, -h / 2 + r, 180.0)):
        for i in range(steps + 1):
            a = math.radians(start + 90.0 * i / steps)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _arc_band(
    centre: Point, outer: float, width: float, start: float, end: float, steps: int = 24
) -> list[Point]:
    """The band between two arcs about ``centre``, from ``start`` to ``end`` degrees (y up)."""
    angles = [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]
    out = [(centre[0] + outer * math.cos(a), centre[1] - outer * math.sin(a)) for a in angles]
    inner = outer - width
    back = [(centre[0] + inner * math.cos(a), centre[1] - inner * math.sin(a)) for a in reversed(angles)]
    return out + back


def _circle(centre: Point, radius: float, steps: int = 40) -> list[Point]:
    """A circle as a polygon of ``steps`` corners."""
    return [
        (
            centre[0] + radius * math.cos(2 * math.pi * i / steps),
            centre[1] + radius * math.sin(2 * math.pi * i / steps),
        )
        for i in range(steps)
    ]


def _heart(centre: Point, width: float, steps: int = 60) -> list[Point]:
    """The classic heart curve, ``width`` wide, its middle at ``centre``."""
    scale = width / 32
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((centre[0] + x * scale, centre[1] - (y + 2.5) * scale))
    return points


def _place(
    points: list[Point], degrees: float, centre: Point, offset: Point = (0.0, 0.0)
) -> tuple[Point, ...]:
    """``points`` (about the origin) turned ``degrees`` anticlockwise on the screen, moved to ``centre``."""
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    return tuple(
        (centre[0] + offset[0] + x * cos + y * sin, centre[1] + offset[1] - x * sin + y * cos)
        for x, y in points
    )


def _card(
    degrees: float, centre: Point, fill: Colour, edge: Colour, marks: list[tuple[Colour, list[list[Point]]]]
) -> list[Shape]:
    """A card 0.44 by 0.62 with its shadow, turned and placed, with ``marks`` (in card coordinates)."""
    w, h, r = 0.44, 0.62, 0.045
    outline = _rounded_rect(w, h, r)
    shadow = _place(outline, degrees, centre, offset=(1 / 60, 1 / 60))
    rim = 0.012
    shapes = [
        Shape((0, 0, 0), (shadow,), opacity=90 / 255),
        Shape(edge, (_place(outline, degrees, centre),)),
        Shape(fill, (_place(_rounded_rect(w - 2 * rim, h - 2 * rim, r - rim), degrees, centre),)),
    ]
    for colour, rings in marks:
        shapes.append(Shape(colour, tuple(_place(ring, degrees, centre) for ring in rings)))
    return shapes


def _frame(w: float, h: float, r: float, width: float) -> list[list[Point]]:
    """A rounded frame ``width`` wide: its outline, then the hole inside it (centred on the origin)."""
    return [_rounded_rect(w, h, r), _rounded_rect(w - 2 * width, h - 2 * width, max(r - width, 0.001))]


def _six(top_left: Point, height: float) -> tuple[list[list[Point]], list[Point]]:
    """A bold figure 6, ``height`` tall: a round bowl (a ring) and a curved stroke rising from its left."""
    stroke = 0.18 * height
    bowl_r = 0.3 * height
    bowl = (top_left[0] + bowl_r, top_left[1] + height - bowl_r)
    stem_r = 0.62 * height
    stem_centre = (bowl[0] - bowl_r + stem_r, bowl[1])
    ring = [_circle(bowl, bowl_r), _circle(bowl, bowl_r - stroke)]
    return ring, _arc_band(stem_centre, stem_r, stroke, 180.0, 62.0)


@cache
def shapes() -> tuple[Shape, ...]:
    """The icon as filled outlines in the unit square, back to front."""
    tile_side, tile_r, rim = 0.94, 0.2, 0.035
    middle = (0.5, 0.5)
    drawing = [
        Shape(FELT_DARK, (_place(_rounded_rect(tile_side, tile_side, tile_r), 0, middle),)),
        Shape(FELT, (_place(_rounded_rect(tile_side - 0.08, tile_side - 0.08, 0.17), 0, middle),)),
        Shape(GOLD, tuple(_place(ring, 0, middle) for ring in _frame(tile_side, tile_side, tile_r, rim))),
    ]
    back_dark, back_light = BACKS["red"]
    drawing += _card(14, (0.39, 0.52), back_dark, back_light, [(back_light, _frame(0.34, 0.52, 0.03, 0.02))])
    # The face's marks, in card coordinates (the card's middle at the origin, 0.44 by 0.62).
    heart = _heart((0.0, 0.031), 0.24)
    bowl, stem = _six((-0.175, -0.28), 0.1)
    drawing += _card(-10, (0.6, 0.49), CARD_WHITE, CARD_EDGE, [(RED, [heart]), (RED, bowl), (RED, [stem])])
    return tuple(drawing)


def draw(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, on a transparent background."""
    if size < 8:
        raise ValueError(f"an icon of {size} pixels is too small to draw")
    factor = max(4, 2 ** math.ceil(math.log2(_SUPERSAMPLED / size)))  # a power of two: exact averages
    big = size * factor
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    for shape in shapes():
        rings = [[(x * big, y * big) for x, y in ring] for ring in shape.rings]
        if len(rings) == 1 and shape.opacity >= 1.0:
            pygame.draw.polygon(surf, shape.colour, rings[0])
            continue
        # Holes and see-through shapes: painted on a layer of their own (drawing writes pixels,
        # a hole painted clear cuts it out), which is then laid over the rest.
        layer = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.polygon(layer, (*shape.colour, round(255 * shape.opacity)), rings[0])
        for hole in rings[1:]:
            pygame.draw.polygon(layer, (0, 0, 0, 0), hole)
        surf.blit(layer, (0, 0), special_flags=pygame.BLEND_ALPHA_SDL2)
    return pygame.transform.smoothscale(surf, (size, size))


def png(size: int) -> bytes:
    """The icon at ``size`` pixels as a PNG file's bytes."""
    out = io.BytesIO()
    pygame.image.save(draw(size), out, "icon.png")
    return out.getvalue()


def svg(view: int = 256) -> str:
    """The icon as a scalable SVG document (``view`` units square)."""

    def ring(points: tuple[Point, ...]) -> str:
        head, *rest = (f"{x * view:.2f} {y * view:.2f}" for x, y in points)
        return f"M{head}L" + " ".join(rest) + "Z"

    paths = []
    for shape in shapes():
        colour = "#{:02x}{:02x}{:02x}".format(*shape.colour)
        opacity = f' fill-opacity="{shape.opacity:.3f}"' if shape.opacity < 1.0 else ""
        rule = ' fill-rule="evenodd"' if len(shape.rings) > 1 else ""
        paths.append(f'<path fill="{colour}"{opacity}{rule} d="{"".join(ring(r) for r in shape.rings)}"/>')
    body = "\n".join(paths)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{view}" height="{view}"'
        f' viewBox="0 0 {view} {view}">\n'
        f"<title>Farmer</title>\n{body}\n</svg>\n"
    )


def dress_window(title: str = TITLE) -> None:
    """Give the open window Farmer's title and icon."""
    pygame.display.set_caption(title)
    pygame.display.set_icon(draw(WINDOW_ICON_SIZE))
