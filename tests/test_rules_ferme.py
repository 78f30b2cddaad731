"""The ferme rules (RULES.md, "ferme"): the corbeille, optional draws from the bottom, the French ranking."""

from __future__ import annotations

import pytest
from helpers import moves, play, start, table

from game.rules.actions import DRAW, STAND
from game.rules.cards import parse_cards
from game.rules.engine import Phase
from game.rules.events import CardDealt, FarmerChosen, FarmerReason, FarmWon, NearestFound
from game.rules.ranking import nearest_key, rank_key
from game.rules.ruleset import Ranking


def test_first_farmer_by_lot_antes_and_no_auction() -> None:
    """RULES 'ferme': every seat antes 1 into the corbeille; the first farmer is drawn by lot."""
    game = table("ferme", first_seat=2)
    events = game.next_deal()
    assert FarmerChosen(2, FarmerReason.LOT) in events
    assert game.phase is Phase.PLAY and game.farmer == 2 and game.opener is None
    assert [m for m in moves(events)] == [(s, "farm", 1, "ante") for s in range(4)]


def test_worked_example_from_the_right_with_optional_draws_from_the_bottom() -> None:
    """RULES 'ferme': dealt anticlockwise from the farmer's right; 'Carte' gives the bottom card."""
    game = table("ferme")
    events = start(game, top="5S KD 7S", bottom="4H 2D 9C 3C 6H")
    assert game.order == [3, 2, 1]
    assert [(e.seat, str(e.card)) for e in events if isinstance(e, CardDealt)] == [
        (3, "5S"), (2, "KD"), (1, "7S")]
    events = play(game, "d d s d d d s")
    assert [(e.seat, str(e.card), e.from_bottom) for e in events if isinstance(e, CardDealt)] == [
        (3, "4H", True), (3, "2D", True), (2, "9C", True), (1, "3C", True), (1, "6H", True)]
    assert FarmWon(1, 4, 16) in events
    assert game.chips == [102, 103, 96, 99]


def test_a_player_may_stand_on_the_first_card() -> None:
    """RULES 'ferme': drawing is optional, 'Je m'y tiens' is allowed before any card is drawn."""
    game = table("ferme")
    start(game, top="KS 9S 7S", bottom="AS")
    assert game.legal_actions() == [DRAW, STAND] and not game.must_draw()
    play(game, "s s d s")
    assert [len(game.hands[s]) for s in (3, 2, 1)] == [1, 1, 2]
    assert game.winner == 3  # 10 is nearest to 16


def test_nearest_below_16_wins_the_corbeille_and_deals_next_after_antes() -> None:
    """RULES 'ferme': nobody has 16, the nearest wins the corbeille (no 1-chip payments) and deals next."""
    game = table("ferme")
    start(game, top="5S KD 7S", bottom="4H 2D 9C 3C 5H")
    events = play(game, "d d s d d d s")
    assert game.winner == 1 and game.nearest is None
    assert FarmWon(1, 4, 15) in events
    assert [m[3] for m in moves(events)] == ["over", "farm"]
    assert game.log[-1].nearest is None and game.log[-1].winner == 1
    events = start(game, top="AS 2S 3S")
    assert FarmerChosen(1, FarmerReason.WINNER) in events
    assert game.farmer == 1 and game.farm == 4 and game.order == [0, 3, 2]


def test_everyone_over_16_the_corbeille_stays_and_the_same_farmer_deals_again() -> None:
    """RULES 'ferme': if every player went over, the corbeille stays for the next deal, no new antes."""
    game = table("ferme")
    start(game, top="KS KH KD", bottom="9S 9H 9D")
    events = play(game, "d d d")
    assert NearestFound(None, 0) in events and game.winner is None
    assert game.farm == 4 and game.chips == [99 + 9, 96, 96, 96]
    events = start(game, top="AS 2S 3S")
    assert game.farmer == 0 and moves(events) == [] and game.farm == 4


# Dan (seat 3) is served first and Carla (seat 2) second; each case shows Carla's hand
# winning by the named step although Dan was served before her. Ben draws 4, 5 (11).
RANKING_CASES = [
    ("six-of-hearts-before-two-cards", "7S 9S", "6H 5S 5C"),
    ("two-cards-before-nine-of-hearts", "9H 4S 3S", "7D 9D"),
    ("nine-of-hearts-before-diamonds", "9D 4S 3S", "9H 5S 2S"),
    ("nine-of-clubs-before-spades", "9S 4D 3D", "9C 5D 2D"),
    ("any-nine-before-none", "10H 4D 2D", "9S 4C 3C"),
    ("highest-heart", "QH 4S 2S", "KH 4C 2C"),
    ("a-heart-before-none", "10D 4C 2C", "AH 10S 5S"),
    ("then-highest-diamond", "QD 4S 2S", "KD 4C 2C"),
    ("then-highest-club", "QC 4S 2S", "KC 3S 3C"),
    ("then-highest-spade", "QS 4S 2S", "KS 5S AS"),
]


@pytest.mark.parametrize(("dan", "carla"), [c[1:] for c in RANKING_CASES], ids=[c[0] for c in RANKING_CASES])
def test_ranking_of_several_16s(dan: str, carla: str) -> None:
    """RULES 'ferme' ranking: 6♥; two cards; best nine by suit; highest heart, diamond, club, spade."""
    d, c = dan.split(), carla.split()
    game = table("ferme")
    start(game, top=f"{d[0]} {c[0]} 2H", bottom=" ".join([*d[1:], *c[1:], "4H", "5H"]))
    play(game, ["d"] * (len(d) - 1) + ["s"] + ["d"] * (len(c) - 1) + ["s", "d", "d", "s"])
    assert game.totals[3] == game.totals[2] == 16
    assert game.winner == 2


@pytest.mark.parametrize(
    ("dan", "carla"),
    [("9D 5D", "6H 3S 5C"), ("9H 4S AS", "7D 7C")],
    ids=["six-of-hearts-first", "two-cards-before-nine"],
)
def test_ties_for_nearest_use_the_french_ranking(dan: str, carla: str) -> None:
    """RULES 'ferme': the nearest below 16 wins the corbeille, ties ranked as 16s are."""
    d, c = dan.split(), carla.split()
    game = table("ferme")
    start(game, top=f"{d[0]} {c[0]} 2H", bottom=" ".join([*d[1:], *c[1:], "4H", "5H"]))
    play(game, ["d"] * (len(d) - 1) + ["s"] + ["d"] * (len(c) - 1) + ["s", "d", "d", "s"])
    assert game.totals[3] == game.totals[2] == 14
    assert game.winner == 2


def test_rank_key_after_the_suits_fewer_cards_then_the_seat_served_first() -> None:
    """RULES 'ferme' ranking, last steps: with nines and highest cards equal, fewer cards, then service.

    Two real hands never hold the same highest card of a suit, so these steps are checked on
    the rank key itself.
    """
    three = parse_cards("KH 4S 2S")
    four = parse_cards("KH 4S 2S AH")
    assert rank_key(Ranking.FERME, three, 1) < rank_key(Ranking.FERME, four, 0)
    assert rank_key(Ranking.FERME, three, 0) < rank_key(Ranking.FERME, three, 1)
    assert nearest_key(Ranking.FERME, 15, four, 0) < nearest_key(Ranking.FERME, 14, three, 0)


def test_no_nearest_payments_under_ferme() -> None:
    """RULES 'ferme': the nearest takes the corbeille; nobody pays a chip for being further away."""
    game = table("ferme", players=5)
    start(game, top="9S 2C 3C 4C", bottom="4S AS AH")
    events = play(game, "d d s s s d s")  # Eve 9+4+A = 14; Dan 2; Carla 3; Ben 4+A = 5
    assert game.winner == 4
    assert [m[3] for m in moves(events)] == ["farm"]
