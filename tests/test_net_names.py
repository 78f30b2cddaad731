"""Names of 32 characters (:data:`game.limits.MAX_NAME`) at a network table of ten: every screen
that shows one shows it whole or shortened with an ellipsis, inside its box and over no other word.
The host's lobby (with the page's QR code), the Join screen, and whole games seen by the host, a
guest and a spectator (plates, headlines, prompts, ledgers, the final standings, the history).

The strings are recorded as tests/test_i18n_layout.py records them (its recorder and checks).
"""

from __future__ import annotations

import time

import pygame
import pytest
from helpers import DT, hosted_lobby, step_until
from helpers.layout import Drawn, Recorder, problems, redraw_top
from helpers.windows import Windows

from game.limits import MAX_NAME
from game.net.client import Client
from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.net import host as host_module
from scenes.net.join import JoinScene
from scenes.net.lobby import LobbyScene, join_table
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings
from scenes.table.history import HistoryScene
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from tools.driver import key, keys_for, table_of, top_name

LAN = "192.168.1.5"
NAMES = [
    "Wilhelmina Grünewald-Oberhausen",
    "Maximilianus_Bartholomaeus_Kingx",  # one word: nowhere to break it
    "Éléonore-Gwendoline de Montmoren",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",  # the widest letter, 32 times
    "Friedrich-Wilhelm Schwarzenbergg",
    "Anne-Charlotte Beauchamp-Villard",
    "Konstantinopolitanischer_Dudelsa",
    "Marie-Thérèse Dupont-Lefebvre xx",
    "Bartholomew Fitzgerald-Worthingt",
    "Gwendolyn Montgomery-Featherston",
]
SIZES = [(1024, 600), (1920, 1080), (3840, 2160)]


def test_the_names_are_as_long_as_the_server_takes() -> None:
    assert max(len(n) for n in NAMES) == MAX_NAME == 32


def new_app(lang: str, size: tuple[int, int]) -> App:
    app = App(Settings(animation_speed="instant", language=lang), size)
    app.stack.push(MenuScene(app, Screens(app)))
    app.step(DT, [])
    return app



def whole_or_shortened(shown: str, meant: str) -> bool:
    """``shown`` is ``meant`` whole, or its start followed by an ellipsis."""
    return shown == meant or (shown.endswith("…") and meant.startswith(shown[:-1]) and len(shown) > 1)


def host_with_guests(
    lang: str, size: tuple[int, int], guests: list[str]
) -> tuple[App, LobbyScene, list[Client]]:
    """A table of ten long names hosted by a window, ``guests`` sat at it by programs of their own."""
    app = new_app(lang, size)
    lobby = hosted_lobby(app, Setup(list(NAMES), ["normal"] * 10, "foster", False, 2, 5, 0))
    step_until([app], lambda: lobby.info is not None and lobby.server is not None)
    assert lobby.welcome is not None and lobby.server is not None
    clients = []
    for name in guests:
        client = Client(f"ws://127.0.0.1:{lobby.server.server.port}")
        client.join(lobby.welcome.table, name)
        clients.append(client)
    seated = 1 + len(guests)
    step_until([app], lambda: lobby.info is not None and sum(s.person for s in lobby.info.seats) == seated)
    return app, lobby, clients


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_hosts_lobby_shows_ten_long_names_beside_the_qr_code(
    windows: Windows, lang: str, size: tuple[int, int], recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "reachable_address", lambda: LAN)  # phones can reach the table
    app, lobby, clients = host_with_guests(lang, size, NAMES[1:4])
    windows.add(app)
    try:
        step_until([app], lambda: lobby.code_drawn is not None)
        clients[0].leave()  # one guest gone: "away" after their name
        step_until([app], lambda: lobby.info is not None and sum(s.person for s in lobby.info.seats) == 3)
        lobby.dirty = True
        drawn = recorder.take(app.draw)  # (redraw_top takes the lobby's table code for a table)
        found = problems(drawn, f"{lang} {size} lobby")
        code, column = lobby.code_drawn, lobby.qr_rect
        assert code is not None and column is not None
        for d in drawn:
            if d.rect.colliderect(lobby.panel):
                assert lobby.panel.contains(d.rect), d.text
                assert not d.rect.colliderect(code), d.text
        assert lobby.info is not None
        seats = [d for d in drawn if d.text.split(". ", 1)[0].isdigit()]
        assert len(seats) == 10, [d.text for d in seats]
        for seat, d in zip(lobby.info.seats, seats, strict=True):
            assert d.rect.right <= column.x, d.text  # the seats keep to their side of the code
            assert whole_or_shortened(d.text, f"{seat.seat + 1}. {seat.name}") or seat.name in d.text, d.text
        assert seats[0].text.startswith(f"1. {NAMES[0]}")  # the host's own name is shown whole
        assert not found, "\n".join(found)
    finally:
        lobby.back()
        for client in clients:
            client.close(timeout=0)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_join_screen_keeps_a_long_name_in_its_field(
    windows: Windows, lang: str, size: tuple[int, int], recorder: Recorder
) -> None:
    app = new_app(lang, size)
    windows.add(app)
    join = JoinScene(app, Screens(app), address="127.0.0.1:9", name=NAMES[1], code="ABCD2345")
    app.push(join)
    app.step(DT, [])
    for focused in (False, True):  # the caret after the name while it is typed
        if focused:
            join.group.set_focus(join.name_w)
        drawn = recorder.take(lambda: redraw_top(app))
        found = problems(drawn, f"{lang} {size} join")
        field = join.name_w.rect
        box = pygame.Rect(field.centerx, field.y, field.right - field.centerx, field.h)
        value = [d for d in drawn if d.widget is join.name_w and d.rect.x >= box.x]
        assert len(value) == 1, [d.text for d in drawn if d.widget is join.name_w]
        assert box.contains(value[0].rect), (value[0].text, value[0].rect, box)
        shown = value[0].text.rstrip("▏")
        assert shown == NAMES[1] or (shown.startswith("…") and NAMES[1].endswith(shown[1:])), shown
        assert not found, "\n".join(found)


def check(app: App, where: str, recorder: Recorder, found: list[str]) -> list[Drawn]:
    drawn = recorder.take(lambda: redraw_top(app))
    found.extend(problems(drawn, where))
    return drawn


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_network_game_of_ten_long_names_keeps_every_word_in_its_box(
    windows: Windows, lang: str, recorder: Recorder
) -> None:
    host, lobby, clients = host_with_guests(lang, (1024, 600), [])
    windows.add(host)
    assert lobby.welcome is not None and lobby.server is not None
    port, code = lobby.server.server.port, lobby.welcome.table
    guest = new_app(lang, (1024, 600))
    windows.add(guest)
    join_table(guest, Screens(guest), "127.0.0.1", port, code, NAMES[1])
    watcher = new_app(lang, (1024, 600))
    windows.add(watcher)
    join_table(watcher, Screens(watcher), "127.0.0.1", port, code, "", watch=True)
    apps = [host, guest, watcher]
    step_until(apps, lambda: lobby.info is not None and sum(s.person for s in lobby.info.seats) == 2)
    step_until(apps, lambda: all(top_name(a) == "lobby" and a.stack.top.welcome is not None for a in apps))  # type: ignore[union-attr]
    host.step(DT, [key(pygame.K_RETURN, "\r")])  # Start the game
    step_until(apps, lambda: all(top_name(a) != "lobby" for a in apps))
    found: list[str] = []
    seen: set[str] = set()
    ledger_names: set[str] = set()
    end = time.monotonic() + 120
    while not all(f"{who} gameover" in seen for who in ("host", "guest", "watcher")):
        assert time.monotonic() < end, [top_name(a) for a in apps]
        for app, who in ((host, "host"), (guest, "guest"), (watcher, "watcher")):
            scene = app.stack.top
            if not isinstance(scene, TableScene):
                continue
            settled = not scene.tweens.busy
            stage = f"{who} {scene.name}"
            asked = scene.name != "auction" or scene.handler.prompt is not None or who == "watcher"
            if stage not in seen and settled and asked:
                seen.add(stage)
                drawn = check(app, f"{lang} {stage}", recorder, found)
                if scene.name in ("ledger", "gameover"):
                    ledger_names.update(d.text for d in drawn)
        for app in apps:
            app.step(DT, keys_for(app) if app is not watcher else [])
        time.sleep(0.001)
    for who in ("host", "guest", "watcher"):
        assert {f"{who} {s}" for s in ("auction", "deal", "showdown", "ledger", "gameover")} <= seen, seen
    # The ledger names every long name, whole or shortened, with its place at the end.
    for name in (NAMES[0], NAMES[1]):
        assert any(whole_or_shortened(t.split(" ", 1)[-1], name) for t in ledger_names), name
    scene = table_of(host)
    host.stack.push(HistoryScene(host, scene.journal, scene.eyes))
    host.step(DT, [])
    check(host, f"{lang} host history", recorder, found)
    assert not found, "\n".join(found)
    for app in apps:
        app.step(DT, [key(pygame.K_RETURN, "\r")])
    for client in clients:
        client.close(timeout=0)
