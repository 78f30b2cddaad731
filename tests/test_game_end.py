"""The end of a game (RULES.md, "Game end"): deals, minutes, too few seats with chips; the standings."""

from __future__ import annotations

import pytest
from helpers import play, start, table

from game.rules.actions import PASS, IllegalAction
from game.rules.engine import Phase
from game.rules.events import EndReason, GameEnded


class FakeClock:
    """A clock the test moves by hand, in seconds."""

    def __init__(self) -> None:
        """Start at time 1000."""
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_game_ends_after_the_agreed_number_of_deals() -> None:
    """RULES 'Game end': after an agreed number of deals; then no deal starts and nobody acts."""
    game = table("ferme", max_deals=2)
    start(game, top="KS KH KD", bottom="9S 9H 9D")
    play(game, "d d d")
    assert game.phase is Phase.BETWEEN
    start(game, top="KS KH KD", bottom="9S 9H 9D")
    events = play(game, "d d d")
    assert game.is_over and game.result is not None and game.result.reason is EndReason.DEALS
    assert events[-1] == game.result
    with pytest.raises(IllegalAction, match="game is over"):
        game.next_deal()
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(PASS)


def test_the_game_ends_when_the_agreed_time_has_passed() -> None:
    """RULES 'Game end': after an agreed time, checked when a deal ends, with an injected clock."""
    clock = FakeClock()
    game = table("ferme", max_minutes=10, clock=clock)
    start(game, top="KS KH KD", bottom="9S 9H 9D")
    clock.now += 9 * 60
    play(game, "d d d")
    assert game.phase is Phase.BETWEEN
    start(game, top="KS KH KD", bottom="9S 9H 9D")
    clock.now += 60
    play(game, "d d d")
    assert game.is_over and game.result is not None and game.result.reason is EndReason.MINUTES


def test_time_running_out_between_deals_ends_the_game_instead_of_a_new_deal() -> None:
    """RULES 'Game end' (decision): once the time is up no new deal starts; next_deal ends the game."""
    clock = FakeClock()
    game = table("ferme", max_minutes=1, clock=clock)
    start(game, top="KS KH KD", bottom="9S 9H 9D")
    play(game, "d d d")
    assert game.phase is Phase.BETWEEN
    clock.now += 61
    events = game.next_deal()
    assert game.is_over and game.deal_no == 1
    assert [type(e) for e in events] == [GameEnded]


def test_the_game_ends_when_fewer_than_3_seats_have_chips() -> None:
    """RULES 'Payments': when fewer than 3 seats (farmer included) still have chips, the game ends."""
    game = table("foster", chips=[100, 1, 1, 100])
    start(game, top="KS 3S 7S 9S AS 9C", auction="1 p p p")
    play(game, "d d s d s")  # Ben busts, Carla 3+A = 4, Dan 7+9 = 16 takes the farm
    assert game.chips[1] == game.chips[2] == 0
    assert game.is_over and game.result is not None and game.result.reason is EndReason.PLAYERS
    assert game.result.standings == (98, 0, 0, 104) and game.result.winners == (3,)


def test_a_table_with_fewer_than_3_seats_holding_chips_cannot_start() -> None:
    """RULES 'Payments': a game set (or restored) with two seats holding chips ends at once."""
    game = table("foster", chips=[0, 50, 0, 60])
    events = game.next_deal()
    assert game.is_over and events and isinstance(events[-1], GameEnded)
    assert events[-1].reason is EndReason.PLAYERS and events[-1].winners == (3,)


def test_an_unwon_farm_counts_to_its_farmer_in_the_standings() -> None:
    """RULES 'Game end': a farm nobody has won stays with its farmer; most chips wins."""
    game = table("foster", max_deals=1)
    start(game, top="KS KH KD 9S 9H 9D", auction="3 p p p")
    play(game, "d d d")  # everyone busts: 3 chips over each to Anna, the farm of 7 stays
    assert game.farm == 7 and game.farmer == 0
    assert game.result is not None
    assert game.result.standings == (96 + 9 + 7, 96, 96, 96)
    assert game.result.winners == (0,)
    assert sum(game.result.standings) == 400


def test_equal_best_standings_share_the_win() -> None:
    """RULES 'Game end': most chips wins; equal most chips are all winners."""
    game = table("ferme", max_deals=1, players=3, chips=[10, 12, 12])
    start(game, top="9S 9H", bottom="5C")
    play(game, "s d s")  # Carla 9, Ben 9+5 = 14 wins the corbeille of 3
    assert game.result is not None and game.result.standings == (9, 14, 11)
    assert game.result.winners == (1,)
    game = table("ferme", players=3, chips=[10, 12, 12])
    game.end()
    assert game.result is not None and game.result.winners == (1, 2)


def test_players_may_agree_to_stop_between_deals_only() -> None:
    """RULES 'Game end': the game can be ended between deals, not in the middle of one; it ended early."""
    game = table("ferme")
    start(game, top="KS KH KD")
    with pytest.raises(IllegalAction, match="between deals"):
        game.end()
    play(game, "s s s")
    events = game.end()
    assert game.is_over and isinstance(events[-1], GameEnded) and events[-1].reason is EndReason.STOPPED
    assert game.end() == []
