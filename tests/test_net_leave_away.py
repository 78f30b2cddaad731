"""A person who leaves a network table while their window is reconnecting to it is not kept
waiting for, and is not kept waiting: the window goes back to the menu at once, and says it leaves
as soon as the table can be reached again (briefly: a host that never answers again holds nobody).
The host's window and the guest's window play over real sockets; the guest's cable is cut by
pointing its connection at an address where nothing answers, then mended."""

from __future__ import annotations

import time

import pygame
from helpers import DT, notices_of
from test_net_window import run, seat_two, session_of, top

from game.net.client import Client
from game.net.protocol import Closed, TableInfo
from game.net.server import ServerThread
from scenes.screens.pause import PauseScene
from tools.driver import key

NOWHERE = "ws://127.0.0.1:9"
"""An address where no table server answers (the discard port)."""


def test_quit_to_menu_while_reconnecting_gives_the_seat_to_the_computer_for_everyone() -> None:
    host_app, guest_app = seat_two("foster", seats=4, deals=5)
    host, guest = session_of(host_app), session_of(guest_app)
    link = guest.client._link
    there = link.url
    # The guest's cable is cut: every attempt to come back fails while it is.
    link.url = NOWHERE
    guest.client._loop.call_soon_threadsafe(link.kill)
    run([host_app, guest_app], lambda: "Reconnecting…" in notices_of(guest_app), drive=[host_app])
    assert guest.reconnecting
    guest_app.step(DT, [key(pygame.K_ESCAPE)])
    pause = guest_app.stack.top
    assert isinstance(pause, PauseScene), top(guest_app)
    pause.to_menu()
    guest_app.step(DT, [])
    assert top(guest_app) == "menu"  # at once, whatever the table's server does
    seat = guest.welcome.seat
    assert seat is not None
    info = host.info
    assert info is not None and info.seats[seat].person  # held for the guest meanwhile
    link.url = there  # the cable is mended: the leave reaches the table

    def freed() -> bool:
        return host.info is not None and not host.info.seats[seat].person

    run([host_app], freed, seconds=10, drive=False)
    assert host.facts.names[seat] == "Guesto"  # the computer plays the seat under its name


def test_a_leave_said_while_the_host_is_gone_for_good_gives_up_soon(server: ServerThread) -> None:
    """The host never answers again: the client that left stops trying within its bound."""
    client = Client(f"ws://127.0.0.1:{server.server.port}", leave_seconds=1.0)
    client.create("Hosta", {"seats": 3})
    end = time.monotonic() + 10
    while client.table is None:
        assert time.monotonic() < end
        time.sleep(0.01)
    client._link.url = NOWHERE
    client._loop.call_soon_threadsafe(client._link.kill)
    while not any(isinstance(m, Closed) and m.retrying for m in client.poll()):
        assert time.monotonic() < end
        time.sleep(0.01)
    client.leave()
    client.close(timeout=0.0)
    assert client.running  # still trying to say it leaves, in the background
    client._thread.join(timeout=8.0)
    assert not client.running


def test_a_leave_said_while_away_is_the_first_word_when_the_connection_is_back(server: ServerThread) -> None:
    """Without a window: the leave kept while away is said after the seat is taken back, and the
    table then closes the connection as for any leave (4002), which the client does not retry."""
    host = Client(f"ws://127.0.0.1:{server.server.port}")
    host.create("Hosta", {"seats": 3})
    end = time.monotonic() + 10
    while host.table is None:
        assert time.monotonic() < end
        time.sleep(0.01)
    guest = Client(f"ws://127.0.0.1:{server.server.port}")
    guest.join(host.table, "Guesto")
    while guest.seat is None:
        assert time.monotonic() < end
        time.sleep(0.01)
    seat = guest.seat
    link = guest._link
    there = link.url
    link.url = NOWHERE
    guest._loop.call_soon_threadsafe(link.kill)
    while not any(isinstance(m, Closed) and m.retrying for m in guest.poll()):
        assert time.monotonic() < end
        time.sleep(0.01)
    guest.leave()
    link.url = there
    guest._thread.join(timeout=8.0)
    assert not guest.running  # closed for good by the table: no more attempts

    def freed() -> bool:
        infos = [m for m in host.poll() if isinstance(m, TableInfo)]
        return bool(infos) and all(s.seat != seat or not s.person for s in infos[-1].seats)

    while not freed():
        assert time.monotonic() < end
        time.sleep(0.01)
