"""The lacombe rules (RULES.md, "lacombe"): anticlockwise service, cards from the bottom, its ranking."""

from __future__ import annotations

import pytest
from helpers import moves, play, start, table

from game.rules.actions import STAND, IllegalAction
from game.rules.engine import Phase
from game.rules.events import CardDealt, FarmerChosen, FarmerReason, FarmWon

# Anna (seat 0) buys the first farm for 1 chip; Ben, Carla and Dan pass.
ANNA_BUYS = "1 p p p"


def test_worked_example_anticlockwise_with_further_cards_from_the_bottom() -> None:
    """RULES 'lacombe': served from the farmer's right, first cards from the top, the rest from the bottom."""
    game = table("lacombe")
    events = start(game, top="5S KD 7S", bottom="4H 2D 9C 3C 6H", auction=ANNA_BUYS)
    assert game.farmer == 0 and game.order == [3, 2, 1]
    first = [(e.seat, str(e.card), e.from_bottom) for e in events if isinstance(e, CardDealt)]
    assert first == [(3, "5S", False), (2, "KD", False), (1, "7S", False)]
    events = play(game, "d d s d d d s")
    drawn = [(e.seat, str(e.card), e.from_bottom) for e in events if isinstance(e, CardDealt)]
    assert drawn == [(3, "4H", True), (3, "2D", True), (2, "9C", True), (1, "3C", True), (1, "6H", True)]
    assert game.totals == [0, 16, 19, 11]
    assert FarmWon(1, 5, 16) in events
    assert (2, 0, 3, "over") in moves(events)


def test_drawing_is_compulsory_as_under_foster() -> None:
    """RULES 'lacombe': everything as foster, so at least one more card must be taken."""
    game = table("lacombe")
    start(game, top="KS KH KD", auction=ANNA_BUYS)
    with pytest.raises(IllegalAction, match="must take at least one more card"):
        game.apply(STAND)


def test_the_first_farm_is_auctioned() -> None:
    """RULES 'lacombe': the first farm of a game is sold by auction as in foster."""
    game = table("lacombe", first_seat=2)
    game.next_deal()
    assert game.phase is Phase.AUCTION and game.to_act == 2 and game.farmer is None


def test_the_winner_deals_next_after_antes_without_an_auction() -> None:
    """RULES 'lacombe': the player who wins the farm becomes farmer; every seat with chips antes 1."""
    game = table("lacombe")
    start(game, top="5S KD 7S", bottom="4H 2D 9C 3C 6H", auction=ANNA_BUYS)
    play(game, "d d s d d d s")
    assert game.winner == 1
    events = start(game, top="AS 2S 3S")
    assert FarmerChosen(1, FarmerReason.WINNER) in events
    assert game.farmer == 1 and game.phase is Phase.PLAY
    assert [m[0] for m in moves(events)] == [0, 1, 2, 3] and game.farm == 4
    assert game.order == [0, 3, 2]  # from the new farmer's right
    play(game, "d s d s d s")
    assert game.log[-1].auction is None


def test_nobody_made_16_the_same_farmer_deals_again_without_antes() -> None:
    """RULES 'lacombe' (as foster 4): no 16, the farm stays with the same farmer, no new antes."""
    game = table("lacombe")
    start(game, top="5S KD 7S", bottom="4H 2D 9C 3C 5H", auction=ANNA_BUYS)
    play(game, "d d s d d d s")
    assert game.winner is None and game.nearest == 1
    events = start(game, top="AS 2S 3S")
    assert game.farmer == 0 and moves(events) == [] and game.farm == 5


@pytest.mark.parametrize(
    ("top", "bottom", "script", "winner"),
    [
        # The 6♥ with a ten beats another two-card 16 served before it.
        ("7S 6H 2C", "9S KS 4D 5D", "d s d s d d s", 2),
        # Any two-card 16 beats a three-card 16 holding the 6♥ (foster would rank it the other way).
        ("6H 7D 2C", "3S 7C 9D 4D 5D", "d d s d s d d s", 2),
        # Within the same number of cards, the 16 holding the 6♥ first.
        ("9S 6H 2C", "4C 3C 3S 7C 4D 5D", "d d s d d s d d s", 2),
        # Then the seat served first: Dan (seat 3) is served before Carla (seat 2).
        ("9S 9C 2C", "7C 7D 4D 5D", "d s d s d d s", 3),
    ],
    ids=["six-with-ten", "two-cards-before-six", "six-within-count", "served-first"],
)
def test_ranking_of_16s(top: str, bottom: str, script: str, winner: int) -> None:
    """RULES 'lacombe' ranking: 6♥+10, other two-card 16s, fewer cards; within a count 6♥, then service."""
    game = table("lacombe")
    start(game, top=top, bottom=bottom, auction=ANNA_BUYS)
    play(game, script)
    assert game.totals[2] == game.totals[3] == 16
    assert game.winner == winner


def test_ties_for_nearest_use_the_lacombe_ranking() -> None:
    """RULES 'lacombe': the same ranking breaks ties for nearest; two-card 14 beats three-card 14 with 6♥."""
    game = table("lacombe")
    start(game, top="6H 9D 2C", bottom="3S 5C 5D 4D 5H", auction=ANNA_BUYS)
    events = play(game, "d d s d s d d s")
    assert game.totals[2] == game.totals[3] == 14
    assert game.nearest == 2
    assert sorted(m[0] for m in moves(events) if m[3] == "nearest") == [1, 3]
