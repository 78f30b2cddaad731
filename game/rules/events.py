"""What happened, as small frozen records a screen can animate and a log can write.

The engine returns these from :meth:`game.rules.engine.Game.apply`. Some are private: a card
dealt is face up only for the seat that receives it, and a bust is known only to that
player until the showdown (see :func:`visible_to`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from game.rules.cards import Card
from game.rules.ranking import Tie

FARM: Literal["farm"] = "farm"
"""The farm (the pot) as the source or destination of chips."""

Place = int | Literal["farm"]
"""A seat number or the farm."""


class Reason(Enum):
    """Why chips moved; the value is the deal-log ``reason``."""

    ANTE = "ante"
    """A seat's chip into a new farm."""
    BID = "bid"
    """The auction's winner pays the price into the farm."""
    OVER = "over"
    """A player over 16 pays the farmer a chip per point over."""
    FARM = "farm"
    """The farm won by the best 16 (or by the nearest under the French rules)."""
    NEAREST = "nearest"
    """One chip from each other player to the player nearest 16."""


class FarmerReason(Enum):
    """How a seat became farmer without an auction."""

    LOT = "lot"
    """Drawn by lot at the start of a game."""
    WINNER = "winner"
    """Won the last farm and deals the next."""
    ROTATION = "rotation"
    """The role passed round to the next seat with chips."""


class EndReason(Enum):
    """Why a game ended (the value is the word saved and sent over the network)."""

    DEALS = "deals"
    """The agreed number of deals was played."""
    MINUTES = "minutes"
    """The agreed playing time ran out (checked between deals)."""
    PLAYERS = "players"
    """Fewer than 3 seats have chips left, too few for a game."""
    STOPPED = "stopped"
    """A player ended the game early, between deals, before its agreed end: nobody won it."""


@dataclass(frozen=True, slots=True)
class DealStarted:
    """A deal begins. ``new_farm`` when a farm is formed (antes follow)."""

    deal: int
    new_farm: bool
    farmer: int | None
    """The farmer if already known (the farm continues, or no auction is held)."""


@dataclass(frozen=True, slots=True)
class AuctionOpened:
    """The farm is put up for auction; ``opener`` bids first."""

    opener: int


@dataclass(frozen=True, slots=True)
class BidMade:
    """``seat`` bid ``amount`` chips for the farm."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed in the auction."""

    seat: int


@dataclass(frozen=True, slots=True)
class FarmSold:
    """The auction ended: ``seat`` is farmer for ``price`` (0 when nobody bid)."""

    seat: int
    price: int
    nobody_bid: bool


@dataclass(frozen=True, slots=True)
class FarmerChosen:
    """``seat`` became farmer without an auction, for ``reason``."""

    seat: int
    reason: FarmerReason


@dataclass(frozen=True, slots=True)
class CardDealt:
    """``card`` went to ``seat`` (face up for that seat only).

    ``from_bottom`` when it came from under the deck; ``first`` for the first card of
    the deal round; ``count`` is the seat's number of cards after it. ``card`` is None in
    what another seat observes (see :func:`game.rules.observe.observe`): only the engine deals
    real cards.
    """

    seat: int
    card: Card | None
    from_bottom: bool
    first: bool
    count: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """``seat`` is asked whether it wants a card."""

    seat: int


@dataclass(frozen=True, slots=True)
class Stood:
    """``seat`` chose to stand ("Stand", "Basta", "Je m'y tiens"); private to that seat.

    The table sees only :class:`TurnEnded`, the same for a stand and a silent bust.
    """

    seat: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """``seat`` takes no more cards (public: it stood or went over, nobody else can tell)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Busted:
    """``seat`` went over 16 with ``total`` and stopped; known only to that seat."""

    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """At the showdown, ``seat`` turns over ``cards`` worth ``total``."""

    seat: int
    cards: tuple[Card, ...]
    total: int


@dataclass(frozen=True, slots=True)
class ChipsMoved:
    """``amount`` chips went from ``source`` to ``target`` for ``reason``."""

    source: Place
    target: Place
    amount: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class FarmWon:
    """``seat`` won the farm of ``amount`` chips with ``total`` points.

    ``tie`` says why it won over other hands on the same total (None when it was alone).
    """

    seat: int
    amount: int
    total: int
    tie: Tie | None = None


@dataclass(frozen=True, slots=True)
class NearestFound:
    """Nobody made 16; ``seat`` was nearest with ``total`` (None when everyone went over).

    ``tie`` says why it was chosen over other hands on the same total (None when it was alone).
    """

    seat: int | None
    total: int
    tie: Tie | None = None


@dataclass(frozen=True, slots=True)
class DealEnded:
    """The deal is settled: ``winner`` won the farm, ``nearest`` was paid as nearest."""

    deal: int
    winner: int | None
    nearest: int | None


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over. ``standings`` counts an unwon farm to its farmer; ``winners`` have the most."""

    standings: tuple[int, ...]
    winners: tuple[int, ...]
    reason: EndReason
    """Why the game ended."""


Event = (
    DealStarted | AuctionOpened | BidMade | Passed | FarmSold | FarmerChosen | CardDealt
    | TurnStarted | Stood | TurnEnded | Busted | HandShown | ChipsMoved | FarmWon | NearestFound
    | DealEnded | GameEnded
)
"""Any engine event."""


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` may see the event in full (``None``: a spectator who sees only public facts).

    A dealt card is face up only for its receiver; a stand or a bust is known only to
    that player (the table sees :class:`TurnEnded`). Everything else is public.
    """
    if isinstance(event, CardDealt | Busted | Stood):
        return event.seat == seat
    return True
