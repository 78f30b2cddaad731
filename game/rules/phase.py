"""Where a game stands, and what the seat to act may do there.

Its own module so that the engine and the :class:`~game.rules.view.View` both read it without
importing each other.
"""

from __future__ import annotations

from enum import Enum

from game.rules.actions import DRAW, PASS, STAND, Action, bid


class Phase(Enum):
    """Where the game stands."""

    BETWEEN = "between"
    """No deal in progress: call :meth:`Game.next_deal`."""
    AUCTION = "auction"
    """The farm is being auctioned: the seat to act bids or passes."""
    PLAY = "play"
    """Cards are dealt: the seat to act draws or stands."""
    OVER = "over"
    """The game has ended."""


def legal_actions(
    phase: Phase, *, high_bid: int, max_bid: int, deck_size: int, must_draw: bool
) -> list[Action]:
    """Every action the seat to act may take in ``phase`` (empty between deals and at the end).

    In the auction: pass, or bid more than ``high_bid`` and at most ``max_bid``. In the deal:
    draw while the deck has cards, stand unless the seat ``must_draw`` its compulsory card.
    """
    if phase is Phase.AUCTION:
        actions = [PASS]
        actions.extend(bid(a) for a in range(high_bid + 1, max_bid + 1))
        return actions
    if phase is Phase.PLAY:
        actions = []
        if deck_size > 0:
            actions.append(DRAW)
        if not must_draw:
            actions.append(STAND)
        return actions
    return []
