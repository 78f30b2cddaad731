"""Whoever is looking, the screen says the truth: whole games through the real table scene, every
frame held against the engine (see tests/truth.py), alone, three people at one screen, two windows
at one network table and a spectator who comes in late."""
# A check after a call sees the state the call changed, which mypy takes as narrowed before it.
# mypy: disable-error-code="comparison-overlap"


from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from helpers import DT, quick_config
from helpers.windows import (
    Windows,
    at_the_table,
    command_line,
    crash,
    make_app,
    opened_table,
    run,
    seat_two,
    session_of,
    window,
)
from truth import Truth, Witness, ended, local_truth

from game.net.client import Client
from game.net.server import ServerThread
from scenes.app.loop import App
from scenes.navigator import Screens, start_game
from scenes.net.lobby import LobbyScene
from scenes.store.settings import Settings
from scenes.table.flow import Stage
from scenes.table.pass_screen import PassScene
from scenes.table.setup import Setup
from tools.driver import key, keys_for, local_game, table_of, top_name


def play_out(
    app: App, witness: Witness, frames: int = 40000, on_frame: Callable[[], None] | None = None
) -> None:
    """Step ``app`` with the stand-in player's keys, checking every frame, to the final standings."""
    for _ in range(frames):
        witness.check()
        if on_frame is not None:
            on_frame()
        if ended(witness.scene) and app.stack.top is witness.scene:
            witness.check()
            return
        app.step(DT, keys_for(app))
    raise AssertionError(f"the game did not end: {app.stack.top.name if app.stack.top else None}")


@pytest.mark.parametrize(
    ("rules", "rotating", "speed"),
    [("foster", False, "fast"), ("lacombe", False, "instant"), ("ferme", False, "instant"),
     ("foster", True, "instant"), ("lacombe", True, "fast")],
)
def test_a_game_against_the_computer_shows_the_engine_s_chips_every_frame(
    rules: str, rotating: bool, speed: str
) -> None:
    app = App(Settings(animation_speed=speed), (1024, 600))
    names = ["Anne", "Bastien", "You", "Dieter"]  # the person away from seat 0: a rotating farm starts there
    start_game(app, Setup(names, ["normal"] * 4, rules, rotating, 4, 31, 2))
    app.step(DT, [])
    scene = table_of(app)
    witness = Witness(scene, local_truth(scene))
    play_out(app, witness)
    assert witness.ledgers == {1, 2, 3, 4}, witness.ledgers  # every deal's ledger, each checked
    assert witness.finals > 0
    assert witness.prompts >= 3 and witness.caught_up > 10 and witness.plates > 20


def test_three_people_at_one_screen_are_each_named_when_it_is_their_turn() -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    names = ["Anne", "Bastien", "Claire", "Dieter", "Élise"]
    start_game(app, Setup(names, ["normal"] * 5, "foster", False, 3, 19, 0, (1, 3)))
    app.step(DT, [])
    scene = table_of(app)
    assert local_game(app).facts.people == {0, 1, 3}
    witness = Witness(scene, local_truth(scene))
    named: set[str] = set()
    bidders: set[int] = set()

    def note() -> None:
        source = scene.source
        if app.stack.top is scene and scene.handler.prompt is not None and source.looking is not None:
            named.add(source.facts.names[source.looking])
            if scene.stage is Stage.AUCTION:
                bidders.add(source.looking)
                assert scene.table.active == source.looking  # their plate glows, not the bottom one

    play_out(app, witness, on_frame=note)
    assert named == {"Anne", "Bastien", "Dieter"}
    assert len(bidders) >= 2  # the auction asks each person by name too
    assert witness.ledgers == {1, 2, 3}


def test_the_pass_screen_shows_a_hand_only_to_its_button_and_escape_pauses() -> None:
    app = App(Settings(animation_speed="instant"), (1024, 600))
    start_game(app, Setup(["Anne", "Bastien", "Claire"], ["normal"] * 3, "foster", False, 3, 5, 0, (1,)))
    for _ in range(20000):
        if isinstance(app.stack.top, PassScene):
            break
        app.step(DT, keys_for(app))
    pass_scene = app.stack.top
    assert isinstance(pass_scene, PassScene)
    scene = table_of(app)
    for k, text in ((pygame.K_c, "c"), (pygame.K_s, "s"), (pygame.K_a, "a"), (pygame.K_TAB, "\t")):
        app.step(DT, [key(k, text)])
        assert app.stack.top is pass_scene and scene.source.looking is None, k  # nothing shown
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1)])
    assert app.stack.top is pass_scene and scene.source.looking is None  # a click beside the button
    app.step(DT, [key(pygame.K_ESCAPE)])
    assert app.stack.top is not None and app.stack.top.name == "pause"
    app.step(DT, [key(pygame.K_ESCAPE)])  # the pause's Escape resumes: back to the pass screen
    assert app.stack.top is pass_scene and scene.source.looking is None
    app.step(DT, [key(pygame.K_RETURN, "\r")])  # "I am Anne" has the focus
    looking = scene.source.looking
    assert app.stack.top is scene and looking is not None
    assert scene.source.facts.names[looking] == pass_scene.person


# ---------------------------------------------------------------- network tables


def host_truth(server: ServerThread, code: str, source_view: Callable[[], object]) -> Callable[[], Truth]:
    """The truth at a network table: the host's last word (the view) and the host engine's log."""

    def truth() -> Truth:
        view = source_view()
        table = server.server.tables[code]
        assert table.match is not None
        log = list(table.match.game.log)
        return Truth(tuple(view.chips), view.farm, log, table.over)  # type: ignore[attr-defined]

    return truth


def test_two_windows_at_one_host_each_see_every_deal_s_ledger_and_the_truth(windows: Windows) -> None:

    host_app, guest_app = seat_two("foster", deals=4, seats=4)
    windows.add(host_app, guest_app)
    host, guest = session_of(host_app), session_of(guest_app)
    server = host.server
    assert server is not None
    code = host.welcome.table
    witnesses = [
        Witness(table_of(app), host_truth(server, code, lambda s=s: s.view))  # type: ignore[misc]
        for app, s in ((host_app, host), (guest_app, guest))
    ]

    def both() -> bool:
        for witness in witnesses:
            witness.check()
        return all(ended(w.scene) for w in witnesses)

    # The guest lingers on each ledger while the host goes on: the guest's ledger stays its deal's.
    lingering = {"frames": 0}

    def keys(app: App) -> list[pygame.event.Event]:
        if app is guest_app and top_name(guest_app) == "ledger":
            lingering["frames"] += 1
            if lingering["frames"] % 90:
                return []
        return keys_for(app)


    end = time.monotonic() + 60
    while not both():
        for app in (host_app, guest_app):
            app.step(DT, keys(app))
        assert time.monotonic() < end, [top_name(host_app), top_name(guest_app)]
        time.sleep(0.001)
    for witness in witnesses:
        assert witness.ledgers == {1, 2, 3, 4}, witness.ledgers
    assert session_of(guest_app).ledger.result == session_of(host_app).ledger.result
    run([host_app, guest_app], lambda: True)
def test_a_spectator_who_comes_late_sees_the_game_from_its_start(windows: Windows) -> None:


    host_app, guest_app = seat_two("foster", deals=4, seats=4)
    windows.add(host_app, guest_app)
    host = session_of(host_app)
    server = host.server
    assert server is not None
    code = host.welcome.table

    end = time.monotonic() + 60
    while table_of(host_app).source.ledger.deal < 3:  # two deals played before the spectator comes
        for app in (host_app, guest_app):
            app.step(DT, keys_for(app))
        assert time.monotonic() < end
        time.sleep(0.001)
    watcher_app = make_app()
    windows.add(watcher_app)
    client = Client(f"ws://127.0.0.1:{server.server.port}")
    client.watch(code)
    watcher_app.push(LobbyScene(watcher_app, Screens(watcher_app), client, "127.0.0.1"))
    while top_name(watcher_app) in ("lobby", "menu"):
        for app in (host_app, guest_app, watcher_app):
            app.step(DT, keys_for(app))
        assert time.monotonic() < end
        time.sleep(0.001)
    spectator = session_of(watcher_app)
    assert spectator.facts.watching
    witness = Witness(table_of(watcher_app), host_truth(server, code, lambda: spectator.view))
    assert table_of(watcher_app).table.deck_count > 0 or spectator.view.phase.value == "between"
    while not ended(witness.scene):
        witness.check()
        for app in (host_app, guest_app, watcher_app):
            app.step(DT, keys_for(app))
        assert time.monotonic() < end, top_name(watcher_app)
        time.sleep(0.001)
    witness.check()
    # The standings and the chart count from the game's start, not from the spectator's arrival.
    table = server.server.tables[code]
    assert table.match is not None
    log = table.match.game.log
    assert spectator.ledger.history[0] == tuple(log[0].chips_before)
    assert len(spectator.ledger.history) == len(log) + 1


def test_a_guest_killed_and_rejoined_by_the_same_command_sees_the_truth_in_their_own_seat(
    tmp_path: Path,
) -> None:
    # A seeded table: every screen says the deck is fixed.
    with ServerThread(quick_config()) as server, opened_table(server, seed=23) as (host, code):
        where = f"127.0.0.1:{server.server.port}"
        first = window(tmp_path / "seats.json")
        command_line(first, where, code)
        end = time.monotonic() + 60
        while top_name(first) != "lobby" or first.stack.top.welcome is None:  # type: ignore[union-attr]
            first.step(DT, [])
            assert time.monotonic() < end
            time.sleep(0.002)
        host.start()
        at_the_table(first)
        host.leave()  # the host goes: Bea plays against the computer
        scene = table_of(first)
        seat = session_of(first)
        witness = Witness(scene, host_truth(server, code, lambda: seat.view))
        while scene.source.ledger.deal < 2:  # a deal and more played, then the window is killed
            witness.check()
            first.step(DT, keys_for(first))
            assert time.monotonic() < end, top_name(first)
            time.sleep(0.001)
        assert "fixed deck" in scene.header_text()
        crash(first)
        second = window(tmp_path / "seats.json")  # the same command line, in a new window
        command_line(second, where, code)
        at_the_table(second)
        again = session_of(second)
        assert again.facts.bottom == 1 and not again.facts.watching and again.facts.names[1] == "Bea"
        rejoined = table_of(second)
        witness = Witness(rejoined, host_truth(server, code, lambda: again.view))
        while not ended(rejoined):
            witness.check()
            second.step(DT, keys_for(second))
            assert time.monotonic() < end, top_name(second)
            time.sleep(0.001)
        witness.check()
        assert witness.prompts > 0 and witness.ledgers  # Bea played on, and saw her ledgers
        table = server.server.tables[code]
        assert table.match is not None
        assert again.ledger.history[0] == tuple(table.match.game.log[0].chips_before)
        assert "fixed deck" in rejoined.header_text()
        again.client.close()
