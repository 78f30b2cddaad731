"""One deal of the deal log as a typed value: what the engine writes, the saves keep and replays read.

A :class:`DealRecord` holds one deal as ../shared/DEAL_LOG.md describes it, each field with
its type: seats and amounts as whole numbers, hands as cards, each payment a
:class:`Transfer` with its :class:`~game.rules.events.Reason`. :meth:`DealRecord.to_json` gives
the documented JSON object, key for key; :meth:`DealRecord.from_json` reads one back,
checking every value, and refuses a bad one with a :class:`LogError` naming the field.
Whether a record keeps the rules is :mod:`game.formats.deallog`'s business (it plays it again).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from game.limits import PLAYERS
from game.rules.cards import DECK, Card, read_card
from game.rules.events import FARM, Place, Reason
from game.rules.ruleset import RULE_NAMES, rules_named
from game.schema import exact_keys, list_of, member, one_of, optional, text, truth, whole

__all__ = ["KEYS", "MAX_CHIPS", "Auction", "DealRecord", "LogError", "Transfer", "new_record"]

KEYS: tuple[str, ...] = (
    "deal", "rules", "rotating", "seats", "farmer", "chips_before", "farm_before", "auction",
    "hands", "order", "transfers", "chips_after", "farm_after", "winner", "nearest",
)
"""The keys of a record's JSON object, in the documented order."""

MAX_CHIPS = 10**15
"""More chips than any game holds (a benchmark's endless stacks included): more means a bad record."""
MAX_DEAL = 10**9
"""More deals than any game plays."""
_MAX_TRANSFERS = 10_000
_AUCTION_KEYS = ("bids", "winner", "price")
_TRANSFER_KEYS = ("from", "to", "amount", "reason")


class LogError(ValueError):
    """A deal log that cannot be read or that breaks a rule.

    ``game`` and ``deal`` (from 1) say where, when known; ``line`` is the line of the
    file. The message starts with that place, then names the rule broken.
    """

    def __init__(
        self, detail: str, *, game: int | None = None, deal: int | None = None, line: int | None = None
    ) -> None:
        """An error about ``detail`` at ``game``/``deal`` (and file ``line``)."""
        self.detail = detail
        self.game = game
        self.deal = deal
        self.line = line
        super().__init__(f"{_place(game, deal, line)}{detail}")


def _place(game: int | None, deal: int | None, line: int | None) -> str:
    parts = []
    if line is not None:
        parts.append(f"line {line}")
    if game is not None and game > 1:
        parts.append(f"game {game}")
    if deal is not None:
        parts.append(f"deal {deal}")
    return ", ".join(parts) + ": " if parts else ""


class Transfer(NamedTuple):
    """One chip movement of a deal: ``amount`` chips from ``source`` to ``target`` for ``reason``."""

    source: Place
    """The seat that paid, or ``"farm"``."""
    target: Place
    """The seat paid, or ``"farm"``."""
    amount: int
    """How many chips moved (at least 1)."""
    reason: Reason
    """What the payment was for."""


class Auction(NamedTuple):
    """The sale of a farm before a deal: every call in order, its winner and the price paid."""

    bids: tuple[tuple[int, int | None], ...]
    """Each call as ``(seat, amount)``, ``amount`` None for a pass."""
    winner: int | None
    """The seat that bought the farm, None when nobody bid."""
    price: int
    """What the winner paid (0 when nobody bid)."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal of a game as the deal log holds it (see the module docstring and DEAL_LOG.md)."""

    deal: int
    """1, 2, … within one game."""
    rules: str
    """The rule set's name: ``foster``, ``lacombe`` or ``ferme``."""
    rotating: bool
    """The rotating-farm option."""
    seats: tuple[str, ...]
    """The players' names in seat order."""
    farmer: int
    """The seat that dealt (after this record's auction, if any)."""
    chips_before: tuple[int, ...]
    """Each seat's chips before the antes and the auction."""
    farm_before: int
    """The farm before the antes and the auction."""
    auction: Auction | None
    """The sale of the farm before this deal, None when none was held."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards in the order received (empty: the farmer, seats out of chips)."""
    order: tuple[int, ...]
    """The seats in the order they were served."""
    transfers: tuple[Transfer, ...]
    """Every chip movement of this deal, in order."""
    chips_after: tuple[int, ...]
    """Each seat's chips after the transfers."""
    farm_after: int
    """The farm after the transfers."""
    winner: int | None
    """The seat that won the farm, or None."""
    nearest: int | None
    """The seat paid as nearest to 16, or None."""

    def to_json(self) -> dict[str, Any]:
        """The record as DEAL_LOG.md writes it: the documented keys, in order, plain JSON values."""
        auction = self.auction
        return {
            "deal": self.deal,
            "rules": self.rules,
            "rotating": self.rotating,
            "seats": list(self.seats),
            "farmer": self.farmer,
            "chips_before": list(self.chips_before),
            "farm_before": self.farm_before,
            "auction": None if auction is None else {
                "bids": [[seat, amount] for seat, amount in auction.bids],
                "winner": auction.winner,
                "price": auction.price,
            },
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "order": list(self.order),
            "transfers": [
                {"from": s, "to": t, "amount": a, "reason": r.value} for s, t, a, r in self.transfers
            ],
            "chips_after": list(self.chips_after),
            "farm_after": self.farm_after,
            "winner": self.winner,
            "nearest": self.nearest,
        }

    @classmethod
    def from_json(cls, obj: Any) -> DealRecord:
        """The record of a JSON object written as DEAL_LOG.md says, every value checked.

        Raises :class:`LogError` naming the first key whose value is missing, unknown or
        not what the format allows (the rules themselves are not checked here).
        """
        exact_keys(obj, "a deal record", KEYS, error=LogError)
        rules = one_of(obj["rules"], "'rules'", RULE_NAMES, error=LogError)
        rotating = truth(obj["rotating"], "'rotating'", error=LogError)
        try:
            rules_named(rules, rotating)
        except ValueError as exc:
            raise LogError(f"'rotating': {exc}") from None
        seats = tuple(
            list_of(obj["seats"], "'seats'", PLAYERS.high, _name, least=PLAYERS.low, error=LogError)
        )
        n = len(seats)

        def seat(value: Any, what: str) -> int:
            return whole(value, what, 0, n - 1, error=LogError)

        def chips(key: str) -> tuple[int, ...]:
            return tuple(list_of(obj[key], f"'{key}'", n, _chips, least=n, error=LogError))

        def place(value: Any, what: str) -> Place:
            return FARM if value == FARM else seat(value, what)

        def call(value: Any, what: str) -> tuple[int, int | None]:
            who, amount = list_of(value, what, 2, least=2, error=LogError)
            amount = optional(whole, amount, f"{what}'s bid", 1, MAX_CHIPS, error=LogError)
            return seat(who, f"{what}'s seat"), amount

        def transfer(value: Any, what: str) -> Transfer:
            t = exact_keys(value, what, _TRANSFER_KEYS, error=LogError)
            return Transfer(
                place(t["from"], f"{what}'s 'from'"),
                place(t["to"], f"{what}'s 'to'"),
                whole(t["amount"], f"{what}'s amount", 1, MAX_CHIPS, error=LogError),
                member(Reason, t["reason"], f"{what}'s reason", error=LogError),
            )

        def hand(value: Any, what: str) -> tuple[Card, ...]:
            return tuple(list_of(value, what, len(DECK), _card, error=LogError))

        auction: Auction | None = None
        if obj["auction"] is not None:
            sale = exact_keys(obj["auction"], "'auction'", _AUCTION_KEYS, error=LogError)
            auction = Auction(
                tuple(list_of(sale["bids"], "'auction' bids", _MAX_TRANSFERS, call, error=LogError)),
                optional(seat, sale["winner"], "'auction' winner"),
                whole(sale["price"], "'auction' price", 0, MAX_CHIPS, error=LogError),
            )
        order = tuple(list_of(obj["order"], "'order'", n, seat, error=LogError))
        if len(set(order)) != len(order):
            raise LogError("'order' names a seat twice")
        return cls(
            deal=whole(obj["deal"], "'deal'", 1, MAX_DEAL, error=LogError),
            rules=rules,
            rotating=rotating,
            seats=seats,
            farmer=seat(obj["farmer"], "'farmer'"),
            chips_before=chips("chips_before"),
            farm_before=_chips(obj["farm_before"], "'farm_before'"),
            auction=auction,
            hands=tuple(
                hand(cards, f"seat {seat}'s hand")
                for seat, cards in enumerate(list_of(obj["hands"], "'hands'", n, least=n, error=LogError))
            ),
            order=order,
            transfers=tuple(
                list_of(obj["transfers"], "'transfers'", _MAX_TRANSFERS, transfer, error=LogError)
            ),
            chips_after=chips("chips_after"),
            farm_after=_chips(obj["farm_after"], "'farm_after'"),
            winner=optional(seat, obj["winner"], "'winner'"),
            nearest=optional(seat, obj["nearest"], "'nearest'"),
        )


class _Draft(DealRecord):
    """A :class:`DealRecord` being filled in by :func:`new_record`, which then makes it a ``DealRecord``.

    It has ``DealRecord``'s slots and ``object``'s own attribute setters: each field is one
    plain store, then the draft's ``__class__`` becomes ``DealRecord``, frozen from then on.
    That is several times faster than the frozen ``__init__`` (the engine makes a record per deal).
    """

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


_new = object.__new__


def new_record(
    deal: int,
    rules: str,
    rotating: bool,
    seats: tuple[str, ...],
    farmer: int,
    chips_before: tuple[int, ...],
    farm_before: int,
    auction: Auction | None,
    hands: tuple[tuple[Card, ...], ...],
    order: tuple[int, ...],
    transfers: tuple[Transfer, ...],
    chips_after: tuple[int, ...],
    farm_after: int,
    winner: int | None,
    nearest: int | None,
) -> DealRecord:
    """The record of these fields, unchecked (the engine's own values), made fast."""
    draft: Any = _new(_Draft)
    draft.deal = deal
    draft.rules = rules
    draft.rotating = rotating
    draft.seats = seats
    draft.farmer = farmer
    draft.chips_before = chips_before
    draft.farm_before = farm_before
    draft.auction = auction
    draft.hands = hands
    draft.order = order
    draft.transfers = transfers
    draft.chips_after = chips_after
    draft.farm_after = farm_after
    draft.winner = winner
    draft.nearest = nearest
    draft.__class__ = DealRecord
    record: DealRecord = draft
    return record


def _name(value: Any, what: str) -> str:
    return text(value, what, 200, error=LogError)


def _chips(value: Any, what: str) -> int:
    return whole(value, what, 0, MAX_CHIPS, error=LogError)


def _card(value: Any, what: str) -> Card:
    return read_card(value, what, error=LogError)
