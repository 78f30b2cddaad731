"""The window: Settings offers only the sizes the screen holds, from 1024 × 600; a window manager
that gives the window another size is no warning in the terminal; a panel covered by another
(the pause under Settings) shows none of its key hints through it."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from helpers import DT

from game.limits import WINDOW_SIZES
from scenes.app import loop
from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.screens.pause import PauseScene
from scenes.screens.settings import SettingsScene
from scenes.store.settings import Settings
from scenes.table.setup import Setup

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def clear_events() -> Iterator[None]:
    yield
    if pygame.display.get_init():
        pygame.event.clear()


def _offered(app: App) -> list[tuple[int, int]]:
    scene = SettingsScene(app)
    return [value for value, _name in scene.size_w.options]


@pytest.mark.parametrize("desktop", [(1024, 600), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)])
def test_window_size_offers_what_the_screen_holds_from_1024_by_600(
    monkeypatch: pytest.MonkeyPatch, desktop: tuple[int, int]
) -> None:
    app = App(Settings(animation_speed="instant", language="en"), (1280, 720))
    # A real screen of that size (the dummy driver has none).
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    offered = _offered(app)
    assert offered[0] == (1024, 600)
    room = (desktop[0] - loop.WINDOW_MARGIN[0], desktop[1] - loop.WINDOW_MARGIN[1])
    for w, h in offered:
        # The window's own size too, as it is (a window manager may give it the whole screen).
        assert (w, h) in ((1024, 600), app.size) or (w <= room[0] and h <= room[1]), (w, h)
    for size in WINDOW_SIZES:
        if size[0] <= room[0] and size[1] <= room[1]:
            assert size in offered
    # The size in use is among them, as the screen lets it open.
    assert SettingsScene(app).size_w.value_text() in [f"{w} × {h}" for w, h in offered]


def test_every_size_is_offered_where_the_screen_is_unknown() -> None:
    app = App(Settings(animation_speed="instant", language="en"), (1280, 720))
    assert _offered(app) == list(WINDOW_SIZES)


def test_a_window_manager_resizing_the_window_is_no_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    """A window manager that fills the screen with every window (as the one of a phone, or a
    tiling one): pygame warns that the window was resized; the game takes the size it is given."""
    real = pygame.display.set_mode

    def maximised(size: tuple[int, int] = (0, 0), flags: int = 0) -> pygame.Surface:
        screen = real((1920, 1080), flags)
        if tuple(size) != (0, 0) and tuple(size) != screen.get_size():
            warnings.warn(
                "Requested window was forcibly resized by the OS.\n"
                f"\tRequested window size: {tuple(size)}\n\tNew window size: {screen.get_size()}",
                RuntimeWarning,
                stacklevel=2,
            )
        return screen

    monkeypatch.setattr(pygame.display, "set_mode", maximised)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        app = App(Settings(animation_speed="instant", language="en"), (1280, 720))
        assert app.size == (1920, 1080)
        app.update_settings(window_width=1024, window_height=600)
        app.step(DT, [])


def test_the_game_starts_and_stops_without_a_warning(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "FARMER_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONWARNINGS": "error",
    }
    done = subprocess.run(
        [sys.executable, "-W", "error", "-m", "scenes.cli", "--exit-after", "0.5", "--lang", "fr"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr and "Warning" not in done.stdout


def test_the_pause_panels_hints_do_not_show_through_settings_over_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pause writes its keys along the top edge; Settings over it must show only its own: the
    screen is the same as over a pause with no hints at all."""
    shots = []
    for hinted in (True, False):
        if not hinted:
            monkeypatch.setattr(PauseScene, "hints", lambda self: "")
        app = App(Settings(animation_speed="instant", language="en"), (1280, 720))
        screens = Screens(app)
        screens.start(Setup.for_players(4, seed=3, deals=2))
        app.step(DT, [])
        screens.pause(app.stack.top.source)  # type: ignore[union-attr]
        app.step(DT, [])
        screens.settings()
        app.step(DT, [])
        top = app.stack.top
        assert isinstance(top, SettingsScene)
        app.draw()
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
    assert shots[0] == shots[1], "the pause's key hints show under Settings"
