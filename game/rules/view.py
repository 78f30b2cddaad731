"""What one seat may know of the game: the only thing agents and screens for a seat read."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import Action
from game.rules.cards import DECK, Card
from game.rules.phase import Phase, legal_actions
from game.rules.ruleset import RuleSet


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """A frozen snapshot of a game as one seat may know it, made by :meth:`Game.view_for`.

    It shows the seat its own cards, and of everyone else only what the table shows:
    chips, the farm, the farmer, the auction calls, how many cards each player holds and
    who has finished; other hands only once they are turned over at the showdown. It holds
    no reference to the game: it stays as it was when taken, and it never holds a card its
    seat may not see.

    A spectator's view (``seat`` None) is what anyone at the table may know: every public
    field as the seats see it, no hand (``hand`` empty, ``total``, ``max_bid`` 0,
    ``must_draw`` False), never a turn and no legal action.
    """

    seat: int | None
    """The seat whose view this is (None: a spectator's, who holds no seat)."""
    rules: RuleSet
    """The rule set in play."""
    phase: Phase
    """The game's phase."""
    names: tuple[str, ...]
    """Player names by seat."""
    deal_no: int
    """The current (or last) deal's number, from 1."""
    max_deals: int | None
    """The number of deals agreed for the game (None: none agreed, say a time limit instead)."""
    chips: tuple[int, ...]
    """Chips per seat."""
    farm: int
    """Chips in the farm."""
    farmer: int | None
    """The farmer's seat (None while the first farm is being auctioned)."""
    to_act: int | None
    """The seat to act, if any."""
    high_bid: int
    """The current high bid (0 before any bid)."""
    high_bidder: int | None
    """The seat holding the high bid."""
    calls: tuple[tuple[int, int | None], ...]
    """The auction's calls so far: ``(seat, amount)`` or ``(seat, None)`` for a pass."""
    max_bid: int
    """The most this seat may bid (0 for a spectator)."""
    hand: tuple[Card, ...]
    """This seat's cards, in the order received (none for a spectator)."""
    total: int
    """This seat's points (0 for a spectator)."""
    order: tuple[int, ...]
    """The seats in this deal's service order."""
    card_counts: tuple[int, ...]
    """How many cards each seat holds (public: the cards lie face down on the table)."""
    deck_size: int
    """Cards left in the deck."""
    must_draw: bool
    """Whether this seat, to act, must still take its compulsory card (False for a spectator)."""
    served: int
    """How many seats of :attr:`order` have finished their turn."""
    shown_hands: tuple[tuple[Card, ...], ...] | None
    """Every seat's cards once turned over at the showdown; None before it (hidden)."""

    @property
    def n_seats(self) -> int:
        """Number of seats."""
        return len(self.names)

    @property
    def deals_after(self) -> int | None:
        """How many deals the game has after the current one (None when no number was agreed)."""
        if self.max_deals is None:
            return None
        return max(0, self.max_deals - self.deal_no)

    @property
    def my_chips(self) -> int:
        """This seat's chips (0 for a spectator, who plays no chips)."""
        seat = self.seat
        return 0 if seat is None else self.chips[seat]

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act (never for a spectator)."""
        # Between deals nobody is to act: to_act is None, like a spectator's seat.
        return self.seat is not None and self.to_act == self.seat

    @property
    def drawn(self) -> int:
        """Cards this seat has drawn after its first card (while it is its turn)."""
        return len(self.hand) - 1 if self.hand else 0

    def finished(self, seat: int) -> bool:
        """Whether ``seat`` has played its turn in this deal (public: it takes no more cards)."""
        return seat in self.order and self.order.index(seat) < self.served

    @property
    def unseen(self) -> list[Card]:
        """Every card this seat has not seen in this deal (the deck and other hands; for a
        spectator every card until the showdown)."""
        seen = set(self.hand)
        if self.shown_hands is not None:
            for hand in self.shown_hands:
                seen.update(hand)
        return [c for c in DECK if c not in seen]

    def shown_hand(self, seat: int) -> tuple[Card, ...] | None:
        """A seat's cards if this seat may see them (its own, or all at the showdown), else None.

        A spectator sees a seat's cards only at the showdown."""
        if seat == self.seat:
            return self.hand
        if self.shown_hands is not None:
            return self.shown_hands[seat]
        return None

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now (empty when it is not its turn, and for a spectator)."""
        if self.to_act != self.seat or self.seat is None:
            return []
        return legal_actions(
            self.phase,
            high_bid=self.high_bid,
            max_bid=self.max_bid,
            deck_size=self.deck_size,
            must_draw=self.must_draw,
        )


class ViewDraft(View):
    """A :class:`View` being filled in by :meth:`Game.view_for`, which then makes it a ``View``.

    It has ``View``'s slots and nothing more, and ``object``'s own attribute setters (both,
    so that Python keeps its fast slot stores): the engine stores each field with one plain
    attribute store, then sets the draft's ``__class__`` to ``View``, which is frozen from
    then on. That is several times faster than ``View(...)``, whose frozen ``__init__`` sets
    each field through ``object.__setattr__`` (and the AI takes a view per move). A draft
    is never seen outside :meth:`Game.view_for`.
    """

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__
