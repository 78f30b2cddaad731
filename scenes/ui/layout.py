"""Where everything sits on the table, for any window size and 3 to 10 players.

The layout is pure geometry (pygame.Rect needs no display): the human's seat is at the
bottom centre with large cards; the other seats go clockwise round an ellipse (seat s+1 is
to the left of seat s, as the rules say). Each seat is a *block*: its hand of cards and,
nearer the rim, its name plate (chip stack, name, chips, what it just said). The deck, the
farm and the action panel sit in the middle. Sizes scale with the window; if anything would
overlap, the seats shrink step by step until nothing does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pygame import Rect

from game.limits import WINDOW_HEIGHT, WINDOW_WIDTH
from scenes.ui.tween import BACK_PEAK

MIN_SIZE = (WINDOW_WIDTH.low, WINDOW_HEIGHT.low)
"""The smallest window the table is laid out for; below it a notice asks for a larger window."""
CARD_RATIO = 1.4
"""Card height over width (a poker card is 88 × 63 mm)."""


CROWN_REACH = 0.15
"""How far a winning hand's cards move towards the middle of the table at most (the top of their
rise's bounce), as a share of their height: the table keeps that much room for them."""


def crown_rise(card_h: int, hand_above: bool) -> float:
    """The lift a winning hand with cards ``card_h`` high comes to rest at (Table.crown): towards the
    middle, up for a hand above its plate, down for the others. Its bounce (ease_out_back) goes past
    this by a tenth, to :data:`CROWN_REACH` and no further."""
    return card_h * CROWN_REACH / BACK_PEAK * (1 if hand_above else -1)


def crown_reach(card_h: int) -> int:
    """How many pixels a winning hand with cards ``card_h`` high moves at most, bounce included."""
    return round(card_h * CROWN_REACH)


HEADLINE_LINES = 3
"""How many lines of body text a long headline should find room for above the banner's foot."""


HEADER_HEIGHT = 34
"""The table header's height at the reference size (the deal, the rules, the keys)."""


def unit(size: tuple[int, int]) -> float:
    """The scale of the window against a 1280 × 720 reference (1.0 there, 3.0 at 3840 × 2160)."""
    return min(size[0] / 1280, size[1] / 720)


def too_small(size: tuple[int, int]) -> bool:
    """Whether the window is smaller than the table can be laid out in."""
    return size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]


@dataclass(frozen=True)
class SeatLayout:
    """One seat's places: its block, hand, name plate, chip stack and farmer-marker spot."""

    seat: int
    block: Rect
    """Everything of the seat lies inside this rect."""
    hand: Rect
    """Where its cards lie."""
    plate: Rect
    """The name plate."""
    stack: Rect
    """The chip stack, inside the plate on its left."""
    marker: tuple[int, int]
    """Centre of the farmer's marker when this seat is farmer (inside the plate, on its right)."""
    card: tuple[int, int]
    """Card size (w, h) in this seat's hand."""
    angle: float
    """Where round the ellipse the seat sits, in degrees (90 = bottom, screen coordinates)."""
    hand_above: bool
    """Whether the hand lies above the plate (seats in the lower half) or below it."""


@dataclass(frozen=True)
class TableLayout:
    """The whole table for one window size and number of seats."""

    size: tuple[int, int]
    n: int
    human: int
    u: float
    """Scale unit (see :func:`unit`)."""
    k: float
    """How much the seats had to shrink to fit (1.0: not at all)."""
    header: Rect
    table: Rect
    """The felt's oval lies in this rect."""
    seats: tuple[SeatLayout, ...]
    deck: Rect
    """The deck (one card)."""
    farm: Rect
    """The farm's chip pile and its label."""
    banner: Rect
    """The message line in the middle of the table."""
    panel: Rect
    """The human's action panel (bid / card / stand), above their hand."""
    chip_r: int
    """Radius of a chip seen from above."""
    font: dict[str, int] = field(default_factory=dict)
    """Font sizes by role: ``name``, ``small``, ``body``, ``banner``, ``big``."""
    banner_room: Rect = field(default_factory=Rect)
    """Where a headline or a hint too long for the banner's line may rise to, from the banner's foot
    up to the seats above it (a winning hand lifted towards the middle included): the banner's
    width, or a narrower column between the seats beside it where that rises higher."""

    def seat(self, s: int) -> SeatLayout:
        """The layout of seat ``s``."""
        return self.seats[s]

    def named_rects(self) -> list[tuple[str, Rect]]:
        """Every element that must lie inside the window and not overlap another, with a name."""
        out: list[tuple[str, Rect]] = [
            ("deck", self.deck),
            ("farm", self.farm),
            ("banner", self.banner),
            ("panel", self.panel),
        ]
        for s in self.seats:
            out.append((f"block{s.seat}", s.block))
        return out


def _angles(n: int) -> list[float]:
    """Angles (degrees, screen coordinates, 90 = bottom) of the slots clockwise from the human."""
    if n <= 7:
        return [90 + i * 360 / n for i in range(n)]
    # Give the human's large hand more room at the bottom: neighbours start 50° away.
    gap = 50.0
    step = (360 - 2 * gap) / (n - 2)
    return [90.0] + [90 + gap + i * step for i in range(n - 1)]


def compute(size: tuple[int, int], n: int, human: int = 0, text_scale: float = 1.0) -> TableLayout:
    """The table laid out for a window of ``size`` with ``n`` seats, ``human`` at the bottom.

    ``text_scale`` is how much larger than normal words are drawn (large text): the name
    plates, the banner and the action panel grow with it so the words still fit.
    """
    if not 3 <= n <= 10:
        raise ValueError(f"the table seats 3 to 10 players, not {n}")
    k = 1.0
    best: TableLayout | None = None
    for _ in range(20):
        best = _compute(size, n, human, k, text_scale)
        if _fits(best):
            return best
        k *= 0.93
    assert best is not None
    return best


def _fits(lay: TableLayout) -> bool:
    screen = Rect(0, 0, *lay.size)
    rects = [r for _, r in lay.named_rects()]
    if any(not screen.contains(r) for r in rects):
        return False
    return _pairwise_clear(rects)


def _pairwise_clear(rects: list[Rect]) -> bool:
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            if a.colliderect(b):
                return False
    return True


def _room(banner: Rect, left: int, width: int, blocks: list[Rect], top: int) -> Rect:
    """The room from ``left``, ``width`` wide, from the banner's foot up to the nearest of
    ``blocks`` above the banner (or ``top``), never lower than the banner's own top."""
    room = Rect(left, top, width, banner.bottom - top)
    for b in blocks:
        if b.right > room.left and b.left < room.right and b.top < banner.top:
            room.top = max(room.top, min(b.bottom, banner.top))
    room.h = banner.bottom - room.top
    return room


def _narrow(rect: Rect, blocks: list[Rect], gap: int) -> Rect:
    """``rect`` made narrower about its centre until it clears every block beside it."""
    half = rect.w // 2
    for b in blocks:
        if b.bottom <= rect.top or b.top >= rect.bottom:
            continue
        if b.right <= rect.centerx:
            half = min(half, rect.centerx - b.right - gap)
        elif b.left >= rect.centerx:
            half = min(half, b.left - rect.centerx - gap)
    out = Rect(0, 0, max(2 * half, 0), rect.h)
    out.center = rect.center
    return out


def _compute(size: tuple[int, int], n: int, human: int, k: float, ts: float = 1.0) -> TableLayout:
    w, h = size
    u = unit(size)
    margin = round(10 * u)
    header = Rect(0, 0, w, round(HEADER_HEIGHT * u))
    table = Rect(
        margin, header.bottom + round(4 * u), w - 2 * margin, h - header.bottom - round(4 * u) - margin
    )
    font = {
        "name": max(11, round(17 * u * max(k, 0.75))),
        "small": max(10, round(14 * u)),
        "body": max(12, round(18 * u)),
        "banner": max(14, round(24 * u)),
        "big": max(20, round(44 * u)),
    }
    # Seat blocks.
    plate_w, plate_h = round(178 * u * k * (1 + (ts - 1) * 0.7)), round(54 * u * k * ts)
    small_h = round(76 * u * k)
    small = (round(small_h / CARD_RATIO), small_h)
    big_h = round(124 * u * min(1.0, k * 1.08))
    big = (round(big_h / CARD_RATIO), big_h)
    gap = round(5 * u)
    angles = _angles(n)
    cx = table.centerx
    seats: list[SeatLayout | None] = [None] * n
    other_w = max(plate_w, round(small[0] * 2.7))
    other_h = small[1] + gap + plate_h
    rx = table.w / 2 - other_w / 2
    ry = table.h / 2 - other_h / 2
    cy = table.centery
    for slot, angle in enumerate(angles):
        seat = (human + slot) % n
        if slot == 0:
            hand_w = round(big[0] * 4.4)
            bw, bh = max(hand_w, plate_w), big[1] + gap + plate_h
            block = Rect(0, 0, bw, bh)
            block.midbottom = (cx, table.bottom)
            card = big
            above = True
        else:
            rad = math.radians(angle)
            bx = cx + rx * math.cos(rad)
            by = cy + ry * math.sin(rad)
            block = Rect(0, 0, other_w, other_h)
            block.center = (round(bx), round(by))
            block.clamp_ip(table)
            card = small
            hand_w = round(small[0] * 2.7)
            above = math.sin(rad) > 0.25
        plate = Rect(0, 0, plate_w, plate_h)
        hand = Rect(0, 0, min(hand_w, block.w), card[1])
        if above:
            plate.midbottom = block.midbottom
            hand.midtop = block.midtop
        else:
            plate.midtop = block.midtop
            hand.midbottom = block.midbottom
        pad = max(3, round(6 * u * k))
        stack = Rect(plate.x + pad, plate.y + pad, round(plate_h * 0.62), plate_h - 2 * pad)
        marker = (plate.right - round(plate_h * 0.3), plate.centery)
        seats[seat] = SeatLayout(seat, block, hand, plate, stack, marker, card, angle, above)
    done = [s for s in seats if s is not None]
    # The middle: banner, deck and farm side by side, the action panel below them.
    human_block = done[human].block
    top_limit = max(
        [s.block.bottom for s in done if not s.hand_above and abs(s.block.centerx - cx) < other_w]
        + [table.top]
    )
    deck_h = round(92 * u * min(1.0, k * 1.1))
    deck = Rect(0, 0, round(deck_h / CARD_RATIO), deck_h)
    farm = Rect(0, 0, round(150 * u * min(1.0, k * 1.1)), deck_h + round(8 * u))
    panel = Rect(0, 0, round(560 * u * (1 + (ts - 1) * 0.5)), round(84 * u * ts))
    banner = Rect(0, 0, round(560 * u), round(font["banner"] * 1.5 * ts))
    panel.midbottom = (cx, human_block.top - gap)
    free_top = top_limit + gap
    mid_y = (free_top + banner.h + panel.top) / 2
    deck.center = (cx - round(farm.w * 0.75), round(mid_y))
    farm.center = (cx + round(farm.w * 0.55), round(mid_y))
    banner.midbottom = (cx, min(deck.top, farm.top) - gap)
    others = [s.block for s in done if s.seat != human]
    # A winning hand rises towards the middle (Table.crown), its bounce past its rest included: the
    # headline keeps clear of each seat as far as its cards reach then, beside it and above it.
    reach = crown_reach(small[1])
    risen = [s.block.union(s.block.move(0, -reach if s.hand_above else reach))
             for s in done if s.seat != human]
    banner = _narrow(banner, risen, gap)
    panel = _narrow(panel, others, gap)
    room = _room(banner, banner.x, banner.w, risen, table.top)
    # Where the seats beside it leave the banner's width too short a room for a long headline, a
    # narrower one between them may rise higher, up to the seat above.
    tall = round(HEADLINE_LINES * font["body"] * ts * 1.2)
    if room.h < tall:
        column = _narrow(Rect(banner.x, banner.bottom - tall, banner.w, tall), risen, gap)
        higher = _room(banner, column.x, column.w, risen, table.top)
        if higher.h > room.h and column.w >= banner.w // 2:
            room = higher
    return TableLayout(
        size,
        n,
        human,
        u,
        k,
        header,
        table,
        tuple(done),
        deck,
        farm,
        banner,
        panel,
        max(4, round(11 * u * min(1.0, k * 1.1))),
        font,
        room,
    )


def free_spot(
    size: tuple[int, int], near: tuple[int, int], area: Rect, obstacles: list[Rect], step: int
) -> Rect | None:
    """A box of ``size`` inside ``area`` that touches none of ``obstacles``, its centre as near
    ``near`` as the grid of ``step`` pixels allows; None when there is no such place."""
    w, h = size
    if w > area.w or h > area.h:
        return None
    step = max(1, step)
    xs = range(area.left + w // 2, area.right - (w - w // 2) + 1, step)
    ys = range(area.top + h // 2, area.bottom - (h - h // 2) + 1, step)
    spots = sorted(
        ((x, y) for x in xs for y in ys), key=lambda p: (p[0] - near[0]) ** 2 + (p[1] - near[1]) ** 2
    )
    box = Rect(0, 0, w, h)
    for spot in spots:
        box.center = spot
        if box.collidelist(obstacles) < 0 and area.contains(box):
            return box.copy()
    return None
