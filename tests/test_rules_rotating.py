"""The rotating-farm option (RULES.md, "rotating farm") on foster and lacombe."""

from __future__ import annotations

import pytest
from helpers import moves, play, start, table

from game.rules.engine import Phase
from game.rules.events import AuctionOpened, FarmerChosen, FarmerReason
from game.rules.ruleset import Succession, rules_named


def test_the_first_farmer_is_drawn_by_lot_and_everyone_antes() -> None:
    """RULES 'rotating farm': the first farmer is drawn by lot; antes, no auction."""
    game = table("foster+rotating", first_seat=2)
    events = game.next_deal()
    assert FarmerChosen(2, FarmerReason.LOT) in events
    assert not any(isinstance(e, AuctionOpened) for e in events)
    assert game.phase is Phase.PLAY and game.farm == 4
    assert game.order == [3, 0, 1]  # foster service: from the left


def test_foster_rotating_passes_the_farm_to_the_left_when_a_farm_is_won() -> None:
    """RULES 'rotating farm': a new farm goes to the next seat in dealing order (left under foster)."""
    game = table("foster+rotating")
    start(game, top="7S KD 5S 9S 9C 4H 2D")
    play(game, "d s d d d s")  # Ben 7+9 wins
    assert game.winner == 1
    events = start(game, top="AS 2S 3S")
    assert FarmerChosen(1, FarmerReason.ROTATION) in events
    assert game.farmer == 1 and [m[0] for m in moves(events)] == [0, 1, 2, 3]
    play(game, "d s d s d s")
    assert [rec.auction for rec in game.log] == [None, None]


def test_the_farm_stays_with_the_farmer_while_nobody_makes_16() -> None:
    """RULES 'rotating farm': the role passes only when a new farm is formed."""
    game = table("foster+rotating")
    start(game, top="7S KD 5S 3C 9C 4H 2D")
    play(game, "d s d d d s")
    assert game.winner is None
    events = start(game, top="AS 2S 3S")
    assert game.farmer == 0 and moves(events) == []


def test_lacombe_rotating_passes_the_farm_to_the_right_skipping_seats_without_chips() -> None:
    """RULES 'rotating farm': the next seat in dealing order (right under lacombe) that has chips."""
    game = table("lacombe+rotating", players=5, chips=[100, 100, 100, 100, 1])
    events = start(game, top="2C 9S 3C 4C", bottom="AS 7S 2S 3S")
    assert FarmerChosen(0, FarmerReason.LOT) in events
    assert game.order == [4, 3, 2, 1] and game.chips[4] == 0
    play(game, "d s d s d s d s")  # Eve 3, Dan 9+7 = 16, Carla 5, Ben 7
    assert game.winner == 3 and game.chips[4] == 0
    events = start(game, top="AS 2S 3S")
    # Right of Anna sits Eve, who is out of chips: the farm passes on to Dan.
    assert FarmerChosen(3, FarmerReason.ROTATION) in events
    assert [m[0] for m in moves(events)] == [0, 1, 2, 3]
    assert game.order == [2, 1, 0]


def test_rotating_is_not_an_option_of_ferme() -> None:
    """RULES 'rotating farm': an option on foster or lacombe only."""
    with pytest.raises(ValueError, match="not ferme"):
        rules_named("ferme", rotating=True)
    assert rules_named("lacombe+rotating").succession is Succession.ROTATE
