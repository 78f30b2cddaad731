"""The Expert's model of each opponent's bid limit, learnt from the auctions it saw.

A limit is read as a number of chips, as a share of the farm's public price (plus chips), or as
one that changes from a game's early deals to its later ones: whichever the auctions fit.
"""

from __future__ import annotations

from game.ai.bidders import Form, fit_limit
from game.ai.expert import ExpertAgent
from game.ai.farm_value import farm_value
from game.ai.memory import PEOPLE_STANDS, AuctionSeen, TableMemory
from game.ai.model import THRESHOLDS
from game.ai.personality import PERSONALITIES
from game.rules.actions import PASS, bid
from game.rules.cards import hand_total, parse_cards
from game.rules.engine import Game
from game.rules.events import BidMade, DealEnded, DealStarted, HandShown, Passed
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


def _sulker(price: float) -> int:
    return int(1.5 * price) + 1


def _sits_out() -> list[AuctionSeen]:
    """He bids half as much again as the price and a chip in some auctions and passes at once in
    others (as one who bids only while behind in chips)."""
    return [AuctionSeen(0, 1, deal=1 + 3 * i, price=p) if i % 3 == 1 else
            AuctionSeen(_sulker(p), _sulker(p) + 1 if i % 3 == 2 else None, deal=1 + 3 * i, price=p)
            for i, p in enumerate(PRICES)]


def test_a_bidder_who_sits_some_auctions_out_is_read_from_those_he_bid_in() -> None:
    model = fit_limit(_sits_out())
    assert model is not None and model.once_in and model.form is Form.PRICE
    reach = model.reach(30, 16.7)
    assert reach.once_in and reach.high is not None
    assert reach.low <= _sulker(16.7) <= reach.high and reach.high - reach.low <= 1


def test_the_expert_raises_one_who_sits_auctions_out_only_once_he_has_bid_in_this_one() -> None:
    buyer, paid, own, price = _auction(_sits_out(), _sulker)
    assert own < _sulker(price) - 1
    assert buyer == 0 and _sulker(price) - 1 <= paid <= _sulker(price)
    # Sitting this one out, he is not bid against: the Expert buys at its own price or less.
    buyer, paid, own, price = _auction(_sits_out(), lambda price: 0)
    assert buyer == 1 and paid <= own


def test_a_bidder_whose_auctions_fit_no_rule_is_not_read() -> None:
    seen = [AuctionSeen(20, None, deal=1, price=14.1), AuctionSeen(3, 4, deal=2, price=14.1),
            AuctionSeen(22, None, deal=3, price=14.1), AuctionSeen(0, 1, deal=4, price=14.1)]
    assert fit_limit(seen) is None


def _table(name: str) -> tuple[Game, ExpertAgent, TableMemory]:
    """A foster table of three in its first auction: ``name`` at seat 0 bids first, an Expert at
    seat 1 with a memory of the table bound to the names, a third player at seat 2."""
    game = Game([name, "Expert", "Other"], rules_named("foster"), chips=100, first_seat=0, seed=1)
    game.next_deal()
    expert = ExpertAgent(PERSONALITIES["steady"], seed=0)
    memory = TableMemory(game.rules)
    memory.bind(tuple(game.names))
    return game, expert, memory


def _play(game: Game, expert: ExpertAgent, memory: TableMemory, limits: dict[int, int]) -> tuple[int, int]:
    """The auction on sale played out: seat 1 is ``expert``, every other seat bids a chip over the
    high bid up to its limit in ``limits`` (none: it passes). (The price paid, the Expert's own
    limit at its last turn: the farm is priced against the seat holding the high bid.)"""
    own = expert.limit(game.view_for(1), memory)
    paid = 0
    while game.phase is Phase.AUCTION:
        seat = game.to_act
        assert seat is not None
        view = game.view_for(seat)
        if seat == 1:
            own = expert.limit(view, memory)
            action = expert.choose(view)
        elif view.high_bid + 1 <= limits.get(seat, 0):
            action = bid(view.high_bid + 1)
        else:
            action = PASS
        if action != PASS:
            paid = view.high_bid + 1
        game.apply(action)
    return paid, own


def _stood_on_ten(memory: TableMemory, seat: int, hands: int) -> None:
    """``memory`` sees the player at ``seat`` stand on 10 in ``hands`` deals."""
    hand = tuple(parse_cards("6H 4D"))
    for deal in range(1, hands + 1):
        memory.observe([DealStarted(deal, False, 1), HandShown(seat, hand, hand_total(hand)),
                        DealEnded(deal, None, None)])


def _auction(
    seen: list[AuctionSeen], limit_at: object, played: int = 0, other: int = 0
) -> tuple[int | None, int, int, float]:
    """Seat 0 bids a chip over the high bid up to his limit at this auction's price, seat 1 is an
    Expert that saw him in the auctions ``seen`` (and stand on 10 in ``played`` hands), seat 2
    bids up to ``other`` (0: passes): (buyer, price paid, the Expert's own limit at its last
    turn, the farm's public price)."""
    game, expert, memory = _table("Bold")
    for auction in seen:
        memory.player(0).learn_auction(auction)
    _stood_on_ten(memory, 0, played)
    expert.memory = memory
    price = farm_value(game.view_for(0)).fair_bid
    limit = limit_at(price)  # type: ignore[operator]
    paid, own = _play(game, expert, memory, {0: limit, 2: other})
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
    # His hands were seen (so the Expert does not buy a farm from him to learn how he plays).
    buyer, paid, own, _price = _auction(seen, lambda price: 20, played=4)
    # Not raised past its own limit: he buys at it or a chip over (bids rise a chip at a time, in turn).
    assert buyer == 0 and own <= paid <= own + 1 < 20



def test_a_bidder_known_only_to_pay_more_is_probed_three_times_as_far_as_he_paid_above_the_expert() -> None:
    """PROBE_REACH: a rival who bought a farm a chip above the Expert's limit, and never refused
    a bid, is raised up to three chips past that. Below the reach he buys at his limit; within it
    the Expert buys at his limit and a chip, once, and knows it from then on."""
    # The Expert's own limit against him (he bids 1 and stops): where his farm would serve it counts.
    _buyer, _paid, own, _price = _auction([], lambda price: 1)
    once = [AuctionSeen(own + 1, None, deal=1)]
    # Bids rise a chip at a time, in turn: he buys at his limit or the chip under it.
    buyer, paid = _auction(once, lambda price: own + 5)[:2]
    assert buyer == 0 and own + 4 <= paid <= own + 5
    # Reaching as far again (the rule before) would have stopped at own + 2, and he bought at own + 3.
    buyer, paid = _auction(once, lambda price: own + 3)[:2]
    assert buyer == 1 and own + 3 <= paid <= own + 4


def test_a_bidder_who_never_bid_and_now_bids_past_the_expert_is_probed_at_once() -> None:
    """A latecomer: every auction so far he passed at once (read as a limit of 0). In this one he
    bids past the Expert's own limit, so the Expert probes him as one who paid a chip more."""
    never = [AuctionSeen(0, 1, deal=d, price=p) for d, p in zip(range(1, 20, 3), PRICES, strict=False)]
    model = fit_limit(never)
    assert model is not None and model.reach(25, 15.0).high == 0
    # The third player bids to 3 and stops, so that he, bidding first, holds the even bids: he
    # holds one past the Expert's limit at its turn (with the odd ones he would hold its limit
    # itself, which tells nothing: an Expert bids that far).
    buyer, paid, own, price = _auction(never, lambda price: int(1.5 * price), other=3)
    assert own + 4 < int(1.5 * price)
    assert buyer == 0 and own + 4 <= paid <= own + 5


def test_a_bid_beyond_what_the_farm_was_worth_marks_a_player_who_does_not_play_as_experts_do() -> None:
    """OVERBID_SHARE: beyond 1.1 times the farm's public price and a chip, or beyond the most the
    seat itself would have paid when that is higher, a bid marks a player as not an Expert."""
    assert not AuctionSeen(17, None, deal=1, price=15.0).overbid()
    assert AuctionSeen(18, None, deal=1, price=15.0).overbid()
    # Beside a player who goes over often the farm is worth more, and an Expert bids more for it.
    assert not AuctionSeen(18, None, deal=1, price=15.0, worth=19.0).overbid()
    assert AuctionSeen(23, None, deal=1, price=15.0, worth=19.0).overbid()
    assert not AuctionSeen(40, None).overbid()  # nothing to tell it by


def test_a_player_who_overbids_is_priced_as_people_play_until_his_hands_are_seen() -> None:
    """A stranger is taken to stand where a table of Experts stands (from 8 under Foster's rules);
    one who bid far beyond the farm's worth is taken to stand from 11 to 16 alike, and so to pay
    a farmer more, until his hands tell."""
    memory = TableMemory(rules_named("foster"))
    memory.bind(("Bold", "Expert", "Other"))
    memory.note_auction(1, 15.0, 16.0)
    memory.note_auction(1, 15.0, 14.0)  # the most the seat would pay in the deal is kept
    memory.observe([DealStarted(1, True, None), BidMade(0, 17), BidMade(2, 18), BidMade(0, 19), Passed(2),
                    DealEnded(1, None, None)])
    assert memory.player(0).overbids and not memory.player(2).overbids  # 18 ≤ 1.1 × 16 + 1 < 19
    assert memory.belief(0, 2) != memory.stranger(2)
    stands = memory.belief(0, 2)
    assert all(stands[THRESHOLDS.index(t)] > 0.1 for t in PEOPLE_STANDS)
    assert memory.figures(0, 2).over > 2 * memory.figures(2, 2).over
    # His hands, once seen, tell: one who stood on 9 and 10 is no longer taken to stand from 11.
    for deal, cards in ((2, "5C 4C"), (3, "6H 4D"), (4, "5D 4H")):
        hand = tuple(parse_cards(cards))
        memory.observe([DealStarted(deal, False, 1), HandShown(0, hand, hand_total(hand)),
                        DealEnded(deal, None, None)])
    stands = memory.belief(0, 2)
    assert sum(stands[:THRESHOLDS.index(11)]) > 0.8 and stands[THRESHOLDS.index(11)] < 0.02


def _two_people(pusher_marked: bool) -> tuple[int | None, int, int]:
    """Seat 0 paid two chips over the Expert's limit once (so the Expert would probe him) and bids to
    ``own + 6`` now; seat 2, another person, bids to a chip under that; seat 1 is the Expert.
    (buyer, price paid, the Expert's own limit.)"""
    game, expert, memory = _table("Showoff")
    own = expert.limit(game.view_for(1), memory)
    memory.player(0).learn_auction(AuctionSeen(own + 2, None, deal=1))
    memory.player(2).overbids = pusher_marked
    expert.memory = memory
    paid, _own = _play(game, expert, memory, {0: own + 6, 2: own + 5})
    return game.farmer, paid, own


def test_the_expert_does_not_probe_a_bidder_another_overbidder_has_bid_up_past_its_own_limit() -> None:
    """A probe buys the Expert a farm at the probed player's limit: it is worth that only where the
    Expert's raise sets his price. Where another overbidder raised him past the Expert's limit,
    the Expert stops at its own and the two people settle it between them."""
    buyer, paid, own = _two_people(pusher_marked=True)
    assert buyer == 0 and paid == own + 6  # the other person took him to his limit, as he would
    # The same bids from a player not marked as an overbidder (an Expert's reach): probed, and the
    # Expert buys the farm at his limit or a chip over (bids rise a chip at a time, in turn), as
    # every probe that finds a limit does.
    buyer, paid, own = _two_people(pusher_marked=False)
    assert buyer == 1 and own + 6 <= paid <= own + 7


def _explored(
    hands_seen: int, limits: dict[int, int], deals: int | None = None
) -> tuple[int | None, int, int]:
    """A fresh table's first auction (of a game of ``deals`` deals; None: no end): seat 0, marked as
    one who bids as no Expert does, has shown ``hands_seen`` hands standing on 10; seat 2 is marked
    too. Each bids to its limit in ``limits`` over the Expert's own (seat 1).
    (buyer, price paid, the Expert's own limit before any bid.)"""
    game = Game(["Gambler", "Expert", "Other"], rules_named("foster"), chips=100, first_seat=0, seed=1,
                max_deals=deals)
    game.next_deal()
    expert = ExpertAgent(PERSONALITIES["steady"], seed=0)
    memory = TableMemory(game.rules)
    memory.bind(tuple(game.names))
    for seat in (0, 2):
        memory.player(seat).overbids = True
    _stood_on_ten(memory, 0, hands_seen)
    expert.memory = memory
    own = expert.limit(game.view_for(1), memory)
    paid, _last = _play(game, expert, memory, {seat: own + over for seat, over in limits.items()})
    return game.farmer, paid, own


def test_the_expert_buys_past_its_price_from_an_overbidder_it_has_not_seen_play_to_learn_his_play() -> None:
    """EXPLORE_FARMS: an overbidder who buys every farm plays no hand, so his play is learnt only
    from a farm bought from him. Priced as people play (standing from 11 to 16 alike), the farm
    is worth far more beside one who stands on 16 than he pays a chip past the Expert's price: the
    Expert buys it there (and sees him play), where it would have let him have it."""
    buyer, paid, own = _explored(0, {0: 1})
    assert buyer == 1 and paid == own + 1
    # Once his hands have shown how he plays (on 10, as an Expert might: the farm is worth about
    # what it is beside one), little is left to learn: the Expert bids at most a chip past its own
    # price, and he buys within two chips of it (a chip either way, as the bids fall in turn).
    buyer, paid, own = _explored(4, {0: 2})
    assert buyer == 0 and own + 1 <= paid <= own + 2


def test_the_expert_raises_an_overbidder_only_as_far_as_learning_his_play_is_worth() -> None:
    """No habit makes the farm worth ten chips over what an average stranger does: he buys, raised
    a little past the Expert's price (as far as learning is worth), nowhere near his limit."""
    buyer, paid, own = _explored(0, {0: 10})
    assert buyer == 0 and own + 1 <= paid <= own + 3


def test_the_expert_does_not_buy_to_learn_an_overbidder_s_play_beside_another_still_bidding() -> None:
    """Beside another overbidder still in the auction the two set the price between them, whatever
    either plays like: the Expert stops at its own price."""
    buyer, paid, own = _explored(0, {0: 1, 2: 1})
    assert buyer == 2 and paid == own + 1


def test_in_a_game_s_last_deal_the_expert_does_not_buy_to_learn_what_no_later_farm_would_use() -> None:
    buyer, paid, own = _explored(0, {0: 1}, deals=1)
    assert buyer == 0 and paid == own
