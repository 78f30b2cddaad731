"""Which :class:`~scenes.store.seats.SeatTokens` a window keeps its network seats in, and taking
a seat: ``resume`` with the token kept for that table, else ``join``.

The program (:mod:`scenes.cli`) gives its window the tokens file of the data folder with
:func:`keep_seats_in`; a window given none (a test's, a tool's) remembers no seat.
"""

from __future__ import annotations

import weakref

from game.net.client import Client
from scenes.store.seats import HeldSeat, SeatTokens

_STORES: weakref.WeakKeyDictionary[object, SeatTokens] = weakref.WeakKeyDictionary()


def keep_seats_in(app: object, store: SeatTokens) -> None:
    """Let ``app`` keep the tokens of the seats it takes in ``store``."""
    _STORES[app] = store


def seat_store(app: object) -> SeatTokens | None:
    """Where ``app`` keeps its tokens (None: it keeps none)."""
    return _STORES.get(app)


def held_seat(app: object, address: str, table: str) -> HeldSeat | None:
    """The seat ``app`` holds at ``table`` on ``address``, if it keeps one."""
    store = seat_store(app)
    return store.get(address, table) if store is not None else None


def take_seat(app: object, client: Client, address: str, table: str, name: str) -> bool:
    """Send ``resume`` when ``app`` holds a seat at ``table`` on ``address`` (True), else ``join``."""
    held = held_seat(app, address, table)
    if held is not None:
        client.resume(table, held.token)
        return True
    client.join(table, name)
    return False
