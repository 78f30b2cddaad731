"""Opening a table on a headless server from the Join screen: "No table is open there yet" is said
once, on the Join screen only (never on the Open a table form nor in the new table's lobby), and the
lobby shows each free seat as the form chose it: kept for a person, or the computer at its level."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from helpers import DT, Phone, drawn_words, hosted_lobby, notices_of, step_until
from helpers.windows import address, lobby, run, seat_of, wait_for, window

from game.net.client import Client
from game.net.protocol import ProtocolError, TableInfo, parse_settings
from game.net.server import ServerThread
from scenes.navigator import Screens
from scenes.net.host import HostScene
from scenes.net.join import JoinScene
from scenes.net.lobby import join_table
from scenes.table.setup import PERSON, Setup
from tools.driver import key, top_name

NONE_YET = "No table is open there yet: open one with “Open a table there”."


def test_a_listed_table_under_rules_this_game_does_not_know_names_them_as_they_came(tmp_path: Path) -> None:
    app = window(tmp_path / "seats.json")
    join = JoinScene(app, Screens(app), address="127.0.0.1:1")
    join.tables = [{"code": "ABCD", "rules": "chess+rotating", "free": 2, "seats": 4},
                   {"code": "EFGH", "rules": "lacombe+rotating", "free": 1, "seats": 3}]
    assert join._table_label(0)() == "ABCD · chess+rotating · 2 of 4 seats free"
    assert join._table_label(1)() == "EFGH · La Ferme after Lacombe (1800), rotating farm · 1 of 3 seats free"


def test_no_table_yet_is_said_once_and_only_where_it_is_true_and_seats_show_as_chosen(
    server: ServerThread, tmp_path: Path
) -> None:
    app = window(tmp_path / "seats.json")
    app.settings.player_name = "Olga"
    join = JoinScene(app, Screens(app), address=address(server))
    app.push(join)
    run([app], lambda: NONE_YET in notices_of(app), drive=False)
    join.look()  # the list asked for again: still said once
    run([app], lambda: join.lister is None, drive=False)
    assert notices_of(app).count(NONE_YET) == 1
    app.step(DT, [key(pygame.K_RETURN, "\r")])  # Open a table there
    form = app.stack.top
    assert isinstance(form, HostScene)
    assert NONE_YET not in notices_of(app)
    assert not any(NONE_YET in w for w, _rect, _clip in drawn_words(app))
    form._set_players(4)
    form._set_level(1, PERSON)
    form._set_level(2, "expert")
    form._set_level(3, "easy")
    form._refresh()
    form.start.activate()
    run([app], lambda: top_name(app) == "lobby" and lobby(app).info is not None, drive=False)
    assert NONE_YET not in notices_of(app)
    drawn = [w for w, _rect, _clip in drawn_words(app)]
    assert not any(NONE_YET in w for w in drawn)
    assert "2. A seat for a person (waiting for them)" in drawn, drawn
    seats = lobby(app).info.seats  # type: ignore[union-attr]
    assert f"3. {seats[2].name} (the computer for now: Expert)" in drawn, drawn
    assert f"4. {seats[3].name} (the computer for now: Easy)" in drawn, drawn
    lobby(app).back()


def test_a_joiner_takes_a_seat_kept_for_a_person_before_a_seat_the_computer_was_given(
    server: ServerThread, tmp_path: Path
) -> None:
    """The host chose "A person" for seat 3 and the computer for seats 2 and 4: the first to join
    sits at seat 3, the next at the first seat left (2); every lobby says which seat waits for a person."""
    app = window(tmp_path / "seats.json")
    app.settings.player_name = "Olga"
    form = HostScene(app, Screens(app), address=address(server))
    app.push(form)
    form._set_players(4)
    form._set_level(1, "expert")
    form._set_level(2, PERSON)
    form._set_level(3, "easy")
    form._refresh()
    form.start.activate()
    run([app], lambda: top_name(app) == "lobby" and lobby(app).info is not None, drive=False)
    code = lobby(app).info.code  # type: ignore[union-attr]
    guest = window(tmp_path / "guest.json")
    guest.settings.player_name = "Gus"
    join_table(guest, Screens(guest), "127.0.0.1", server.server.port, code, "Gus")
    run([app, guest], lambda: top_name(guest) == "lobby" and lobby(guest).welcome is not None, drive=False)
    assert lobby(guest).welcome.seat == 2  # type: ignore[union-attr]
    later = Phone(server.server.port, code, "Lena")
    step_until([app, guest], lambda: later.welcome is not None, phones=[later])
    assert later.seat == 1
    run([app], lambda: any(s.name == "Lena" for s in lobby(app).info.seats), drive=False)  # type: ignore[union-attr]
    drawn = [w for w, _rect, _clip in drawn_words(app)]
    assert "3. Gus" in drawn and "2. Lena" in drawn, drawn
    later.client.close(timeout=0.5)
    lobby(guest).back()
    run([app, guest], lambda: not any(s.name == "Gus" for s in lobby(app).info.seats), drive=False)  # type: ignore[union-attr]
    # The seat given back waits for a person again, in every lobby: the host's, and a newcomer's.
    drawn = [w for w, _rect, _clip in drawn_words(app)]
    assert "3. A seat for a person (waiting for them)" in drawn, drawn
    third = window(tmp_path / "third.json")
    join_table(third, Screens(third), "127.0.0.1", server.server.port, code, "Tom", watch=True)
    run([app, third], lambda: top_name(third) == "lobby" and lobby(third).info is not None, drive=False)
    third.step(DT, [])
    drawn = [w for w, _rect, _clip in drawn_words(third)]
    assert "3. A seat for a person (waiting for them)" in drawn, drawn
    lobby(third).back()
    lobby(app).back()


def test_the_seats_kept_for_people_are_seats_of_the_table_each_named_once() -> None:
    assert parse_settings({"seats": 4, "people": [3, 1]}).people == (3, 1)
    assert parse_settings({"seats": 4}).people == ()
    for wrong in ([4], [-1], [1, 1], "1", [True], [0, 1, 2, 3, 0]):
        with pytest.raises(ProtocolError):
            parse_settings({"seats": 4, "people": wrong})


def test_a_seat_given_up_before_the_start_gets_the_name_its_host_gave_it_back(server: ServerThread) -> None:
    with Client(f"ws://{address(server)}") as host:
        host.create("Hosta", {"seats": 3, "names": ["", "Bastien", "Claire"]})
        wait_for(host, lambda m: isinstance(m, TableInfo))
        assert host.table is not None
        with Client(f"ws://{address(server)}") as guest:
            guest.join(host.table, "Gus")
            assert seat_of(host, 1, person=True).seats[1].name == "Gus"
            guest.leave()
            assert seat_of(host, 1, person=False).seats[1].name == "Bastien"


def test_a_window_hosting_its_table_seats_a_guest_at_the_seat_it_kept_for_a_person(tmp_path: Path) -> None:
    app = window(tmp_path / "seats.json")
    setup = Setup.for_players(4)
    setup.people = (2,)  # the form's "A person" on seat 3
    hosted = hosted_lobby(app, setup)
    run([app], lambda: hosted.info is not None, drive=False)
    assert hosted.info is not None and hosted.server is not None
    guest = Phone(hosted.server.server.port, hosted.info.code, "Gus")
    step_until([app], lambda: guest.welcome is not None, phones=[guest])
    assert guest.seat == 2
    guest.client.close(timeout=0.5)
    hosted.back()
