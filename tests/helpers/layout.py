"""Helpers for tests that read where words are drawn: a recorder of every string a window draws,
and the checks that none overflows or overlaps another."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from scenes.app.loop import App
from scenes.store.keeper import Keeper
from scenes.store.saves import SaveStore
from scenes.store.settings import Settings
from scenes.store.stats import StatsStore
from scenes.table.ledger import LedgerHandler
from scenes.ui.text import Text
from scenes.ui.widgets import Button, Choice, TextField, Widget

SLACK = 2
"""Pixels a string may stray or overlap: the fonts' line boxes reach a little above and below the ink."""


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


def record_words(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """A recorder patched into Text.blit and the widgets' draw, for the rest of the test (the
    ``recorder`` fixture)."""
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
    return rec


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
