"""Test setup: every test runs without a display or a sound card."""

import os
from collections.abc import Iterator

import pygame
import pytest
from helpers import DT
from helpers.layout import Recorder, record_words

from game.net.client import Client
from game.net.server import ServerConfig, ServerThread
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
def server() -> Iterator[ServerThread]:
    """A table server on 127.0.0.1 (any free port) that accepts seeds and is in no hurry to
    refuse a test's quick messages; stopped after the test."""
    thread = ServerThread(ServerConfig(port=0, allow_seed=True, rate_per_second=1000.0, rate_burst=1000))
    thread.start()
    yield thread
    thread.stop()


@pytest.fixture(autouse=True)
def _network_threads_end_with_their_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every table server thread and client a test starts (itself or through a window, a kiosk or
    a tool) is stopped when the test ends, passed or failed: a game left playing, or a client left
    trying to reconnect, would take the machine's time from every later test."""
    servers: list[ServerThread] = []
    clients: list[Client] = []
    start, init = ServerThread.start, Client.__init__

    def recorded_start(self: ServerThread, timeout: float = 10.0) -> int:
        servers.append(self)
        return start(self, timeout)

    def recorded_init(self: Client, *args: object, **kwargs: object) -> None:
        clients.append(self)
        init(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ServerThread, "start", recorded_start)
    monkeypatch.setattr(Client, "__init__", recorded_init)
    yield
    for client in clients:
        client.close(timeout=1.0)
    for server in servers:
        server.stop(timeout=2.0)


@pytest.fixture(autouse=True)
def _language_ends_with_its_test() -> Iterator[None]:
    """The language a test chose (the catalogue is one for the process) is not the next test's."""
    before = i18n.language()
    yield
    i18n.set_language(before)
