"""Ranking several 16s, and ties for the hand nearest to 16, under each rule set.

A rank key is a tuple that sorts best first: the winner is ``min`` over the keys.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import SIX_OF_HEARTS, Card, Suit
from game.rules import Ranking

RankKey = tuple[int, ...]

# French ranking, step 3: the best nine by suit, hearts first; no nine ranks lowest.
_NINE_ORDER = {Suit.HEARTS: 0, Suit.DIAMONDS: 1, Suit.CLUBS: 2, Suit.SPADES: 3}
# French ranking, step 4: the highest heart, then diamond, club, spade.
_SUIT_ORDER = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)


def _foster_key(cards: Sequence[Card], served: int) -> RankKey:
    return (0 if SIX_OF_HEARTS in cards else 1, len(cards), served)


def _lacombe_key(cards: Sequence[Card], served: int) -> RankKey:
    # Two-card hands first (the 6♥ with a ten is the only two-card 16 holding the 6♥,
    # so it heads them); then within a card count the 6♥; then the seat served first.
    return (len(cards), 0 if SIX_OF_HEARTS in cards else 1, served)


def _ferme_key(cards: Sequence[Card], served: int) -> RankKey:
    nine = min((_NINE_ORDER[c.suit] for c in cards if c.rank == "9"), default=4)
    highest: list[int] = []
    for suit in _SUIT_ORDER:
        # Higher card first (so negate its order); a hand lacking the suit ranks lower.
        highest.append(min((-c.order for c in cards if c.suit is suit), default=1))
    return (
        0 if SIX_OF_HEARTS in cards else 1,
        0 if len(cards) == 2 else 1,
        nine,
        *highest,
        len(cards),
        served,
    )


_KEYS = {Ranking.FOSTER: _foster_key, Ranking.LACOMBE: _lacombe_key, Ranking.FERME: _ferme_key}


def rank_key(ranking: Ranking, cards: Sequence[Card], served: int) -> RankKey:
    """The key of a 16 under ``ranking``; ``served`` is 0 for the seat served first."""
    return _KEYS[ranking](cards, served)


def nearest_key(ranking: Ranking, total: int, cards: Sequence[Card], served: int) -> RankKey:
    """The key of a hand below 16 when nobody made 16: closest total first, then as 16s."""
    return (16 - total, *_KEYS[ranking](cards, served))
