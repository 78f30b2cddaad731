"""The chips of a game, deal by deal: who paid whom and why, and everyone's chips after each deal.

A :class:`Ledger` is filled from the public events of the engine (payments, the end of a
deal, the end of the game), so a screen, a saved game's reader or a network client can
keep one from the events it is shown. Nothing here reads the engine's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.rules.events import FARM, ChipsMoved, DealEnded, DealStarted, Event, GameEnded, Place, Reason


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment of a deal: ``amount`` chips from ``source`` to ``target`` for ``reason``."""

    source: Place
    target: Place
    amount: int
    reason: Reason


class Ledger:
    """The game's chips over its deals and the payments of the deal in progress (or just settled)."""

    def __init__(
        self, chips: Sequence[int], history: Iterable[Sequence[int]] = (), farm: int = 0, deal: int = 0
    ) -> None:
        """A ledger starting from ``chips``; ``history`` gives the chips after deals already played,
        ``farm`` the chips in the farm now, ``deal`` the number of the deal last begun (0: none)."""
        self.history: list[tuple[int, ...]] = [tuple(chips), *(tuple(row) for row in history)]
        """Every seat's chips at the start of the game and after each deal (the ledger's chart)."""
        self.chips: list[int] = list(self.history[-1])
        """Every seat's chips as the events so far leave them."""
        self.chips_before: tuple[int, ...] = self.history[-1]
        """Every seat's chips before the current deal's antes."""
        self.transfers: list[Transfer] = []
        """The current deal's payments, in order."""
        self.result: GameEnded | None = None
        """The end of the game, once it has come."""
        self.farm = farm
        """The chips in the farm as the events so far leave it."""
        self.deal = deal
        """The number of the deal the events so far have reached (0 before the first)."""
        self.joined: int | None = None
        """A deal taken up after it began (a network table joined late): its payments before then
        were not shown, so :meth:`changes` cannot tell them all (see :meth:`unseen`)."""
        self.away_at: int | None = None
        """Where among :attr:`transfers` the payments made while this screen was away stand (one sum,
        see :meth:`unseen`): a deal seen begun, lost with the connection and taken up again keeps the
        payments seen before the drop. None: before them all (the deal was taken up late)."""
        self.redealt: int | None = None
        """A deal dealt again after a network table's host restarted: the cards and payments of its
        first dealing went back, and its ledger says so."""

    def take(self, events: Iterable[Event]) -> None:
        """Record what ``events`` did to the chips."""
        for event in events:
            if isinstance(event, DealStarted):
                self.deal = event.deal
                self.transfers = []
                self.chips_before = tuple(self.chips)
            elif isinstance(event, ChipsMoved):
                self.transfers.append(Transfer(event.source, event.target, event.amount, event.reason))
                if event.source == FARM:
                    self.farm -= event.amount
                else:
                    self.chips[int(event.source)] -= event.amount
                if event.target == FARM:
                    self.farm += event.amount
                else:
                    self.chips[int(event.target)] += event.amount
            elif isinstance(event, DealEnded):
                self.history.append(tuple(self.chips))
            elif isinstance(event, GameEnded):
                self.result = event

    def keep_seen(self, seen: Ledger) -> None:
        """This ledger, of a deal taken up again mid-way (:attr:`joined`), keeps the payments ``seen``
        (this screen's ledger before it lost the table) shows of the same deal: they stay itemised, and
        only what was paid while the screen was away is one sum, after them. Nothing is kept from
        another deal, or from a deal begun from other chips (dealt again after a restart)."""
        if self.joined != self.deal or seen.deal != self.deal or seen.chips_before != self.chips_before:
            return
        self.transfers = list(seen.transfers)
        # Away twice in a deal: both absences are one sum, where the first one's stood.
        self.away_at = seen.away_at if seen.joined == self.deal else len(seen.transfers)

    def unseen(self, seat: int) -> int:
        """What ``seat`` paid (negative) or received in the current deal before it was taken up
        (:attr:`joined`): 0 for a deal seen from its start."""
        if self.joined is None or self.joined != self.deal:
            return 0
        seen = sum(amount for amount, _reason in self.changes(seat))
        return self.chips[seat] - self.chips_before[seat] - seen

    def received(self, seat: int) -> int:
        """The chips paid to ``seat`` in the current deal (a farmer's takings: what the players over
        16 paid it)."""
        return sum(t.amount for t in self.transfers if t.target == seat)

    def farm_taken(self) -> Transfer | None:
        """The current deal's farm won, as the payment from the farm to its winner (None: it stays)."""
        return next((t for t in self.transfers if t.source == FARM and t.reason is Reason.FARM), None)

    def changes(self, seat: int, start: int = 0, stop: int | None = None) -> list[tuple[int, Reason]]:
        """The current deal's payments of ``seat``: ``(+n, reason)`` received, ``(-n, reason)`` paid
        (of :attr:`transfers` from ``start`` to ``stop`` only, when given)."""
        moves: list[tuple[int, Reason]] = []
        for t in self.transfers[start:stop]:
            if t.source == seat:
                moves.append((-t.amount, t.reason))
            elif t.target == seat:
                moves.append((t.amount, t.reason))
        return moves


def unwind(chips: Sequence[int], farm: int, events: Iterable[Event]) -> tuple[list[int], int]:
    """Everyone's chips and the farm as they stood before ``events`` left them at ``chips`` and ``farm``."""
    before, pot = list(chips), farm
    for event in events:
        if isinstance(event, ChipsMoved):
            if event.source == FARM:
                pot += event.amount
            else:
                before[int(event.source)] += event.amount
            if event.target == FARM:
                pot -= event.amount
            else:
                before[int(event.target)] -= event.amount
    return before, pot
