"""The page for phones says, in its own language, that the table could not be saved, for as long as
that holds (long after a notice's usual time), and when it is saved again."""

from __future__ import annotations

import json
import time
from pathlib import Path

from playwright.sync_api import Browser
from web_play import PHONE, Host, open_person

from game.net.server import ServerConfig, ServerThread

NOTICE = "(() => { const n = document.querySelector('#notice'); return n.hidden ? '' : n.textContent; })()"


def test_the_page_says_a_failed_save_in_german_until_a_save_works(browser: Browser, tmp_path: Path) -> None:
    server = ServerThread(ServerConfig(port=0, data_dir=tmp_path, rate_per_second=1000.0, rate_burst=1000))
    server.start()
    host = Host(server, {"seats": 3, "ai": "easy", "turn_seconds": 600, "pause_seconds": 300})
    person = open_person(browser, f"http://127.0.0.1:{server.server.port}", host.code, "Dora", "de", PHONE)
    page = person.page
    unsaved = "Der Tisch konnte nicht gespeichert werden; neuer Versuch folgt …"
    saved = "Der Tisch ist wieder gespeichert."
    try:
        host.client.start()
        page.wait_for("document.body.dataset.screen === 'table'", 10, "the page at the table")
        # A folder stands where the table's file goes: the host giving up its seat is saved at once,
        # and that fails.
        where = tmp_path / f"{host.code}.json"
        where.unlink()
        where.mkdir()
        (where / "x").write_text("")
        host.client.leave()
        page.wait_for(f"{NOTICE} === {json.dumps(unsaved)}", 10, "the failed save said")
        time.sleep(6.0)  # longer than a notice's own 5 s
        assert page.evaluate(NOTICE) == unsaved
        (where / "x").unlink()
        where.rmdir()
        page.wait_for(f"{NOTICE} === {json.dumps(saved)}", 15, "the table saved again, said")
        assert where.is_file()
        assert not page.problems, [str(p) for p in page.problems]
    finally:
        host.client.close()
        page.close()
        server.stop()
