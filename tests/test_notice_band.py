"""A notice with no clear place on screen (a ledger over the table, the plates round it) goes along
the top as a band over the table's header: the whole header, so that none of the header's words
shows half covered beneath it, and opaque."""

from __future__ import annotations

import pygame
import pytest

from scenes.app.notices import place_notices
from scenes.ui.layout import compute, unit
from scenes.ui.text import Text


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1280, 640), (1920, 1080)])
def test_a_notice_with_no_clear_place_covers_the_whole_header(size: tuple[int, int]) -> None:
    pygame.font.init()
    everything = [pygame.Rect(0, 0, *size)]
    placed = place_notices(["Reconnecting…"], size, unit(size), Text(), everything)
    header = compute(size, 5, 0).header
    band = placed[0].box
    assert band.top <= header.top and band.bottom >= header.bottom and band.w >= header.w
    assert placed[0].opaque


def test_several_notices_with_no_clear_place_stand_one_under_another_not_on_top_of_each_other() -> None:
    pygame.font.init()
    size = (1024, 600)
    texts = ["Reconnecting: nothing can be sent until the connection is back.", "Reconnecting…",
             "Time's up: the computer stood for you."]
    placed = place_notices(texts, size, unit(size), Text(), [pygame.Rect(0, 0, *size)])
    boxes = [p.box for p in placed]
    assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), boxes
    assert boxes[0].top == 0  # the newest first, at the top
    assert all(b.bottom <= size[1] for b in boxes)
