"""Engine values as JSON values and back: events, views and actions, for the wire.

Every value is written as plain JSON (objects, lists, strings, numbers, true/false/null):
a card is its deal-log code (``"10H"``), an enum its value (``"ante"``), a tuple a list.
Reading checks every field's type and range and builds the engine's own frozen
dataclasses (a real :class:`~game.rules.view.View`, real :mod:`game.rules.events`); anything else is
refused with a :class:`CodecError` naming the field. Nothing read is ever executed or
imported: the only names looked up are the event types of :data:`EVENT_TYPES`.

PROTOCOL.md beside this module documents every shape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from game.limits import PLAYERS
from game.rules.actions import DRAW, PASS, STAND, Action, Kind, bid
from game.rules.cards import DECK_SET, Card, Suit, read_card
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
from game.rules.phase import Phase
from game.rules.ranking import Tie, TieBreak
from game.rules.ruleset import RULE_KEYS, RuleSet
from game.rules.view import View
from game.schema import list_of, member, text, truth, whole

E = TypeVar("E", Reason, FarmerReason, EndReason, TieBreak, Phase, Kind, Suit)

Json = dict[str, Any]
"""A JSON object as Python reads it."""

MAX_NUMBER = 10**9
"""The largest whole number read anywhere (chips, deals, card counts): more means a bad message."""


class CodecError(ValueError):
    """A JSON value that is not a well-formed engine value; the message names the field."""


# ---------------------------------------------------------------- field readers


def _int(value: Any, what: str, low: int = 0, high: int = MAX_NUMBER) -> int:
    return whole(value, what, low, high, error=CodecError)


def _seat(value: Any, what: str) -> int:
    return _int(value, what, 0, PLAYERS.high - 1)


def _opt_seat(value: Any, what: str) -> int | None:
    return None if value is None else _seat(value, what)


def _bool(value: Any, what: str) -> bool:
    return truth(value, what, error=CodecError)


def _list(value: Any, what: str, most: int = 64) -> list[Any]:
    return list_of(value, what, most, error=CodecError)


def _seats(value: Any, what: str) -> tuple[int, ...]:
    return tuple(_seat(v, what) for v in _list(value, what, PLAYERS.high))


def _ints(value: Any, what: str) -> tuple[int, ...]:
    return tuple(_int(v, what) for v in _list(value, what, PLAYERS.high))


def _card(value: Any, what: str) -> Card:
    return read_card(value, what, error=CodecError)


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    return tuple(_card(v, what) for v in _list(value, what, len(DECK_SET)))


def _place(value: Any, what: str) -> Place:
    if value == FARM:
        return FARM
    return _seat(value, what)


def _enum_value(enum: type[E], value: Any, what: str) -> E:
    return member(enum, value, what, error=CodecError)


def _str(value: Any, what: str, most: int = 64) -> str:
    return text(value, what, most, error=CodecError)


def encode_tie(tie: Tie | None) -> Json | None:
    """A :class:`~game.rules.ranking.Tie` as ``{"rivals", "beaten", "by", "suit"}`` (None stays None)."""
    if tie is None:
        return None
    return {
        "rivals": list(tie.rivals),
        "beaten": tie.beaten,
        "by": tie.by.value,
        "suit": tie.suit.value if tie.suit is not None else None,
    }


def decode_tie(value: Any) -> Tie | None:
    """The :class:`~game.rules.ranking.Tie` written by :func:`encode_tie`."""
    if value is None:
        return None
    obj = _object(value, "tie")
    suit = obj.get("suit")
    return Tie(
        _seats(obj.get("rivals"), "tie.rivals"),
        _seat(obj.get("beaten"), "tie.beaten"),
        _enum_value(TieBreak, obj.get("by"), "tie.by"),
        None if suit is None else _enum_value(Suit, suit, "tie.suit"),
    )


def _object(value: Any, what: str) -> Json:
    if type(value) is not dict:
        raise CodecError(f"{what} must be a JSON object")
    return value


# ---------------------------------------------------------------- events

# Each event type: its fields in order, each with a writer (engine value -> JSON) and a
# reader (JSON -> engine value, checking it). The event's JSON object is
# ``{"type": <class name>, <field>: <value>, ...}``.
_Writer = Callable[[Any], Any]
_Reader = Callable[[Any, str], Any]


def _same(value: Any) -> Any:
    return value


def _tuple_list(value: Any) -> Any:
    return list(value)


def _card_code(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _enum_code(value: Any) -> Any:
    return value.value


_SEAT: tuple[_Writer, _Reader] = (_same, _seat)
_OPT_SEAT: tuple[_Writer, _Reader] = (_same, _opt_seat)
_INT: tuple[_Writer, _Reader] = (_same, _int)
_BOOL: tuple[_Writer, _Reader] = (_same, _bool)
_TIE: tuple[_Writer, _Reader] = (encode_tie, lambda v, w: decode_tie(v))



_FIELDS: dict[type[Any], tuple[tuple[str, tuple[_Writer, _Reader]], ...]] = {
    DealStarted: (("deal", _INT), ("new_farm", _BOOL), ("farmer", _OPT_SEAT)),
    AuctionOpened: (("opener", _SEAT),),
    BidMade: (("seat", _SEAT), ("amount", _INT)),
    Passed: (("seat", _SEAT),),
    FarmSold: (("seat", _SEAT), ("price", _INT), ("nobody_bid", _BOOL)),
    FarmerChosen: (("seat", _SEAT), ("reason", (_enum_code, lambda v, w: _enum_value(FarmerReason, v, w)))),
    CardDealt: (
        ("seat", _SEAT),
        ("card", (_card_code, lambda v, w: None if v is None else _card(v, w))),
        ("from_bottom", _BOOL),
        ("first", _BOOL),
        ("count", _INT),
    ),
    TurnStarted: (("seat", _SEAT),),
    Stood: (("seat", _SEAT),),
    TurnEnded: (("seat", _SEAT),),
    Busted: (("seat", _SEAT), ("total", _INT)),
    HandShown: (("seat", _SEAT), ("cards", (lambda v: [str(c) for c in v], _cards)), ("total", _INT)),
    ChipsMoved: (
        ("source", (_same, _place)),
        ("target", (_same, _place)),
        ("amount", _INT),
        ("reason", (_enum_code, lambda v, w: _enum_value(Reason, v, w))),
    ),
    FarmWon: (("seat", _SEAT), ("amount", _INT), ("total", _INT), ("tie", _TIE)),
    NearestFound: (("seat", _OPT_SEAT), ("total", _INT), ("tie", _TIE)),
    DealEnded: (("deal", _INT), ("winner", _OPT_SEAT), ("nearest", _OPT_SEAT)),
    GameEnded: (
        ("standings", (_tuple_list, _ints)),
        ("winners", (_tuple_list, _seats)),
        ("reason", (_enum_code, lambda v, w: _enum_value(EndReason, v, w))),
    ),
}

EVENT_TYPES: dict[str, type[Any]] = {cls.__name__: cls for cls in _FIELDS}
"""Every engine event type by the name written in its ``type`` field."""


def encode_event(event: Event) -> Json:
    """``event`` as a JSON object: ``{"type": "CardDealt", "seat": 2, "card": "10H", ...}``."""
    cls = type(event)
    fields = _FIELDS.get(cls)
    if fields is None:
        raise TypeError(f"not an engine event: {event!r}")
    obj: Json = {"type": cls.__name__}
    for name, (write, _read) in fields:
        obj[name] = write(getattr(event, name))
    return obj


def decode_event(value: Any) -> Event:
    """The engine event :func:`encode_event` wrote; :class:`CodecError` for anything else."""
    obj = _object(value, "event")
    name = obj.get("type")
    cls = EVENT_TYPES.get(name) if type(name) is str else None
    if cls is None:
        raise CodecError(f"unknown event type {name!r}")
    args = [read(obj.get(field), f"{name}.{field}") for field, (_write, read) in _FIELDS[cls]]
    event: Event = cls(*args)
    return event


def encode_events(events: list[Event]) -> list[Json]:
    """Several events, in order."""
    return [encode_event(e) for e in events]


def decode_events(value: Any, most: int = 10_000) -> list[Event]:
    """Several events written by :func:`encode_events`."""
    return [decode_event(v) for v in _list(value, "events", most)]


# ---------------------------------------------------------------- views


def encode_view(view: View) -> Json:
    """A :class:`~game.rules.view.View` as a JSON object with one key per field (see PROTOCOL.md);
    a spectator's has ``"seat": null``."""
    return {
        "seat": view.seat,
        "rules": view.rules.key,
        "phase": view.phase.value,
        "names": list(view.names),
        "deal_no": view.deal_no,
        "max_deals": view.max_deals,
        "chips": list(view.chips),
        "farm": view.farm,
        "farmer": view.farmer,
        "to_act": view.to_act,
        "high_bid": view.high_bid,
        "high_bidder": view.high_bidder,
        "calls": [[s, a] for s, a in view.calls],
        "max_bid": view.max_bid,
        "hand": [str(c) for c in view.hand],
        "total": view.total,
        "order": list(view.order),
        "card_counts": list(view.card_counts),
        "deck_size": view.deck_size,
        "must_draw": view.must_draw,
        "served": view.served,
        "shown_hands": (
            None if view.shown_hands is None else [[str(c) for c in h] for h in view.shown_hands]
        ),
    }


def _call(value: Any) -> tuple[int, int | None]:
    pair = _list(value, "view.calls item", 2)
    if len(pair) != 2:
        raise CodecError("view.calls items must be [seat, amount or null]")
    return _seat(pair[0], "view.calls seat"), None if pair[1] is None else _int(pair[1], "view.calls amount")


def decode_view(value: Any) -> View:
    """The real, frozen :class:`~game.rules.view.View` :func:`encode_view` wrote; checks every field.

    ``seat`` null is a spectator's view, which must hold no hand (empty, total and max_bid 0,
    must_draw false)."""
    obj = _object(value, "view")
    rules_key = obj.get("rules")
    if rules_key not in RULE_KEYS:
        raise CodecError(f"view.rules must be one of {', '.join(RULE_KEYS)}, not {rules_key!r}")
    names = tuple(_str(n, "view.names") for n in _list(obj.get("names"), "view.names", PLAYERS.high))
    n = len(names)
    if n not in PLAYERS:
        raise CodecError(f"view.names must name {PLAYERS.low} to {PLAYERS.high} seats")

    def per_seat(key: str) -> tuple[int, ...]:
        values = _ints(obj.get(key), f"view.{key}")
        if len(values) != n:
            raise CodecError(f"view.{key} must give one number per seat")
        return values

    def seat(key: str) -> int:
        return _int(obj.get(key), f"view.{key}", 0, n - 1)

    def opt_seat(key: str) -> int | None:
        return None if obj.get(key) is None else seat(key)

    shown = obj.get("shown_hands")
    shown_hands = None
    if shown is not None:
        shown_hands = tuple(_cards(h, "view.shown_hands") for h in _list(shown, "view.shown_hands", n))
        if len(shown_hands) != n:
            raise CodecError("view.shown_hands must give one hand per seat")
    # A missing seat is a malformed view, not a spectator's: only an explicit null is.
    if "seat" not in obj:
        raise CodecError("view.seat must be a seat, or null for a spectator")
    owner = opt_seat("seat")
    view = View(
        seat=owner,
        rules=RuleSet.from_key(str(rules_key)),
        phase=_enum_value(Phase, obj.get("phase"), "view.phase"),
        names=names,
        deal_no=_int(obj.get("deal_no"), "view.deal_no"),
        max_deals=None if obj.get("max_deals") is None else _int(obj.get("max_deals"), "view.max_deals", 1),
        chips=per_seat("chips"),
        farm=_int(obj.get("farm"), "view.farm"),
        farmer=opt_seat("farmer"),
        to_act=opt_seat("to_act"),
        high_bid=_int(obj.get("high_bid"), "view.high_bid"),
        high_bidder=opt_seat("high_bidder"),
        calls=tuple(_call(c) for c in _list(obj.get("calls"), "view.calls", 4 * PLAYERS.high * 100)),
        max_bid=_int(obj.get("max_bid"), "view.max_bid"),
        hand=_cards(obj.get("hand"), "view.hand"),
        total=_int(obj.get("total"), "view.total"),
        order=_seats(obj.get("order"), "view.order"),
        card_counts=per_seat("card_counts"),
        deck_size=_int(obj.get("deck_size"), "view.deck_size", 0, len(DECK_SET)),
        must_draw=_bool(obj.get("must_draw"), "view.must_draw"),
        served=_int(obj.get("served"), "view.served", 0, n),
        shown_hands=shown_hands,
    )
    if owner is None and (view.hand or view.total or view.max_bid or view.must_draw):
        raise CodecError("a spectator's view holds no hand: hand empty, total and max_bid 0, must_draw false")
    return view


# ---------------------------------------------------------------- chips history

MAX_HISTORY_ROWS = 10_000
"""The most rows a chips history holds on the wire (a longer game sends its start and its last deals)."""

History = tuple[tuple[int, ...], ...]
"""Every seat's chips at a game's start, then after each deal: one row per moment, one number per seat."""


def encode_history(rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """A game's chips history as a list of rows; past :data:`MAX_HISTORY_ROWS`, the first row
    (the game's start) and the latest rows, so that a message never grows without bound."""
    if len(rows) > MAX_HISTORY_ROWS:
        rows = [rows[0], *rows[len(rows) - MAX_HISTORY_ROWS + 1:]]
    return [list(row) for row in rows]


def decode_history(value: Any, view: View) -> History:
    """The chips history :func:`encode_history` wrote, checked against ``view`` (the same update's):
    one to ``view.deal_no + 1`` rows (the start, then at most one per deal played), each one
    whole number of chips per seat."""
    n = view.n_seats
    rows = _list(value, "history", min(MAX_HISTORY_ROWS, view.deal_no + 1))
    if not rows:
        raise CodecError("history must hold at least the game's start")
    history = tuple(_ints(row, "history row") for row in rows)
    if any(len(row) != n for row in history):
        raise CodecError("each history row must give one number per seat")
    return history


# ---------------------------------------------------------------- actions


def encode_action(action: Action) -> Json:
    """An action as ``{"kind": "bid", "amount": 3}`` or ``{"kind": "draw"}`` (pass, stand alike)."""
    if action.kind is Kind.BID:
        return {"kind": "bid", "amount": action.amount}
    return {"kind": action.kind.value}


def decode_action(value: Any) -> Action:
    """The action :func:`encode_action` wrote; a bid's amount must be a whole number of chips."""
    obj = _object(value, "action")
    kind = _enum_value(Kind, obj.get("kind"), "action.kind")
    if kind is Kind.BID:
        return bid(_int(obj.get("amount"), "action.amount", 1))
    if obj.get("amount", 0) not in (0, None):
        raise CodecError(f"only a bid names a number of chips, not {kind.value!r}")
    return {Kind.PASS: PASS, Kind.DRAW: DRAW, Kind.STAND: STAND}[kind]
