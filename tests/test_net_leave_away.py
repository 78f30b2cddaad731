"""A person who leaves a network table while their window is reconnecting to it is not kept
waiting for, and is not kept waiting: the window goes back to the menu at once, and says it leaves
as soon as the table can be reached again (briefly: a host that never answers again holds nobody).
The host's window and the guest's window play over real sockets; the guest's cable is cut by
pointing its connection at an address where nothing answers, then mended."""

from __future__ import annotations

import asyncio
import re
import threading
import time

import pygame
import pytest
from helpers import DT, notices_of
from helpers.windows import Windows, run, seat_two, session_of

from game.net.client import Client, Link
from game.net.codec import History
from game.net.protocol import Closed, TableInfo
from game.net.server import ServerThread
from game.rules.events import Event, Reason
from game.rules.view import View
from scenes.screens.pause import PauseScene
from scenes.table.ledger import LedgerHandler
from scenes.table.source import human_to_act
from tools.driver import key, top_name

NOWHERE = "ws://127.0.0.1:9"
"""An address where no table server answers (the discard port)."""


def test_quit_to_menu_while_reconnecting_gives_the_seat_to_the_computer_for_everyone(
    windows: Windows,
) -> None:
    host_app, guest_app = seat_two("foster", seats=4, deals=5)
    windows.add(host_app, guest_app)
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
    assert isinstance(pause, PauseScene), top_name(guest_app)
    pause.to_menu()
    guest_app.step(DT, [])
    assert top_name(guest_app) == "menu"  # at once, whatever the table's server does
    assert "Reconnecting…" not in notices_of(guest_app)  # no longer true of anything on screen
    seat = guest.welcome.seat
    assert seat is not None
    info = host.info
    assert info is not None and info.seats[seat].person  # held for the guest meanwhile
    link.url = there  # the cable is mended: the leave reaches the table

    def freed() -> bool:
        return host.info is not None and not host.info.seats[seat].person

    run([host_app], freed, seconds=10, drive=False)
    assert host.facts.names[seat] == "Guesto"  # the computer plays the seat under its name


@pytest.mark.parametrize("closed", [True, False], ids=["closed", "left-only"])
def test_a_leave_said_while_the_host_is_gone_for_good_gives_up_soon(
    server: ServerThread, closed: bool
) -> None:
    """The host never answers again: the client that left (and was closed, as a table's window is,
    or not, as a lobby's is) stops trying within its bound."""
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
    if closed:
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


PART = re.compile(r"^([+−])(\d+) (.+?)(?: ×(\d+))?$")


def _sum_of(parts: list[str]) -> int:
    """What a Why's parts add up to ("−1 ante", "+3 over 16 ×2", "−2 while you were away")."""
    total = 0
    for part in parts:
        found = PART.match(part)
        assert found, part
        sign, amount, _words, times = found.groups()
        total += (1 if sign == "+" else -1) * int(amount) * int(times or 1)
    return total


def test_a_window_back_mid_deal_keeps_what_it_saw_and_says_what_was_paid_while_it_was_away(
    windows: Windows,
) -> None:
    """The guest's window sees its deal's antes, drops while asked to move (the computer moves for
    it), and comes back in the same deal: that deal's ledger still names the ante it saw, says in one
    line what was paid while it was away, and every seat's Why adds up to its change of chips."""
    host_app, guest_app = seat_two("foster", seats=4, deals=3)
    windows.add(host_app, guest_app)
    guest = session_of(guest_app)
    run([host_app, guest_app], lambda: human_to_act(guest), drive=[host_app])
    deal = guest.view.deal_no
    me = guest.welcome.seat
    assert me is not None
    seen = guest.ledger.changes(me)
    assert any(reason is Reason.ANTE for _amount, reason in seen)  # the ante was seen paid
    resyncs: list[int] = []
    resync = guest._resync

    def spy(view: View, history: History | None, ended: Event | None = None) -> None:
        resyncs.append(view.deal_no)
        resync(view, history, ended)

    guest._resync = spy  # type: ignore[method-assign]
    before = list(guest.ledger.chips)
    guest.client._loop.call_soon_threadsafe(guest.client._link.kill)
    # Nobody presses meanwhile: the host's person does not end the deal before the guest is back.
    run([host_app, guest_app], lambda: bool(resyncs) and not guest.reconnecting, drive=False, seconds=15)
    assert resyncs == [deal] and guest.view.deal_no == deal
    away = [after - was for after, was in zip(guest.ledger.chips, before, strict=True)]
    run([host_app, guest_app], lambda: top_name(guest_app) == "ledger", seconds=30, drive=True)
    handler = guest_app.stack.top.handler  # type: ignore[union-attr]
    assert isinstance(handler, LedgerHandler)
    ledger = guest.ledger
    assert ledger.deal == deal
    for seat in range(len(ledger.chips)):
        parts = handler.reason_parts(seat)
        assert _sum_of(parts) == ledger.chips[seat] - ledger.chips_before[seat], (seat, parts)
    for seat in range(len(ledger.chips)):
        parts = handler.reason_parts(seat)
        assert parts[0] == "−1 ante", (seat, parts)  # seen before the drop: itemised still
        lumps = [p for p in parts if p.endswith(" while you were away")]
        if away[seat]:  # what was paid while away, in one part after what was seen
            sign = "+" if away[seat] > 0 else "−"
            assert lumps == [f"{sign}{abs(away[seat])} while you were away"], (seat, parts, away)
        else:
            assert not lumps, (seat, parts)


def test_a_close_begun_just_as_the_link_ends_is_finished_not_left_unawaited(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The window closes its client in the very loop turn in which the link's run ends (the loop
    is stopping): the close still runs (it was left unawaited, and Python warned of it)."""
    started = threading.Event()
    ended: list[asyncio.Future[None]] = []
    clients: list[Client] = []
    closed: list[Link] = []

    async def run(self: Link) -> None:  # a link that ends when told to, as the window closes it
        ended.append(asyncio.get_running_loop().create_future())
        started.set()
        await ended[0]
        asyncio.get_running_loop().call_soon(clients[0]._begin_closing)

    async def close() -> None:
        closed.append(clients[0]._link)

    monkeypatch.setattr(Link, "run", run)
    clients.append(Client("ws://127.0.0.1:9"))
    monkeypatch.setattr(clients[0]._link, "close", close)  # this link's only
    assert started.wait(5)
    clients[0]._loop.call_soon_threadsafe(ended[0].set_result, None)
    clients[0]._thread.join(5)
    assert not clients[0]._thread.is_alive() and closed.count(clients[0]._link) == 1
