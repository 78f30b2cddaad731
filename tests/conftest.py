"""Test setup: every test runs without a display or a sound card."""

import os
from collections.abc import Iterator

import pytest

from game.net.server import ServerConfig, ServerThread

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def server() -> Iterator[ServerThread]:
    """A table server on 127.0.0.1 (any free port) that accepts seeds and is in no hurry to
    refuse a test's quick messages; stopped after the test."""
    thread = ServerThread(ServerConfig(port=0, allow_seed=True, rate_per_second=1000.0, rate_burst=1000))
    thread.start()
    yield thread
    thread.stop()
