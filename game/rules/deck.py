"""The deck a farmer deals from: shuffled by the game's own RNG, or stacked for tests."""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.rules.cards import DECK, Card


class Deck:
    """A deck of cards dealt from the top or the bottom.

    A shuffled deck is shuffled lazily: each card taken is a uniformly random one of
    the cards still in the deck, which is exactly a full shuffle dealt out, but costs
    only as many random numbers as cards are dealt. A stacked deck deals its cards in
    the order given (the first is the top card, the last the bottom).

    The cards still in the deck are ``cards[top : bottom + 1]``, and ``size`` is always
    ``bottom - top + 1``. The engine deals from these fields itself, as :meth:`take_tops`,
    :meth:`take_top` and :meth:`take_bottom` do, on every move (a test holds the two alike).
    """

    __slots__ = ("bottom", "cards", "rng", "size", "top")

    cards: list[Card]
    """Every card of the deck: those dealt from the top, those left, those dealt from the bottom."""
    top: int
    """The index in :attr:`cards` of the top card left."""
    bottom: int
    """The index in :attr:`cards` of the bottom card left."""
    rng: random.Random | None
    """Where a shuffled deck draws its random numbers (None: stacked, dealt in order)."""
    size: int
    """How many cards are left (the same as ``len(deck)``, without a call)."""

    def __init__(self, cards: Iterable[Card] = DECK, rng: random.Random | None = None) -> None:
        """Make a deck of ``cards``; with ``rng`` it is shuffled, without it stacked."""
        self.cards = listed = list(cards)
        self.size = size = len(listed)
        self.top = 0
        self.bottom = size - 1
        self.rng = rng

    def __len__(self) -> int:
        return self.size

    def _pick(self, index: int) -> Card:
        """Swap a random remaining card into ``index`` (when shuffled) and return it."""
        cards = self.cards
        if self.rng is not None:
            other = self.top + int(self.rng.random() * (self.bottom - self.top + 1))
            cards[index], cards[other] = cards[other], cards[index]
        return cards[index]

    def take_top(self) -> Card:
        """Deal the top card. Raises ``IndexError`` when the deck is empty."""
        # _pick written out: a card is dealt at every step of every deal.
        top, bottom = self.top, self.bottom
        if top > bottom:
            raise IndexError("the deck is empty")
        cards = self.cards
        rng = self.rng
        if rng is not None:
            other = top + int(rng.random() * (bottom - top + 1))
            card = cards[other]
            cards[other] = cards[top]
            cards[top] = card
        else:
            card = cards[top]
        self.top = top + 1
        self.size -= 1
        return card

    def take_tops(self, count: int) -> list[Card]:
        """Deal ``count`` cards from the top, in order (as many :meth:`take_top` calls, in one).
        Raises ``IndexError`` when the deck holds fewer."""
        top, bottom = self.top, self.bottom
        if count > bottom - top + 1:
            raise IndexError("the deck is empty")
        cards = self.cards
        rng = self.rng
        if rng is not None:
            random = rng.random
            for i in range(top, top + count):
                other = i + int(random() * (bottom - i + 1))
                cards[i], cards[other] = cards[other], cards[i]
        self.top = top + count
        self.size -= count
        return cards[top : top + count]

    def take_bottom(self) -> Card:
        """Deal the bottom card. Raises ``IndexError`` when the deck is empty."""
        top, bottom = self.top, self.bottom
        if top > bottom:
            raise IndexError("the deck is empty")
        cards = self.cards
        rng = self.rng
        if rng is not None:
            other = top + int(rng.random() * (bottom - top + 1))
            card = cards[other]
            cards[other] = cards[bottom]
            cards[bottom] = card
        else:
            card = cards[bottom]
        self.bottom = bottom - 1
        self.size -= 1
        return card

    def remaining(self) -> list[Card]:
        """The cards not yet dealt, top first (for a shuffled deck: in no meaningful order)."""
        return self.cards[self.top : self.bottom + 1]

    def arrangement(self) -> tuple[tuple[Card, ...], bool]:
        """The deck as a stack that deals the cards dealt so far in the same order, from the top and
        from the bottom alike, and whether the cards still in it are drawn at random.

        The cards still in the deck are in the order that, with the same random generator,
        draws them as this deck would (see :meth:`shuffle_with`).
        """
        return tuple(self.cards), self.rng is not None

    def shuffle_with(self, rng: random.Random) -> None:
        """Draw the cards still in the deck at random from ``rng`` from now on."""
        self.rng = rng
