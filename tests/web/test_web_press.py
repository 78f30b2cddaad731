"""A press on the page is not lost to a message that arrives while the finger is down."""

from __future__ import annotations

import time

from playwright.sync_api import Browser
from web_play import ACTIONS, PHONE, Host, check_layout, moment, open_person

from game.net.client import Client
from game.net.server import ServerThread

SMALLEST = (360, 640)
"""The smallest portrait phone the page is made for."""


def test_a_press_held_while_someone_starts_watching_still_plays(
    server: ServerThread, browser: Browser
) -> None:
    port = server.server.port
    host = Host(server, {"rules": "foster", "seats": 3, "deals": 1, "seed": 3, "turn_seconds": 300})
    # The smallest phone the page is made for: 360 x 640, in German (the longest words).
    person = open_person(browser, f"http://127.0.0.1:{port}", host.code, "Pia", "de", SMALLEST)
    watcher = Client(f"ws://127.0.0.1:{port}")
    try:
        host.client.start()
        end = time.monotonic() + 20
        while moment(server, host.code).to_act != person.seat:  # the host plays until it is Pia's turn
            host.play()
            assert time.monotonic() < end, "it never was the page's turn"
            time.sleep(0.01)
        page = person.page
        found = page.wait_for(
            "(() => { const b = Array.from(document.querySelectorAll('button[data-action]')).find("
            f"b => {list(ACTIONS)!r}.includes(b.dataset.action) && !b.disabled); "
            "return b ? b.dataset.action : null; })()", 10, "an action button")
        check_layout(person, person.read())
        assert not person.failures, person.failures
        # Every button the seat may press is on the screen as it stands, not below it.
        below = page.evaluate(
            "Array.from(document.querySelectorAll('button[data-action], button[data-step]'))"
            ".filter(b => b.getClientRects().length && b.getBoundingClientRect().bottom > innerHeight)"
            ".map(b => b.outerHTML.slice(0, 80))")
        assert not below, below
        box = page.box(f'button[data-action="{found}"]')
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        sent = len(page.sent())
        tables = sum(1 for f in page.received() if '"table"' in f.text[:20])
        page.mouse("mousePressed", x, y)
        # A television starts watching the table while Pia's finger is down: every seat is told.
        watcher.watch(host.code)
        until = time.monotonic() + 5
        while sum(1 for f in page.received() if '"table"' in f.text[:20]) == tables:
            assert time.monotonic() < until, "the page was never told of the spectator"
            time.sleep(0.01)
        page.evaluate("new Promise(r => requestAnimationFrame(() => r(1)))")
        page.mouse("mouseReleased", x, y)
        until = time.monotonic() + 3
        acts: list[object] = []
        while not acts and time.monotonic() < until:
            acts = [m for m in (f.json() for f in page.sent()[sent:]) if m.get("type") == "act"]
            time.sleep(0.02)
        assert acts, (f"button[data-action={found}] pressed, a `table` message arrived, released: "
                      "no act was sent (the buttons were rebuilt under the finger)")
    finally:
        watcher.close()
        host.client.close()
        person.page.close()


def test_a_dropped_connection_comes_back_to_its_seat_by_itself(
    server: ServerThread, browser: Browser
) -> None:
    port = server.server.port
    host = Host(server, {"rules": "lacombe", "seats": 3, "deals": 1, "seed": 4, "turn_seconds": 300})
    person = open_person(browser, f"http://127.0.0.1:{port}", host.code, "Pia", "fr", PHONE)
    page = person.page
    try:
        host.client.start()
        page.wait_for("document.body.dataset.screen === 'table' && "
                      "document.body.dataset.connected === 'true'", 10, "the page at the table")
        table = server.server.tables[host.code]
        member = table.seats[person.seat].member
        assert member is not None
        sent = len(page.sent())
        # The network drops the page's connection without a word (a phone going through a tunnel).
        loop = server._loop
        assert loop is not None
        loop.call_soon_threadsafe(member.ws.transport.abort)  # type: ignore[attr-defined]
        end = time.monotonic() + 15
        while table.seats[person.seat].member in (None, member):
            assert time.monotonic() < end, "the page did not come back by itself"
            time.sleep(0.05)
        page.wait_for(f"document.body.dataset.connected === 'true' && document.body.dataset.seat === "
                      f"'{person.seat}' && Number(document.body.dataset.seq) === {table.seq}", 10,
                      "the page back in its seat, up to date")
        openings = [f.json().get("type") for f in page.sent()[sent:]]
        assert "resume" in openings and "join" not in openings, openings
        assert table.seats[person.seat].name == "Pia" and table.seats[person.seat].person
        assert not page.problems, [str(p) for p in page.problems]
    finally:
        host.client.close()
        page.close()
