"""The one interface for every player, human or AI, and the simple AI players."""

from __future__ import annotations

from typing import Protocol

from game.rules.actions import DRAW, PASS, STAND, Action, bid
from game.rules.phase import Phase
from game.rules.view import View

# Read on every move: a module constant is faster than ``Phase.AUCTION`` on Python 3.11.
_AUCTION = Phase.AUCTION


class Agent(Protocol):
    """Anything that turns a seat's :class:`~game.rules.view.View` into an action.

    ``choose`` is called only when the view's seat is to act, and must return one of
    ``view.legal_actions()``. An AI sees nothing but its view.
    """

    def choose(self, view: View) -> Action:
        """The action to play now."""
        ...


class ThresholdAgent:
    """Draws while below ``threshold`` points, then stands; bids up to ``share`` of the farm.

    The simplest sensible player: it takes the compulsory card when it must, and in the
    auction it raises by one chip while the price stays within ``share`` times the farm
    (and within its chips).
    """

    def __init__(self, threshold: int = 13, share: float = 0.5) -> None:
        """A player that stands from ``threshold`` points and pays up to ``share`` of the farm."""
        if not 1 <= threshold <= 17:
            raise ValueError("threshold must be between 1 and 17")
        if share < 0:
            raise ValueError("share cannot be negative")
        self.threshold = threshold
        self.share = share

    def choose(self, view: View) -> Action:
        """Draw below the threshold (or when it must), stand otherwise; bid within the share."""
        if view.phase is _AUCTION:
            limit = min(int(self.share * view.farm), view.max_bid)
            wanted = view.high_bid + 1
            return bid(wanted) if wanted <= limit else PASS
        if view.must_draw:
            return DRAW
        if view.total < self.threshold and view.deck_size > 0:
            return DRAW
        return STAND

    def __repr__(self) -> str:
        return f"ThresholdAgent({self.threshold}, {self.share})"
