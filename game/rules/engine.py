"""The Farmer state machine: selling the farm, the deal, the draws, the showdown, settling up.

Create a :class:`Game`, call :meth:`Game.next_deal` to start each deal, then feed the
seat to act one :class:`~game.rules.actions.Action` at a time through :meth:`Game.apply`
until the deal is settled. Every step returns the :mod:`game.rules.events` it caused.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import Any

from game.limits import PLAYERS
from game.rules.actions import DRAW, PASS, STAND, Action, IllegalAction, Kind, bid
from game.rules.cards import DECK, DECK_SET, Card
from game.rules.deck import Deck
from game.rules.events import (
    FARM,
    AuctionOpened,
    BidMade,
    Busted,
    CardDealt,
    ChipsMoved,
    DealEnded,
    DealStarted,
    EndReason,
    Event,
    FarmerChosen,
    FarmerReason,
    FarmSold,
    FarmWon,
    GameEnded,
    HandShown,
    NearestFound,
    Passed,
    Place,
    Reason,
    Stood,
    TurnEnded,
    TurnStarted,
)
from game.rules.phase import Phase, legal_actions
from game.rules.ranking import Tie, explain_tie, nearest_key, rank_key
from game.rules.records import Auction, DealRecord, Transfer, new_record
from game.rules.ruleset import FOSTER, RuleSet, Succession
from game.rules.saved_state import BetweenDeals, RngState
from game.rules.view import View, ViewDraft

__all__ = ["MAX_SEATS", "MIN_SEATS", "Game", "Phase", "Transfer"]

MIN_SEATS = PLAYERS.low
"""The fewest seats at a table (the farmer included); also the fewest with chips to play on."""
MAX_SEATS = PLAYERS.high
"""The most seats at a table."""


_new = object.__new__
_tuple = tuple.__new__  # a Transfer made as the tuple it is, without its __new__'s keyword handling

# The phases as module constants for the checks made on every move: on Python 3.11 reading
# an enum member off its class (``Phase.PLAY``) costs several times a global's read.
_AUCTION, _PLAY, _OVER, _BETWEEN = Phase.AUCTION, Phase.PLAY, Phase.OVER, Phase.BETWEEN
_BID, _PASS, _DRAW, _STAND = Kind.BID, Kind.PASS, Kind.DRAW, Kind.STAND
_ANTE, _OVER_16, _NEAREST = Reason.ANTE, Reason.OVER, Reason.NEAREST


class Game:
    """One game of Farmer at one table, from the first farm to the final standings.

    All randomness comes from one ``random.Random`` seeded with ``seed``; the same seed
    and the same actions give the same game card for card.
    """

    # Slots, not a __dict__: the engine reads its attributes on every move, and slot reads
    # are the fastest (a game has too many attributes for a shared-key __dict__).
    __slots__ = (
        "_around", "_bidders", "_calls_t", "_chips_t", "_clock", "_clockwise", "_counts", "_counts_t",
        "_deal_start", "_deck", "_drawn", "_events", "_farm_won", "_first_seat", "_hands_t", "_in_deal",
        "_order_t", "_shown_t", "_stacked", "_started_at", "_transfers",
        "_turn", "chips", "deal_no", "farm", "farmer", "high_bid", "high_bidder", "keep_log",
        "last_winner", "log", "max_deals", "max_minutes", "names", "nearest", "opener", "order",
        "phase", "record_events", "result", "rng", "rules", "seed", "shown", "to_act", "totals",
        "winner",
    )

    def __init__(
        self,
        names: Sequence[str],
        rules: RuleSet = FOSTER,
        *,
        chips: int | Sequence[int] = 100,
        seed: int | None = None,
        max_deals: int | None = None,
        max_minutes: float | None = None,
        first_seat: int | None = None,
        record_events: bool = True,
        keep_log: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Seat ``names`` (3 to 10, clockwise from seat 0) with ``chips`` each.

        ``first_seat`` fixes the seat that the lot would choose (the first bidder, or
        the first farmer when no auction is held). ``max_deals`` and ``max_minutes``
        end the game after that many deals or minutes (checked between deals).
        ``record_events`` and ``keep_log`` can be switched off for fast simulation.
        """
        n = len(names)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise ValueError(f"Farmer needs {MIN_SEATS} to {MAX_SEATS} players, not {n}")
        stacks = [chips] * n if isinstance(chips, int) else list(chips)
        if len(stacks) != n or any(c < 0 for c in stacks):
            raise ValueError("chips must be one number, or one non-negative number per seat")
        if first_seat is not None and not 0 <= first_seat < n:
            raise ValueError(f"first_seat must be a seat from 0 to {n - 1}")
        if max_deals is not None and max_deals < 1:
            raise ValueError("max_deals must be at least 1")
        if max_minutes is not None and max_minutes <= 0:
            raise ValueError("max_minutes must be positive")
        self.names: tuple[str, ...] = tuple(names)
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.chips: list[int] = stacks
        self.farm = 0
        self.farmer: int | None = None
        self.deal_no = 0
        self.phase = Phase.BETWEEN
        self.max_deals = max_deals
        self.max_minutes = max_minutes
        self.record_events = record_events
        self.keep_log = keep_log
        self.log: list[DealRecord] = []
        self.result: GameEnded | None = None
        self._clock = clock
        self._started_at: float | None = None
        self._first_seat = first_seat
        self._farm_won = True  # a farm must be formed before the first deal
        self._stacked: list[Card] | None = None
        self._events: list[Event] = []
        # The state the deal in progress started from, as a save holds it (the generator's
        # state aside: copying it costs more than a fast deal; its moves are read from the deal).
        self._deal_start: tuple[int, tuple[int, ...], int, int | None, int | None, bool] | None = None
        # Per-deal state, reset by next_deal().
        self.order: list[int] = []
        self.totals: list[int] = [0] * n
        self.to_act: int | None = None
        self._turn = 0
        self._drawn = 0
        self._deck = Deck((), None)
        # The seats clockwise from each seat, itself first: the auction goes clockwise under every rule set.
        seats = tuple(range(n))
        self._clockwise: tuple[tuple[int, ...], ...] = tuple(seats[s:] + seats[:s] for s in range(n))
        # The seats in the order served after each farmer, all seats with chips (a deal serves
        # those of them that take part): by farmer, every other seat in the rules' direction.
        self._around: tuple[tuple[int, ...], ...] = tuple(rules.served_after(s, seats) for s in seats)
        self._transfers: list[Transfer] = []
        self.winner: int | None = None
        self.nearest: int | None = None
        self.last_winner: int | None = None
        self._in_deal: tuple[int, ...] = ()  # the seats taking part in the deal, in seat order
        self.shown: bool = False
        # Auction state.
        self.opener: int | None = None
        self.high_bid = 0
        self.high_bidder: int | None = None
        self._bidders: list[int] = []  # those still in, clockwise from the opener
        # Immutable values, kept as they change, that every View shares (a view holds no list the
        # game changes, and view_for copies nothing that did not change): hands and calls grow a
        # tuple per card or call, the order is fixed for a deal, the card counts and chips are
        # copied once after they change (None: to copy), shown hands at the showdown.
        self._hands_t: list[tuple[Card, ...]] = [()] * n
        self._counts: list[int] = [0] * n
        self._counts_t: tuple[int, ...] | None = None
        self._chips_t: tuple[int, ...] | None = None
        self._calls_t: tuple[tuple[int, int | None], ...] = ()
        self._order_t: tuple[int, ...] = ()
        self._shown_t: tuple[tuple[Card, ...], ...] | None = None

    # ------------------------------------------------------------------ queries

    @property
    def n_seats(self) -> int:
        """How many seats the table has."""
        return len(self.names)

    @property
    def calls(self) -> list[tuple[int, int | None]]:
        """The auction's calls in this deal (or the last deal's, between deals), in order:
        ``(seat, amount)``, or ``(seat, None)`` for a pass; a copy."""
        return list(self._calls_t)

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's cards in this deal (or the last), in the order received; a copy (the game
        keeps each hand as the tuple its views share)."""
        return [list(hand) for hand in self._hands_t]

    def seats_with_chips(self) -> list[int]:
        """The seats that still have chips, in seat order."""
        return [s for s, c in enumerate(self.chips) if c > 0]

    def next_seat_with_chips(self, seat: int, step: int = 1) -> int:
        """The first seat after ``seat`` going ``step`` (+1 left, -1 right) that has chips."""
        n = len(self.names)
        for k in range(1, n + 1):
            other = (seat + step * k) % n
            if self.chips[other] > 0:
                return other
        raise RuntimeError("no seat has chips")

    @property
    def first_seat(self) -> int | None:
        """The seat the first lot chose, or was fixed to choose (see :class:`Game`); None before it."""
        return self._first_seat

    @property
    def mid_deal(self) -> bool:
        """Whether a deal is in progress (its auction or its play)."""
        return self.phase is _PLAY or self.phase is _AUCTION

    def deal_start(self) -> BetweenDeals | None:
        """The :meth:`between_deals_state` the deal in progress started from (None between deals).
        The generator's state now, with :meth:`deal_deck`, tells the rest."""
        if not self.mid_deal or self._deal_start is None:
            return None
        return BetweenDeals(*self._deal_start)

    def deal_deck(self) -> tuple[tuple[Card, ...], bool] | None:
        """The deal in progress's deck as a stack that deals the same cards in the same order so far,
        and whether the cards still in it are drawn at random (else in the stack's order).

        Stacked with :meth:`stack_deck` before the deal starts again, with the same moves played
        again and then :meth:`resume_deck`, it puts the deck back exactly as it is now. In the
        auction it is the stacked deck waiting to be dealt (None when the deal will be shuffled).
        """
        if self.phase is _PLAY:
            return self._deck.arrangement()
        if self.phase is _AUCTION and self._stacked is not None:
            return tuple(self._stacked), False
        return None

    def resume_deck(self, rng: RngState | None, shuffled: bool) -> None:
        """Set the generator to state ``rng`` (None: keep it as it is); with ``shuffled``, the cards
        left in the deck are drawn at random from it again (the end of a resumption, see
        :meth:`deal_deck`)."""
        if rng is not None:
            self.rng.setstate(rng)
        if shuffled and self.phase is _PLAY:
            self._deck.shuffle_with(self.rng)

    def deal_moves(self) -> list[tuple[int, Action]]:
        """Every move of the deal in progress so far, in order, with the seat that made it.

        Read from what the deal holds rather than kept move by move: each call of the auction,
        then for each seat served so far each card after its first (a draw) and, once its turn
        is over, a stand unless it went over 16 (a player over 16 stops without a word).
        """
        if not self.mid_deal:
            return []
        moves: list[tuple[int, Action]] = [
            (seat, PASS if amount is None else bid(amount)) for seat, amount in self._calls_t
        ]
        if self.phase is _PLAY:
            hands, totals, turn = self._hands_t, self.totals, self._turn
            for served, seat in enumerate(self.order[: turn + 1]):
                moves.extend([(seat, DRAW)] * (len(hands[seat]) - 1))
                if served < turn and totals[seat] <= 16:
                    moves.append((seat, STAND))
        return moves

    @property
    def deck_size(self) -> int:
        """Cards left in the deck during a deal."""
        return self._deck.size

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    def finished(self, seat: int) -> bool:
        """Whether ``seat`` has played its turn in this deal (public: it takes no more cards)."""
        if seat not in self.order:
            return False
        return self.phase is not Phase.PLAY or self.order.index(seat) < self._turn

    def max_bid(self, seat: int) -> int:
        """The most ``seat`` may bid: the chips it holds (after its ante)."""
        return self.chips[seat]

    def must_draw(self) -> bool:
        """Whether the seat to act must still take its compulsory card."""
        return self.rules.compulsory_draw and self._drawn == 0 and self._deck.size > 0

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (empty between deals)."""
        if self.to_act is None:
            return []
        return legal_actions(
            self.phase,
            high_bid=self.high_bid,
            max_bid=self.chips[self.to_act],
            deck_size=self._deck.size,
            must_draw=self.must_draw(),
        )

    def view_for(self, seat: int | None) -> View:
        """What ``seat`` may know now, as a frozen snapshot: its own cards, everyone's card counts,
        chips, the farm; other hands only once shown at the showdown.

        ``None`` is a spectator, who may know what anyone at the table may: every public field
        as the seats see it, no hand (``total``, ``max_bid`` 0, ``must_draw`` False).
        """
        phase = self.phase
        to_act = self.to_act
        chips = self._chips_t
        if chips is None:
            chips = self._chips_t = tuple(self.chips)
        counts = self._counts_t
        if counts is None:
            counts = self._counts_t = tuple(self._counts)
        deck_size = self._deck.size
        hand: tuple[Card, ...]
        if seat is None:
            hand, max_bid, total, must_draw = (), 0, 0, False  # a spectator holds and bids nothing
        else:
            try:
                if seat < 0:
                    raise IndexError(seat)
                hand = self._hands_t[seat]
            except IndexError:
                raise ValueError(f"no seat {seat} at a table of {self.n_seats}") from None
            max_bid = chips[seat]  # a seat may bid all it holds
            total = self.totals[seat]
            # self.must_draw() for the seat to act
            must_draw = to_act == seat and not self._drawn and deck_size > 0 and self.rules.compulsory_draw
        # Every View field, in the order View declares them, each an immutable value (the
        # tuples are the game's own copies, shared by every view until the lists change, so a
        # spectator's view equals a seat's on every public field).
        view: Any = _new(ViewDraft)
        view.seat = seat
        view.rules = self.rules
        view.phase = phase
        view.names = self.names
        view.deal_no = self.deal_no
        view.max_deals = self.max_deals
        view.chips = chips
        view.farm = self.farm
        view.farmer = self.farmer
        view.to_act = to_act
        view.high_bid = self.high_bid
        view.high_bidder = self.high_bidder
        view.calls = self._calls_t
        view.max_bid = max_bid
        view.hand = hand
        view.total = total
        view.order = self._order_t
        view.card_counts = counts
        view.deck_size = deck_size
        view.must_draw = must_draw
        view.served = self._turn  # 0 until the cards are dealt, every seat of the order once settled
        view.shown_hands = self._shown_t  # set only once the hands are turned over
        view.__class__ = View  # frozen from now on
        return view  # type: ignore[no-any-return]  # (a View now: one step less than a typed name)

    # ------------------------------------------------------------------ driving

    def stack_deck(self, cards: Sequence[Card]) -> None:
        """Deal the next deal from ``cards`` in this order (first = top), for tests and replays.

        The stack may be shorter than the deck (the deal then runs out sooner), but it must
        hold a first card for every seat that could be served, and only Farmer cards, once each.
        """
        if len(set(cards)) != len(cards):
            raise ValueError("a stacked deck cannot hold a card twice")
        strangers = [str(c) for c in cards if c not in DECK_SET]
        if strangers:
            raise ValueError(
                f"not in the Farmer deck (no 8s, and the 6♥ is the only six): {' '.join(strangers)}"
            )
        players = (len(self._in_deal) if self.phase is Phase.AUCTION else len(self.seats_with_chips())) - 1
        if len(cards) < players:
            raise ValueError(f"a stacked deck needs at least one card for each of the {players} players")
        self._stacked = list(cards)

    def _emit(self, event: Event) -> None:
        self._events.append(event)

    def _take_events(self) -> list[Event]:
        events = self._events
        if not events:
            return []  # (nothing recorded: keep the empty list)
        self._events = []
        return events

    def _move(self, source: Place, target: Place, amount: int, reason: Reason) -> int:
        """Move up to ``amount`` chips (a seat never goes below 0); returns what moved."""
        # (min() written out: chips move several times in every deal.)
        if source == FARM:
            if amount > self.farm:
                amount = self.farm
            self.farm -= amount
        else:
            chips = self.chips
            if amount > chips[source]:
                amount = chips[source]
            chips[source] -= amount
        self._chips_t = None
        if amount <= 0:
            return 0
        if target == FARM:
            self.farm += amount
        else:
            self.chips[target] += amount
        if self.keep_log:  # the transfers are kept for the deal's record only
            self._transfers.append(_tuple(Transfer, (source, target, amount, reason)))
        if self.record_events:
            self._emit(ChipsMoved(source, target, amount, reason))
        return amount

    def _chip_from_each(self, payers: Iterable[int], target: Place, reason: Reason) -> None:
        """:meth:`_move` of one chip from each of ``payers`` that has one to ``target``, in order
        (written out: the antes and the nearest's chips move in every deal)."""
        chips, transfers, keep, record = self.chips, self._transfers, self.keep_log, self.record_events
        paid = 0
        # The seat paid pays itself nothing (compared as a number: the farm is no seat).
        skip = target if isinstance(target, int) else -1
        for seat in payers:
            if chips[seat] > 0 and seat != skip:
                chips[seat] -= 1
                paid += 1
                if keep:
                    transfers.append(_tuple(Transfer, (seat, target, 1, reason)))
                if record:
                    self._emit(ChipsMoved(seat, target, 1, reason))
        if target == FARM:
            self.farm += paid
        else:
            chips[target] += paid
        self._chips_t = None

    def next_deal(self) -> list[Event]:
        """Start the next deal: form and sell a farm if needed, then (once there is a farmer) deal."""
        phase = self.phase
        if phase is not _BETWEEN:
            if phase is _OVER:
                raise IllegalAction("the game is over: no more deals")
            raise IllegalAction(f"a deal cannot start now: the {phase.value} of this deal is not over")
        if self._started_at is None:
            self._started_at = self._clock()
        # The agreed time may run out between deals, and a table may be set (or restored)
        # with fewer than 3 seats holding chips: then no deal starts and the game ends.
        reason = self.end_reason()
        if reason is not None:
            self._finish(reason)
            return self._take_events()
        self._deal_start = (
            self.deal_no, tuple(self.chips), self.farm, self.farmer, self.last_winner, self._farm_won
        )
        self.deal_no += 1
        n = len(self.names)
        self.totals = [0] * n
        self.order = []
        self.winner = self.nearest = None
        self.shown = False
        self._transfers = []
        self._hands_t = [()] * n
        self._counts = [0] * n
        self._counts_t = None
        self._turn = 0
        self._calls_t = ()
        self._order_t = ()
        self._shown_t = None
        self.opener = None
        new_farm = self._farm_won
        # Seats with chips now take part in this deal, even if the ante leaves them at 0.
        in_deal = self._in_deal = tuple(compress(range(n), self.chips))  # self.seats_with_chips()
        farmer = self._farmer_without_auction() if new_farm else self.farmer
        if self.record_events:
            self._emit(DealStarted(self.deal_no, new_farm, farmer))
        if new_farm:
            self._chip_from_each(in_deal, FARM, _ANTE)
        if farmer is None:
            self._open_auction()
        else:
            if new_farm and self.record_events:
                self._emit(FarmerChosen(farmer, self._farmer_reason()))
            self.farmer = farmer
            self._deal_cards()
        # _take_events written out: a deal starts in every loop of a simulation.
        events = self._events
        if not events:
            return []
        self._events = []
        return events

    def _farmer_reason(self) -> FarmerReason:
        if self.deal_no == 1:
            return FarmerReason.LOT
        if self.rules.succession is Succession.ROTATE:
            return FarmerReason.ROTATION
        return FarmerReason.WINNER

    def _lot(self) -> int:
        """The seat drawn by lot at the start of a game (among seats with chips)."""
        if self._first_seat is not None and self._first_seat in self._in_deal:
            return self._first_seat
        # Kept, so that a save of the first deal starts it again with the same lot.
        self._first_seat = self.rng.choice(sorted(self._in_deal))
        return self._first_seat

    def _farmer_without_auction(self) -> int | None:
        """The new farmer when the rules name one without an auction, else None."""
        rules = self.rules
        if self.deal_no == 1:
            return None if rules.first_farm_auctioned else self._lot()
        assert self.farmer is not None
        if rules.succession is Succession.AUCTION:
            return None
        if rules.succession is Succession.ROTATE:
            return self.next_seat_with_chips(self.farmer, int(rules.direction))
        # The winner of the last farm deals (they hold its chips, so they have chips).
        return self.last_winner

    # ------------------------------------------------------------------ auction

    def _open_auction(self) -> None:
        in_deal = self._in_deal
        if self.deal_no == 1:
            opener = self._lot()
        else:
            farmer = self.farmer
            assert farmer is not None
            # The first seat in the deal on the farmer's left (the farmer, last, never comes to it).
            for opener in self._clockwise[(farmer + 1) % len(self.names)]:
                if opener in in_deal:
                    break
        self.phase = _AUCTION
        self.opener = opener
        self.high_bid = 0
        self.high_bidder = None
        # Everyone who had chips before the ante takes part, clockwise from the opener.
        self._bidders = [seat for seat in self._clockwise[opener] if seat in in_deal]
        self.to_act = opener
        if self.record_events:
            self._emit(AuctionOpened(opener))

    def _auction_step(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        kind = action.kind
        call: tuple[int, int | None]
        if kind is _BID:
            amount = action.amount
            if type(amount) is not int:
                raise IllegalAction("a bid is a whole number of chips")
            if amount < 1:
                raise IllegalAction("a bid is a whole number of at least 1 chip")
            if amount <= self.high_bid:
                raise IllegalAction(f"a bid must be higher than the current bid of {self.high_bid}")
            if amount > self.chips[seat]:
                raise IllegalAction(
                    f"a bid cannot exceed the chips the bidder holds after the ante ({self.chips[seat]})"
                )
            self.high_bid = amount
            self.high_bidder = seat
            call = (seat, amount)
            if self.record_events:
                self._emit(BidMade(seat, amount))
        elif kind is _PASS:
            call = (seat, None)
            if self.record_events:
                self._emit(Passed(seat))
        else:
            raise IllegalAction(f"'{action}' is not an auction call: bid or pass")
        self._calls_t += (call,)
        # A pass is final: the bidders still in are those who have not passed, in turn.
        bidders = self._bidders
        i = bidders.index(seat)
        if kind is _PASS:
            del bidders[i]
        else:
            i += 1
        high_bidder = self.high_bidder
        if high_bidder is not None and len(bidders) == 1 and bidders[0] == high_bidder:
            self._sell(high_bidder, self.high_bid)
        elif not bidders:
            # Nobody bid: the seat that opened (left of the last farmer) takes it for nothing.
            assert self.opener is not None
            self._sell(self.opener, 0)
        else:
            self.to_act = bidders[i % len(bidders)]

    def _sell(self, seat: int, price: int) -> None:
        if self.record_events:
            self._emit(FarmSold(seat, price, self.high_bidder is None))
        if price:
            self._move(seat, FARM, price, Reason.BID)
        self.farmer = seat
        self._deal_cards()

    # ------------------------------------------------------------------ the deal

    def _deal_cards(self) -> None:
        farmer = self.farmer
        assert farmer is not None
        in_deal = self._in_deal
        around = self._around[farmer]
        # Every seat but the farmer, when every seat takes part (most deals).
        order = list(around) if len(in_deal) > len(around) else [seat for seat in around if seat in in_deal]
        self.order = order
        self._order_t = tuple(order)
        stacked = self._stacked
        if stacked is not None:
            deck = self._deck = Deck(stacked, None)
            self._stacked = None
        else:
            deck = self._deck = Deck(DECK, self.rng)
        top, size = deck.top, deck.size
        if len(order) > size:
            raise IndexError("the deck is empty")
        cards, rng = deck.cards, deck.rng
        hands_t, counts, totals = self._hands_t, self._counts, self.totals
        # Each seat served gets its first card from the top, a hand of one (every hand is empty
        # until now): Deck.take_tops written out, each card put in its hand as it is dealt.
        for seat in order:
            if rng is None:
                card = cards[top]
            else:
                other = top + int(rng.random() * size)  # (size is bottom - top + 1)
                card = cards[other]
                cards[other] = cards[top]
                cards[top] = card
            top += 1
            size -= 1
            hands_t[seat] = (card,)
            counts[seat] = 1
            totals[seat] = card.points
        deck.top, deck.size = top, size
        if self.record_events:
            for seat in order:
                self._emit(CardDealt(seat, hands_t[seat][0], False, True, 1))
        self._counts_t = None
        self.phase = _PLAY
        # The first turn (every deal serves at least two players: three seats have chips).
        self._turn = self._drawn = 0
        seat = self.to_act = order[0]
        if self.record_events:
            self._emit(TurnStarted(seat))

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to act; returns the events it caused.

        Raises :class:`~game.rules.actions.IllegalAction` (naming the rule) for anything not legal;
        the game is then unchanged.
        """
        phase = self.phase
        if phase is not _PLAY or (action is not DRAW and action is not STAND):
            return self._apply_checked(action)
        # The shared DRAW and STAND (well formed) in the deal, most of its moves, written out here.
        seat = self.to_act
        assert seat is not None
        record = self.record_events
        if action is DRAW:
            deck = self._deck
            size = deck.size
            if not size:
                raise IllegalAction("the deck is empty: nobody can draw any more")
            # Deck.take_top or take_bottom written out.
            top, cards, rng = deck.top, deck.cards, deck.rng
            if self.rules.draws_from_bottom:
                end = deck.bottom
                deck.bottom = end - 1
            else:
                end = top
                deck.top = top + 1
            if rng is None:
                card = cards[end]
            else:
                other = top + int(rng.random() * size)  # (size is bottom - top + 1)
                card = cards[other]
                cards[other] = cards[end]
                cards[end] = card
            deck.size = size - 1
            hands_t = self._hands_t
            hands_t[seat] = hands_t[seat] + (card,)
            self._counts[seat] += 1
            self._counts_t = None
            totals = self.totals
            total = totals[seat] = totals[seat] + card.points
            self._drawn += 1
            if record:
                self._emit(CardDealt(seat, card, self.rules.draws_from_bottom, False, len(hands_t[seat])))
            if total <= 16:  # the turn goes on
                return self._take_events() if record else []
            # Over 16: the player stops without a word.
            if record:
                self._emit(Busted(seat, total))
                self._emit(TurnEnded(seat))
        else:
            if self._drawn == 0 and self._deck.size and self.rules.compulsory_draw:  # self.must_draw()
                raise IllegalAction(
                    f"under the {self.rules.name} rules a player must take at least one"
                    " more card before standing"
                )
            if record:
                self._emit(Stood(seat))
                self._emit(TurnEnded(seat))
        # The turn is over: the next seat in order, or the showdown.
        self._drawn = 0
        turn = self._turn = self._turn + 1
        order = self.order
        if turn < len(order):
            seat = self.to_act = order[turn]
            if record:
                self._emit(TurnStarted(seat))
        else:
            self.to_act = None
            self._settle()
        # _take_events written out: apply is called on every move.
        events = self._events
        if not events:
            return []
        self._events = []
        return events

    def _apply_checked(self, action: Action) -> list[Event]:
        """:meth:`apply` of anything but the shared DRAW and STAND in the deal: checked, then played."""
        # The shared DRAW / STAND / PASS constants are well formed; only others need checking.
        if action is not DRAW and action is not STAND and action is not PASS:
            if not isinstance(action, Action):
                raise IllegalAction(f"not an action: {action!r} (bid, pass, draw or stand)")
            if action.amount and action.kind is not _BID:
                raise IllegalAction(f"only a bid names a number of chips, not '{action.kind.value}'")
        phase = self.phase
        if phase is _PLAY:
            # A draw or a stand made anew (equal to the shared one) is played as the shared one.
            kind = action.kind
            if kind is _DRAW:
                return self.apply(DRAW)
            if kind is _STAND:
                return self.apply(STAND)
            raise IllegalAction(f"'{action}' is not a call in the deal: draw or stand")
        if phase is _AUCTION:
            self._auction_step(action)
        elif phase is _OVER:
            raise IllegalAction("the game is over")
        else:
            raise IllegalAction("no deal is in progress: start the next deal first")
        return self._take_events()

    # ------------------------------------------------------------------ settling up

    def _settle(self) -> None:
        farmer = self.farmer
        assert farmer is not None
        order = self.order
        totals = self.totals
        hands = self._hands_t
        record = self.record_events
        self.shown = True
        self._shown_t = tuple(hands)
        if record:
            for seat in order:
                self._emit(HandShown(seat, hands[seat], totals[seat]))
        # 1. Over 16: a chip per point over, to the farmer, whatever else happens (each a
        # _move, written out: several players go over in most deals). On the way, the seats on
        # the best total of 16 or under, in order: the 16s, else those nearest 16.
        chips, transfers, keep = self.chips, self._transfers, self.keep_log
        best = 0
        level: list[int] = []
        for seat in order:
            total = totals[seat]
            if total > 16:
                paid = total - 16
                held = chips[seat]
                if paid > held:
                    paid = held
                if paid:
                    chips[seat] = held - paid
                    chips[farmer] += paid
                    if keep:
                        transfers.append(_tuple(Transfer, (seat, farmer, paid, _OVER_16)))
                    if record:
                        self._emit(ChipsMoved(seat, farmer, paid, _OVER_16))
            elif total >= best:
                if total > best:
                    best = total
                    level = [seat]
                else:
                    level.append(seat)
        self._chips_t = None
        ranking = self.rules.ranking
        winner: int | None = None
        tie: Tie | None = None
        if best == 16:
            if len(level) == 1 and not record:
                winner = level[0]  # alone on 16: nothing to rank (and no tie to explain)
            else:
                keys = {s: rank_key(ranking, hands[s], order.index(s)) for s in level}
                winner = min(keys, key=keys.__getitem__)
                if record:
                    tie = explain_tie(ranking, keys, winner)
        else:
            # Only the seats on the best total under 16 can be nearest (it leads the key).
            nearest = None
            if level:
                nearest = level[0] if len(level) == 1 else min(
                    level,
                    key=lambda s: nearest_key(ranking, totals[s], hands[s], order.index(s)),
                )
            if record:
                if nearest is not None and len(level) > 1:
                    keys = {s: rank_key(ranking, hands[s], order.index(s)) for s in level}
                    tie = explain_tie(ranking, keys, nearest)
                self._emit(NearestFound(nearest, best if nearest is not None else 0, tie))
            if nearest is not None:
                if self.rules.nearest_takes_farm:
                    winner = nearest
                else:
                    self.nearest = nearest
                    self._chip_from_each(order, nearest, _NEAREST)
        if winner is not None:
            amount = self.farm
            self._move(FARM, winner, amount, Reason.FARM)
            self.winner = winner
            self.last_winner = winner
            if record:
                self._emit(FarmWon(winner, amount, totals[winner], tie))
        self._farm_won = winner is not None
        if keep:
            self.log.append(self._deal_record())
        if record:
            self._emit(DealEnded(self.deal_no, self.winner, self.nearest))
        self.phase = _BETWEEN
        # self._check_end(), written out
        reason = self.end_reason()
        if reason is not None:
            self._finish(reason)

    def _deal_record(self) -> DealRecord:
        """This deal as a deal-log record (see ../shared/DEAL_LOG.md)."""
        start, hands = self._deal_start, self._shown_t  # (the hands turned over at the showdown)
        assert start is not None and self.farmer is not None and hands is not None
        auction: Auction | None = None
        if self.opener is not None:
            bought = self.high_bidder is not None
            auction = _tuple(Auction, (self._calls_t, self.high_bidder, self.high_bid if bought else 0))
        rules = self.rules
        return new_record(
            self.deal_no, rules.name, rules.rotating, self.names, self.farmer, start[1], start[2], auction,
            hands, self._order_t, tuple(self._transfers), tuple(self.chips), self.farm,
            self.winner, self.nearest,
        )

    def end_reason(self) -> EndReason | None:
        """Why the game should end now, or None."""
        # Chips are never negative, so the seats with chips are those not at 0.
        if len(self.chips) - self.chips.count(0) < MIN_SEATS:
            return EndReason.PLAYERS
        if self.max_deals is not None and self.deal_no >= self.max_deals:
            return EndReason.DEALS
        if (
            self.max_minutes is not None
            and self._started_at is not None
            and self._clock() - self._started_at >= self.max_minutes * 60
        ):
            return EndReason.MINUTES
        return None

    def _check_end(self) -> None:
        reason = self.end_reason()
        if reason is not None:
            self._finish(reason)

    def _finish(self, reason: EndReason) -> None:
        if self.result is not None:
            return
        standings = self.standings()
        best = max(standings)
        winners = tuple(s for s, c in enumerate(standings) if c == best)
        self.result = GameEnded(tuple(standings), winners, reason)
        self.phase = Phase.OVER
        self.to_act = None
        if self.record_events:
            self._emit(self.result)

    def end(self, reason: EndReason = EndReason.STOPPED) -> list[Event]:
        """End the game now, between deals (by default a player stops it early); returns its events."""
        if self.phase not in (Phase.BETWEEN, Phase.OVER):
            raise IllegalAction("the game can only end between deals")
        self._finish(reason)
        return self._take_events()

    def between_deals_state(self) -> BetweenDeals:
        """Everything that carries from one deal to the next, for saving (between deals only; the
        generator's state is ``self.rng.getstate()``)."""
        if self.phase not in (Phase.BETWEEN, Phase.OVER):
            raise IllegalAction("a game can only be saved between deals")
        return BetweenDeals(
            self.deal_no, tuple(self.chips), self.farm, self.farmer, self.last_winner, self._farm_won
        )

    def restore_between_deals(
        self, state: BetweenDeals, rng: RngState | None, log: Sequence[DealRecord] = ()
    ) -> None:
        """Put a new game in the ``state`` :meth:`between_deals_state` gave, with the generator in
        state ``rng`` and the deals of ``log`` played (a saved game).

        ``rng`` None keeps the game's own generator (a saved file that must not tell the next deal).
        """
        chips = state.chips
        if len(chips) != self.n_seats:
            raise ValueError("one chip count per seat is needed")
        self.deal_no = deal = state.deal
        self.chips = list(chips)
        self._chips_t = None
        self.farm = state.farm
        self.farmer = state.farmer
        self.last_winner = state.last_winner
        self._farm_won = state.farm_won
        if rng is not None:
            self.rng.setstate(rng)
        self.log = list(log)
        self.phase = Phase.BETWEEN
        if self.log and self.log[-1].deal == deal:
            self._show_last_deal(self.log[-1])
            # The last farm sold is the highest bid still on show (a deal without an auction keeps it).
            sold = next((rec.auction for rec in reversed(self.log) if rec.auction is not None), None)
            if sold is not None:
                bids = [(seat, amount) for seat, amount in sold.bids if amount is not None]
                self.high_bidder, self.high_bid = bids[-1] if bids else (None, 0)

    def _show_last_deal(self, record: DealRecord) -> None:
        """Lay out the table as the deal of ``record`` left it, as every seat saw it at its end:
        the calls, the hands shown, the order served (a restored game's views are the saved game's)."""
        n = len(self.names)
        calls = self._calls_t = () if record.auction is None else record.auction.bids
        self.opener = calls[0][0] if calls else None
        self._hands_t = list(record.hands)
        self._counts = [len(hand) for hand in record.hands]
        self.totals = [sum(card.points for card in hand) for hand in record.hands]
        self._counts_t = None
        self.order = list(record.order)
        self._order_t = record.order
        self._turn = len(self.order)
        self.shown = True
        self._shown_t = record.hands
        dealt = {card for hand in record.hands for card in hand}
        self._deck = Deck([card for card in DECK if card not in dealt], None)
        self.winner, self.nearest = record.winner, record.nearest
        self._in_deal = tuple(s for s in range(n) if record.chips_before[s] > 0)

    def standings(self) -> list[int]:
        """Chips per seat, with an unwon farm counted to its farmer."""
        standings = list(self.chips)
        if self.farmer is not None:
            standings[self.farmer] += self.farm
        return standings

