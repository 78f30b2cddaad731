"""Every screen in every language at the smallest and a large window: no words outside their box.

The screens are reached as tools/screenshots.py reaches them. At each one the top scene is drawn
once more while :meth:`Text.blit` records where every string went (and on what surface), and the
widgets' ``draw`` record which widget a string belongs to. Then:

* every string lies inside the surface it is drawn on (the window, a name plate, a chart);
* every widget's words lie inside the widget (a button's label inside the button);
* no two strings on the same surface overlap (the ledger's and standings' columns, a plate's name,
  chips and status), beyond a couple of pixels of the fonts' line spacing.

Only the top scene draws in that frame: what lies under an overlay is the app's still picture.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pytest

from scenes import i18n
from scenes.app.loop import App
from scenes.i18n import LANGUAGES
from scenes.store.keeper import Keeper
from scenes.store.saves import SaveStore
from scenes.store.settings import Settings
from scenes.store.stats import StatsStore
from scenes.table.ledger import LedgerHandler
from scenes.ui.text import Text
from scenes.ui.widgets import Button, Choice, TextField, Widget
from tools import screenshots
from tools.driver import top_name

SIZES = [(1024, 600), (1920, 1080)]
SLACK = 2
"""Pixels a string may stray or overlap: the fonts' line boxes reach a little above and below the ink."""
SCENES = {
    "menu": "menu",
    "newgame": "newgame",
    "howto": "howto",
    "settings": "settings",
    "statistics": "statistics",
    "auction": "auction",
    "deal": "deal",
    "pause": "pause",
    "showdown": "showdown",
    "ledger": "ledger",
    "gameover": "gameover",
    "menu_continue": "menu",
    "statistics_played": "statistics",
    "large_text": "deal",
}
"""Each shot of the tour and the scene that must be on top for it."""


@dataclasses.dataclass
class Drawn:
    """One string drawn: where, on what, and inside which widget."""

    text: str
    rect: pygame.Rect
    """Where it went; on a surface clipped to part of it (a scrolled page), the part shown."""
    target: pygame.Surface
    widget: Widget | None


class Recorder:
    """Records every :meth:`Text.blit` while ``on`` (patched in by :func:`recording`)."""

    def __init__(self) -> None:
        """Nothing recorded, not recording."""
        self.on = False
        self.drawn: list[Drawn] = []
        self.widgets: list[Widget] = []

    def take(self, draw: Callable[[], None]) -> list[Drawn]:
        """What ``draw()`` drew."""
        self.drawn = []
        self.on = True
        try:
            draw()
        finally:
            self.on = False
        return self.drawn


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    """A recorder patched into Text.blit and the widgets' draw; the language put back after."""
    rec = Recorder()
    blit = Text.blit

    def recording_blit(
        self: Text, target: pygame.Surface, text: str, *args: Any, **kwargs: Any
    ) -> pygame.Rect:
        rect = blit(self, target, text, *args, **kwargs)
        clip = target.get_clip()
        # A page scrolling under a clip shows only what is inside it; elsewhere the whole string counts.
        visible = rect.clip(clip) if clip != target.get_rect() else rect.copy()
        if rec.on and text.strip() and visible.w and visible.h:
            widget = rec.widgets[-1] if rec.widgets else None
            rec.drawn.append(Drawn(text, visible, target, widget))
        return rect

    monkeypatch.setattr(Text, "blit", recording_blit)
    for cls in (Button, Choice, TextField):
        draw = cls.draw

        def widget_draw(self: Widget, *args: Any, _draw: Callable[..., None] = draw, **kwargs: Any) -> None:
            rec.widgets.append(self)
            try:
                _draw(self, *args, **kwargs)
            finally:
                rec.widgets.pop()

        monkeypatch.setattr(cls, "draw", widget_draw)
    yield rec
    i18n.set_language("en")


def problems(drawn: list[Drawn], where: str) -> list[str]:
    """Everything wrong with the strings of one frame, one line each."""
    found: list[str] = []
    for d in drawn:
        box = d.target.get_rect().inflate(2 * SLACK, 2 * SLACK)
        if not box.contains(d.rect):
            found.append(f"{where}: {d.text!r} at {d.rect} leaves its surface {d.target.get_rect()}")
        if d.widget is not None and not d.widget.rect.inflate(2 * SLACK, 2 * SLACK).contains(d.rect):
            kind = type(d.widget).__name__
            found.append(f"{where}: {d.text!r} at {d.rect} leaves its {kind} {d.widget.rect}")
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            if a.target is not b.target:
                continue
            clip = a.rect.clip(b.rect)
            if clip.w > SLACK and clip.h > SLACK:
                found.append(f"{where}: {a.text!r} at {a.rect} overlaps {b.text!r} at {b.rect}")
    return found


def redraw_top(app: App) -> None:
    """Draw the frame again with the top scene's cached pieces thrown away, so they are drawn too."""
    top = app.stack.top
    table = getattr(top, "table", None)
    if table is not None:
        table._plates.clear()  # the name plates, each drawn once per state
    stage = getattr(top, "handler", None)
    if isinstance(stage, LedgerHandler):
        stage._chart = None  # the ledger's chart
    app.draw()


def new_app(lang: str, size: tuple[int, int], home: Path) -> App:
    """An app in ``lang`` at ``size`` keeping its saves and statistics under ``home``."""
    app = App(Settings(odds_hint=True, farm_hint=True, language=lang), size)
    app.keeper = Keeper(SaveStore(home / "save.json"), StatsStore(home / "stats.json"))
    return app


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_keeps_its_words_in_their_boxes(
    lang: str, size: tuple[int, int], recorder: Recorder, tmp_path: Path
) -> None:
    app = new_app(lang, size, tmp_path)
    assert i18n.language() == lang
    found: list[str] = []
    shots: list[str] = []

    def shot(name: str) -> None:
        assert top_name(app) == SCENES[name], f"{name}: {top_name(app)} on top"
        drawn = recorder.take(lambda: redraw_top(app))
        assert drawn, f"{name}: nothing written"
        found.extend(problems(drawn, f"{lang} {size} {name}"))
        shots.append(name)

    screenshots.tour(app, shot, quick=True)
    assert shots == list(SCENES)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_too_small_notice_keeps_its_words_in_the_window(
    lang: str, recorder: Recorder, tmp_path: Path
) -> None:
    app = new_app(lang, (800, 500), tmp_path)
    drawn = recorder.take(app.draw)
    assert len(drawn) >= 3
    assert not problems(drawn, f"{lang} too_small")


def test_an_overlong_label_is_caught(
    recorder: Recorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checks can fail: a button label no font size fits, and strings running into each other."""
    app = new_app("en", (1024, 600), tmp_path)
    button = Button(lambda: "Continue " * 25, lambda: None)
    button.rect = pygame.Rect(100, 100, 200, 40)

    def draw() -> None:
        button.draw(app.screen, app.text, False, False)
        app.text.blit(app.screen, "Before", 16, (400, 300))
        app.text.blit(app.screen, "Change", 16, (420, 302))

    found = problems(recorder.take(draw), "test")
    assert any("leaves its Button" in f for f in found), found
    assert any("leaves its surface" in f for f in found), found
    assert any("'Before'" in f and "overlaps" in f for f in found), found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_farm_hint_in_the_last_deal_says_the_bid_comes_back_unless_the_farm_is_won(
    lang: str, recorder: Recorder, tmp_path: Path
) -> None:
    """RULES.md: a farm nobody has won when the game ends stays with its farmer (bid and all)."""
    from scenes.navigator import start_game
    from scenes.table.setup import Setup

    last = {
        "en": "stays with its farmer, bid and all",
        "fr": "reste à son fermier, enchère comprise",
        "de": "bleibt samt Gebot bei seinem Pächter",
    }[lang]
    for deals, said in ((1, True), (40, False)):
        app = new_app(lang, (1024, 600), tmp_path)
        start_game(app, Setup.for_players(5, seed=3, deals=deals))
        assert screenshots.run_until(app, partial(screenshots.human_bids, app), auto=False)
        drawn = recorder.take(partial(redraw_top, app))
        words = " ".join(d.text for d in drawn).replace("  ", " ")
        assert (last in words) is said, words
        assert not problems(drawn, f"{lang} last deal's auction")
