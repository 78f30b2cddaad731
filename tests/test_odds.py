"""The exact draw odds of game.odds, checked against a card-by-card enumeration."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from game.rules.cards import DECK, Card, parse_cards
from game.rules.odds import check_hand, draw_odds, main


def brute_force(hand: tuple[Card, ...]) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """Deal every unseen card in turn and count what it does to the hand."""
    base = sum(c.points for c in hand)
    outcomes = [base + card.points for card in DECK if card not in hand]
    n = len(outcomes)
    tally = Counter(outcomes)
    sixteen = Fraction(sum(1 for t in outcomes if t == 16), n)
    over = Fraction(sum(1 for t in outcomes if t > 16), n)
    return sixteen, over, {t: Fraction(k, n) for t, k in tally.items()}


@pytest.mark.parametrize("size", [1, 2, 3])
def test_odds_match_enumeration_for_every_hand(size: int) -> None:
    checked = 0
    for hand in itertools.combinations(DECK, size):
        odds = draw_odds(hand)
        sixteen, over, totals = brute_force(hand)
        assert odds.sixteen == sixteen, hand
        assert odds.over == over, hand
        assert odds.totals == totals, hand
        assert odds.unseen == 45 - size
        checked += 1
    assert checked == {1: 45, 2: 990, 3: 14190}[size]


def test_totals_are_sorted_and_sum_to_one() -> None:
    odds = draw_odds(parse_cards("9H 2C"))
    assert list(odds.totals) == sorted(odds.totals)
    assert sum(odds.totals.values()) == 1
    assert odds.sixteen + odds.over + odds.under == 1


def test_seven_and_three_of_clubs() -> None:
    # 43 unseen: the 6♥ alone makes 16; 7s, 9s and the sixteen tens go over (3 + 4 + 16).
    odds = draw_odds(parse_cards("7S 3C"))
    assert odds.sixteen == Fraction(1, 43)
    assert odds.over == Fraction(23, 43)


def test_own_unseen_list_is_used() -> None:
    hand = parse_cards("10S 2C")
    unseen = parse_cards("4H 4D 10H KC")
    odds = draw_odds(hand, unseen)
    assert odds.sixteen == Fraction(1, 2)
    assert odds.over == Fraction(1, 2)


def test_cards_outside_the_deck_or_twice_are_refused() -> None:
    with pytest.raises(ValueError, match="not in the Farmer deck"):
        check_hand(parse_cards("8S"))
    with pytest.raises(ValueError, match="not in the Farmer deck"):
        draw_odds(parse_cards("6S"))
    with pytest.raises(ValueError, match="twice"):
        draw_odds(parse_cards("7S 7S"))
    with pytest.raises(ValueError, match="no card is left"):
        draw_odds([], [])


def test_command_line_prints_fraction_and_percent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["7S", "3C"]) == 0
    out = capsys.readouterr().out
    assert "1/43" in out and "2.33 %" in out
    assert "23/43" in out and "53.49 %" in out


@pytest.mark.parametrize("args", [["XX"], ["8S"], ["7S", "7S"], ["6D"], []])
def test_command_line_bad_cards_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("game.rules.odds: ") and err.count("\n") == 1
