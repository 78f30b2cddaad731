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

_BY_TEXT = {str(action): action for action in (PASS, DRAW, STAND)}


def parse_action(text: str) -> Action:
    """The action that ``str(action)`` writes as ``text``: ``bid 3``, ``pass``, ``draw`` or ``stand``.

    Raises ``ValueError`` naming the text when it is not one of those (whether the action is
    legal is the game's question, not this one's).
    """
    if text in _BY_TEXT:
        return _BY_TEXT[text]
    word, _, amount = text.partition(" ")
    # Digits only, and few enough to be a number of chips: no sign, no spaces, no "1e9".
    if word == Kind.BID.value and amount.isascii() and amount.isdigit() and len(amount) <= 12:
        return bid(int(amount))
    raise ValueError(f"not an action: {text!r} (bid N, pass, draw or stand)")


class IllegalAction(ValueError):
    """An action that is not legal in the game's current state; the message says which rule."""
