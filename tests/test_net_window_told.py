"""A window at a network table is never left guessing: its decision is counted down beside the
question, a question the computer answered for it (time ran out) goes at once with a line saying what
was played, a move's key that cannot act says why, a restarted host's deal dealt again is said in
words, and a window back from a drop is told the computer played for it and what the deal it
missed came to. Real servers, real sockets, the window under the dummy driver; the words are read
from what a frame draws."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pygame
from helpers import DT, Phone, drawn_words
from test_net_window import top, window_at

from game.net.protocol import Update
from game.net.server import ServerConfig, ServerThread
from scenes.app.loop import App
from scenes.net.remote import NetworkSeat, time_up
from scenes.table.flow import Stage
from scenes.table.scene import TableScene
from tools.driver import key, keys_for

CLOCK = re.compile(r"^\d+:\d\d left to decide$")


def said(app: App) -> list[str]:
    return [message() for message, _until in app.notices]


def run(apps: list[App], until: Callable[[], bool], phones: list[Phone] = (), seconds: float = 30.0) -> None:  # type: ignore[assignment]
    """Step the windows (pressing nothing) and the phones until ``until()``, bounded in real time."""
    end = time.monotonic() + seconds
    while not until():
        for app in apps:
            app.step(DT, [])
        for phone in phones:
            phone.play()
        assert time.monotonic() < end, f"timed out on {[top(a) for a in apps]}: {[said(a) for a in apps]}"
        time.sleep(0.003)


def table_scene(app: App) -> TableScene:
    scene = app.stack.top
    assert isinstance(scene, TableScene), top(app)
    return scene


def seat(app: App) -> NetworkSeat:
    source = table_scene(app).source
    assert isinstance(source, NetworkSeat)
    return source


def asked(app: App) -> bool:
    scene = app.stack.top
    return isinstance(scene, TableScene) and scene.handler.prompt is not None


def server_at(tmp: Path, port: int = 0) -> ServerThread:
    server = ServerThread(ServerConfig(port=port, data_dir=tmp, rate_per_second=1000.0, rate_burst=1000))
    server.start()
    return server


def seated(server: ServerThread, turn: int = 600) -> tuple[App, Phone]:
    """A phone opens a table of three (``turn`` seconds a move), a window joins it, the phone starts."""
    phone = Phone(server.server.port, None, "Phoebe",
                  {"seats": 3, "ai": "easy", "turn_seconds": turn, "pause_seconds": 300})
    run([], lambda: phone.welcome is not None, [phone])
    assert phone.welcome is not None
    app = window_at(server.server.port, phone.welcome.table)
    phone.client.start()
    run([app], lambda: isinstance(app.stack.top, TableScene), [phone])
    return app, phone


def test_the_window_counts_the_decision_down_and_says_what_the_computer_played_when_time_ran_out(
    tmp_path: Path,
) -> None:
    server = server_at(tmp_path)
    try:
        app, phone = seated(server, turn=5)
        run([app], lambda: asked(app), [phone])
        words = [w for w, _rect, _clip in drawn_words(app)]
        clocks = [w for w in words if CLOCK.match(w)]
        assert clocks and int(clocks[0].split(":")[1][:2]) <= 5, words
        told: list[Update] = []
        source = seat(app)
        tell = source._tell

        def spy(update: Update) -> None:
            told.append(update)
            tell(update)

        source._tell = spy  # type: ignore[method-assign]
        # Nobody presses: the server's computer moves for the window's person when the 5 s are up.
        run([app], lambda: any(u.played_for for u in told), [phone], seconds=20)
        move = next(u for u in told if u.played_for).played_for[0]
        assert move.seat == source.seat and move.why.value == "time"
        app.step(DT, [])
        assert time_up(move.action) in said(app)
        assert not asked(app) or seat(app).human_to_act  # the stale question went at once
        words = [w for w, _rect, _clip in drawn_words(app)]
        assert not any(CLOCK.match(w) for w in words) or seat(app).human_to_act
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        if not seat(app).human_to_act and scene.stage in (Stage.AUCTION, Stage.DEAL):
            # A move's key while nobody asks says why it does nothing (unless the person's next
            # question came in the meantime: then the key was a move, which the server takes).
            asked_meanwhile = False
            for pressed in (key(pygame.K_b, "b"), key(pygame.K_c, "c")):
                app.step(DT, [pressed])
                asked_meanwhile |= seat(app).human_to_act
            assert "It is not your turn." in said(app) or asked_meanwhile
    finally:
        server.stop()


def test_a_restarted_host_says_the_deal_it_deals_again_and_the_window_waits_meanwhile(tmp_path: Path) -> None:
    server = server_at(tmp_path)
    port = server.server.port
    try:
        app, phone = seated(server)
        run([app], lambda: asked(app), [phone])
        deal = seat(app).view.deal_no
        server.stop()
        run([app], lambda: "Reconnecting…" in said(app), seconds=10)
        assert not asked(app) and seat(app).turn_clock is None  # nothing can be sent meanwhile
        words = [w for w, _rect, _clip in drawn_words(app)]
        assert not any(CLOCK.match(w) for w in words)
        server = server_at(tmp_path, port)
        phone.client.close(timeout=0.5)
        run([app], lambda: any("restarted" in w for w in said(app)), seconds=20)
        assert f"The host restarted: deal {deal} is dealt again (its cards and chips went back)." in said(app)
        assert "Reconnecting…" not in said(app)
        # Played to its ledger (the window's person pressing as a simple player does): the deal dealt
        # again says so there too, where its chips are counted.
        end = time.monotonic() + 30
        while top(app) != "ledger":
            app.step(DT, keys_for(app))
            assert time.monotonic() < end, top(app)
            time.sleep(0.002)
        ledger = " ".join(w for w, _rect, _clip in drawn_words(app))
        assert "Dealt again after the host restarted" in ledger, ledger
    finally:
        server.stop()


def test_a_window_back_from_a_drop_is_told_the_computer_played_for_it(tmp_path: Path) -> None:
    server = server_at(tmp_path)
    try:
        app, phone = seated(server, turn=600)
        run([app], lambda: asked(app), [phone])
        heard: list[str] = []
        shown = app.notice

        def notice(message: Callable[[], str], seconds: float = 9.0) -> None:
            heard.append(message())
            shown(message, seconds)

        app.notice = notice  # type: ignore[method-assign]
        client = seat(app).client
        # The window's connection drops while it is asked (as a cut cable): the computer plays its
        # move at once, and the window, back with its token, is told so.
        client._loop.call_soon_threadsafe(client._link.kill)
        run([app], lambda: "Back at the table." in heard, [phone], seconds=20)
        run([app], lambda: any(w.startswith("You are back") for w in heard), [phone], seconds=5)
        back = next(w for w in heard if w.startswith("You are back"))
        assert re.fullmatch(r"You are back: the computer played (your turn|\d+ moves for you)\.", back)
        assert heard.index("Reconnecting…") < heard.index(back)
        assert "Back at the table." not in said(app)  # said better by the line above
        source = seat(app)
        if source.ledger.history and len(source.ledger.history) > 1:  # a deal was settled meanwhile
            assert any(re.match(r"Deal \d+: .* the farm", w) for w in heard), heard
    finally:
        server.stop()
