"""What a player can do: bid or pass in the auction, draw a card or stand in the deal."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """The kind of an :class:`Action`."""

    BID = "bid"
    """Offer ``amount`` chips for the farm."""
    PASS = "pass"
    """Drop out of the auction (final for that auction)."""
    DRAW = "draw"
    """Ask the farmer for one more card ("Card", "Carte")."""
    STAND = "stand"
    """Take no more cards ("Stand", "Basta", "Je m'y tiens")."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move by the seat to act. Use :data:`PASS`, :data:`DRAW`, :data:`STAND` or :func:`bid`."""

    kind: Kind
    amount: int = 0

    def __str__(self) -> str:
        return f"bid {self.amount}" if self.kind is Kind.BID else self.kind.value


def bid(amount: int) -> Action:
    """A bid of ``amount`` chips for the farm."""
    return Action(Kind.BID, amount)


PASS = Action(Kind.PASS)
"""Pass in the auction."""
DRAW = Action(Kind.DRAW)
"""Draw one more card."""
STAND = Action(Kind.STAND)
"""Stand: take no more cards."""


class IllegalAction(ValueError):
    """An action that is not legal in the game's current state; the message says which rule."""
