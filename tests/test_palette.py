"""Ten seats' colours stay apart for normal sight and the common colour-blindnesses, on the felt."""

from __future__ import annotations

import itertools
import math

from scenes.table.world import SEAT_COLORS, SEAT_MARKS

# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)
)
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)
)
SIGHTS = {"normal": None, "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}
FELT = (24, 80, 48)


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb: tuple[int, int, int], sight: tuple[tuple[float, ...], ...] | None) -> tuple[float, float, float]:
    """CIELAB of ``rgb`` as a person with ``sight`` sees it."""
    lin = [linear(c) for c in rgb]
    if sight is not None:
        lin = [min(1.0, max(0.0, sum(row[j] * lin[j] for j in range(3)))) for row in sight]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_ten_seat_colours_stay_apart_for_every_sight() -> None:
    assert len(SEAT_COLORS) == len(set(SEAT_COLORS)) == 10
    for name, sight in SIGHTS.items():
        for a, b in itertools.combinations(range(10), 2):
            gap = math.dist(lab(SEAT_COLORS[a], sight), lab(SEAT_COLORS[b], sight))
            assert gap >= 15, (name, a, b, round(gap, 1))  # the old palette: 2.8 (seats 7 and 9)


def test_every_seat_colour_stands_out_on_the_felt() -> None:
    for sight in SIGHTS.values():
        felt = lab(FELT, sight)[0]
        assert all(lab(color, sight)[0] - felt >= 25 for color in SEAT_COLORS)


def test_ten_seats_have_ten_different_marks_in_the_chart() -> None:
    marks = {(SEAT_MARKS[seat % len(SEAT_MARKS)], seat < len(SEAT_MARKS)) for seat in range(10)}
    assert len(marks) == 10
