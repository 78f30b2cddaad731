"""A coach for a game nobody alive has played: what the Expert would do now, and the numbers why.

:func:`advise` asks an :class:`~game.ai.expert.ExpertAgent` (steady, so that its advice never
depends on a coin it tosses) what it would do from the person's own :class:`~game.view.View`,
and gives the figures behind it for a screen to put in words: in the deal, the chances that
the next card makes 16 or takes the hand over; in the auction, the most the farm is worth
bidding. Like every AI it reads only what the seat may see. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import Action, Kind
from game.ai.expert import ExpertAgent
from game.ai.personality import PERSONALITIES
from game.odds import draw_odds
from game.phase import Phase
from game.view import View


@dataclass(frozen=True, slots=True)
class Advice:
    """What the Expert would do at one decision, with the figures that explain it."""

    action: Action
    """The Expert's choice from this view."""
    must_draw: bool = False
    """The rules leave no choice: a card must be taken."""
    sixteen: float | None = None
    """In the deal: the chance that the next card makes exactly 16 (None in the auction)."""
    over: float | None = None
    """In the deal: the chance that the next card takes the hand over 16."""
    fair_bid: int | None = None
    """In the auction: the most worth bidding for the farm, as the Expert prices it here."""

    @property
    def draws(self) -> bool:
        """Whether the advice is to take a card."""
        return self.action.kind is Kind.DRAW

    @property
    def bids(self) -> bool:
        """Whether the advice is to bid (rather than pass)."""
        return self.action.kind is Kind.BID


def advise(view: View, expert: ExpertAgent | None = None) -> Advice | None:
    """The advice for the seat of ``view`` now, or None when it has nothing to decide.

    ``expert`` is the Expert to ask (one that has watched the table knows its players better);
    by default a fresh, steady one that knows the table only from ``view``.
    """
    if view.seat is None or not view.legal_actions():
        return None
    expert = expert or ExpertAgent(PERSONALITIES["steady"], seed=0)
    action = expert.choose(view)
    if view.phase is Phase.AUCTION:
        return Advice(action, fair_bid=max(0, int(expert.price(view).fair_bid)))
    unseen = view.unseen
    if not unseen:
        return Advice(action, must_draw=view.must_draw)
    odds = draw_odds(view.hand, unseen)
    return Advice(action, view.must_draw, float(odds.sixteen), float(odds.over))
