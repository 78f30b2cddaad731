"""Moves every AI level makes alike: raising as a person would up to a limit, forced and obvious moves."""

from __future__ import annotations

from game.rules.actions import DRAW, PASS, STAND, Action, bid
from game.rules.view import View

STEP = 5
"""Past the first few chips people bid in fives: to 5, 10, 15 … rather than a chip at a time."""


def raise_within(view: View, limit: float) -> Action:
    """Outbid the high bid if that stays within ``limit`` (and the seat's chips), else pass.

    The raise is the one a person would make: a chip at a time while the bid is small, then
    up to the next multiple of :data:`STEP` when the limit allows it (else the one chip that
    still does), so an auction of computer players is over in a few calls.
    """
    ceiling = min(view.max_bid, int(limit))
    wanted = view.high_bid + 1
    if view.high_bid >= STEP - 1:
        rounded = (view.high_bid // STEP + 1) * STEP
        if rounded <= ceiling:
            wanted = rounded
    return bid(wanted) if wanted <= ceiling else PASS


def forced(view: View) -> Action | None:
    """The only legal move in the deal (draw when a card is owed, stand when the deck is empty), if any."""
    legal = view.legal_actions()
    if DRAW not in legal:
        return STAND
    if STAND not in legal:
        return DRAW
    return None


#: The highest card's points: from ``16 - HIGHEST`` or less no card can take a hand over 16.
HIGHEST = 10


def obvious(view: View) -> Action | None:
    """The move every other move is strictly worse than, if there is one, else None.

    The only legal move; a card when no card can take the hand over 16 (every card then
    brings it nearer 16, and no rule set ranks a lower total above a higher one); a stand
    on 16 (every card goes over).
    """
    only = forced(view)
    if only is not None:
        return only
    if view.total + HIGHEST <= 16:
        return DRAW
    if view.total >= 16:
        return STAND
    return None
