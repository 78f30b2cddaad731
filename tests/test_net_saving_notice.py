"""A table its server cannot save says so, in each person's language, until a save works.

The server tells everyone at the table in the ``table`` message (``unsaved``); the window keeps
its notice up for as long as that holds, through any number of other notices, and says when the
table is saved again; the page for phones has the same words from the same catalogue.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import DT, notices_of, quick_config
from helpers.windows import Windows

from game.net.client import Client
from game.net.protocol import TableInfo, Welcome
from game.net.server import ServerThread
from game.net.table import HostedTable
from scenes.app.loop import App
from scenes.i18n import _, set_language
from scenes.navigator import Screens
from scenes.net.join import JoinScene
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings

WEB = Path(__file__).resolve().parent.parent / "assets" / "web"
UNSAVED = "The table could not be saved; it will try again…"
SAVED = "The table is saved again."


def window(language: str, port: int, code: str) -> App:
    """A window in ``language`` seated at table ``code`` through its Join screen, in the lobby."""
    app = App(Settings(animation_speed="instant", language=language), (1024, 600))
    app.stack.push(MenuScene(app, Screens(app)))
    join = JoinScene(app, Screens(app), address=f"127.0.0.1:{port}", name="Wendy", code=code)
    app.push(join)
    step(app, lambda: join.lister is None)
    join.join()
    step(app, lambda: getattr(app.stack.top, "welcome", None) is not None)
    return app


def step(app: App, until: Callable[[], bool], seconds: float = 15.0, dt: float = DT) -> None:
    """Run the window's frames (``dt`` of its time each) until ``until()``, bounded in real time."""
    end = time.monotonic() + seconds
    while not until():
        app.step(dt, [])
        assert time.monotonic() < end, f"timed out on {app.stack.top.name if app.stack.top else None}"
        time.sleep(0.002)



@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_window_says_a_failed_save_in_its_language_until_a_save_works(
    windows: Windows, language: str, tmp_path: Path
) -> None:
    config = quick_config(data_dir=tmp_path, save_retry_seconds=0.5)
    with ServerThread(config) as server, Client(f"ws://127.0.0.1:{server.port}") as host:
        host.create("Hosta", {"seats": 3, "ai": "easy", "turn_seconds": 600, "pause_seconds": 300})
        code = next(m for m in iter(lambda: host.wait(10), None) if isinstance(m, Welcome)).table
        app = window(language, server.server.port, code)
        windows.add(app)
        set_language(language)
        unsaved, saved = _(UNSAVED), _(SAVED)
        assert unsaved != UNSAVED and saved != SAVED  # the catalogue's words, not the English
        host.start()
        step(app, lambda: app.stack.top is not None and app.stack.top.name != "lobby")
        # The table's file cannot be written (a folder stands in its place): the host giving up its
        # seat is saved at once, and fails.
        (tmp_path / f"{code}.json").unlink()
        (tmp_path / f"{code}.json").mkdir()
        (tmp_path / f"{code}.json" / "x").write_text("")
        host.leave()
        step(app, lambda: unsaved in notices_of(app))
        # It stays up, whatever else is said meanwhile, long after a notice's usual time.
        app.notice(lambda: "something else")
        for _second in range(120):
            app.step(1.0, [])
        assert notices_of(app) == [unsaved]
        # The folder goes: the server's next try works, and the window says so.
        (tmp_path / f"{code}.json" / "x").unlink()
        (tmp_path / f"{code}.json").rmdir()
        step(app, lambda: saved in notices_of(app))
        assert unsaved not in notices_of(app)
        assert (tmp_path / f"{code}.json").is_file()


def test_the_table_tells_everyone_when_its_saving_fails_and_when_it_works_again() -> None:
    class Member:
        def __init__(self) -> None:
            self.texts: list[str] = []

        def send(self, text: str) -> None:
            self.texts.append(text)

        def close(self, reason: str, code: int = 1000) -> None:
            """Nothing to close."""

    from game.net.protocol import Settings as TableSettings
    from game.net.protocol import decode_server_message

    table = HostedTable("SAVECODE", TableSettings(seats=3), 0.0)
    anne = Member()
    table.join(anne, "Anne", None, 0.0, host=True)
    anne.texts.clear()
    table.saved(True)
    assert anne.texts == []  # nothing changed: nothing said
    table.saved(False)
    table.saved(False)
    infos = [decode_server_message(text) for text in anne.texts]
    assert len(infos) == 1 and isinstance(infos[0], TableInfo) and infos[0].unsaved
    table.saved(True)
    last = decode_server_message(anne.texts[-1])
    assert len(anne.texts) == 2 and isinstance(last, TableInfo) and not last.unsaved


def test_the_page_says_it_with_the_catalogues_words() -> None:
    """The page's words for it are in words.js, under the window's msgids, and app.js follows the
    table's ``unsaved`` (the catalogue check, tests/test_i18n.py, sees them translated)."""
    words = (WEB / "words.js").read_text(encoding="utf-8")
    app = (WEB / "app.js").read_text(encoding="utf-8")
    assert f'_("{UNSAVED}")' in words and f'_("{SAVED}")' in words
    assert re.search(r"followSaving\(m\.table\.unsaved === true\)", app)
    for language in ("fr", "de"):
        po = WEB.parent / "locale" / language / "LC_MESSAGES" / "farmer.po"
        catalogue = po.read_text(encoding="utf-8")
        for msgid in (UNSAVED, SAVED):
            entry = re.search(rf'msgid "{re.escape(msgid)}"\nmsgstr "([^"]+)"', catalogue)
            assert entry is not None and entry.group(1) != msgid, (language, msgid)
