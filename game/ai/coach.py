"""A coach for a game nobody alive has played: what the Expert would do now, and the numbers why.

:func:`advise` asks an :class:`~game.ai.expert.ExpertAgent` (steady, so that its advice never
depends on a coin it tosses) what it would do from the person's own :class:`~game.rules.view.View`,
and gives the figures behind it for a screen to put in words, each the one the Expert decided
with: in the deal, the chances that the next card makes 16 or takes the hand over, from the
Expert's own model of the deck (the unseen cards, less what the players served earlier
probably hold, as their card counts tell); in the auction, the farm's break-even price (the
bid above which letting another seat buy is better), what the farm is expected to collect,
and whether the seat can afford the next bid at all. Like every AI it reads only what the
seat may see.

A :class:`Coach` kept at the table watches the game through the person's eyes, as the seated
Expert does (public facts: the bids, the showdowns), so its advice is the seated Expert's.
No pygame.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.ai.expert import ExpertAgent
from game.ai.memory import TableMemory
from game.ai.model import INDEX, VALUES
from game.ai.personality import PERSONALITIES
from game.rules.actions import Action, Kind
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import View


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
    """In the auction: the break-even price, never above the chips the seat may bid (see
    :attr:`capped`): above it, letting another seat buy the farm is better."""
    collections: int | None = None
    """In the auction: the chips the farm's farmer is expected to collect while it lasts."""
    capped: bool = False
    """In the auction: the break-even price is above what the seat may bid (``fair_bid`` is then
    all it may bid)."""
    cannot_afford: bool = False
    """In the auction: the next bid is more than the seat may bid (that is why it passes)."""
    kept: float = 0.0
    """In the auction: the chance that nobody wins the farm before the game ends (it then stays
    with its farmer, bid and all: why the break-even price can be above what it collects)."""
    pushing: bool = False
    """In the auction: the bid is above the break-even price, to make a rival whose bids show he
    pays more than that pay up to his limit."""
    opening: bool = False
    """In the auction: the bid is the farm's public price, above this seat's break-even price, in a
    game's first auction at a table nobody has seen play (see
    :meth:`~game.ai.expert.ExpertAgent.opening`): whoever bids the price first holds the bid, and a
    rival who wants the farm must then bid past it, which nobody who plays by the odds does."""
    settled: bool = False
    """In the auction: a pass although the next bid is within the break-even price, because every
    rival who bid more than farms are worth has dropped out and the high bid is held by one who
    prices farms as this seat does (see :meth:`~game.ai.expert.ExpertAgent.settled`)."""
    learning: bool = False
    """In the auction: the bid is above the break-even price to buy the farm from a rival who bids
    more than farms are worth and whose play is not known yet, to see how he plays (beside one who
    goes over often later farms are worth far more; one who buys every farm plays no hand)."""

    @property
    def draws(self) -> bool:
        """Whether the advice is to take a card."""
        return self.action.kind is Kind.DRAW

    @property
    def bids(self) -> bool:
        """Whether the advice is to bid (rather than pass)."""
        return self.action.kind is Kind.BID


def steady_expert(seed: int = 0) -> ExpertAgent:
    """The Expert the coach asks: steady, with nothing learnt yet."""
    return ExpertAgent(PERSONALITIES["steady"], seed=seed)


def next_card_chances(view: View, expert: ExpertAgent) -> tuple[float, float] | None:
    """The chances that the next card makes 16 and that it goes over, as ``expert`` weighs the deck.

    The deck is the Expert's: the unseen cards less what the players served earlier probably
    hold (from how many cards each took and what the Expert has learnt of them). None when no
    card is left to draw.
    """
    if not view.unseen or view.deck_size <= 0:
        return None
    weights = expert.table(view).weights
    mass = sum(weights)
    if mass <= 1e-12:
        return None
    need = 16 - view.total
    sixteen = weights[INDEX[need]] / mass if need in INDEX else 0.0
    over = sum(w for v, w in zip(VALUES, weights, strict=True) if v > need) / mass
    return sixteen, over


def advise(view: View, expert: ExpertAgent | None = None) -> Advice | None:
    """The advice for the seat of ``view`` now, or None when it has nothing to decide.

    ``expert`` is the Expert to ask (one that has watched the table knows its players better:
    see :class:`Coach`); by default a fresh, steady one that knows the table only from ``view``.
    """
    if view.seat is None or not view.legal_actions():
        return None
    expert = expert or steady_expert()
    action = expert.choose(view)
    if view.phase is Phase.AUCTION:
        price = expert.price(view)
        fair = max(0, int(price.fair_bid))
        shown = min(fair, view.max_bid)
        wanted = view.high_bid + 1
        bids = action.kind is Kind.BID
        learning = bids and expert.bids_to_learn(view, action.amount)
        opening_price = expert.opening(view)
        opening = (
            bids and not learning and opening_price is not None and fair < action.amount <= opening_price
        )
        return Advice(
            action,
            fair_bid=shown,
            collections=round(price.collections),
            capped=fair > view.max_bid,
            kept=price.kept,
            cannot_afford=not bids and wanted > view.max_bid,
            pushing=bids and action.amount > fair and not learning and not opening,
            opening=opening,
            settled=not bids and wanted <= min(fair, view.max_bid) and expert.settled(view),
            learning=learning,
        )
    chances = next_card_chances(view, expert)
    if chances is None:
        return Advice(action, must_draw=view.must_draw)
    return Advice(action, view.must_draw, chances[0], chances[1])


class Coach:
    """The coach at one table: an Expert that sees what the person's seat sees, and advises from it."""

    def __init__(self, rules: RuleSet) -> None:
        """A coach of a table playing ``rules`` that has seen nothing yet."""
        self.expert = steady_expert()
        # Its memory from the start, so that what it watches is learnt deal by deal, not kept.
        self.expert.memory = TableMemory(rules)

    def observe(self, events: Iterable[Event]) -> None:
        """Remember what the person's seat saw (``game.rules.observe.observe(events, seat)``)."""
        self.expert.observe(events)

    def advise(self, view: View) -> Advice | None:
        """The advice for the seat of ``view``, from all this coach has seen."""
        return advise(view, self.expert)
