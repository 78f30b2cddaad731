"""Opening a table on a headless server from the Join screen: "No table is open there yet" is said
once, on the Join screen only (never on the Open a table form nor in the new table's lobby), and the
lobby shows each free seat as the form chose it: kept for a person, or the computer at its level."""

from __future__ import annotations

from pathlib import Path

import pygame
from helpers import DT, drawn_words
from test_net_seats import address, window, words
from test_net_window import lobby, run, top

from game.net.server import ServerThread
from scenes.navigator import Screens
from scenes.net.host import HostScene
from scenes.net.join import JoinScene
from scenes.table.setup import PERSON
from tools.driver import key

NONE_YET = "No table is open there yet: open one with “Open a table there”."


def test_no_table_yet_is_said_once_and_only_where_it_is_true_and_seats_show_as_chosen(
    server: ServerThread, tmp_path: Path
) -> None:
    app = window(tmp_path / "seats.json")
    app.settings.player_name = "Olga"
    join = JoinScene(app, Screens(app), address=address(server))
    app.push(join)
    run([app], lambda: NONE_YET in words(app), drive=False)
    join.look()  # the list asked for again: still said once
    run([app], lambda: join.lister is None, drive=False)
    assert words(app).count(NONE_YET) == 1
    app.step(DT, [key(pygame.K_RETURN, "\r")])  # Open a table there
    form = app.stack.top
    assert isinstance(form, HostScene)
    assert NONE_YET not in words(app)
    assert not any(NONE_YET in w for w, _rect, _clip in drawn_words(app))
    form._set_players(4)
    form._set_level(1, PERSON)
    form._set_level(2, "expert")
    form._set_level(3, "easy")
    form._refresh()
    form.start.activate()
    run([app], lambda: top(app) == "lobby" and lobby(app).info is not None, drive=False)
    assert NONE_YET not in words(app)
    drawn = [w for w, _rect, _clip in drawn_words(app)]
    assert not any(NONE_YET in w for w in drawn)
    assert "2. A seat for a person (waiting for them)" in drawn, drawn
    seats = lobby(app).info.seats  # type: ignore[union-attr]
    assert f"3. {seats[2].name} (the computer, Expert, until someone joins)" in drawn, drawn
    assert f"4. {seats[3].name} (the computer, Easy, until someone joins)" in drawn, drawn
    lobby(app).back()
