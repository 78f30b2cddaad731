"""The deck (RULES.md, "Common to every rule set": Deck), card codes and the deck a farmer deals from."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules.cards import DECK, DECK_SET, SIX_OF_HEARTS, Card, Suit, hand_total, parse_cards
from game.rules.deck import Deck


def test_the_deck_has_45_cards_without_8s_and_only_the_six_of_hearts() -> None:
    """RULES 'Deck': 52 cards minus the four 8s and 6♠ 6♦ 6♣."""
    assert len(DECK) == 45 == len(DECK_SET)
    assert not any(c.rank == "8" for c in DECK)
    assert [c for c in DECK if c.rank == "6"] == [SIX_OF_HEARTS]
    suits = Counter(c.suit for c in DECK)
    assert suits == {Suit.HEARTS: 12, Suit.SPADES: 11, Suit.DIAMONDS: 11, Suit.CLUBS: 11}


def test_card_values() -> None:
    """RULES 'Deck': A = 1, 2-7, 9 and 10 their number, J Q K = 10; 16 cards are worth 10."""
    numbers = ("2", "3", "4", "5", "6", "7", "9", "10")
    expected = {"A": 1, "J": 10, "Q": 10, "K": 10} | {r: int(r) for r in numbers}
    for card in DECK:
        assert card.points == expected[card.rank]
    assert sum(1 for c in DECK if c.is_ten) == 16
    assert hand_total(parse_cards("7S 3C 6H")) == 16


def test_card_codes_round_trip() -> None:
    """DEAL_LOG card codes: rank then suit letter, e.g. 10H, 6H, KS."""
    for card in DECK:
        assert Card.parse(str(card)) is card
    assert str(Card.parse("10h")) == "10H"
    assert Card.parse("6H") is SIX_OF_HEARTS and SIX_OF_HEARTS.label == "6♥"
    for bad in ("", "H", "1H", "11S", "KX", "10"):
        with pytest.raises(ValueError, match="not a card"):
            Card.parse(bad)


def test_ranks_order_for_the_highest_card_of_a_suit() -> None:
    """RULES 'ferme' step 4 (decision): K > Q > J > 10 > 9 > … > A (the ace counts 1, so it is lowest)."""
    order = [Card.parse(f"{r}H").order for r in ("A", "2", "3", "4", "5", "6", "7", "9", "10", "J", "Q", "K")]
    assert order == sorted(order) and len(set(order)) == 12


def test_a_shuffled_deck_deals_every_card_once_from_both_ends() -> None:
    """RULES 'Deck': every deal draws from the 45 cards, top or bottom, never a card twice."""
    rng = random.Random(7)
    deck = Deck(rng=rng)
    dealt = [deck.take_top() if i % 2 else deck.take_bottom() for i in range(45)]
    assert sorted(map(str, dealt)) == sorted(map(str, DECK))
    with pytest.raises(IndexError):
        deck.take_top()


def test_a_stacked_deck_deals_in_order_from_top_and_bottom() -> None:
    """A stacked deck: the first card is the top, the last the bottom."""
    cards = parse_cards("AS 2S 3S 4S")
    deck = Deck(cards)
    dealt = [deck.take_top(), deck.take_bottom(), deck.take_bottom(), deck.take_top()]
    assert dealt == parse_cards("AS 4S 3S 2S")
    assert len(deck) == 0


@pytest.mark.parametrize("stacked", [False, True])
def test_first_cards_dealt_together_are_the_cards_dealt_one_by_one(stacked: bool) -> None:
    """Dealing five first cards in one call deals what five single top cards would, leaving the same deck."""
    def deck() -> Deck:
        return Deck(parse_cards("AS 2S 3S 4S 5S 6H 7S")) if stacked else Deck(rng=random.Random(11))
    one_by_one, together = deck(), deck()
    singles = [one_by_one.take_top() for _ in range(5)]
    assert together.take_tops(5) == singles
    assert len(together) == len(one_by_one)
    assert [together.take_bottom() for _ in range(2)] == [one_by_one.take_bottom() for _ in range(2)]
    with pytest.raises(IndexError):
        together.take_tops(len(together) + 1)


def test_a_shuffled_deck_is_uniform_enough() -> None:
    """The lazy shuffle gives every card about the same chance to be the first card dealt."""
    rng = random.Random(11)
    firsts = Counter(str(Deck(rng=rng).take_top()) for _ in range(9000))
    assert len(firsts) == 45
    assert max(firsts.values()) < 2 * min(firsts.values())
