"""Coming back to a network table: the window keeps each seat's token, and the same command line
or the Join screen takes the seat back after the window was killed; a token the server no
longer knows is forgotten and the person joins as anyone would. Also: the Join screen opens a
table on a headless server through the Host form, a window never gives its host a seed, and a
seeded table tells every guest that its deck is fixed."""

from __future__ import annotations

import json
import logging
import stat
from pathlib import Path

import pygame
import pytest
from helpers import DT, drawn_words, notices_of
from helpers.windows import (
    Windows,
    address,
    at_the_table,
    command_line,
    crash,
    lobby,
    make_app,
    opened_table,
    run,
    seat_of,
    session_of,
    wait_for,
    window,
)

from game.net.client import Client
from game.net.protocol import TableInfo, decode_server_message
from game.net.server import ServerThread
from scenes.cli import main, parser
from scenes.navigator import Screens
from scenes.net.address import table_settings
from scenes.net.host import HostScene
from scenes.net.join import JoinScene
from scenes.net.lobby import LobbyScene, fixed_deck_line
from scenes.net.run import open_from_command_line
from scenes.store.seats import MAX_SEATS, SeatTokens
from scenes.table.setup import Setup
from tools.driver import key, top_name

# ---------------------------------------------------------------- the token file


def test_the_token_file_round_trips_privately_and_keeps_only_the_recent(tmp_path: Path) -> None:
    path = tmp_path / "data" / "seats.json"
    store = SeatTokens(path)
    assert store.get("h:1", "ABCDE") is None and store.all() == []
    assert store.put("h:1", "abcde", "tok-1", "Bea")
    held = SeatTokens(path).get("h:1", "ABCDE")  # another window reads the same file
    assert held is not None and (held.token, held.name, held.table) == ("tok-1", "Bea", "ABCDE")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # The same table again replaces its token; the same code elsewhere is another seat.
    store.put("h:1", "ABCDE", "tok-2", "Bea")
    store.put("h:2", "ABCDE", "tok-3", "Bea")
    assert store.get("h:1", "ABCDE").token == "tok-2"  # type: ignore[union-attr]
    assert store.get("h:2", "ABCDE").token == "tok-3"  # type: ignore[union-attr]
    for i in range(MAX_SEATS + 5):
        store.put("many", f"T{i:04d}", f"t{i}", "Bea")
    kept = store.all()
    assert len(kept) == MAX_SEATS
    assert kept[0].table == f"T{MAX_SEATS + 4:04d}"  # the newest first, the oldest forgotten
    assert store.get("many", "T0000") is None and store.get("h:1", "ABCDE") is None
    assert store.forget("many", kept[0].table) and store.get("many", kept[0].table) is None
    assert len(store.all()) == MAX_SEATS - 1
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_corrupt_token_file_is_ignored_with_a_warning_and_nothing_else_is_lost(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "seats.json"
    settings = tmp_path / "settings.json"
    settings.write_text('{"version": 1, "settings": {}}\n')
    path.write_text("{not json")
    store = SeatTokens(path)
    with caplog.at_level(logging.WARNING, logger="scenes.store.seats"):
        assert store.get("h", "ABCDE") is None
    assert any("seats.json" in r.getMessage() for r in caplog.records)
    assert store.problem is not None
    assert [p for p in tmp_path.iterdir() if p.name.startswith("seats.json.bad")]  # kept aside
    assert settings.read_text() == '{"version": 1, "settings": {}}\n'
    # Writing again works, from empty; a well-formed file with one bad entry keeps the good ones.
    assert store.put("h", "ABCDE", "tok", "Bea") and store.get("h", "ABCDE") is not None
    doc = json.loads(path.read_text())
    doc["seats"].append({"address": "h", "table": 5, "token": None})
    path.write_text(json.dumps(doc))
    assert [e.token for e in store.all()] == ["tok"]
    path.write_text(json.dumps({"format": "something else", "seats": []}))
    assert store.all() == [] and "not a farmer-seats file" in (store.problem or "")


def test_an_old_server_table_message_has_no_fixed_deck() -> None:
    old = {"type": "table", "table": {"code": "ABCDE", "settings": {}, "started": False, "over": False,
                                      "seats": [], "spectators": 0}}
    info = decode_server_message(json.dumps(old))
    assert isinstance(info, TableInfo) and info.fixed_deck is False
    old["table"]["fixed_deck"] = True  # type: ignore[index]
    assert decode_server_message(json.dumps(old)).fixed_deck is True  # type: ignore[union-attr]


# ---------------------------------------------------------------- taking the seat back


def test_the_same_command_line_takes_the_seat_back_after_the_window_was_killed(
    server: ServerThread, tmp_path: Path
) -> None:
    with opened_table(server) as (host, code):
        where = address(server)
        first = window(tmp_path / "seats.json")
        command_line(first, where, code)
        run([first], lambda: top_name(first) == "lobby" and lobby(first).welcome is not None, drive=False)
        welcome = lobby(first).welcome
        assert welcome is not None and welcome.seat == 1
        held = SeatTokens(tmp_path / "seats.json").get(where, code)
        assert held is not None and held.token == welcome.token and held.name == "Bea"
        seat_of(host, 1, person=True, connected=True)
        host.start()
        at_the_table(first)
        crash(first)
        seat_of(host, 1, person=True, connected=False)  # the seat is kept: the AI plays it meanwhile
        # The person runs the same command again, in a new window.
        second = window(tmp_path / "seats.json")
        command_line(second, where, code)
        at_the_table(second)
        session = session_of(second)
        assert session.facts.bottom == 1 and not session.facts.watching
        assert session.facts.names[1] == "Bea"
        info = seat_of(host, 1, person=True, connected=True)
        assert info.seats[1].name == "Bea" and info.started
        assert not [w for w in notices_of(second) if "watch" in w]
        session.client.close()


def test_the_join_screen_lists_a_started_table_and_takes_the_seat_back(
    server: ServerThread, tmp_path: Path
) -> None:
    with (
        opened_table(server) as (host, code),
        opened_table(server, seats=3) as (_other, other_code),  # not started: listed first for anyone else
    ):
        where = address(server)
        first = window(tmp_path / "seats.json")
        command_line(first, where, code)
        run([first], lambda: top_name(first) == "lobby" and lobby(first).welcome is not None, drive=False)
        seat_of(host, 1, person=True, connected=True)
        host.start()
        at_the_table(first)
        crash(first)
        seat_of(host, 1, connected=False)
        second = window(tmp_path / "seats.json")
        join = JoinScene(second, Screens(second), address=where, name="Bea")
        second.push(join)
        run([second], lambda: len(join.tables) == 2, drive=False)
        # The table where this window holds a seat comes first, said so, though it has started.
        assert [t["code"] for t in join.tables] == [code, other_code]
        assert join.tables[0]["started"] and not join.tables[1]["started"]
        labels = [b.label() for b in join.table_buttons if b.visible]
        assert "your seat is kept" in labels[0] and "seats free" in labels[1]
        join.table_buttons[0].activate()
        assert join.code == code and join.join_button.label() == "Take my seat back"
        join.table_buttons[1].activate()
        assert join.join_button.label() == "Join"
        join.table_buttons[0].activate()
        join.group.set_focus(join.join_button)
        second.step(DT, [key(pygame.K_RETURN, "\r")])
        at_the_table(second)
        session = session_of(second)
        assert session.facts.bottom == 1 and session.facts.names[1] == "Bea"
        seat_of(host, 1, person=True, connected=True)
        # Someone else's window sees the started table marked, to watch.
        stranger = make_app()
        look = JoinScene(stranger, Screens(stranger), address=where, name="Cy")
        stranger.push(look)
        run([stranger], lambda: len(look.tables) == 2, drive=False)
        assert [t["code"] for t in look.tables] == [other_code, code]
        assert "watch" in look.table_buttons[1].label()
        session.client.close()


def test_a_token_the_server_does_not_know_is_forgotten_and_the_person_joins(
    server: ServerThread, tmp_path: Path
) -> None:
    with opened_table(server) as (host, code):
        where = address(server)
        seats = SeatTokens(tmp_path / "seats.json")
        seats.put(where, code, "a-token-of-another-table", "Bea")
        app = window(tmp_path / "seats.json")
        command_line(app, where, code)
        run([app], lambda: top_name(app) == "lobby" and lobby(app).welcome is not None, drive=False)
        welcome = lobby(app).welcome
        assert welcome is not None and welcome.seat == 1 and welcome.token
        held = seats.get(where, code)
        assert held is not None and held.token == welcome.token  # the new seat's token, kept
        # Leaving the table forgets its token.
        lobby(app).back()
        assert seats.get(where, code) is None
        seat_of(host, 1, person=False)
        # At a started table a stale token falls back to join, which says "watch it", and is forgotten.
        host.start()
        wait_for(host, lambda m: isinstance(m, TableInfo) and m.started)
        seats.put(where, code, "stale", "Bea")
        command_line(app, where, code)
        run([app], lambda: top_name(app) == "menu", drive=False)
        assert any("you can only watch it" in w for w in notices_of(app))
        assert seats.get(where, code) is None
        # A table the server no longer has: said so, and its token is forgotten too.
        gone = "ZZZZZ" if code != "ZZZZZ" else "YYYYY"
        seats.put(where, gone, "old", "Bea")
        command_line(app, where, gone)
        gone_said = "No table has that code."

        def gone_is_said() -> bool:
            return top_name(app) == "menu" and any(gone_said in w for w in notices_of(app))

        run([app], gone_is_said, drive=False)
        assert seats.get(where, gone) is None


def test_a_window_with_no_token_file_joins_as_before(server: ServerThread) -> None:
    with opened_table(server) as (_host, code):
        app = make_app()  # keeps no seats
        command_line(app, address(server), code)
        run([app], lambda: top_name(app) == "lobby" and lobby(app).welcome is not None, drive=False)
        assert lobby(app).welcome.seat == 1  # type: ignore[union-attr]
        assert app.settings.net_address == address(server) and app.settings.player_name == "Bea"
        lobby(app).back()


# ---------------------------------------------------------------- opening a table elsewhere


def test_the_join_screen_opens_a_table_on_a_headless_server_through_the_host_form(
    server: ServerThread, tmp_path: Path
) -> None:
    app = window(tmp_path / "seats.json")
    app.settings.player_name = "Olga"
    join = JoinScene(app, Screens(app), address=address(server))
    app.push(join)
    run([app], lambda: any("No table is open there yet" in w for w in notices_of(app)), drive=False)
    assert join.group.focused is join.open_button
    app.step(DT, [key(pygame.K_RETURN, "\r")])
    form = app.stack.top
    assert isinstance(form, HostScene) and form.address == address(server)
    assert address(server) in form.title()
    form._set_players(5)
    form._set_rules("lacombe")
    form._set_rotating(True)
    form._set_deals(3)
    form._set_level(2, "expert")
    form._refresh()
    form.start.activate()
    run([app], lambda: top_name(app) == "lobby" and lobby(app).info is not None, drive=False)
    scene = lobby(app)
    assert scene.server is None and scene.client.host and scene.welcome is not None
    assert scene.start_button.visible and scene.welcome.seat == 0
    settings = scene.info.settings  # type: ignore[union-attr]
    assert (settings["rules"], settings["seats"], settings["deals"]) == ("lacombe+rotating", 5, 3)
    assert settings["ai"][2] == "expert" and settings["seed"] is None
    assert scene.info.seats[0].name == "Olga" and scene.info.seats[0].host  # type: ignore[union-attr]
    # The server holds it (private: a stranger's list does not show it), and this window can take
    # its seat back.
    code = scene.welcome.table
    with Client(f"ws://{address(server)}") as lister:
        lister.list_tables()
        listed = wait_for(lister, lambda m: hasattr(m, "tables")).tables
        assert code not in [t["code"] for t in listed]
        assert SeatTokens(tmp_path / "seats.json").get(address(server), code) is not None
        assert app.settings.net_address == address(server)
        scene.start()
        run([app], lambda: top_name(app) not in ("lobby", "host"), drive=False)
        session_of(app).client.close()


# ---------------------------------------------------------------- seeds


def test_a_hosting_window_refuses_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--host", "--seed", "7"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("farmer: error: --seed cannot go with --host") and err.count("\n") == 1


def test_a_seed_never_reaches_a_hosted_table() -> None:
    app = make_app()
    args = parser().parse_args(["--host", "--port", "0", "--seed", "7", "--players", "3"])
    open_from_command_line(app, Screens(app), args)  # past the command line's own refusal
    run([app], lambda: top_name(app) == "lobby" and lobby(app).info is not None, drive=False)
    scene = lobby(app)
    assert scene.server is not None and not scene.server.server.config.allow_seed
    table = scene.server.server.tables[scene.welcome.table]  # type: ignore[union-attr]
    assert table.settings.seed is None and not scene.info.fixed_deck  # type: ignore[union-attr]
    assert table_settings(Setup.for_players(3, seed=7)).get("seed") is None
    scene.back()


def test_a_seeded_table_tells_every_guest_its_deck_is_fixed(server: ServerThread) -> None:
    scenes: list[LobbyScene] = []
    for seed in (None, 11):
        with opened_table(server, seed=seed) as (_host, code):
            app = make_app()
            JoinScene(app, Screens(app), address=address(server), name="Gus", code=code).join()
            run([app], lambda: top_name(app) == "lobby" and lobby(app).info is not None, drive=False)  # noqa: B023
            scene = lobby(app)
            drawn = [words for words, _rect, _clip in drawn_words(app)]
            assert scene.info is not None and scene.info.fixed_deck is (seed is not None)
            assert scene.info.settings["seed"] is None  # the seed itself is never told
            assert (fixed_deck_line() in drawn) is (seed is not None)
            scenes.append(scene)
    for scene in scenes:
        scene.back()


def test_the_host_form_lists_a_table_for_anyone_only_when_asked(
    windows: Windows, server: ServerThread, tmp_path: Path
) -> None:
    codes = {}
    for public in (False, True):
        app = window(tmp_path / f"seats-{public}.json")
        windows.add(app)
        form = HostScene(app, Screens(app), address=address(server))
        app.push(form)
        app.step(DT, [])
        assert form.listed_w in form.left and form.listed_w.value_text().startswith("No")
        if public:
            form.listed_w.change(+1)
            assert form.public and form.listed_w.value_text().startswith("Yes")
        form.start.activate()
        run([app], lambda: top_name(app) == "lobby" and lobby(app).welcome is not None, drive=False)  # noqa: B023
        codes[public] = lobby(app).welcome.table  # type: ignore[union-attr]
    with Client(f"ws://{address(server)}") as lister:
        lister.list_tables()
        listed = [t["code"] for t in wait_for(lister, lambda m: hasattr(m, "tables")).tables]
        assert codes[True] in listed and codes[False] not in listed
