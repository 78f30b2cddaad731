"""Test setup: every test runs without a display or a sound card."""

import os
from collections.abc import Iterator

import pygame
import pytest
from helpers import DT, quick_config
from helpers.layout import Recorder, record_words
from helpers.windows import Windows

from game.net.server import ServerThread
from scenes import i18n
from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def app() -> Iterator[App]:
    """A window (1280 × 720, in English, animations instant) showing the menu, its first frame
    drawn; what it left in pygame's event queue and its music end with the test."""
    the_app = App(Settings(animation_speed="instant", language="en"), (1280, 720))
    the_app.stack.push(MenuScene(the_app, Screens(the_app)))
    the_app.step(DT, [])
    yield the_app
    pygame.event.clear()
    if pygame.mixer.get_init():
        pygame.mixer.music.stop()


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """Every string drawn while the recorder is on, with the widget it was drawn in."""
    return record_words(monkeypatch)


@pytest.fixture
def windows() -> Iterator[Windows]:
    """The windows (and phones) a test opens on network tables, their network closed after it."""
    with Windows() as opened:
        yield opened


@pytest.fixture
def server() -> Iterator[ServerThread]:
    """A table server on 127.0.0.1 (any free port) that accepts seeds and is in no hurry to
    refuse a test's quick messages; stopped after the test."""
    with ServerThread(quick_config()) as thread:
        yield thread


@pytest.fixture(autouse=True)
def _language_ends_with_its_test() -> Iterator[None]:
    """The language a test chose (the catalogue is one for the process) is not the next test's."""
    before = i18n.language()
    yield
    i18n.set_language(before)
