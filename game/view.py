"""What one seat may know of the game: the only thing agents and screens for a seat read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Action
from game.cards import DECK, Card
from game.rules import RuleSet

if TYPE_CHECKING:
    from game.engine import Game, Phase


class View:
    """A read-only window on a :class:`~game.engine.Game` for one seat.

    It shows the seat its own cards, and of everyone else only what the table shows:
    chips, the farm, the farmer, the auction calls, how many cards each player holds and
    who has finished; other hands only once they are turned over at the showdown. It is
    live: it reads the game as it is when asked.
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        """A view of ``game`` for ``seat``."""
        self._game = game
        self.seat = seat

    @property
    def rules(self) -> RuleSet:
        """The rule set in play."""
        return self._game.rules

    @property
    def phase(self) -> Phase:
        """The game's phase."""
        return self._game.phase

    @property
    def n_seats(self) -> int:
        """Number of seats."""
        return self._game.n_seats

    @property
    def names(self) -> tuple[str, ...]:
        """Player names by seat."""
        return self._game.names

    @property
    def deal_no(self) -> int:
        """The current (or last) deal's number, from 1."""
        return self._game.deal_no

    @property
    def chips(self) -> tuple[int, ...]:
        """Chips per seat."""
        return tuple(self._game.chips)

    @property
    def my_chips(self) -> int:
        """This seat's chips."""
        return self._game.chips[self.seat]

    @property
    def farm(self) -> int:
        """Chips in the farm."""
        return self._game.farm

    @property
    def farmer(self) -> int | None:
        """The farmer's seat (None while the first farm is being auctioned)."""
        return self._game.farmer

    @property
    def to_act(self) -> int | None:
        """The seat to act, if any."""
        return self._game.to_act

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self._game.to_act == self.seat

    # -- auction
    @property
    def high_bid(self) -> int:
        """The current high bid (0 before any bid)."""
        return self._game.high_bid

    @property
    def high_bidder(self) -> int | None:
        """The seat holding the high bid."""
        return self._game.high_bidder

    @property
    def calls(self) -> tuple[tuple[int, int | None], ...]:
        """The auction's calls so far: ``(seat, amount)`` or ``(seat, None)`` for a pass."""
        return tuple(self._game.calls)

    @property
    def max_bid(self) -> int:
        """The most this seat may bid."""
        return self._game.max_bid(self.seat)

    # -- deal
    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's cards, in the order received."""
        return tuple(self._game.hands[self.seat])

    @property
    def total(self) -> int:
        """This seat's points."""
        return self._game.totals[self.seat]

    @property
    def drawn(self) -> int:
        """Cards this seat has drawn after its first card (while it is its turn)."""
        return len(self._game.hands[self.seat]) - 1 if self._game.hands[self.seat] else 0

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in this deal's service order."""
        return tuple(self._game.order)

    @property
    def card_counts(self) -> tuple[int, ...]:
        """How many cards each seat holds (public: the cards lie face down on the table)."""
        return tuple(len(h) for h in self._game.hands)

    def finished(self, seat: int) -> bool:
        """Whether ``seat`` has played its turn in this deal."""
        return self._game.finished(seat)

    @property
    def deck_size(self) -> int:
        """Cards left in the deck."""
        return self._game.deck_size

    @property
    def unseen(self) -> list[Card]:
        """Every card this seat has not seen in this deal (the deck and other hands)."""
        mine = set(self._game.hands[self.seat])
        if self._game.shown:
            for hand in self._game.hands:
                mine.update(hand)
        return [c for c in DECK if c not in mine]

    @property
    def must_draw(self) -> bool:
        """Whether this seat, to act, must still take its compulsory card."""
        return self.my_turn and self._game.must_draw()

    def shown_hand(self, seat: int) -> tuple[Card, ...] | None:
        """Another seat's cards once turned over at the showdown, else None (hidden)."""
        if seat == self.seat or self._game.shown:
            return tuple(self._game.hands[seat])
        return None

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now (empty when it is not its turn)."""
        return self._game.legal_actions() if self.my_turn else []
