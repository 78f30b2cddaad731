"""A price for the farm: what its farmer can expect to collect, and what a bid should not pass.

A farmer takes a chip per point from every player who goes over 16, deal after deal, until
someone makes 16 (under ``ferme``, until someone wins the corbeille, which the nearest
hand does too). From the model of how players play (:mod:`game.ai.model`) this gives,
analytically, the collections per deal and the expected number of deals a farm lasts.

Buying the farm at ``b`` rather than letting another seat buy it at about the same price
gains ``D·B·(m+1)/m − (F + b·(m+1))/m`` chips, where ``B`` is the collections per deal,
``D`` the expected number of deals, ``m`` the players and ``F`` the chips already in the
farm: the farmer stops paying his share of the busts and gives up his chance of winning
the farm. The break-even bid is therefore ``D·B − F/(m+1)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.ai.model import outcome
from game.rules import RuleSet, Succession
from game.view import View


@dataclass(frozen=True, slots=True)
class FarmPrice:
    """What the farm on the table is worth to the seat that would hold it."""

    per_deal: float
    """Chips a farmer expects to collect from players going over 16 in one deal."""
    deals: float
    """Deals the farm is expected to last (until someone wins it)."""
    holds: int
    """Chips in the farm now (the farmer keeps them only while nobody wins it)."""
    fair_bid: float
    """The highest bid that still pays: above it, letting another seat buy is better."""

    @property
    def collections(self) -> float:
        """Chips the farmer expects to collect over the farm's life."""
        return self.per_deal * self.deals

    @property
    def worth(self) -> float:
        """Collections over the farm's life plus what it holds: the farm's worth to its farmer."""
        return self.collections + self.holds


@dataclass(frozen=True, slots=True)
class TableRates:
    """How a table plays, as far as the farm's price goes."""

    over_per_hand: float
    """Chips a hand pays the farmer on average (its points over 16, or 0)."""
    won_per_deal: float
    """The chance that a deal ends the farm (someone wins it)."""


@lru_cache(maxsize=128)
def model_rates(rules: RuleSet, players: int) -> TableRates:
    """The rates of a table of ``players`` model players (:mod:`game.ai.model`)."""
    hand = outcome(rules.compulsory_draw)
    if rules.nearest_takes_farm:
        # The corbeille is won unless every player goes over.
        won = 1.0 - hand.bust ** max(players, 1)
    else:
        won = 1.0 - (1.0 - hand.sixteen) ** max(players, 1)
    return TableRates(over_per_hand=hand.over, won_per_deal=won)


def deal_figures(rules: RuleSet, players: int, rates: TableRates | None = None) -> tuple[float, float]:
    """``(collections per deal, expected deals the farm lasts)`` with ``players`` playing hands.

    ``rates`` are what a seat has seen of this table; without them, the model's.
    """
    if players < 1:
        return 0.0, 1.0
    if rates is None:
        rates = model_rates(rules, players)
    return players * rates.over_per_hand, 1.0 / max(rates.won_per_deal, 1e-3)


def farmer_edge(rules: RuleSet, players: int, rates: TableRates | None = None) -> float:
    """What becoming the next farmer is worth to the winner of a farm, beyond the farm itself.

    Only where the winner deals next (``lacombe`` and ``ferme``): he collects over the new
    farm's life and stops paying his share, but gives up his chance at the new farm's antes,
    and the chance (one in ``players``) that, still a player, he would win that farm and so
    deal next himself. With ``E0`` the first two against the third, the edge ``E`` solves
    ``E = E0 − E / players``: ``E = E0 · players / (players + 1)``.
    """
    if rules.succession is not Succession.WINNER or players < 1:
        return 0.0
    per_deal, deals = deal_figures(rules, players, rates)
    seats = players + 1
    plain = per_deal * deals * seats / players - seats / players
    return plain * players / seats


def price(rules: RuleSet, players: int, holds: int, rates: TableRates | None = None) -> FarmPrice:
    """The price of a farm holding ``holds`` chips with ``players`` playing hands."""
    per_deal, deals = deal_figures(rules, players, rates)
    fair = per_deal * deals - holds / (players + 1)
    return FarmPrice(per_deal=per_deal, deals=deals, holds=holds, fair_bid=max(0.0, fair))


def players_in_deal(view: View) -> int:
    """How many seats will play hands in the deal the view is about (all seats with chips, less one)."""
    if view.order:
        return len(view.order)
    return max(1, sum(1 for c in view.chips if c > 0) - 1)


def farm_value(view: View, rates: TableRates | None = None) -> FarmPrice:
    """The farm on the table, priced for the seat of ``view`` (for bids and screen hints).

    ``rates`` are what the seat has seen of the table (see :class:`TableWatch`); without
    them the price assumes the model's players.
    """
    return price(view.rules, players_in_deal(view), view.farm, rates)


#: How many hands (and deals) of the model's play the watched rates start from.
PRIOR_HANDS = 60.0
PRIOR_DEALS = 15.0


class TableWatch:
    """Learns a table's rates from what one seat sees: the farmer's chips from deal to deal.

    When the same farmer keeps the same farm from one deal to the next (no auction, no
    ante), the farmer's chips grew by exactly what the players over 16 paid in the deal
    before; when a seat was the farmer itself, its own chips tell the same over its
    farm's life. Every seat's chips are public, so this reads nothing hidden.
    """

    def __init__(self, rules: RuleSet, players: int = 5) -> None:
        """Start from the model's rates for ``rules`` with ``players`` playing hands.

        The chance that a deal ends the farm grows with the players, so the prior must be
        that of this table's size, or a small table's farm looks shorter-lived than it is.
        """
        self.rules = rules
        base = model_rates(rules, max(1, players))
        self._over = base.over_per_hand * PRIOR_HANDS
        self._hands = PRIOR_HANDS
        self._won = base.won_per_deal * PRIOR_DEALS
        self._deals = PRIOR_DEALS
        self._last: tuple[int, int | None, int, tuple[int, ...], int, bool] | None = None
        self._tenure: tuple[int, int, int, int] | None = None

    def rates(self) -> TableRates:
        """The rates seen so far (shrunk towards the model's while there is little to see)."""
        return TableRates(self._over / self._hands, self._won / self._deals)

    def bought(self, view: View, amount: int) -> None:
        """Note a bid made from ``view`` (if it wins, the farm's life is measured from here)."""
        self._tenure = (view.deal_no, view.my_chips, amount, players_in_deal(view))

    def passed(self, view: View) -> None:
        """Note a pass from ``view``: a farm that nobody bids on goes to the opener for nothing."""
        self._tenure = (view.deal_no, view.my_chips, 0, players_in_deal(view))

    def look(self, view: View) -> None:
        """Learn from ``view`` what happened since the seat last looked."""
        playing = bool(view.order) and not view.calls
        now = (view.deal_no, view.farmer, view.farm, view.chips, len(view.order), playing)
        last = self._last
        self._last = now
        if last is not None and now[0] == last[0] + 1 and last[1] is not None:
            farmer = last[1]
            kept = playing and now[1] == farmer and now[2] == last[2]
            if kept:
                # The farm went on: the farmer's gain is the over-16 payments of the last deal.
                self._over += max(0, now[3][farmer] - last[3][farmer])
                self._hands += last[4]
            self._won += 0 if kept else 1
            self._deals += 1
        tenure = self._tenure
        auction = not view.order
        if tenure is not None and auction and view.farmer == view.seat and view.deal_no > tenure[0]:
            # An auction opens on our own farm: we held it since the auction we bought it in.
            deal, chips, paid, players = tenure
            deals = view.deal_no - deal
            collected = view.my_chips - chips + paid + 1  # + the ante just paid
            self._over += max(0, collected)
            self._hands += deals * players
            self._won += 1
            self._deals += deals
            self._tenure = None
