"""Ranking several 16s, and ties for the hand nearest to 16, under each rule set.

A rank key is a tuple that sorts best first: the winner is ``min`` over the keys. When
several hands share the winning total, :func:`explain_tie` says which rule told the winner
from the best of the others, as a :class:`Tie` the engine puts on its events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from game.rules.cards import SIX_OF_HEARTS, Card, Suit
from game.rules.ruleset import Ranking

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


class TieBreak(Enum):
    """The rule that told two hands on the same total apart; the value is a stable name."""

    SIX_OF_HEARTS = "six_of_hearts"
    """The winner holds the 6♥ (le brillant) and the other hand does not."""
    FEWER_CARDS = "fewer_cards"
    """The winner holds fewer cards."""
    TWO_CARDS = "two_cards"
    """ferme: a two-card hand beats longer ones."""
    BEST_NINE = "best_nine"
    """ferme: the winner holds the nine of the better suit (hearts, diamonds, clubs, spades)."""
    HIGHEST_CARD = "highest_card"
    """ferme: the winner holds the higher card of :attr:`Tie.suit` (the first suit that differs)."""
    SERVED_FIRST = "served_first"
    """The winner was served first (sits nearer the start of the service order)."""


@dataclass(frozen=True, slots=True)
class Tie:
    """Why a hand won over others on the same total."""

    rivals: tuple[int, ...]
    """The other seats on the same total, best first."""
    beaten: int
    """The best of them: the seat the decision was made against."""
    by: TieBreak
    """The first rule that told the winner and :attr:`beaten` apart."""
    suit: Suit | None = None
    """The suit of the nine (:attr:`TieBreak.BEST_NINE`) or of the card (:attr:`TieBreak.HIGHEST_CARD`)."""


# What each component of a ranking's key compares, in key order.
_BREAKS: dict[Ranking, tuple[tuple[TieBreak, Suit | None], ...]] = {
    Ranking.FOSTER: (
        (TieBreak.SIX_OF_HEARTS, None), (TieBreak.FEWER_CARDS, None), (TieBreak.SERVED_FIRST, None),
    ),
    Ranking.LACOMBE: (
        (TieBreak.FEWER_CARDS, None), (TieBreak.SIX_OF_HEARTS, None), (TieBreak.SERVED_FIRST, None),
    ),
    Ranking.FERME: (
        (TieBreak.SIX_OF_HEARTS, None),
        (TieBreak.TWO_CARDS, None),
        (TieBreak.BEST_NINE, None),
        *((TieBreak.HIGHEST_CARD, suit) for suit in _SUIT_ORDER),
        (TieBreak.FEWER_CARDS, None),
        (TieBreak.SERVED_FIRST, None),
    ),
}


def explain_tie(ranking: Ranking, keys: Mapping[int, RankKey], winner: int) -> Tie | None:
    """Why ``winner`` beat the other seats of ``keys`` (their :func:`rank_key` on one total).

    None when ``winner`` was alone on its total. The keys differ at least in the seat
    served first, so there is always a first component that tells two seats apart.
    """
    rivals = tuple(sorted((s for s in keys if s != winner), key=keys.__getitem__))
    if not rivals:
        return None
    beaten = rivals[0]
    mine, theirs = keys[winner], keys[beaten]
    breaks = _BREAKS[ranking]
    for i, (by, suit) in enumerate(breaks):
        if mine[i] != theirs[i]:
            if by is TieBreak.BEST_NINE:
                suit = _SUIT_ORDER[mine[i]]  # the winner's nine is the better one
            return Tie(rivals, beaten, by, suit)
    raise ValueError(f"seats {winner} and {beaten} have the same rank key: {mine}")


def rank_key(ranking: Ranking, cards: Sequence[Card], served: int) -> RankKey:
    """The key of a 16 under ``ranking``; ``served`` is 0 for the seat served first."""
    return _KEYS[ranking](cards, served)


def nearest_key(ranking: Ranking, total: int, cards: Sequence[Card], served: int) -> RankKey:
    """The key of a hand below 16 when nobody made 16: closest total first, then as 16s."""
    return (16 - total, *_KEYS[ranking](cards, served))
