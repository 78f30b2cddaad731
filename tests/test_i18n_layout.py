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

from functools import partial
from pathlib import Path

import pygame
import pytest
from helpers.layout import Recorder, new_app, problems, redraw_top

from scenes import i18n
from scenes.i18n import LANGUAGES
from scenes.ui.widgets import Button
from tools import screenshots
from tools.driver import top_name

SIZES = [(1024, 600), (1920, 1080)]
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
