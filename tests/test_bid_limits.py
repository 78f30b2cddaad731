"""The Expert's model of each opponent's bid limit, learnt from the auctions it saw.

A limit is read as a number of chips, as a share of the farm's public price (plus chips), or as
one that changes from a game's early deals to its later ones: whichever the auctions fit.
"""

from __future__ import annotations

from game.ai.bidders import Form, fit_limit
from game.ai.expert import ExpertAgent
from game.ai.farm_value import farm_value
from game.ai.memory import AuctionSeen, TableMemory
from game.ai.personality import PERSONALITIES
from game.rules.actions import PASS, bid
from game.rules.engine import Game
from game.rules.phase import Phase
from game.rules.ruleset import rules_named

PRICES = (14.1, 12.0, 15.3, 17.6, 13.2, 19.1, 21.5, 14.4, 16.0)


def _bold(price: float) -> int:
    return int(price * 4 / 3) + 2


def _history(limit_of: object, refuse_every: int = 2) -> list[AuctionSeen]:
    """Auctions at :data:`PRICES` (deals 1, 4, 7…) where the bidder reached his limit; every
    ``refuse_every``-th one he was outbid and refused the next bid, otherwise he bought at it."""
    seen = []
    for i, price in enumerate(PRICES):
        limit = limit_of(price)  # type: ignore[operator]
        refused = limit + 1 if i % refuse_every == 0 else None
        seen.append(AuctionSeen(limit, refused, deal=1 + 3 * i, price=price))
    return seen


def test_a_bidder_who_bids_a_third_over_the_price_and_two_chips_is_learnt_as_price_relative() -> None:
    model = fit_limit(_history(_bold))
    assert model is not None and model.form is Form.PRICE
    for price in (13.6, 18.3, 20.2):  # prices not seen, inside the span seen
        reach = model.reach(30, price)
        assert reach is not None and reach.low <= _bold(price) and reach.high is not None
        assert _bold(price) <= reach.high and reach.high - reach.low <= 1, (price, reach)


def test_a_bidder_with_a_limit_in_chips_is_learnt_as_fixed_whatever_the_price() -> None:
    model = fit_limit(_history(lambda price: 20))
    assert model is not None and model.form is Form.FIXED
    reach = model.reach(30, 25.0)
    assert reach is not None and (reach.low, reach.high) == (20, 20)


def test_a_bidder_who_bids_only_in_a_game_s_first_deals_is_learnt_as_early_only() -> None:
    early = [AuctionSeen(int(2 * p), int(2 * p) + 1, deal=d, price=p)
             for d, p in ((1, 14.1), (4, 14.1), (8, 14.4))]
    late = [AuctionSeen(0, h + 1, deal=d, price=14.1) for d, h in ((13, 3), (20, 0), (31, 5), (47, 2))]
    model = fit_limit(early + late)
    assert model is not None and model.form is Form.CHANGING
    late_reach = model.reach(60, 14.1)
    assert late_reach is not None and late_reach.high == 0  # later in a game he does not bid
    early_reach = model.reach(2, 14.1)  # the next game's early deals: twice the price again
    assert early_reach is not None and early_reach.low == 28


def test_a_bidder_whose_auctions_fit_no_rule_is_not_read() -> None:
    seen = [AuctionSeen(20, None, deal=1, price=14.1), AuctionSeen(3, 4, deal=2, price=14.1),
            AuctionSeen(22, None, deal=3, price=14.1), AuctionSeen(0, 1, deal=4, price=14.1)]
    assert fit_limit(seen) is None


def _auction(seen: list[AuctionSeen], limit_at: object) -> tuple[int | None, int, int, float]:
    """Seat 0 bids a chip over the high bid up to his limit at this auction's price, seat 1 is an
    Expert that saw him in the auctions ``seen``, seat 2 passes: (buyer, price paid, the Expert's
    own limit, the farm's public price)."""
    game = Game(["Bold", "Expert", "Other"], rules_named("foster"), chips=100, first_seat=0, seed=1)
    game.next_deal()
    expert = ExpertAgent(PERSONALITIES["steady"], seed=0)
    memory = TableMemory(game.rules)
    memory.bind(tuple(game.names))
    for auction in seen:
        memory.player(0).learn_auction(auction)
    expert.memory = memory
    price = farm_value(game.view_for(0)).fair_bid
    limit = limit_at(price)  # type: ignore[operator]
    own = expert.limit(game.view_for(1), memory)
    paid = 0
    while game.phase is Phase.AUCTION:
        seat = game.to_act
        assert seat is not None
        view = game.view_for(seat)
        if seat == 1:
            action = expert.choose(view)
        elif seat == 0 and view.high_bid + 1 <= limit:
            action = bid(view.high_bid + 1)
        else:
            action = PASS
        if action != PASS:
            paid = view.high_bid + 1
        game.apply(action)
    return game.farmer, paid, own, price


def test_the_expert_raises_a_learnt_price_relative_bidder_to_the_edge_of_his_limit_at_today_s_price() -> None:
    buyer, paid, own, price = _auction(_history(_bold), _bold)
    assert price not in PRICES and own < _bold(price) - 1
    # He buys at his limit for this price, or a chip under it (bids rise a chip at a time, in
    # turn): the Expert raised him as far as it could and did not buy the farm itself.
    assert buyer == 0 and _bold(price) - 1 <= paid <= _bold(price)


def test_the_expert_does_not_push_a_bidder_whose_limit_it_cannot_tell() -> None:
    seen = [AuctionSeen(20, None, deal=1, price=14.1), AuctionSeen(3, 4, deal=2, price=14.1),
            AuctionSeen(22, None, deal=3, price=14.1), AuctionSeen(0, 1, deal=4, price=14.1)]
    buyer, paid, own, _price = _auction(seen, lambda price: 20)
    assert (buyer, paid) == (0, own + 1)

