"""Selling the farm (RULES.md, "foster" 1): antes, bids, passes, and who takes an unsold farm."""

from __future__ import annotations

import pytest
from helpers import deck, moves, play, start, table

from game.rules.actions import DRAW, PASS, STAND, Action, IllegalAction, Kind, bid
from game.rules.engine import Game, Phase
from game.rules.events import AuctionOpened, FarmSold
from game.rules.records import Auction


def test_every_seat_antes_and_the_seat_drawn_by_lot_opens_the_first_auction() -> None:
    """RULES 'foster' 1: every seat with chips antes 1; the first auction starts at a seat drawn by lot."""
    game = table("foster", first_seat=2)
    events = game.next_deal()
    assert moves(events) == [(s, "farm", 1, "ante") for s in range(4)]
    assert AuctionOpened(2) in events and game.to_act == 2 and game.phase is Phase.AUCTION


def test_the_lot_is_drawn_with_the_games_own_rng() -> None:
    """RULES 'foster' 1: without a fixed seat, the opener is drawn by lot, the same for the same seed."""
    openers = set()
    for seed in range(12):
        first = Game([str(i) for i in range(6)], seed=seed)
        second = Game([str(i) for i in range(6)], seed=seed)
        first.next_deal()
        second.next_deal()
        assert first.opener == second.opener
        openers.add(first.opener)
    assert len(openers) > 1


def test_a_pass_is_final_and_bidding_goes_round_until_all_others_passed() -> None:
    """RULES 'foster' 1 (decision: a pass is final): passers are never asked again in that auction."""
    game = table("foster", first_seat=0)
    game.stack_deck(deck())
    game.next_deal()
    asked = []
    for word in ["1", "p", "2", "p", "3", "p"]:
        asked.append(game.to_act)
        play(game, word)
    assert asked == [0, 1, 2, 3, 0, 2]
    assert game.farmer == 0 and game.phase is Phase.PLAY
    assert game.calls == [(0, 1), (1, None), (2, 2), (3, None), (0, 3), (2, None)]
    assert game.farm == 4 + 3 and game.chips[0] == 96


def test_a_bid_must_be_higher_than_the_high_bid() -> None:
    """RULES 'foster' 1: each bid must be higher than the last; a refused bid changes nothing."""
    game = table("foster", first_seat=0)
    start(game, auction="2")
    for amount in (1, 2):
        with pytest.raises(IllegalAction, match="higher than the current bid of 2"):
            game.apply(bid(amount))
    for amount in (0, -3):
        with pytest.raises(IllegalAction, match="at least 1 chip"):
            game.apply(bid(amount))
    assert game.to_act == 1 and game.high_bid == 2 and game.calls == [(0, 2)]
    assert next(a.amount for a in game.legal_actions() if a.kind is Kind.BID) == 3


def test_a_bid_is_capped_by_the_chips_held_after_the_ante() -> None:
    """RULES 'foster' 1: a bid is at most the chips the bidder holds after the ante."""
    game = table("foster", first_seat=1, chips=[100, 5, 100, 100])
    game.next_deal()
    assert game.chips[1] == 4 and game.view_for(1).max_bid == 4
    assert max(a.amount for a in game.legal_actions()) == 4
    with pytest.raises(IllegalAction, match=r"after the ante \(4\)"):
        game.apply(bid(5))
    game.apply(bid(4))
    assert game.high_bid == 4


def test_a_seat_left_at_zero_by_its_ante_can_only_pass() -> None:
    """RULES 'foster' 1 and 'Payments': with nothing left after the ante there is nothing to bid."""
    game = table("foster", first_seat=1, chips=[100, 1, 100, 100])
    game.next_deal()
    assert game.to_act == 1 and game.chips[1] == 0
    assert game.legal_actions() == [PASS]
    with pytest.raises(IllegalAction, match="cannot exceed"):
        game.apply(bid(1))
    game.apply(PASS)
    assert game.to_act == 2


def test_nobody_bids_in_the_first_game_the_opener_takes_the_farm_free() -> None:
    """RULES 'foster' 1: if nobody bids, the seat that opened the bidding takes the farm for nothing."""
    game = table("foster", first_seat=2)
    game.stack_deck(deck())
    game.next_deal()
    events = play(game, "p p p p")
    assert FarmSold(2, 0, True) in events
    assert game.farmer == 2 and game.farm == 4
    assert [m[3] for m in moves(events)] == []
    play(game, "d s d s d s")
    assert game.log[0].auction == Auction(((2, None), (3, None), (0, None), (1, None)), None, 0)


def test_after_a_won_farm_the_auction_opens_left_of_the_last_farmer() -> None:
    """RULES 'foster' 1 and 4: a new farm is auctioned starting left of the previous farmer."""
    game = table("foster", first_seat=2)
    start(game, top="7S 2C 3C 9S 4C 5C", auction="p 1 p p")  # Dan buys for 1
    assert game.farmer == 3 and game.order == [0, 1, 2]
    play(game, "d s d s d s")  # Anna 7+9 wins
    assert game.winner == 0
    events = start(game)
    assert AuctionOpened(0) in events and game.to_act == 0
    events = play(game, "p p p p")
    # Nobody bid: the player on the left of the last farmer (Dan) takes it for nothing.
    assert FarmSold(0, 0, True) in events and game.farmer == 0


def test_the_highest_bidder_pays_the_bid_into_the_farm() -> None:
    """RULES 'foster' 1: the highest bidder puts the bid into the farm and becomes farmer."""
    game = table("foster", first_seat=3)
    game.stack_deck(deck())
    game.next_deal()
    events = play(game, "p 5 7 p p")
    assert FarmSold(1, 7, False) in events
    assert (1, "farm", 7, "bid") in moves(events)
    assert game.farmer == 1 and game.farm == 11 and game.chips[1] == 92
    assert game.order == [2, 3, 0]


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (DRAW, "not an auction call"),
        (STAND, "not an auction call"),
        (Action(Kind.PASS, 3), "only a bid names a number"),
        (Action(Kind.BID, True), "whole number"),
        (Action(Kind.BID, 2.5), "whole number"),  # type: ignore[arg-type]
        ("pass", "not an action"),
    ],
)
def test_anything_but_a_bid_or_a_pass_is_refused_in_the_auction(act: object, message: str) -> None:
    """IllegalAction names the rule; the auction is unchanged."""
    game = table("foster", first_seat=0)
    game.next_deal()
    with pytest.raises(IllegalAction, match=message):
        game.apply(act)  # type: ignore[arg-type]
    assert game.to_act == 0 and game.calls == [] and game.phase is Phase.AUCTION


def test_no_action_between_deals() -> None:
    """A deal must be started before anyone can act."""
    game = table("foster")
    with pytest.raises(IllegalAction, match="no deal is in progress"):
        game.apply(PASS)
    assert game.legal_actions() == []


def test_nobody_bids_the_opener_takes_the_farm_even_at_zero_after_its_ante() -> None:
    """RULES 'foster' 1 (decision): the opener takes an unbid farm even with no chips left; it then deals."""
    game = table("foster", first_seat=1, chips=[100, 1, 100, 100])
    start(game, auction="p p p p")
    assert game.farmer == 1 and game.chips[1] == 0 and game.farm == 4
    assert game.order == [2, 3, 0] and game.phase is Phase.PLAY


def test_the_first_lacombe_auction_goes_round_clockwise_as_in_foster() -> None:
    """RULES 'lacombe' (decision): the first farm is sold 'as in foster', so bidding goes to the left."""
    game = table("lacombe", first_seat=1)
    game.next_deal()
    asked = []
    for word in ["p", "p", "p", "1"]:
        asked.append(game.to_act)
        play(game, word)
    assert asked == [1, 2, 3, 0]
    assert game.farmer == 0 and game.order == [3, 2, 1]
