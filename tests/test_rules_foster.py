"""The foster rules (RULES.md, "foster"), deal by deal from stacked decks."""

from __future__ import annotations

import pytest
from helpers import deal_log_example, deck, moves, play, start, table, total_chips

from game.rules.actions import DRAW, STAND, IllegalAction
from game.rules.cards import Card
from game.rules.engine import Phase
from game.rules.events import Busted, CardDealt, FarmWon, NearestFound, Stood

# Anna (seat 0) buys the farm for 1 chip; Ben, Carla and Dan pass.
ANNA_BUYS = "1 p p p"


def test_worked_example_ben_wins_the_farm_and_the_log_matches_deal_log_md() -> None:
    """RULES 'foster' 2-3 and the seeds' example: Ben 7,3,6♥ = 16, Carla K,9 busts, Dan 5,4,2 stands."""
    game = table("foster", first_seat=1)
    # The DEAL_LOG.md example auction: Ben opens with 3, Anna outbids with 4.
    start(game, top="7S KD 5S 3C 6H 9C 4H 2D", auction="3 p p 4 p")
    assert game.farmer == 0
    events = play(game, "d d s d d d s")
    assert any(isinstance(e, Busted) and e.seat == 2 and e.total == 19 for e in events)
    assert [e for e in events if isinstance(e, FarmWon)] == [FarmWon(1, 8, 16)]
    assert (2, 0, 3, "over") in moves(events)
    assert game.log[0].to_json() == deal_log_example()


def test_worked_example_variant_ben_stands_on_15_and_the_farm_stays() -> None:
    """RULES 'foster' 3: nobody has 16, Carla still pays Anna 3, Ben nearest gets 1 from Carla and Dan."""
    game = table("foster", first_seat=1)
    start(game, top="7S KD 5S 3C 5H 9C 4H 2D", auction="3 p p 4 p")
    events = play(game, "d d s d d d s")
    assert moves(events) == [(2, 0, 3, "over"), (2, 1, 1, "nearest"), (3, 1, 1, "nearest")]
    assert NearestFound(1, 15) in events
    assert game.winner is None and game.nearest == 1
    assert game.chips == [98, 101, 95, 98]
    assert game.farm == 8
    # RULES 'foster' 4: the same farmer deals again with the same farm, no antes.
    events = start(game, top="9S 9H 9D 7C 7D 7H")
    assert game.farmer == 0 and game.phase is Phase.PLAY
    assert moves(events) == [] and game.farm == 8


def test_service_is_clockwise_from_the_farmers_left_and_cards_come_from_the_top() -> None:
    """RULES 'foster' 2: first cards from the left clockwise; further cards from the top."""
    game = table("foster", players=5, first_seat=2)
    events = start(game, top="AS 2S 3S 4S 5S 7S", auction="1 p p p p")
    assert game.farmer == 2
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert [(e.seat, str(e.card), e.first, e.from_bottom) for e in dealt] == [
        (3, "AS", True, False), (4, "2S", True, False), (0, "3S", True, False), (1, "4S", True, False)]
    assert game.order == [3, 4, 0, 1] and game.to_act == 3
    events = game.apply(DRAW)
    assert [(e.seat, str(e.card), e.from_bottom) for e in events if isinstance(e, CardDealt)] == [
        (3, "5S", False)]


def test_drawing_is_compulsory_at_least_once() -> None:
    """RULES 'foster' 2: each player must take at least one more card, then may stand."""
    game = table("foster")
    start(game, top="KS KH KD", auction=ANNA_BUYS)
    assert game.legal_actions() == [DRAW]
    with pytest.raises(IllegalAction, match="must take at least one more card"):
        game.apply(STAND)
    game.apply(DRAW)
    assert STAND in game.legal_actions()


def test_a_player_over_16_stops_and_the_next_is_asked() -> None:
    """RULES 'foster' 2: going over 16 ends the player's turn at once."""
    game = table("foster")
    start(game, top="KS 2H 3H 9S", auction=ANNA_BUYS)
    events = game.apply(DRAW)
    assert Busted(1, 19) in events
    assert game.to_act == 2 and game.finished(1)


def test_nobody_can_draw_from_an_empty_deck() -> None:
    """RULES 'foster' 2: when the deck is empty nobody can draw, not even the compulsory card."""
    game = table("foster", players=3)
    game.stack_deck([Card.parse(c) for c in ["2S", "3S", "AS", "AH"]])
    game.next_deal()
    play(game, "1 p p")
    play(game, "d d")
    assert game.deck_size == 0
    assert game.legal_actions() == [STAND]
    with pytest.raises(IllegalAction, match="deck is empty"):
        game.apply(DRAW)
    play(game, "s")
    assert game.to_act == 2 and game.legal_actions() == [STAND]
    play(game, "s")
    assert game.phase is Phase.BETWEEN and game.nearest == 1


def test_tie_of_16s_goes_to_the_six_of_hearts_before_fewer_cards() -> None:
    """RULES 'foster' 3: a 16 holding the 6♥ beats a two-card 16 served earlier."""
    game = table("foster")
    start(game, top="7S 6H 2C 9C 3S 7C 4D 5D 3D", auction=ANNA_BUYS)
    play(game, "d s d d s d d d s")  # Ben 7+9, Carla 6♥+3+7, Dan 2+4+5+3 (14)
    assert game.totals[1:] == [16, 16, 14]
    assert game.winner == 2


def test_tie_of_16s_without_the_six_goes_to_fewer_cards() -> None:
    """RULES 'foster' 3: without the 6♥, the 16 with the fewest cards wins."""
    game = table("foster")
    start(game, top="4S 7C 2C 3C 9S 9C 4D 5D 3D", auction=ANNA_BUYS)
    play(game, "d d s d s d d s")  # Ben 4+3+9, Carla 7+9, Dan 2+4+5
    assert game.totals[1] == game.totals[2] == 16
    assert game.winner == 2


def test_tie_of_equal_16s_goes_to_the_seat_nearest_the_farmers_left() -> None:
    """RULES 'foster' 3: equal 16s go to the seat served first, not the lowest seat number."""
    game = table("foster", players=5, first_seat=2)
    # Farmer Carla (2): order Dan 3, Eve 4, Anna 0, Ben 1. Anna and Dan both make 7+9.
    start(game, top="7S 2S 7C 2C 9S 3S 9C 3C", auction="1 p p p p")
    play(game, "d s d s d s d s")
    assert game.totals[3] == game.totals[0] == 16
    assert game.winner == 3


@pytest.mark.parametrize(
    ("top", "script", "nearest"),
    [
        # The 6♥ first: Ben 9+5 (two cards) against Carla 6♥+3+5.
        ("9S 6H 2C 5C 3S 5D 4D", "d s d d s d s", 2),
        # Then fewer cards: Ben 4+5+5 against Carla 9+5.
        ("4S 9S 2C 5C 5D 5H 4D", "d d s d s d s", 2),
        # Then the seat served first: Ben 9+5 against Carla 9+5.
        ("9S 9C 2C 5C 5D 4D", "d s d s d s", 1),
    ],
    ids=["six-of-hearts", "fewer-cards", "served-first"],
)
def test_ties_for_nearest_are_ranked_like_16s(top: str, script: str, nearest: int) -> None:
    """RULES 'foster' 3: the nearest below 16 is chosen by 6♥, fewest cards, then seat, like 16s."""
    game = table("foster")
    start(game, top=top, auction=ANNA_BUYS)
    play(game, script)
    assert game.totals[1] == game.totals[2] == 14 and game.totals[3] < 14
    assert game.nearest == nearest


def test_nearest_is_paid_by_every_other_player_including_busted_but_not_the_farmer() -> None:
    """RULES 'foster' 3: 1 chip from each other player, busted players included, not from the farmer."""
    game = table("foster", players=5)
    start(game, top="KS 9S 2C 3C 9C 4D AD 5D KH", auction="1 p p p p")
    events = play(game, "d d d s d s d s")  # Ben K+9 busts; Carla 9+4+A = 14; Dan 2+5; Eve 3+K
    assert game.nearest == 2
    paid = [m for m in moves(events) if m[3] == "nearest"]
    nearest = game.nearest
    assert nearest is not None
    assert sorted(m[0] for m in paid) == sorted(s for s in game.order if s != nearest)
    assert all(m[1] == nearest and m[2] == 1 for m in paid)


def test_everyone_over_16_nobody_collects_and_the_farmer_deals_again() -> None:
    """RULES 'foster' 3-4: if every player went over, nobody collects; the farm stays with the farmer."""
    game = table("foster")
    start(game, top="KS KH KD 9S 9H 9D", auction=ANNA_BUYS)
    events = play(game, "d d d")
    assert NearestFound(None, 0) in events
    assert game.nearest is None and game.winner is None
    assert [m[3] for m in moves(events)] == ["over", "over", "over"]
    assert game.farm == 5 and game.chips == [98 + 9, 96, 96, 96]
    start(game, top="KS KH KD")
    assert game.farmer == 0 and game.farm == 5 and game.phase is Phase.PLAY


def test_a_player_who_cannot_pay_in_full_pays_what_they_hold() -> None:
    """RULES 'Payments never go below zero': Ben owes 3 with 1 chip left after the ante, pays 1."""
    game = table("foster", chips=[100, 2, 100, 100])
    start(game, top="KS 7C 2C 9S 9C 4D 3D", auction=ANNA_BUYS)
    events = play(game, "d d s d d s")  # Ben 19; Carla 16; Dan 2+4+3 = 9
    assert (1, 0, 1, "over") in moves(events)
    assert game.chips[1] == 0
    assert total_chips(game) == 302


def test_a_player_at_zero_chips_pays_nothing_to_the_nearest() -> None:
    """RULES 'Payments never go below zero': a busted player with nothing left pays the nearest nothing."""
    game = table("foster", chips=[100, 2, 100, 100])
    start(game, top="KS 7C 2C 9S 5C 4D 3D", auction=ANNA_BUYS)
    events = play(game, "d d s d d s")  # Ben busts and pays his last chip; Carla 12 nearest; Dan 9
    assert game.nearest == 2
    assert [m for m in moves(events) if m[3] == "nearest"] == [(3, 2, 1, "nearest")]
    assert game.chips[1] == 0


def test_a_player_at_zero_chips_sits_out_later_deals_and_antes() -> None:
    """RULES 'Payments never go below zero': a seat at 0 gets no cards, is not asked and does not ante."""
    game = table("foster", players=5, chips=[100, 2, 100, 100, 100])
    start(game, top="KS 7C 2C 3C 9S 9C 4D 3D 3H 9H", auction="1 p p p p")
    play(game, "d d s d d s d d s")  # Ben busts to 0; Carla 7+9 wins; Dan 9, Eve 15
    assert game.chips[1] == 0 and game.winner == 2
    events = start(game, top="AS 2S 3S 4S", auction="p p p p")  # new farm: antes and an auction
    assert [m[0] for m in moves(events) if m[3] == "ante"] == [0, 2, 3, 4]
    assert 1 not in game.order and game.hands[1] == []
    assert game.opener == 2  # left of the last farmer (Anna), skipping Ben who is out
    assert game.farmer == 2  # nobody bid: the opener takes the farm for nothing


def test_a_seat_left_at_zero_by_its_ante_still_plays_that_deal() -> None:
    """Decision: a seat that had chips when the farm was formed plays that deal, even at 0 after its ante."""
    game = table("foster", chips=[100, 1, 100, 100])
    start(game, top="7S 2C 2D 9S 5C 4D", auction=ANNA_BUYS)
    assert game.chips[1] == 0 and game.order == [1, 2, 3]
    play(game, "d s d s d s")  # Ben 7+9 = 16 wins the farm
    assert game.winner == 1 and game.chips[1] == 5


def test_only_the_seat_to_act_plays_and_only_draw_or_stand_in_the_deal() -> None:
    """IllegalAction names the rule for calls that belong to the auction."""
    game = table("foster")
    start(game, top="7S 2C 2D", auction=ANNA_BUYS)
    with pytest.raises(IllegalAction, match="not a call in the deal"):
        play(game, "p")
    with pytest.raises(IllegalAction, match="not a call in the deal"):
        play(game, "3")
    with pytest.raises(IllegalAction, match="a deal cannot start now"):
        game.next_deal()
    assert game.to_act == 1 and game.hands[1] == [Card.parse("7S")]


def test_stood_event_only_for_a_player_who_stands() -> None:
    """RULES 'foster' 2: a player over 16 stops without a word (no Stood), a stander says so."""
    game = table("foster")
    start(game, top="KS 9S 2D 9C 5C 4D", auction=ANNA_BUYS)
    events = play(game, "d d s d s")
    assert [e.seat for e in events if isinstance(e, Stood)] == [2, 3]


def test_a_stacked_deck_must_hold_farmer_cards_once_and_a_card_per_player() -> None:
    """RULES 'Common' deck: no 8s, only the 6♥; a stacked deck serves every player a first card."""
    game = table("foster")
    with pytest.raises(ValueError, match="not in the Farmer deck"):
        game.stack_deck([Card.parse("8S"), *deck()[:5]])
    with pytest.raises(ValueError, match="not in the Farmer deck"):
        game.stack_deck([Card.parse("6S"), *deck()[:5]])
    with pytest.raises(ValueError, match="twice"):
        game.stack_deck([*deck()[:5], deck()[0]])
    with pytest.raises(ValueError, match="at least one card"):
        game.stack_deck(deck()[:2])


def test_a_player_on_16_may_still_draw() -> None:
    """RULES 'foster' 2: a player may draw until standing or going over; 16 does not end the turn."""
    game = table("foster")
    start(game, top="7S 2C 2D 9S AS", auction=ANNA_BUYS)
    play(game, "d")
    assert game.totals[1] == 16 and game.to_act == 1
    assert game.legal_actions() == [DRAW, STAND]
    play(game, "d")
    assert game.totals[1] == 17 and game.to_act == 2
