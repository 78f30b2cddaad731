"""Helpers for tests of network tables in the window: windows that host, join and come back, and
plain clients that open tables beside them."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame

from game.net.client import Client
from game.net.protocol import TableInfo
from game.net.server import ServerThread
from helpers import DT, Phone
from scenes.app.loop import App
from scenes.cli import parser
from scenes.navigator import Screens
from scenes.net.address import table_settings
from scenes.net.host import host_table
from scenes.net.join import JoinScene
from scenes.net.lobby import LobbyScene
from scenes.net.remote import NetworkSeat, Spectator
from scenes.net.run import open_from_command_line
from scenes.net.seats import keep_seats_in
from scenes.screens.menu import MenuScene
from scenes.store.seats import SeatTokens
from scenes.store.settings import Settings
from scenes.table.setup import Setup
from tools.driver import key, keys_for, top_name


def close_network(app: App) -> None:
    """Close whatever network ``app``'s screens hold: the table they play or watch (and the server
    a window hosts it on), a lobby's link, the Join screen's list."""
    for layer in app.stack.scenes:
        source = getattr(layer, "source", None)
        if isinstance(source, NetworkSeat | Spectator):
            source.close()
        if isinstance(layer, LobbyScene):
            layer.client.close(timeout=0.5)
            if layer.server is not None:
                layer.server.stop()
        if isinstance(layer, JoinScene) and layer.lister is not None:
            layer.lister.close(timeout=0.5)


class Windows:
    """The windows a test opens on network tables (and the phones beside them): as a context manager
    (the ``windows`` fixture), each one's network is closed when the block ends, however it ends."""

    def __init__(self) -> None:
        """No window yet."""
        self.apps: list[App] = []
        self.phones: list[Phone] = []

    def add(self, *apps: App) -> None:
        """``apps``, whose network is closed at the end."""
        self.apps.extend(apps)

    def phone(self, *phones: Phone) -> None:
        """``phones``, closed at the end."""
        self.phones.extend(phones)

    def __enter__(self) -> Windows:
        """This registry."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close every phone, then every window's network."""
        for phone in self.phones:
            phone.client.close(timeout=0.5)
        for app in self.apps:
            close_network(app)


def make_app() -> App:
    """A 1024 × 600 window (animations instant) at the menu, its first frame drawn."""
    app = App(Settings(animation_speed="instant"), (1024, 600))
    app.stack.push(MenuScene(app, Screens(app)))
    app.step(DT, [])
    return app




def run(
    apps: list[App], until: Callable[[], bool], seconds: float = 8.0, drive: bool | list[App] = True
) -> None:
    """Step every app (those in ``drive`` pressing keys) until ``until()``, bounded in time."""
    end = time.monotonic() + seconds
    while True:
        for app in apps:
            driven = drive if isinstance(drive, bool) else app in drive
            app.step(DT, keys_for(app) if driven else [])
        if until():
            return
        assert time.monotonic() < end, f"timed out: {[top_name(a) for a in apps]}"
        time.sleep(0.002)  # let the network threads run


def lobby(app: App) -> LobbyScene:
    """The lobby on top of ``app`` (checked)."""
    scene = app.stack.top
    assert isinstance(scene, LobbyScene), top_name(app)
    return scene


def session_of(app: App) -> NetworkSeat | Spectator:
    """The network table (a seat or a spectator's chair) the scene on top of ``app`` shows (checked)."""
    session = getattr(app.stack.top, "source", None)
    assert isinstance(session, NetworkSeat | Spectator), top_name(app)
    return session


def window_at(port: int, code: str, name: str = "Wendy") -> App:
    """A window joining table ``code`` on the server at ``port`` through its Join screen, left in
    the lobby once welcomed."""
    app = make_app()
    join = JoinScene(app, Screens(app), address=f"127.0.0.1:{port}", name=name, code=code)
    app.push(join)
    end = time.monotonic() + 10
    while join.lister is not None:
        app.step(DT, [])
        assert time.monotonic() < end, "the window's Join screen never listed the tables"
        time.sleep(0.005)
    join.join()
    while not (top_name(app) == "lobby" and getattr(app.stack.top, "welcome", None) is not None):
        app.step(DT, [])
        assert time.monotonic() < end, f"the window did not reach the lobby: {top_name(app)}"
        time.sleep(0.005)
    return app


def seat_two(
    rules: str, rotating: bool = False, seats: int = 4, deals: int = 2, seed: int = 7
) -> tuple[App, App]:
    """The host's window opens a table (through a server of its own), a second window joins it
    through the Join screen, and the host starts."""
    host_app, guest_app = make_app(), make_app()
    setup = Setup.for_players(seats, rules, rotating, deals, seed, human_name="Hosta")
    assert host_table(host_app, Screens(host_app), setup, bind="127.0.0.1", port=0)
    run([host_app], lambda: lobby(host_app).info is not None)
    host_lobby = lobby(host_app)
    assert host_lobby.welcome is not None and host_lobby.client.host
    code = host_lobby.welcome.table
    # The table is private (not listed): the guest types the code the host tells them.
    join = JoinScene(guest_app, Screens(guest_app), address=host_lobby.address, name="Guesto", code=code)
    guest_app.push(join)
    run([guest_app], lambda: join.lister is None)
    assert code not in [t["code"] for t in join.tables]
    join.join()

    def guest_in_lobby() -> bool:
        return top_name(guest_app) == "lobby" and lobby(guest_app).welcome is not None

    run([host_app, guest_app], guest_in_lobby)
    run([host_app], lambda: host_lobby.info is not None and sum(s.person for s in host_lobby.info.seats) == 2)
    host_app.step(DT, [key(pygame.K_RETURN, "\r")])  # Start the game has the focus
    run([host_app, guest_app], lambda: top_name(host_app) != "lobby" and top_name(guest_app) != "lobby")
    return host_app, guest_app


def address(server: ServerThread) -> str:
    """Where ``server`` listens, as a window's Join screen is given it (``127.0.0.1:PORT``)."""
    return f"127.0.0.1:{server.server.port}"


def window(path: Path) -> App:
    """A fresh window that keeps its seats in ``path`` (as the program keeps them in the data folder)."""
    app = make_app()
    keep_seats_in(app, SeatTokens(path))
    return app


def wait_for(client: Client, ok: Callable[[Any], bool], seconds: float = 8.0) -> Any:
    """The first message ``client`` receives that satisfies ``ok``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        message = client.wait(0.1)
        if message is not None and ok(message):
            return message
    raise AssertionError("no such message came")


@contextmanager
def opened_table(
    server: ServerThread, seats: int = 4, seed: int | None = None
) -> Iterator[tuple[Client, str]]:
    """A person who is no window (a plain client) opens a table on ``server`` and hosts it for the
    ``with`` block: yields the client and the table's code."""
    with Client(f"ws://{address(server)}") as host:
        settings = table_settings(Setup.for_players(seats))
        settings["public"] = True  # listed: the join screen's list is what these tests read
        if seed is not None:
            settings["seed"] = seed
        host.create("Hosta", settings)
        wait_for(host, lambda m: isinstance(m, TableInfo))
        assert host.table is not None
        yield host, host.table


def seat_of(client: Client, seat: int, **wanted: bool) -> TableInfo:
    """Wait for a ``table`` message in which ``seat`` has the ``wanted`` flags (person, connected)."""
    return wait_for(  # type: ignore[no-any-return]
        client,
        lambda m: isinstance(m, TableInfo)
        and all(getattr(m.seats[seat], k) == v for k, v in wanted.items()),
    )


def crash(app: App) -> None:
    """The window is killed: its connection drops without a closing handshake and never comes back."""
    client = session_of(app).client

    def cut() -> None:
        client._link._closing = True  # a killed program does not reconnect
        client._link.kill()

    client._loop.call_soon_threadsafe(cut)


def command_line(app: App, where: str, code: str) -> None:
    """``app`` joins table ``code`` at ``where`` as Bea, as ``farmer --join`` does."""
    args = parser().parse_args(["--join", where, "--table", code, "--name", "Bea"])
    open_from_command_line(app, Screens(app), args)


def at_the_table(app: App) -> None:
    """Step ``app`` (pressing nothing) until it has left the lobby, the menu and the Join screen."""
    run([app], lambda: top_name(app) not in ("lobby", "menu", "join"), drive=False)

