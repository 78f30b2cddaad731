"""Where a seat is served in the deals a rival's farm would last: the nearest's ties, and the price.

RULES.md: when nobody makes 16 the player nearest to 16 takes a chip from every other player, ties
ranked as 16s are (foster: the 6♥, then the fewest cards, then the seat served first). A seat that
a rival's farm would leave served last loses more such ties than one it would leave served first,
so that rival buying is the worse for it, and the farm is worth more to it against him.
"""

from __future__ import annotations

import pytest

from game.ai.expert import ExpertAgent
from game.ai.farm_value import Economy
from game.ai.memory import SeatFigures, TableMemory
from game.ai.model import mixed_outcome
from game.ai.personality import PERSONALITIES
from game.rules.actions import PASS, Kind, bid
from game.rules.engine import Game
from game.rules.phase import Phase
from game.rules.ruleset import rules_named


@pytest.mark.parametrize("name", ["foster", "lacombe", "ferme"])
def test_the_seats_are_served_from_the_farmer_s_side_in_the_rules_direction(name: str) -> None:
    """The service order the prices use is the engine's, farmer by farmer, seats without chips left out."""
    rules = rules_named(name)
    game = Game(["A", "B", "C", "D", "E"], rules, chips=20, first_seat=0, seed=3)
    game.next_deal()
    while game.phase is Phase.AUCTION:
        game.apply(bid(1) if game.high_bid == 0 else PASS)
    assert game.farmer is not None
    assert tuple(game.order) == rules.served_after(game.farmer, range(5))
    clockwise = name == "foster"
    assert rules.served_after(2, range(5)) == ((3, 4, 0, 1) if clockwise else (1, 0, 4, 3))
    assert rules.served_after(1, (0, 2, 4)) == ((2, 4, 0) if clockwise else (0, 4, 2))


def _alike(players: int, name: str = "foster") -> Economy:
    rules = rules_named(name)
    memory = TableMemory(rules)
    hand = mixed_outcome(rules.compulsory_draw, memory.stranger(players - 1))
    figures = SeatFigures(over=hand.over, sixteen=hand.sixteen, bust=hand.bust, wins=hand.sixteen,
                          nearest=0.0, hand=hand)
    return Economy(rules, range(players), dict.fromkeys(range(players), figures))


def test_among_alike_players_the_nearest_s_chips_go_to_those_served_first() -> None:
    economy = _alike(4)
    order = (1, 2, 3)
    first, middle, last = (economy.nearest(s, order) for s in order)
    assert first > middle > last
    assert first > 0.03 and last < -0.03
    # What one wins the others pay (to a few thousandths: the hands are taken as independent).
    assert first + middle + last == pytest.approx(0.0, abs=5e-3)
    # The same seat, served at another place: the place is what counts.
    assert economy.nearest(3, (3, 1, 2)) == pytest.approx(first)


def test_the_farm_is_worth_more_against_a_rival_whose_farm_would_serve_this_seat_last() -> None:
    economy = _alike(3)
    rules = economy.rules
    assert rules.served_after(1, range(3)) == (2, 0)  # seat 1 farming: seat 0 served last
    assert rules.served_after(2, range(3)) == (0, 1)  # seat 2 farming: seat 0 served first
    last, first, anyone = (economy.price(0, 3, rival=r).fair_bid for r in (1, 2, None))
    assert last > anyone > first
    assert last - first > 0.2
    assert anyone == pytest.approx((last + first) / 2, abs=0.05)


def test_under_lacombe_s_rules_the_seat_served_last_is_the_one_anticlockwise_and_pays_more() -> None:
    """Lacombe serves anticlockwise and ranks ties by the fewest cards, the 6♥, then the seat
    served first: the same reading, the other way round the table."""
    economy = _alike(3, "lacombe")
    rules = economy.rules
    assert rules.served_after(2, range(3)) == (1, 0)  # seat 2 farming: seat 0 served last
    assert rules.served_after(1, range(3)) == (0, 2)  # seat 1 farming: seat 0 served first
    assert economy.nearest(0, (1, 0)) < -0.02 < 0.02 < economy.nearest(0, (0, 2))
    assert economy.price(0, 3, rival=2).fair_bid > economy.price(0, 3, rival=1).fair_bid + 0.1


def test_under_the_french_rules_where_the_nearest_takes_the_corbeille_the_order_prices_nothing() -> None:
    """La ferme: no chip passes to the nearest (he takes the corbeille), so where a rival's farm
    would serve a seat does not move its price."""
    economy = _alike(3, "ferme")
    prices = [economy.price(0, 3, rival=r).fair_bid for r in (1, 2)]
    assert prices[0] == pytest.approx(prices[1])


@pytest.mark.parametrize(
    ("name", "players", "deals"), [("foster", 8, None), ("foster", 4, 20), ("lacombe", 6, 10)]
)
def test_at_a_fresh_table_no_expert_marks_another_for_bidding_his_own_price(
    name: str, players: int, deals: int | None
) -> None:
    """In a table's first auction a bid above what an Expert in the bidder's seat would pay marks
    him as one who bids as no Expert does; Experts bidding up to their own price, each from where
    it would be served, mark nobody, though at these tables some bid past the farm's public price."""
    past_public = 0
    for seed in range(1, 6):
        names = [f"S{s}" for s in range(players)]
        game = Game(names, rules_named(name), chips=100, seed=seed, max_deals=deals)
        experts = [ExpertAgent(PERSONALITIES["steady"], seed=seed * 11 + s) for s in range(players)]
        game.next_deal()
        while game.to_act is not None and game.farmer is None:
            seat = game.to_act
            view = game.view_for(seat)
            action = experts[seat].choose(view)
            past_public += action.kind is Kind.BID and action.amount > experts[seat].public_price(view)
            game.apply(action)
        for expert in experts:
            assert expert.memory is not None
            assert not any(expert.memory.player(s).overbids for s in range(players)), seed
    assert past_public > 0
