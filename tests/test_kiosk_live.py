"""The kiosk's live table: a real table server inside the kiosk, a phone-like client taking a seat
over a real socket, the game started by the kiosk's countdown, watched to its end, and a fresh
table after it; a port already taken leaves the kiosk playing its demo, with a line in its log."""

from __future__ import annotations

import itertools
import logging
import random
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from helpers import TENTH, Phone, drawn_words

from scenes.kiosk.app import KioskApp, Mode
from scenes.kiosk.config import KioskConfig, load_config
from scenes.kiosk.live import LiveCardScene, LiveTable
from scenes.net.remote import Spectator
from scenes.table.scene import TableScene


@pytest.fixture
def live_kiosk() -> Iterator[KioskApp]:
    # Port 0: the server takes a free port itself (one found free beforehand may be taken by
    # another test's server before the kiosk binds it).
    config = KioskConfig(
        live_table=True, live_port=0, live_countdown=5.0, players=4, deals=1, demo_speed="fast"
    )
    app = KioskApp(config, locked=True, fullscreen=False, seed=3)
    app.draw_every = 5
    app.step(TENTH, [])
    yield app
    app.stop_live()
    pygame.mouse.set_visible(True)


def named(app: KioskApp, name: str) -> bool:
    return app.stack.top is not None and app.stack.top.name == name


def watching(app: KioskApp) -> bool:
    return isinstance(getattr(app.stack.top, "source", None), Spectator)


def step(app: KioskApp, seconds: float, phone: Phone | None = None, until: object = None) -> None:
    """Step the kiosk for ``seconds`` of its clock, or until ``until()`` within ``seconds`` of real
    time: the server is real, and plays its game in real time however fast the kiosk's clock runs."""
    end = time.monotonic() + seconds
    for i in itertools.count():
        if until is None and i >= round(seconds / TENTH):
            return
        app.step(TENTH, [])
        if phone is not None:
            phone.play()
        if until is not None and until():  # type: ignore[operator]
            return
        if until is not None and time.monotonic() > end:
            raise AssertionError(f"timed out; on top: {app.stack.top.name if app.stack.top else ''}")
        time.sleep(0.002)


def test_the_live_table_opens_with_the_page_and_its_qr_code_in_the_attract_loop(live_kiosk: KioskApp) -> None:
    live = live_kiosk.live
    assert live is not None
    step(live_kiosk, 10, until=lambda: live.open)
    assert live.page == f"http://{live.address()}:{live.port}/?t={live.code}"
    # The kiosk's own server serves the page the code leads to (here from this machine).
    with urllib.request.urlopen(f"http://127.0.0.1:{live.port}/?t={live.code}", timeout=5) as answer:
        assert answer.status == 200 and answer.headers.get_content_type() == "text/html"
    step(live_kiosk, 60, until=lambda: isinstance(live_kiosk.stack.top, LiveCardScene))
    assert live_kiosk.mode is Mode.ATTRACT
    # Nobody sits: after a while the loop goes on to the demo game.
    step(live_kiosk, 60, until=lambda: named(live_kiosk, "auction"))


def test_a_phone_takes_a_seat_the_game_starts_plays_to_the_end_and_a_fresh_table_opens(
    live_kiosk: KioskApp,
) -> None:
    live = live_kiosk.live
    assert live is not None
    step(live_kiosk, 10, until=lambda: live.open)
    first = live.code
    assert first is not None
    phone = Phone(live.port, first)
    # The phone's seat brings the live card up, whatever the loop was showing, with the countdown.
    step(live_kiosk, 10, phone, until=lambda: live.counting)
    # The phone reads its welcome on its own time: the kiosk may count before the phone has read it.
    step(live_kiosk, 5, phone,
         until=lambda: isinstance(live_kiosk.stack.top, LiveCardScene) and phone.seat is not None)
    assert phone.seat is not None and phone.seat != live.own_seat
    step(live_kiosk, 30, phone, until=lambda: watching(live_kiosk))
    scene = live_kiosk.stack.top
    assert isinstance(scene, TableScene) and scene.source.facts.watching
    assert scene.source.facts.names[phone.seat] == "Phoebe"
    # The kiosk gave its own seat to the AI: the phone is the only person at the table.
    step(live_kiosk, 600, phone, until=lambda: phone.over and live.code not in (None, first) and live.open)
    assert live_kiosk.live_games == 1 and live_kiosk.exceptions == 0
    assert live_kiosk.mode is Mode.ATTRACT
    phone.client.close()


def test_a_visitor_touching_the_screen_still_gets_a_table(live_kiosk: KioskApp) -> None:
    live = live_kiosk.live
    assert live is not None
    step(live_kiosk, 10, until=lambda: live.open)
    live_kiosk.step(TENTH, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 400), button=1)])
    live_kiosk.step(TENTH, [])
    assert live_kiosk.mode is Mode.VISITOR
    scene = live_kiosk.stack.top
    assert isinstance(scene, TableScene) and not scene.source.facts.watching
    assert live.open  # the phones' table waits on meanwhile


def test_the_kiosk_plays_its_demo_when_the_live_tables_port_is_taken(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        config = KioskConfig(live_table=True, live_port=port, players=4, demo_speed="fast")
        with caplog.at_level(logging.WARNING, logger="farmer.kiosk"):
            app = KioskApp(config, locked=True, fullscreen=False, seed=3)
            app.draw_every = 5
            step(app, 60, until=lambda: named(app, "auction"))
        try:
            assert app.live is not None and app.live.server is None and not app.live.open
            assert app.exceptions == 0 and app.mode is Mode.ATTRACT
            assert any("cannot open the live table" in r.getMessage() for r in caplog.records)
        finally:
            app.stop_live()
            pygame.mouse.set_visible(True)


def test_the_live_tables_settings_are_checked_like_the_others(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text("[kiosk]\nlive_table = true\nlive_port = 80\nlive_countdown = 30\nlive_seats = 0\n")
    with caplog.at_level(logging.WARNING, logger="farmer.kiosk"):
        config = load_config(path)
    assert config.live_table and config.live_countdown == 30.0
    assert config.live_port == KioskConfig().live_port and config.live_seats == KioskConfig().live_seats
    assert sum("live_port" in r.getMessage() or "live_seats" in r.getMessage() for r in caplog.records) == 2


def test_a_live_table_that_fails_waits_before_it_tries_again() -> None:
    live = LiveTable(KioskConfig(live_table=True, live_port=0), random.Random(1))
    live.fail("a test's failure")
    live.ensure()
    assert live.server is None and live.host is None and live.retry_in > 0


def test_the_live_game_reads_as_any_tables_and_its_phones_are_offered_the_next_table() -> None:
    """Watched from its first ante (the kiosk's spectator sits before the start), the live game's
    ledger says each ante as an ante, never "before you came"; its final standings stay
    ``live_standings`` seconds; then the phone is told the code of the kiosk's next table."""
    config = KioskConfig(live_table=True, live_port=0, live_countdown=5.0, players=4, deals=1,
                         demo_speed="fast", live_standings=12.0)
    app = KioskApp(config, locked=True, fullscreen=False, seed=3)
    app.step(TENTH, [])
    phone: Phone | None = None
    try:
        live = app.live
        assert live is not None
        step(app, 10, until=lambda: live.open)
        first = live.code
        phone = Phone(live.port, first)
        step(app, 40, phone, until=lambda: watching(app))
        source = app.stack.top.source  # type: ignore[union-attr]
        assert source.ledger.joined is None  # seen from the deal's start: every payment known
        step(app, 120, phone, until=lambda: named(app, "ledger") or named(app, "gameover"))
        words = " ".join(w for w, _rect, _clip in drawn_words(app))
        assert "before you came" not in words and "ante" in words, words
        step(app, 120, phone, until=lambda: named(app, "gameover"))
        shown_at = app.time
        step(app, 120, phone, until=lambda: not named(app, "gameover"))
        assert app.time - shown_at >= config.live_standings - TENTH
        step(app, 20, phone, until=lambda: live.code not in (None, first) and phone.info is not None
             and phone.info.next == live.code)
    finally:
        if phone is not None:
            phone.client.close()
        app.stop_live()
        pygame.mouse.set_visible(True)
