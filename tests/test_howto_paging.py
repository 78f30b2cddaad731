"""How to play paged through: Page Down and Page Up move by a page with one line seen again, and
every line of every rule set's rules shows whole on some page, in every language and size."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

import pygame
import pytest
from helpers import DT, drawn_words

from scenes.app.loop import App
from scenes.i18n import set_language
from scenes.screens.howto import HowToScene
from scenes.screens.howto_content import howto_sections
from scenes.store.settings import Settings

RULES = [("foster", False), ("foster", True), ("lacombe", False), ("lacombe", True), ("ferme", False)]
SIZES = [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


@dataclass(frozen=True)
class Line:
    """A line of words drawn wholly inside the page's body: its words, column and place in the content."""

    text: str
    x: int
    y: int


def _page(app: App, scene: HowToScene) -> set[Line]:
    """The lines of words drawn whole inside the scrolling body on the next frame (the body is
    where the screen clips its content), each at its place down the whole content."""
    return {
        Line(text, rect.x, round(rect.y + scene.scroll))
        for text, rect, clip in drawn_words(app)
        if clip is not None and clip.inflate(2, 2).contains(rect)
    }


def _press(app: App, scene: HowToScene, key: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _pages(app: App, scene: HowToScene, key: int) -> list[tuple[float, set[Line]]]:
    """Each page's scroll and whole lines, pressing ``key`` until the page no longer moves."""
    pages = [(scene.scroll, _page(app, scene))]
    for _turn in range(200):
        _press(app, scene, key)
        if abs(scene.scroll - pages[-1][0]) < 1:
            return pages
        pages.append((scene.scroll, _page(app, scene)))
    raise AssertionError("the page never stopped moving")


def _columns(lines: set[Line]) -> list[str]:
    """The words of each column of lines (the text beside the legend's pictures is one), top to bottom."""
    by_x: dict[int, list[Line]] = {}
    for line in lines:
        by_x.setdefault(line.x, []).append(line)
    return [" ".join(line.text for line in sorted(col, key=lambda ln: ln.y)) for col in by_x.values()]


def _every_line_shows(rules: str, rotating: bool, pages: list[tuple[float, set[Line]]]) -> None:
    every: set[Line] = set().union(*(lines for _scroll, lines in pages))
    columns = _columns(every)
    for section in howto_sections(rules, rotating):
        for words in (section.title, *section.paragraphs, *filter(None, [section.caption])):
            assert any(words in column for column in columns), f"never shown whole: {words!r}"


def _open(lang: str, size: tuple[int, int], rules: str, rotating: bool) -> tuple[App, HowToScene]:
    app = App(Settings(animation_speed="instant", language=lang), size)
    scene = HowToScene(app, rules, rotating)
    app.push(scene)
    app.step(DT, [])
    return app, scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize(("rules", "rotating"), RULES)
def test_page_down_and_up_show_every_line_whole_with_one_line_seen_again(
    rules: str, rotating: bool, lang: str, size: tuple[int, int]
) -> None:
    app, scene = _open(lang, size, rules, rotating)
    down = _pages(app, scene, pygame.K_PAGEDOWN)
    assert len(down) > 1, "the rules fit one page: nothing to page through"
    _every_line_shows(rules, rotating, down)
    for (_s1, before), (_s2, after) in pairwise(down):
        last = max(before, key=lambda ln: ln.y)
        assert last in after, f"the last line of a page is not the first of the next: {last.text!r}"
    # Between pages that are not the last, only the last row of the one is seen again on the next.
    line = round(18 * app.u * 1.4)
    for (_s1, before), (_s2, after) in pairwise(down[:-1]):
        again = {ln.y for ln in before & after}
        assert max(again) - min(again) <= 3 * line, "more than a line seen again"
    up = _pages(app, scene, pygame.K_PAGEUP)
    assert up[-1][0] == 0.0
    _every_line_shows(rules, rotating, up)
    for (_s1, below), (_s2, above) in pairwise(up):
        first = min(below, key=lambda ln: ln.y)
        assert first in above, f"the first line of a page is not the last of the one above: {first.text!r}"
    pygame.event.clear()


def test_foster_says_who_keeps_a_farm_nobody_won_and_ferme_settles_up() -> None:
    """The two lines the pages once skipped, found by paging at every size."""
    for size in SIZES:
        for rules, words in (
            ("foster", "A farm that nobody has won by then goes to its farmer."),
            ("ferme", "Settling up"),
        ):
            app, scene = _open("en", size, rules, False)
            pages = _pages(app, scene, pygame.K_PAGEDOWN)
            shown = _columns(set().union(*(p for _s, p in pages)))
            assert any(words in column for column in shown), (size, words)


def test_the_arrows_and_the_wheel_move_by_whole_lines() -> None:
    app, scene = _open("de", (1280, 720), "lacombe", False)
    tops = {round(span.top, 3) for span in scene.spans}
    for _press_down in range(5):
        _press(app, scene, pygame.K_DOWN)
        assert round(scene.scroll, 3) in tops  # the page starts at a line, never half of one
    five = scene.scroll
    _press(app, scene, pygame.K_UP)
    assert round(scene.scroll, 3) in tops and scene.scroll < five
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0))
    ordered = sorted(tops)
    assert ordered.index(round(scene.scroll, 3)) == ordered.index(round(five, 3)) - 1 + 3
    # The gamepad's shoulder button (+) pages like Page Down.
    at = scene.scroll
    _press(app, scene, pygame.K_PLUS)
    paged = scene.scroll
    scene.scroll = at
    _press(app, scene, pygame.K_PAGEDOWN)
    assert paged == scene.scroll > at
    pygame.event.clear()
