"""Through the proxy, with the real clients: two game windows' links, two phone pages in a
headless Chromium and a spectator at one table of three servers; its server is killed with
``kill -9`` as the first deal is dealt. Every seat and the spectator must be back through the
proxy within the lease + 2 s, chips whole, and every one of them sent the deal's start again.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest
from cluster_parts import LEASE_SECONDS, running_cluster
from playwright.sync_api import Browser

from game.net.client import Client
from game.net.protocol import ServerMessage, Update, Welcome
from game.rules.events import DealStarted
from game.rules.phase import Phase
from tools.cluster import Cluster
from tools.pages import Page, chromium, new_page

pytestmark = pytest.mark.cluster

SEATS = 6
CHIPS = 100


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """PostgreSQL, three servers and HAProxy, fresh for the test."""
    with running_cluster() as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium (each page a context of its own)."""
    with chromium() as browser:
        yield browser


class Window:
    """A game window's link to its table (the window's own :class:`Client`), its messages kept."""

    def __init__(self, url: str) -> None:
        self.client = Client(url)
        self.messages: list[ServerMessage] = []

    def take(self) -> list[ServerMessage]:
        self.messages.extend(self.client.poll())
        return self.messages

    def welcomes(self) -> int:
        return sum(isinstance(m, Welcome) for m in self.take())


def wait(check: Any, limit: float, what: str) -> None:
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


def open_page(browser: Browser, base: str, code: str, name: str) -> Page:
    """A phone opens the table's address through the proxy and takes a seat by its name."""
    page = new_page(browser, 360, 740)
    page.navigate(f"{base}/?t={code}")
    page.wait_for("document.body && document.body.dataset.screen === 'join'", 15, "the join screen")
    page.type("#name", name)
    page.click("#join")
    page.wait_for("document.body.dataset.seat !== undefined", 15, f"{name} seated")
    return page


def page_messages(page: Page) -> list[dict[str, Any]]:
    return [json.loads(f.text) for f in page.received()]


def page_welcomes(page: Page) -> int:
    return sum(m.get("type") == "welcome" for m in page_messages(page))


def test_windows_pages_and_a_spectator_are_back_within_the_lease_after_a_kill(
        cluster: Cluster, browser: Browser) -> None:
    host = Window(cluster.url)
    host.client.create("Ann", {"seats": SEATS, "chips": CHIPS, "deals": 10, "pause_seconds": 2})
    wait(lambda: host.welcomes() >= 1, 15, "the table")
    code = host.client.table
    assert code is not None
    window = Window(cluster.url)
    window.client.join(code, "Bob")
    wait(lambda: window.welcomes() >= 1, 15, "the second window seated")
    base = cluster.page.rstrip("/")
    pages = [open_page(browser, base, code, name) for name in ("Cy", "Di")]
    for page in pages:
        # The page's WebSocket names its table, as the proxy routes by it.
        sockets = page.opened_sockets()
        assert all(url.endswith(f"/?t={code}") for url in sockets), sockets
    spectator = Window(cluster.url)
    spectator.client.watch(code)
    wait(lambda: spectator.welcomes() >= 1, 15, "the spectator")
    wait(lambda: host.client.connected and host.client.table == code, 15, "the host at its table")
    host.client.start()

    def dealing() -> bool:
        view = host.client.view
        return view is not None and view.deal_no == 1 and view.phase in (Phase.AUCTION, Phase.PLAY)

    wait(dealing, 20, "the first deal")
    windows = [host, window, spectator]
    before = [w.welcomes() for w in windows] + [page_welcomes(p) for p in pages]
    marks = [len(w.take()) for w in windows] + [len(page_messages(p)) for p in pages]
    owner, epoch = cluster.owner_of(code)
    assert owner is not None
    owner.signal(signal.SIGKILL)
    killed = time.monotonic()

    def all_back() -> bool:
        now = [w.welcomes() for w in windows] + [page_welcomes(p) for p in pages]
        return all(n > b for n, b in zip(now, before, strict=True))

    wait(all_back, LEASE_SECONDS + 2.0, "every seat and the spectator back")
    print(f"windows, pages and spectator back {time.monotonic() - killed:.2f} s after the kill")
    assert cluster.owner_of(code)[1] == epoch + 1

    def dealt_again() -> bool:
        for w, mark in zip(windows, marks[:len(windows)], strict=True):
            if not any(isinstance(e, DealStarted) and e.deal == 1 for m in w.take()[mark:]
                       if isinstance(m, Update) for e in m.events):
                return False
        for p, mark in zip(pages, marks[len(windows):], strict=True):
            if not any(e.get("type") == "DealStarted" and e.get("deal") == 1
                       for m in page_messages(p)[mark:] if m.get("type") == "update" for e in m["events"]):
                return False
        return True

    wait(dealt_again, 10, "the first deal dealt again to everyone")
    for w, mark in zip(windows, marks[:len(windows)], strict=True):
        sync = next(m for m in w.take()[mark:] if isinstance(m, Update) and m.sync)
        assert sum(sync.view.chips) + sync.view.farm == SEATS * CHIPS
        assert sync.redealt == 1, sync.redealt
    for p, mark in zip(pages, marks[len(windows):], strict=True):
        sync_doc = next(m for m in page_messages(p)[mark:] if m.get("type") == "update" and m.get("sync"))
        assert sum(sync_doc["view"]["chips"]) + sync_doc["view"]["farm"] == SEATS * CHIPS
        assert sync_doc.get("redealt") == 1, sync_doc.get("redealt")
        assert not [q for q in p.problems if q.kind == "exception"], p.problems
        p.close()
    for w in windows:
        w.client.close()
