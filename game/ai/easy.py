"""The easy player: a beginner who stands on a total of their own, give or take one."""

from __future__ import annotations

import random

from game.ai.common import obvious, raise_within
from game.ai.farm_value import farm_value
from game.ai.personality import Personality
from game.rules.actions import DRAW, STAND, Action
from game.rules.phase import Phase
from game.rules.view import View

#: The total a steady beginner stands on.
BASE_STOP = 13
#: How far over the farm's price (what a table of Experts would pay) a beginner bids
#: (before personality): beginners want the farm and overpay for it.
EAGER_SHARE = 1.8


class EasyAgent:
    """Stands from a personal total that wavers a little from deal to deal; overpays for the farm.

    It ignores the odds, the farm and the others: it counts its own points only. In the
    auction it wants the farm and raises while the price stays under 1.8 times what a table
    of Experts would pay (more or less, by personality): a better player lets it overpay. Like
    every level it never makes a move that another beats whatever the cards
    (:func:`~game.ai.common.obvious`).
    """

    level = "easy"

    def __init__(self, personality: Personality, seed: int | None = None) -> None:
        """A beginner with ``personality`` and its own random generator seeded with ``seed``."""
        self.personality = personality
        self.rng = random.Random(seed)
        self._deal = -1
        self._stop = BASE_STOP

    def stop_total(self, view: View) -> int:
        """This deal's stopping total: the personal one, moved by one now and then."""
        if view.deal_no != self._deal:
            self._deal = view.deal_no
            wobble = self.rng.choice((-1, 0, 0, 1))
            self._stop = BASE_STOP + self.personality.stop_shift + wobble
        return self._stop

    def choose(self, view: View) -> Action:
        """Draw below the stopping total (or when it must); bid a little."""
        if view.phase is Phase.AUCTION:
            return raise_within(view, farm_value(view).fair_bid * EAGER_SHARE * self.personality.bid_share)
        only = obvious(view)
        if only is not None:
            return only
        return DRAW if view.total < self.stop_total(view) else STAND

    def __repr__(self) -> str:
        return f"EasyAgent({self.personality.key})"
