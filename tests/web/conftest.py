"""The browser tests' setup: a real table server (HTTP and WebSocket on one port) and one headless
Chromium (Debian's, driven by Playwright: tools/pages.py) for the whole run, whose tabs are the phones
and tablets. Every test here is marked
``web``: ``make web-test`` runs them, ``make test`` leaves them out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import quick_config
from playwright.sync_api import Browser

from game.net.server import ServerThread
from tools.pages import chromium

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in tests/web drives a browser: marked ``web``."""
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.web)


@pytest.fixture
def server() -> Iterator[ServerThread]:
    """A table server on 127.0.0.1 (any free port) that accepts seeds and is in no hurry to refuse
    a test's quick messages; it serves the page on the same port. Stopped after the test."""
    with ServerThread(quick_config()) as thread:
        yield thread


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the run (each page opens in a context of its own); killed at the end."""
    with chromium() as browser:
        yield browser
