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
from helpers import DT, Phone, drawn_words, notices_of, quick_config
from helpers.windows import Windows, window_at

from game.net.protocol import Update
from game.net.server import ServerThread
from scenes import i18n
from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.net.lobby import LobbyScene, join_table
from scenes.net.remote import NetworkSeat, time_up
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings
from scenes.table.flow import Stage
from scenes.table.handler import not_while_reconnecting
from scenes.table.scene import TableScene
from scenes.table.source import human_to_act
from tools.driver import click, key, keys_for, top_name

CLOCK = re.compile(r"^\d+:\d\d left to decide$")



def run(apps: list[App], until: Callable[[], bool], phones: list[Phone] = (), seconds: float = 30.0) -> None:  # type: ignore[assignment]
    """Step the windows (pressing nothing) and the phones until ``until()``, bounded in real time."""
    end = time.monotonic() + seconds
    while not until():
        for app in apps:
            app.step(DT, [])
        for phone in phones:
            phone.play()
        shown = [(top_name(a), notices_of(a)) for a in apps]
        assert time.monotonic() < end, f"timed out on {shown}"
        time.sleep(0.003)


def table_scene(app: App) -> TableScene:
    scene = app.stack.top
    assert isinstance(scene, TableScene), top_name(app)
    return scene


def seat(app: App) -> NetworkSeat:
    source = table_scene(app).source
    assert isinstance(source, NetworkSeat)
    return source


def asked(app: App) -> bool:
    scene = app.stack.top
    return isinstance(scene, TableScene) and scene.handler.prompt is not None


def served_at(tmp: Path, port: int = 0) -> ServerThread:
    """A server keeping its tables in ``tmp``, listening on ``port`` (0: any) for the ``with`` block."""
    return ServerThread(quick_config(port=port, data_dir=tmp))


def seated(windows: Windows, server: ServerThread, turn: int = 600, pause: int = 300) -> tuple[App, Phone]:
    """A phone opens a table of three (``turn`` seconds a move, ``pause`` between deals), a window
    joins it, the phone starts (both closed with ``windows``)."""
    phone = Phone(server.server.port, None, "Phoebe",
                  {"seats": 3, "ai": "easy", "turn_seconds": turn, "pause_seconds": pause})
    windows.phone(phone)
    run([], lambda: phone.welcome is not None, [phone])
    assert phone.welcome is not None
    app = window_at(server.server.port, phone.welcome.table)
    windows.add(app)
    phone.client.start()
    run([app], lambda: isinstance(app.stack.top, TableScene), [phone])
    return app, phone


def test_the_window_counts_the_decision_down_and_says_what_the_computer_played_when_time_ran_out(
    windows: Windows, tmp_path: Path,
) -> None:
    with served_at(tmp_path) as server:
        app, phone = seated(windows, server, turn=5)
        # Asked, and told the time left (the turn message may come a frame after the question).
        run([app], lambda: asked(app) and seat(app).turn_clock is not None, [phone])
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
        assert time_up(move.action) in notices_of(app)
        assert not asked(app) or human_to_act(seat(app))  # the stale question went at once
        words = [w for w, _rect, _clip in drawn_words(app)]
        assert not any(CLOCK.match(w) for w in words) or human_to_act(seat(app))
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        if not human_to_act(seat(app)) and scene.stage in (Stage.AUCTION, Stage.DEAL):
            # A move's key while nobody asks says why it does nothing (unless the person's next
            # question came in the meantime: then the key was a move, which the server takes).
            asked_meanwhile = False
            for pressed in (key(pygame.K_b, "b"), key(pygame.K_c, "c")):
                app.step(DT, [pressed])
                asked_meanwhile |= human_to_act(seat(app))
            assert "It is not your turn." in notices_of(app) or asked_meanwhile


def test_a_restarted_host_says_the_deal_it_deals_again_and_the_window_waits_meanwhile(
    windows: Windows, tmp_path: Path
) -> None:
    with served_at(tmp_path) as server:
        port = server.server.port
        app, phone = seated(windows, server)
        run([app], lambda: asked(app), [phone])
        deal = seat(app).view.deal_no
        server.stop()
        run([app], lambda: "Reconnecting…" in notices_of(app), seconds=10)
        assert not asked(app) and seat(app).turn_clock is None  # nothing can be sent meanwhile
        words = [w for w, _rect, _clip in drawn_words(app)]
        assert not any(CLOCK.match(w) for w in words)
        with served_at(tmp_path, port) as server:
            phone.client.close(timeout=0.5)
            run([app], lambda: any("restarted" in w for w in notices_of(app)), seconds=20)
            redealt = f"The host restarted: deal {deal} is dealt again (its cards and chips went back)."
            assert redealt in notices_of(app)
            assert "Reconnecting…" not in notices_of(app)
            # Played to its ledger (the window's person pressing as a simple player does): the deal dealt
            # again says so there too, where its chips are counted.
            end = time.monotonic() + 30
            while top_name(app) != "ledger":
                app.step(DT, keys_for(app))
                assert time.monotonic() < end, top_name(app)
                time.sleep(0.002)
            ledger = " ".join(w for w, _rect, _clip in drawn_words(app))
            assert "Dealt again after the host restarted" in ledger, ledger


def test_a_window_back_from_a_drop_is_told_the_computer_played_for_it(
    windows: Windows, tmp_path: Path
) -> None:
    with served_at(tmp_path) as server:
        app, phone = seated(windows, server, turn=600)
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
        assert "Back at the table." not in notices_of(app)  # said better by the line above
        source = seat(app)
        if source.ledger.history and len(source.ledger.history) > 1:  # a deal was settled meanwhile
            assert any(re.match(r"Deal \d+: .* the farm", w) for w in heard), heard


def test_while_reconnecting_the_ledgers_next_deal_is_greyed_out_and_says_why(
    windows: Windows, tmp_path: Path
) -> None:
    with served_at(tmp_path) as server:
        port = server.server.port
        app, phone = seated(windows, server)
        end = time.monotonic() + 30
        while top_name(app) != "ledger":  # the window's person plays as a simple player to the ledger
            app.step(DT, keys_for(app))
            phone.play()
            assert time.monotonic() < end, top_name(app)
            time.sleep(0.002)
        handler = table_scene(app).handler
        go_on = handler.group.widgets[0]  # type: ignore[attr-defined]
        assert go_on.label().startswith("Next deal") and go_on.enabled
        server.stop()
        run([app], lambda: "Reconnecting…" in notices_of(app), seconds=10)
        app.step(DT, [])
        assert not go_on.enabled  # nothing can be sent meanwhile: "ready" would be lost
        assert go_on.label() == "Next deal"  # the host's pause is not known meanwhile: no count
        app.step(DT, [click(go_on.rect.center)])
        assert top_name(app) == "ledger" and not_while_reconnecting() in notices_of(app)
        app.notices.clear()
        app.step(DT, [key(pygame.K_RETURN, "\r")])
        assert top_name(app) == "ledger" and not_while_reconnecting() in notices_of(app)
        with served_at(tmp_path, port) as server:
            run([app], lambda: "Reconnecting…" not in notices_of(app) and go_on.enabled, seconds=20)
            app.step(DT, [click(go_on.rect.center)])
            assert top_name(app) != "ledger"


def test_a_moves_key_while_reconnecting_says_so_not_that_it_is_not_your_turn(
    windows: Windows, tmp_path: Path
) -> None:
    with served_at(tmp_path) as server:
        port = server.server.port
        app, phone = seated(windows, server)
        run([app], lambda: asked(app), [phone])
        server.stop()
        run([app], lambda: "Reconnecting…" in notices_of(app), seconds=10)
        app.step(DT, [key(pygame.K_b, "b"), key(pygame.K_c, "c")])
        assert not_while_reconnecting() in notices_of(app)
        assert "It is not your turn." not in notices_of(app)
        with served_at(tmp_path, port) as server:
            run([app], lambda: "Reconnecting…" not in notices_of(app), [phone], seconds=20)
            # No longer true: it goes with "Reconnecting…".
            assert not_while_reconnecting() not in notices_of(app)


NEXT_DEAL = re.compile(r"Deal (\d+) starts in (\d+):(\d\d), or as soon as everyone is ready\.")


def test_between_deals_the_window_says_when_the_next_deal_starts(windows: Windows, tmp_path: Path) -> None:
    """After Next deal the table waits for the others (or the pause): it says which deal starts and
    when, not a bare table."""
    with served_at(tmp_path) as server:
        app, phone = seated(windows, server)
        ready = phone.client.ready
        phone.client.ready = lambda deal=None: None  # type: ignore[method-assign]  # the pause (300 s) runs
        end = time.monotonic() + 30
        while top_name(app) != "ledger":
            app.step(DT, keys_for(app))
            phone.play()
            assert time.monotonic() < end, top_name(app)
            time.sleep(0.002)
        deal = seat(app).ledger.deal
        run([app], lambda: seat(app).pause is not None, seconds=10)
        app.step(DT, [])
        go_on = table_scene(app).handler.group.widgets[0]  # type: ignore[attr-defined]
        counted = re.fullmatch(r"Next deal \((\d+):(\d\d)\)", go_on.label())
        assert counted is not None, go_on.label()  # the ledger counts the host's pause down too
        assert 250 <= int(counted[1]) * 60 + int(counted[2]) <= 300
        app.step(DT, [key(pygame.K_RETURN, "\r")])  # Next deal: this window is ready
        run([app], lambda: seat(app).pause is not None and top_name(app) != "ledger", seconds=10)
        app.step(DT, [])
        drawn = " ".join(w for w, _rect, _clip in drawn_words(app))  # the banner may take two lines
        shown = NEXT_DEAL.search(drawn)
        assert shown is not None, drawn
        assert int(shown[1]) == deal + 1
        assert 250 <= int(shown[2]) * 60 + int(shown[3]) <= 300
        ready(deal + 1)  # everyone is ready: the deal starts, and the line goes
        run([app], lambda: seat(app).view.deal_no == deal + 1, seconds=10)
        app.step(DT, [])
        assert NEXT_DEAL.search(" ".join(w for w, _rect, _clip in drawn_words(app))) is None


def test_a_spectators_ledger_goes_on_by_itself_while_reconnecting(windows: Windows, tmp_path: Path) -> None:
    """A spectator sends nothing to go on from a ledger: the connection being restored does not stop
    its watched ledger going on by itself (it once stayed on that ledger for the rest of the game)."""
    with served_at(tmp_path) as server:
        phone = Phone(server.server.port, None, "Phoebe",
                      {"seats": 3, "ai": "easy", "turn_seconds": 600, "pause_seconds": 300})
        windows.phone(phone)
        run([], lambda: phone.welcome is not None, [phone])
        assert phone.welcome is not None
        phone.client.ready = lambda deal=None: None  # type: ignore[method-assign]  # after deal 1: a long pause
        app = App(Settings(animation_speed="fast"), (1024, 600))
        windows.add(app)
        app.stack.push(MenuScene(app, Screens(app)))
        join_table(app, Screens(app), "127.0.0.1", server.server.port, phone.welcome.table, "", watch=True)
        phone.client.start()
        run([app], lambda: top_name(app) == "ledger", [phone], seconds=60)
        server.stop()
        run([app], lambda: "Reconnecting…" in notices_of(app), seconds=10)
        run([app], lambda: top_name(app) != "ledger", seconds=15)  # its watch pause, meanwhile


def test_a_moves_key_pressed_again_while_the_move_is_on_its_way_does_not_say_it_is_not_your_turn(
    windows: Windows, tmp_path: Path,
) -> None:
    with served_at(tmp_path) as server:
        app, phone = seated(windows, server)
        run([app], lambda: asked(app), [phone])
        stage = table_scene(app).stage
        pressed = key(pygame.K_p, "p") if stage is Stage.AUCTION else key(pygame.K_c, "c")
        app.step(DT, [pressed, pressed])  # the second before the host has answered the first
        assert "It is not your turn." not in notices_of(app)
        assert "One moment: the table is catching up." in notices_of(app)


def test_a_ledger_left_up_while_the_host_starts_the_next_deal_says_so(
    windows: Windows, tmp_path: Path
) -> None:
    with served_at(tmp_path) as server:
        app, phone = seated(windows, server, pause=1)
        end = time.monotonic() + 30
        while top_name(app) != "ledger":
            app.step(DT, keys_for(app))
            phone.play()
            assert time.monotonic() < end, top_name(app)
            time.sleep(0.002)
        shown = seat(app).ledger.deal
        # The person reads on; the pause (1 s) runs out and the host deals the next deal meanwhile.
        run([app], lambda: seat(app).view.deal_no > shown, [phone], seconds=20)
        app.step(DT, [])
        assert top_name(app) == "ledger"
        view = seat(app).view
        if view.phase.value == "over":
            assert "The game has ended: go on to see how." in notices_of(app)
        elif view.farmer == seat(app).seat:  # a farmer plays no hand
            assert f"Deal {shown + 1} has begun: go on to follow it." in notices_of(app), notices_of(app)
        else:
            assert f"Deal {shown + 1} has begun: go on to play your hand." in notices_of(app), notices_of(app)



def test_the_seats_the_computer_plays_are_named_in_the_windows_language(
    windows: Windows, tmp_path: Path
) -> None:
    """The server names a seat nobody named "AI 3"; a French window says "IA 3", a German one "KI 3"
    (a person who chose such a name keeps it)."""
    with served_at(tmp_path) as server:
        for lang, word in (("fr", "IA"), ("de", "KI")):
            i18n.set_language(lang)
            app, phone = seated(windows, server)
            names = seat(app).facts.names
            ai = [i for i in range(len(names)) if i not in (phone.seat, seat(app).seat)]
            assert ai and all(names[i] == f"{word} {i + 1}" for i in ai), names
            assert phone.seat is not None and names[phone.seat] == "Phoebe"
            free = LobbyScene.free_seat(ai[0], f"AI {ai[0] + 1}", {"ai": ["easy"]})
            assert free.startswith(f"{word} {ai[0] + 1} ("), free  # the lobby says it so too
            phone.client.close(timeout=0.5)
            seat(app).close()
