"""Network tables in the window: two screens play whole games at one table over real sockets on
127.0.0.1 through the ordinary table scene, the Join screen finds tables, a dropped connection
says "Reconnecting…" and comes back, and the command line's network flags are checked."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import pygame
import pytest
from helpers import DT, notices_of
from helpers.windows import Windows, address, lobby, make_app, run, seat_two, session_of, window_at

from game.net.client import Client
from game.net.codec import History
from game.net.protocol import Update
from game.net.server import ServerThread
from game.rules.agents import ThresholdAgent
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.view import View
from scenes.cli import main
from scenes.navigator import Screens
from scenes.net.address import parse_address, table_settings
from scenes.net.join import JoinScene
from scenes.table.setup import Setup
from scenes.table.source import has_ended, human_to_act
from tools.driver import key, table_of, top_name


@pytest.mark.parametrize(
    ("rules", "rotating", "seats"), [("foster", False, 4), ("ferme", False, 3), ("lacombe", True, 5)]
)
def test_two_windows_play_a_whole_game_at_one_network_table(rules: str, rotating: bool, seats: int) -> None:
    host_app, guest_app = seat_two(rules, rotating, seats)
    host, guest = session_of(host_app), session_of(guest_app)
    assert (host.facts.bottom, guest.facts.bottom) == (0, 1)
    assert host.facts.names[:2] == ("Hosta", "Guesto")
    assert host.facts.rules.name == rules and host.facts.rules.rotating == rotating
    assert host.kept is None and 2 not in host.facts.ai_seats
    seen: set[str] = set()

    def finished() -> bool:
        seen.update((top_name(host_app), top_name(guest_app)))
        return top_name(host_app) == "gameover" and top_name(guest_app) == "gameover"

    run([host_app, guest_app], finished, seconds=30)
    assert {"auction", "deal", "showdown", "ledger", "gameover"} <= seen
    for app in (host_app, guest_app):
        session = session_of(app)
        assert has_ended(session) and session.view.phase is Phase.OVER
        result = session.ledger.result
        assert result is not None
        # What the screen was told adds up to the host's final standings.
        assert sum(result.standings) == 100 * seats
        for _ in range(30):
            app.step(DT, [])
        table = table_of(app).table
        assert [s.chips for s in table.seats] == list(result.standings)
    assert session_of(host_app).ledger.result == session_of(guest_app).ledger.result
    # The host's way out closes the table (and its server).
    host_app.step(DT, [key(pygame.K_RETURN, "\r")])
    host_app.step(DT, [])
    assert top_name(host_app) == "menu"
    guest_app.step(DT, [key(pygame.K_RETURN, "\r")])
    guest_app.step(DT, [])
    assert top_name(guest_app) == "menu"


def test_a_dropped_connection_says_reconnecting_and_takes_the_seat_back(windows: Windows) -> None:
    host_app, guest_app = seat_two("foster", deals=3)
    windows.add(host_app, guest_app)
    guest = session_of(guest_app)
    # The guest is asked to move when the cable is cut: the host's AI moves for them meanwhile, and
    # the table is drawn again from what the server says when they are back.
    run([host_app, guest_app], lambda: human_to_act(guest), drive=[host_app])
    resyncs: list[int] = []
    resync = guest._resync

    def spy(view: View, history: History | None, ended: Event | None = None) -> None:
        resyncs.append(view.deal_no)
        assert history is not None and history[0] == (100,) * len(view.names)  # from the game's start
        resync(view, history, ended)

    guest._resync = spy  # type: ignore[method-assign]
    said: list[str] = []
    shown = guest_app.notice

    def notice(message: Callable[[], str], seconds: float = 9.0) -> None:
        said.append(message())
        shown(message, seconds)

    guest_app.notice = notice  # type: ignore[method-assign]
    client = guest.client
    client._loop.call_soon_threadsafe(client._link.kill)  # as a cut cable does
    run([host_app, guest_app], lambda: "Back at the table." in said)
    assert said[:2] == ["Reconnecting…", "Back at the table."]
    assert "Reconnecting…" not in notices_of(guest_app) and not guest.lost
    run([host_app, guest_app], lambda: bool(resyncs))
    assert session_of(guest_app) is guest and guest.ledger.chips == list(guest.view.chips)
    run(
        [host_app, guest_app],
        lambda: top_name(host_app) == "gameover" and top_name(guest_app) == "gameover",
        seconds=30,
    )
    result = session_of(guest_app).ledger.result
    assert result is not None and result == session_of(host_app).ledger.result


def test_an_action_out_of_turn_is_a_notice_not_a_crash(windows: Windows) -> None:
    host_app, guest_app = seat_two("foster")
    windows.add(host_app, guest_app)
    host, guest = session_of(host_app), session_of(guest_app)
    # Nobody presses for the host: the table waits for them, and the guest tries to move meanwhile.
    run(
        [host_app, guest_app],
        lambda: human_to_act(host) and guest.waiting_for == host.facts.bottom,
        drive=[guest_app],
    )
    from game.rules.actions import PASS, IllegalAction

    with pytest.raises(IllegalAction):
        guest.act(PASS)  # the screen knows it is not the guest's turn: nothing is sent
    assert guest.sent is None
    guest.sent = guest.client.send(PASS)  # a stale screen sends it anyway: the host refuses it
    words = partial(notices_of, guest_app)
    run([host_app, guest_app], lambda: "It is not your turn." in words(), drive=False)
    assert guest.sent is None


def test_the_join_screen_lists_tables_and_says_when_nothing_answers(
    windows: Windows, server: ServerThread
) -> None:
    app = make_app()
    windows.add(app)
    join = JoinScene(app, Screens(app), address="not an address", name="Zoé")
    app.push(join)
    app.step(DT, [])
    words = partial(notices_of, app)
    assert any("Type an address" in w for w in words())
    # A port where nothing listens: said in one line, within the screen's patience.
    join.address = "127.0.0.1:1"
    join.look()
    run([app], lambda: any("Cannot reach" in w for w in words()), drive=False)
    # Two tables on a real server: both listed with their codes; choosing one fills the code.
    with Client(f"ws://{address(server)}") as first, Client(f"ws://{address(server)}") as second:
        hosts = [first, second]
        for i, client in enumerate(hosts):
            client.create(f"H{i}", {**table_settings(Setup.for_players(3 + i)), "public": True})
        codes = set()
        for client in hosts:
            while client.table is None:
                time.sleep(0.01)
            codes.add(client.table)
        join.address = address(server)
        join.look()
        run([app], lambda: len(join.tables) == 2, drive=False)
        assert {t["code"] for t in join.tables} == codes
        shown = [b for b in join.table_buttons if b.visible]
        assert len(shown) == 2 and all(
            str(t["code"]) in b.label() for t, b in zip(join.tables, shown, strict=True)
        )
        shown[1].activate()
        assert join.code == join.tables[1]["code"]
        # A wrong code: the lobby says so and goes back to the Join screen.
        join.code = "ZZZZZZZZ" if "ZZZZZZZZ" not in codes else "YYYYYYYY"
        join.join()
        run(
            [app],
            lambda: top_name(app) == "join" and any("No table has that code." in w for w in words()),
            drive=False,
        )
        # Watching a table not started: the lobby waits with the code on show.
        join.code = join.tables[0]["code"]
        join.watch()
        run([app], lambda: top_name(app) == "lobby" and lobby(app).welcome is not None, drive=False)
        assert lobby(app).welcome.seat is None  # type: ignore[union-attr]
        assert not lobby(app).start_button.visible
        lobby(app).back()
        app.step(DT, [])
        assert top_name(app) == "join"


def test_addresses_are_read_as_people_type_them() -> None:
    assert parse_address("192.168.1.5") == ("192.168.1.5", 8765)
    assert parse_address(" example.org:9000 ") == ("example.org", 9000)
    assert parse_address("ws://[::1]:8000") == ("::1", 8000)
    for bad in ("", "host:port", "a b", "host:70000", "[::1"):
        with pytest.raises(ValueError):
            parse_address(bad)


@pytest.mark.parametrize(
    "argv",
    [
        ["--port", "9000"],
        ["--host", "--port", "nine"],
        ["--table", "ABCDE"],
        ["--join", "host:port"],
        ["--join", "127.0.0.1", "--table", "AB"],
        ["--join", "127.0.0.1", "--name", "x" * 40],
        ["--name", "Anne"],
    ],
)
def test_bad_network_flags_say_so_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("farmer: error: --") and err.count("\n") == 1


def test_host_and_join_go_separately(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--host", "--join", "127.0.0.1"])
    assert stop.value.code == 2


def test_a_connection_closed_for_good_says_why_and_goes_back_to_the_menu(windows: Windows) -> None:
    """Another window takes the guest's seat with its token: the host closes the first one for
    good; its screen says why in a line and goes back to the menu."""
    from game.net.client import Client

    host_app, guest_app = seat_two("foster", deals=3)
    windows.add(host_app, guest_app)
    guest = session_of(guest_app)
    token = guest.client.token
    assert token is not None
    port = guest.client._link.url.rsplit(":", 1)[1]  # the table this window sits at
    with Client(f"ws://127.0.0.1:{port}") as other:
        other.resume(guest.welcome.table, token)
        words = partial(notices_of, guest_app)
        run([host_app, guest_app], lambda: top_name(guest_app) == "menu", drive=False)
        assert guest.lost
        assert any(w.startswith("The connection to the table was closed: ") for w in words()), words()


def test_the_lobby_hands_the_table_every_update_it_read_in_one_frame(
    windows: Windows, server: ServerThread
) -> None:
    """The game starts and the host plays on before the window's next frame: the window's table
    starts from the last of those updates, and prompts when its seat is to act."""
    with Client(f"ws://127.0.0.1:{server.server.port}") as host:
        host.create("Hosta", {"seats": 3, "deals": 1, "seed": 5, "turn_seconds": 300}, seat=0)
        end = time.monotonic() + 10
        while host.table is None:
            host.poll()
            assert time.monotonic() < end, "the host got no welcome"
            time.sleep(0.005)
        code = host.table
        app = window_at(server.server.port, code)
        windows.add(app)
        window_seat = lobby(app).welcome.seat  # type: ignore[union-attr]
        table = server.server.tables[code]
        host.start()
        agent = ThresholdAgent()
        seqs: list[int] = []
        acted_at = -1
        # The host plays until the window's seat is to act; the window draws no frame meanwhile.
        while True:
            match = table.match
            to_act = match.game.view_for(None).to_act if match is not None else None
            assert time.monotonic() < end + 10, f"seat {window_seat} never to act: {to_act}, {seqs}"
            seqs += [m.seq for m in host.poll() if isinstance(m, Update)]
            if to_act == window_seat and len(seqs) >= 2:
                break
            view = host.view
            if view is not None and view.my_turn and seqs and seqs[-1] != acted_at:
                acted_at = seqs[-1]  # one move per update: the next waits for the server's answer
                host.send(agent.choose(view))
            time.sleep(0.005)
        seq = table.seq
        time.sleep(0.3)  # the window's connection has read all of it
        app.step(DT, [])
        source = session_of(app)
        run([app], lambda: source.view.to_act == window_seat and human_to_act(source), drive=False)
        assert source.view.seat == window_seat and table.seq == seq
