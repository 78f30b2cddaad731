"""The table's layout: every element inside the window and nothing overlapping, at every size."""

from __future__ import annotations

import argparse

import pytest
from pygame import Rect

from scenes.cli import _size
from scenes.store.settings import check_value
from scenes.ui.layout import MIN_SIZE, compute, crown_rise, too_small
from scenes.ui.tween import BACK_PEAK, ease_out_back

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160), (1024, 768), (2560, 1080), (1366, 768)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(3, 11))
def test_everything_inside_the_window_and_apart(size: tuple[int, int], players: int) -> None:
    lay = compute(size, players)
    screen = Rect(0, 0, *size)
    named = lay.named_rects()
    for name, rect in named:
        assert screen.contains(rect), f"{name} {rect} leaves the {size} window"
        assert rect.w > 0 and rect.h > 0, f"{name} is empty"
    for i, (a, ra) in enumerate(named):
        for b, rb in named[i + 1 :]:
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size} with {players} players"


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("players", [3, 10])
def test_each_seat_keeps_its_parts_inside_its_block(size: tuple[int, int], players: int) -> None:
    lay = compute(size, players)
    for seat in lay.seats:
        assert seat.block.contains(seat.plate)
        assert seat.block.contains(seat.hand)
        assert seat.plate.contains(seat.stack)
        assert seat.plate.collidepoint(seat.marker)
        assert not seat.plate.colliderect(seat.hand)


def test_the_human_sits_at_the_bottom_with_the_largest_cards() -> None:
    lay = compute((1920, 1080), 6, human=2)
    human = lay.seat(2)
    assert human.block.bottom == max(s.block.bottom for s in lay.seats)
    assert human.card[1] > max(s.card[1] for s in lay.seats if s.seat != 2)


def test_seats_go_clockwise_so_the_left_neighbour_is_on_screen_left() -> None:
    lay = compute((1920, 1080), 4)
    # Seat 1 is to the human's left: the left side of the screen; seat 3 on the right.
    assert lay.seat(1).block.centerx < lay.seat(0).block.centerx < lay.seat(3).block.centerx
    assert lay.seat(2).block.centery < lay.seat(1).block.centery


def test_sizes_scale_with_the_window() -> None:
    small = compute((1280, 720), 5)
    big = compute((3840, 2160), 5)
    assert big.seat(0).card[1] == pytest.approx(3 * small.seat(0).card[1], rel=0.05)
    assert big.font["body"] == pytest.approx(3 * small.font["body"], rel=0.1)


def test_too_small_below_the_minimum() -> None:
    assert too_small((MIN_SIZE[0] - 1, 800))
    assert too_small((1280, MIN_SIZE[1] - 1))
    assert not too_small(MIN_SIZE)


def test_a_table_needs_three_to_ten_seats() -> None:
    with pytest.raises(ValueError, match="3 to 10"):
        compute((1280, 720), 2)


def test_the_settings_and_the_command_line_take_the_layouts_smallest_window() -> None:
    w, h = MIN_SIZE
    assert check_value("window_width", w) is None and check_value("window_height", h) is None
    assert check_value("window_width", w - 1) is not None
    assert check_value("window_height", h - 1) is not None
    assert _size(f"{w}x{h}") == MIN_SIZE
    for small in (f"{w - 1}x{h}", f"{w}x{h - 1}"):
        with pytest.raises(argparse.ArgumentTypeError, match=f"{w}x{h} to"):
            _size(small)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(3, 11))
@pytest.mark.parametrize("text_scale", [1.0, 1.25])
def test_a_winning_hand_at_the_top_of_its_bounce_stays_clear_of_the_headlines_room(
    size: tuple[int, int], players: int, text_scale: float
) -> None:
    """A winning hand rises towards the middle with a bounce that overshoots its rest: at its
    highest its cards still lie outside the room a long headline may take."""
    lay = compute(size, players, text_scale=text_scale)
    for seat in lay.seats:
        rise = crown_rise(seat.card[1], seat.hand_above)  # as Table.crown lifts it, with ease_out_back
        for i in range(101):  # the bounce, frame by frame
            cards = seat.hand.move(0, -round(rise * ease_out_back(i / 100)))
            assert not cards.colliderect(lay.banner_room), (seat.seat, i, cards, lay.banner_room)


def test_the_bounce_of_a_rise_peaks_a_tenth_past_its_end_as_the_layout_counts() -> None:
    highest = max(ease_out_back(i / 100_000) for i in range(100_001))
    assert BACK_PEAK - 1e-9 <= highest <= BACK_PEAK
    assert 1.09 < BACK_PEAK < 1.11
