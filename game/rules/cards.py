"""Cards of the Farmer deck: 52 cards less the four 8s and the 6 of spades, diamonds and clubs."""

from __future__ import annotations

from enum import Enum
from typing import Any

from game.schema import Error, SchemaError


class Suit(Enum):
    """A card suit; the value is the one-letter code used in deal logs."""

    SPADES = "S"
    """♠ spades."""
    HEARTS = "H"
    """♥ hearts."""
    DIAMONDS = "D"
    """♦ diamonds."""
    CLUBS = "C"
    """♣ clubs."""

    @property
    def symbol(self) -> str:
        """The suit's symbol, for people."""
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is printed in red in the classic two-colour deck."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

#: Rank codes from lowest to highest (ace low: it counts 1 point).
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "9", "10", "J", "Q", "K")
_POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}


class Card:
    """One card: a rank code (``A 2 … 7 9 10 J Q K``) and a :class:`Suit`.

    Cards are interned: ``Card.parse("10H") is Card.parse("10H")``, so they compare
    and hash by identity and cost nothing to pass around.
    """

    __slots__ = ("_code", "order", "points", "rank", "suit")

    rank: str
    suit: Suit
    points: int
    order: int
    _code: str

    def __new__(cls, rank: str, suit: Suit) -> Card:
        """Return the one card of that rank and suit (it need not be in the Farmer deck)."""
        key = (rank, suit)
        found = _INTERNED.get(key)
        if found is not None:
            return found
        if rank not in RANKS and rank != "8":
            raise ValueError(f"unknown rank {rank!r}")
        card = super().__new__(cls)
        card.rank = rank
        card.suit = suit
        card.points = _POINTS.get(rank) or int(rank)
        # Rank order for "the highest heart" (French ranking): K > Q > J > 10 > 9 > … > A.
        card.order = RANKS.index(rank) if rank in RANKS else 7
        card._code = f"{rank}{suit.value}"
        _INTERNED[key] = card
        return card

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a deal-log card code such as ``"10H"``, ``"6H"`` or ``"KS"``."""
        text = code.strip().upper()
        if len(text) < 2:
            raise ValueError(f"not a card: {code!r}")
        try:
            suit = Suit(text[-1])
        except ValueError:
            raise ValueError(f"not a card: {code!r} (suit must be one of S H D C)") from None
        rank = text[:-1]
        if rank not in RANKS and rank != "8":
            raise ValueError(f"not a card: {code!r} (rank must be one of {' '.join(RANKS)})")
        return cls(rank, suit)

    @property
    def is_ten(self) -> bool:
        """Whether the card is worth 10 points (10, J, Q, K)."""
        return self.points == 10

    @property
    def label(self) -> str:
        """The card for people: rank and suit symbol, e.g. ``10♥``."""
        return f"{self.rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card.parse({self._code!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[str, Suit]]:
        return (Card, (self.rank, self.suit))


_INTERNED: dict[tuple[str, Suit], Card] = {}

#: The only six in the deck, "le brillant": it wins ties between 16s.
SIX_OF_HEARTS = Card("6", Suit.HEARTS)

#: The 45-card Farmer deck in a fixed order (suits S H D C, ranks low to high).
DECK: tuple[Card, ...] = tuple(
    Card(rank, suit)
    for suit in Suit
    for rank in RANKS
    if rank != "6" or suit is Suit.HEARTS
)

#: Every card of the Farmer deck, for membership checks.
DECK_SET: frozenset[Card] = frozenset(DECK)


def hand_total(cards: tuple[Card, ...] | list[Card]) -> int:
    """The points of a hand."""
    return sum(card.points for card in cards)


def parse_cards(codes: str | list[str] | tuple[str, ...]) -> list[Card]:
    """Parse a space-separated string or a list of card codes."""
    items = codes.split() if isinstance(codes, str) else list(codes)
    return [Card.parse(code) for code in items]


def read_card(value: Any, what: str, *, error: Error = SchemaError) -> Card:
    """The card of the Farmer deck whose deal-log code (``"10H"``, ``"6H"``, ``"KS"``) is ``value``."""
    if type(value) is not str or len(value) > 3:
        raise error(f"{what} must be a card code such as '10H', not {value!r}")
    try:
        found = Card.parse(value)
    except ValueError:
        raise error(f"{what} must be a card code such as '10H', not {value!r}") from None
    if str(found) != value:
        raise error(f"{what} must be written {str(found)!r}, not {value!r}")
    if found not in DECK_SET:
        raise error(f"{what}: {value!r} is not in the Farmer deck")
    return found
