"""A page that leaves its table while its connection is down is not held there: its Leave button
stays open while every other button waits, the page is back at its join form at once, and the
table frees the seat as soon as it can be reached again (the host's client is told, as for any
leave), rather than keeping it for someone who has gone."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Browser
from web_play import PHONE, Host, open_person, serve, table_of

from game.net.protocol import TableInfo

LEAVE = '#lobby-screen button[data-action="leave"]'


def test_a_page_that_leaves_while_reconnecting_frees_its_seat_once_the_table_is_back(
    browser: Browser, tmp_path: Path
) -> None:
    server = serve(tmp_path)
    port = server.server.port
    host = Host(server, {"seats": 3, "ai": "easy"})
    code = host.code
    person = open_person(browser, f"http://127.0.0.1:{port}", code, "Pia", "en", PHONE)
    page = person.page
    seat = person.seat
    try:
        assert table_of(server, code).seats[seat].person
        host.client.poll()  # what the host was told so far: the seat taken
        server.stop()
        page.wait_for("(document.querySelector('#notice')?.textContent || '').includes('Reconnecting')", 10,
                      "Reconnecting…")
        others = page.evaluate("Array.from(document.querySelectorAll('#lobby-screen button'))"
                               ".filter(b => b.dataset.action !== 'leave').map(b => b.disabled)")
        assert all(others), others  # nothing else can be sent meanwhile
        assert page.evaluate(f"!document.querySelector({LEAVE!r}).disabled"), "no way out while away"
        page.click(LEAVE)
        page.wait_for("document.body.dataset.screen === 'join'", 2, "the join form at once")
        server = serve(tmp_path, port)
        end = time.monotonic() + 15
        freed: TableInfo | None = None
        while freed is None:
            for message in host.client.poll():
                if isinstance(message, TableInfo) and not message.seats[seat].person:
                    freed = message
            assert time.monotonic() < end, "the table still holds the seat of the page that left"
            time.sleep(0.02)
        assert not table_of(server, code).seats[seat].person
    finally:
        host.client.close()
        page.close()
        server.stop()
