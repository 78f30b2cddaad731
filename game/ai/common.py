"""Moves every AI level makes the same way: raising by a chip up to a limit, and forced moves."""

from __future__ import annotations

from game.actions import DRAW, PASS, STAND, Action, bid
from game.view import View


def raise_within(view: View, limit: float) -> Action:
    """Outbid the high bid by one chip if that stays within ``limit`` (and the seat's chips), else pass."""
    wanted = view.high_bid + 1
    return bid(wanted) if wanted <= min(view.max_bid, int(limit)) else PASS


def forced(view: View) -> Action | None:
    """The only legal move in the deal (draw when a card is owed, stand when the deck is empty), if any."""
    legal = view.legal_actions()
    if DRAW not in legal:
        return STAND
    if STAND not in legal:
        return DRAW
    return None
