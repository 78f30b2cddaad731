"""The redraw bookkeeping of a screen that lists its pieces (scenes/app/regions.py): a frame draws
again only what changed since the frame last presented, and the whole window when the ground
under the pieces changes."""

from __future__ import annotations

import pygame

from scenes.app.regions import Change, Items, RegionTracker, changed_rects


class Screen:
    """A screen of pieces, a ground (a stage) and a panel that may cover it."""

    def __init__(self) -> None:
        self.pieces: Items = {"card": ("A", pygame.Rect(0, 0, 10, 10))}
        self.glow = pygame.Rect(50, 50, 5, 5)
        self.stage = "auction"
        self.covered = False
        self.listed = 0
        self.tracker = RegionTracker(
            self.items,
            lambda: [self.glow],
            lambda: (self.stage, tuple(self.pieces.items())),
            lambda: self.stage,
            lambda: self.covered,
        )

    def items(self) -> Items | None:
        self.listed += 1
        return None if self.covered else dict(self.pieces)

    def present(self, pulse_only: bool = False) -> list[pygame.Rect] | None:
        rects = self.tracker.rects(pulse_only)
        self.tracker.shown()
        return rects


def test_what_changed_is_where_a_piece_was_and_where_it_is_and_what_came_or_went() -> None:
    before: Items = {"a": ("x", pygame.Rect(0, 0, 1, 1)), "b": ("y", pygame.Rect(5, 5, 1, 1))}
    now: Items = {"a": ("x", pygame.Rect(2, 0, 1, 1)), "c": ("z", pygame.Rect(9, 9, 1, 1))}
    assert changed_rects(before, now) == [
        pygame.Rect(0, 0, 1, 1), pygame.Rect(2, 0, 1, 1), pygame.Rect(9, 9, 1, 1), pygame.Rect(5, 5, 1, 1)
    ]
    assert changed_rects(before, dict(before)) == []
    assert changed_rects(None, now) is None


def test_the_first_frame_is_whole_then_only_what_moved_since_the_frame_presented() -> None:
    screen = Screen()
    assert screen.present() is None  # nothing presented yet: the whole window
    assert screen.present() == []
    screen.pieces["card"] = ("A", pygame.Rect(20, 0, 10, 10))
    assert screen.present() == [pygame.Rect(0, 0, 10, 10), pygame.Rect(20, 0, 10, 10)]
    assert screen.present() == []  # counted from the frame just presented


def test_a_glows_frame_draws_the_glow_and_keeps_the_frame_before_as_reference() -> None:
    screen = Screen()
    screen.present()
    screen.present()
    screen.pieces["chip"] = ("5", pygame.Rect(30, 30, 4, 4))
    listed = screen.listed
    assert screen.present(pulse_only=True) == [screen.glow]
    assert screen.listed == listed  # the pieces are not listed for a glow's frame
    assert screen.present() == [pygame.Rect(30, 30, 4, 4)]  # still counted from the frame before


def test_a_covered_screen_is_drawn_whole_and_an_app_that_never_asks_lists_nothing() -> None:
    screen = Screen()
    screen.present()
    screen.covered = True
    assert screen.present() is None
    quiet = Screen()
    for _ in range(3):
        quiet.tracker.shown()  # presented whole windows: never asked for rectangles
    assert quiet.listed == 0


def test_an_update_changes_nothing_its_regions_or_the_whole_window() -> None:
    screen = Screen()

    def move() -> None:
        screen.pieces["card"] = ("A", pygame.Rect(1, 1, 10, 10))

    def new_stage() -> None:
        screen.stage = "deal"

    assert screen.tracker.follow(lambda: None, moving=False) is Change.NOTHING
    assert screen.tracker.follow(lambda: None, moving=True) is Change.REGIONS  # a last step to show
    assert screen.tracker.follow(move, moving=False) is Change.REGIONS
    assert screen.tracker.follow(move, moving=False) is Change.NOTHING  # it had already moved there
    assert screen.tracker.follow(new_stage, moving=False) is Change.WHOLE
    screen.covered = True
    assert screen.tracker.follow(lambda: None, moving=True) is Change.WHOLE
