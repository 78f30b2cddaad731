"""The normal player: weighs the exact odds of the next card against the farm on the table."""

from __future__ import annotations

import random

from game.ai.common import obvious, raise_within
from game.ai.farm_value import farm_value
from game.ai.personality import Personality
from game.rules.actions import DRAW, STAND, Action
from game.rules.odds import draw_odds
from game.rules.phase import Phase
from game.rules.view import View

#: A rule of thumb: the chance that one other player ends neither on 16 nor nearer 16
#: than a hand standing on each total (over 16 counts as "not nearer").
_NOT_BEATEN = {11: 0.58, 12: 0.62, 13: 0.68, 14: 0.76, 15: 0.86}
#: The chance that a 16 is the best one at the table, as a rule of thumb.
_BEST_SIXTEEN = 0.8
#: How far over the farm's price at a table of Experts a normal player will bid (before
#: personality): it likes to hold the farm and pays two fifths more for it, which a better
#: player lets it do.
_BID_SHARE = 1.4


class NormalAgent:
    """Looks one card ahead with the exact odds, pricing each next total by rules of thumb.

    A 16 is worth most of the farm; a hand below 16 is worth its chance of being the
    nearest (a chip from every other player, or the corbeille under ``ferme``) against the
    chip it pays when another hand is nearer; going over costs its points. It draws when
    the next card is worth more on average than standing. It does not read the other
    players' card counts, and it overpays for the farm (two fifths over its price).
    """

    level = "normal"

    def __init__(self, personality: Personality, seed: int | None = None) -> None:
        """A normal player with ``personality`` and its own random generator seeded with ``seed``."""
        self.personality = personality
        self.rng = random.Random(seed)

    def _worth(self, view: View, total: int) -> float:
        """What ending the deal on ``total`` is worth, by rule of thumb."""
        others = max(1, len(view.order) - 1)
        ferme = view.rules.nearest_takes_farm
        if total > 16:
            pay = (total - 16) * self.personality.bust_weight
            return -pay if ferme else -pay - 0.7
        if total == 16:
            return view.farm * _BEST_SIXTEEN * self.personality.prize_weight
        nearest = _NOT_BEATEN.get(total, 0.55 if total < 11 else 0.9) ** others
        if ferme:
            return view.farm * nearest * self.personality.prize_weight
        return others * nearest - (1 - nearest) * 0.8

    def choose(self, view: View) -> Action:
        """Draw when the next card's average worth beats standing; bid within a share of the price."""
        if view.phase is Phase.AUCTION:
            return raise_within(view, farm_value(view).fair_bid * _BID_SHARE * self.personality.bid_share)
        only = obvious(view)
        if only is not None:
            return only
        odds = draw_odds(view.hand, view.unseen)
        draw = sum(float(p) * self._worth(view, t) for t, p in odds.totals.items())
        stand = self._worth(view, view.total)
        if abs(draw - stand) < 0.05:
            # Too close to call by rule of thumb: go with the mood of the moment.
            return DRAW if self.rng.random() < 0.5 else STAND
        return DRAW if draw > stand else STAND

    def __repr__(self) -> str:
        return f"NormalAgent({self.personality.key})"
