"""The Farmer table protocol, version 1: its limits, error codes, settings and messages.

Every message is one WebSocket text frame holding one JSON object with a ``"type"``.
PROTOCOL.md beside this module is the full description; this module is the one place
both ends read the numbers and shapes from. The server reads what clients send with
:func:`game.net.client_messages.parse_client_message`; clients read what the server sends with
:func:`decode_server_message`, which gives the dataclasses below (with real engine
events and views). Nothing here imports asyncio or a socket library.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Any

from game import schema
from game.ai.levels import LEVELS
from game.limits import DEALS, MAX_NAME, PLAYERS, Limit
from game.net.codec import (
    CodecError,
    History,
    Json,
    decode_action,
    decode_event,
    decode_events,
    decode_history,
    decode_view,
    encode_action,
    encode_event,
    encode_events,
    encode_history,
    encode_view,
)
from game.net.codes import ErrorCode
from game.rules.actions import Action
from game.rules.events import Event, GameEnded
from game.rules.phase import Phase
from game.rules.ruleset import RULE_KEYS
from game.rules.view import View

VERSION = 1
"""The protocol version: a client's first message names it and the server refuses any other."""

MAX_MESSAGE_BYTES = 2048
"""The largest message a client may send (UTF-8 bytes); a larger one is refused with ``too_big``."""
MAX_MESSAGE_DEPTH = 8
"""The deepest nesting of a client's message (the deepest one of this protocol nests three)."""
MAX_FRAME_BYTES = 65536
"""Frames larger than this are not even read: the server closes the connection (code 1009)."""
MAX_SERVER_MESSAGE_BYTES = 4 * 1024 * 1024
"""The largest message a client accepts from the server."""
RATE_PER_SECOND = 10.0
"""Messages a client may send per second, on average (a token bucket)."""
RATE_BURST = 20
"""Messages a client may send at once before the rate applies."""
MAX_REFUSED_IN_A_ROW = 200
"""After this many refused messages in a row the server closes the connection (code 1008)."""
HELLO_SECONDS = 10.0
"""A new connection must send its first message within this time."""
LOBBY_LINGER_SECONDS = 10.0
"""A table not started is dropped after this long with nobody connected (long enough for a
dropped host to come back, short enough that tables opened and abandoned do not fill the server)."""
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table codes use these characters (no 0/O, 1/I look-alikes)."""
CODE_LENGTH = 8
"""Characters in a table code: 40 bits, so that guessing one of a hundred tables at the rate limits
(wrong codes a minute per address, :data:`MAX_WRONG_CODES_PER_MINUTE`) takes centuries."""
MAX_WRONG_CODES_PER_MINUTE = 20
"""Opening messages naming a table that does not exist, per address and minute, before ``too_fast``."""
MAX_SPECTATORS = 16
"""Spectators one table admits."""

TURN_SECONDS = Limit(5, 600, "turn seconds")
"""How long a person may think over one move before the AI makes it for them."""
PAUSE_SECONDS = Limit(0, 300, "pause seconds")
"""The pause between deals, cut short when every connected person is ready."""
CHIPS = Limit(10, 10_000, "chips")
"""Chips each player starts with."""
MINUTES = Limit(1, 24 * 60, "minutes")
"""An agreed playing time, in minutes."""
DEFAULT_TURN_SECONDS = 45
DEFAULT_PAUSE_SECONDS = 15


class ProtocolError(ValueError):
    """A message refused: ``code`` says why, the text says it for people."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        """A refusal with ``code`` and a readable ``message``."""
        super().__init__(message)
        self.code = code
        self.message = message


# ---------------------------------------------------------------- table settings


@dataclass(frozen=True, slots=True)
class Settings:
    """What the host chooses for a table (PROTOCOL.md, "create")."""

    rules: str = "foster"
    """A rule key: ``foster``, ``lacombe``, ``ferme``, ``foster+rotating``, ``lacombe+rotating``."""
    seats: int = 5
    """Seats at the table, the farmer's included (3 to 10)."""
    deals: int | None = 10
    """The agreed number of deals (None: no limit)."""
    minutes: int | None = None
    """The agreed time in minutes (None: no limit)."""
    ai: tuple[str, ...] = ("normal",)
    """The AI level of each seat (one level for all, or one per seat): it plays that seat while
    no person holds it, and for a person who is away or out of time."""
    chips: int = 100
    """Chips per player at the start."""
    turn_seconds: int = DEFAULT_TURN_SECONDS
    """How long a person may think over one move before the AI makes it for them."""
    pause_seconds: int = DEFAULT_PAUSE_SECONDS
    """The pause between deals (cut short when every connected person is ready)."""
    names: tuple[str, ...] = ()
    """Names for the seats the AI plays (optional, by seat)."""
    seed: int | None = None
    """The game's seed; only a server started to allow it accepts one (tests, replays)."""
    public: bool = False
    """Whether ``list`` shows the table to anyone who asks (else only its code lets people in)."""
    people: tuple[int, ...] = ()
    """Seats the host keeps for people (a window's "A person"): a joiner who names no seat takes
    the first of them still free before any seat the AI was given. The AI plays them too while
    nobody holds them."""

    def free_name(self, seat: int) -> str:
        """The name of ``seat`` while no person holds it: the host's name for it, else ``AI n``."""
        named = self.names[seat] if seat < len(self.names) else ""
        return named or default_name(seat)

    def level(self, seat: int) -> str:
        """The AI level of ``seat``."""
        return self.ai[seat] if len(self.ai) > 1 else self.ai[0]

    def to_json(self) -> Json:
        """The settings as the ``settings`` object of ``create`` (and of the table's saved file)."""
        return {
            "rules": self.rules, "seats": self.seats, "deals": self.deals, "minutes": self.minutes,
            "ai": list(self.ai), "chips": self.chips, "turn_seconds": self.turn_seconds,
            "pause_seconds": self.pause_seconds, "names": list(self.names), "seed": self.seed,
            "public": self.public, "people": list(self.people),
        }


def default_name(seat: int) -> str:
    """The name the server gives ``seat`` when nobody named it and no person holds it ("AI 3"); a
    window says it in its own language."""
    return f"AI {seat + 1}"


def _bad_settings(message: str) -> ProtocolError:
    return ProtocolError(ErrorCode.BAD_MESSAGE, f"bad settings: {message}")


def _within(value: Any, what: str, limit: Limit) -> int:
    return schema.whole(value, what, limit.low, limit.high, error=_bad_settings)


def _level(value: Any, what: str) -> str:
    return schema.one_of(value, what, tuple(LEVELS), error=_bad_settings)


def _seat(value: Any, what: str, seats: int) -> int:
    """A seat of a table of ``seats`` seats (0 to ``seats`` - 1)."""
    return schema.whole(value, what, 0, seats - 1, error=_bad_settings)


def _seat_name(value: Any, what: str) -> str:
    """A name of a seat the AI plays: a name, or empty (or null) for the seat's own ``AI n``."""
    if value is None or value == "":
        return ""
    try:
        return clean_name(value)
    except ValueError as exc:
        raise _bad_settings(f"{what}: {exc}") from None


def parse_settings(value: Any) -> Settings:
    """Read and check a ``settings`` object; :class:`ProtocolError` (``bad_message``) names what is wrong."""
    value = schema.some_keys(value, "settings", Settings.__slots__, error=_bad_settings)
    base = Settings()
    rules = schema.one_of(value.get("rules", base.rules), "settings.rules", RULE_KEYS, error=_bad_settings)
    seats = _within(value.get("seats", base.seats), "settings.seats", PLAYERS)
    deals = schema.optional(_within, value.get("deals", base.deals), "settings.deals", DEALS)
    minutes = schema.optional(_within, value.get("minutes", base.minutes), "settings.minutes", MINUTES)
    match value.get("ai", list(base.ai)):
        case str() as one:
            ai: tuple[str, ...] = (_level(one, "settings.ai"),)
        case several:
            ai = tuple(schema.list_of(several, "settings.ai", seats, _level, least=1, error=_bad_settings))
            if len(ai) not in (1, seats):
                raise _bad_settings(f"settings.ai must be one level ({', '.join(LEVELS)}) or one per seat")
    chips = _within(value.get("chips", base.chips), "settings.chips", CHIPS)
    turn = _within(value.get("turn_seconds", base.turn_seconds), "settings.turn_seconds", TURN_SECONDS)
    pause = _within(value.get("pause_seconds", base.pause_seconds), "settings.pause_seconds", PAUSE_SECONDS)
    names = tuple(schema.list_of(value.get("names", []), "settings.names", seats, _seat_name,
                                 error=_bad_settings))
    seed = schema.optional(schema.whole, value.get("seed"), "settings.seed", 0, 2**63 - 1,
                           error=_bad_settings)
    public = schema.truth(value.get("public", base.public), "settings.public", error=_bad_settings)
    seat = partial(_seat, seats=seats)
    people = tuple(schema.list_of(value.get("people", []), "settings.people", seats, seat,
                                  error=_bad_settings))
    if len(set(people)) != len(people):
        raise _bad_settings("settings.people names a seat twice")
    return Settings(rules, seats, deals, minutes, ai, chips, turn, pause, names, seed, public, people)


def clean_name(value: Any) -> str:
    """A player's name checked: 1 to :data:`MAX_NAME` printable characters, spaces trimmed."""
    if type(value) is not str:
        raise ValueError("a name must be a text")
    name = " ".join(value.split())
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise ValueError(f"a name must be 1 to {MAX_NAME} printable characters")
    return name


# ---------------------------------------------------------------- client -> server

def act_message(action: Action, ref: int | None = None, seat: int | None = None) -> Json:
    """The ``act`` message for ``action``."""
    msg: Json = {"type": "act", "action": encode_action(action)}
    if ref is not None:
        msg["ref"] = ref
    if seat is not None:
        msg["seat"] = seat
    return msg


def opening_message(kind: str, **fields: Any) -> Json:
    """An opening message (``create``, ``join``, ``resume``, ``watch``, ``list``) with the version."""
    return {"type": kind, "version": VERSION, **{k: v for k, v in fields.items() if v is not None}}


# ---------------------------------------------------------------- server -> client


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the table shows it."""

    seat: int
    name: str
    person: bool
    """Whether a person holds the seat (else the AI plays it)."""
    connected: bool
    """Whether that person is connected now (the AI plays for them while not)."""
    host: bool
    """Whether this seat's person is the table's host."""

    def to_json(self) -> Json:
        """The seat as an item of the ``table`` message's ``seats``."""
        return {"seat": self.seat, "name": self.name, "person": self.person, "connected": self.connected,
                "host": self.host}


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table's settings and seats (message ``table``)."""

    code: str
    settings: Json
    started: bool
    over: bool
    seats: tuple[SeatInfo, ...]
    spectators: int
    fixed_deck: bool = False
    """Whether the table was created with a seed (a server run with ``--allow-seed``): whoever
    knows the seed knows every deck, so every member is told."""
    unsaved: bool = False
    """Whether the server could not save the table's latest state (it keeps trying): people are
    told until a save works, when a ``table`` message says false again."""
    ending: bool = False
    """Whether the host asked to end the game (it ends when the deal being played is settled)."""
    next: str | None = None
    """The code of the table that follows this one at the same place (a kiosk's next table), once
    there is one: a page that has finished its game offers it with one tap."""

    def to_json(self) -> Json:
        """The ``table`` message."""
        table: Json = {
            "code": self.code, "settings": self.settings, "started": self.started, "over": self.over,
            "ending": self.ending, "seats": [seat.to_json() for seat in self.seats],
            "spectators": self.spectators, "fixed_deck": self.fixed_deck, "unsaved": self.unsaved,
        }
        if self.next is not None:
            table["next"] = self.next
        return {"type": "table", "table": table}


@dataclass(frozen=True, slots=True)
class Welcome:
    """This connection's place: a seat (with its token) or a spectator's chair (``seat`` None)."""

    table: str
    seat: int | None
    token: str | None
    host: bool

    def to_json(self) -> Json:
        """The ``welcome`` message."""
        return {"type": "welcome", "table": self.table, "seat": self.seat, "token": self.token,
                "host": self.host}


def _fields_of(value: Any, what: str, bad: Callable[[str], CodecError]) -> Json:
    """``value`` when it is a JSON object (a server's object: fields this client does not know are
    left unread, as PROTOCOL.md promises old clients)."""
    if type(value) is not dict:
        raise bad(f"{what} must be a JSON object")
    return value


class StandIn(Enum):
    """Why the computer played a person's move for them."""

    TIME = "time"
    """Their time for the move ran out (they were connected)."""
    AWAY = "away"
    """Their connection was gone."""


MAX_PLAYED_FOR = 16
"""The most moves played for a seat that one update names (a longer absence names its latest)."""


@dataclass(frozen=True, slots=True)
class PlayedFor:
    """One move the computer played for a person's seat: ``action``, and why (:class:`StandIn`)."""

    seat: int
    action: Action
    why: StandIn

    def to_json(self) -> Json:
        """The move as an item of an update's ``played_for``."""
        return {"seat": self.seat, "action": encode_action(self.action), "why": self.why.value}


@dataclass(frozen=True, slots=True)
class LastDeal:
    """The result of the latest deal settled, for whoever missed it: its number, its farmer, who
    won the farm (and how much it held) and who was nearest 16. The chips it moved are the last two
    rows of the sync's ``history``."""

    deal: int
    farmer: int
    winner: int | None
    nearest: int | None
    farm: int
    """The chips the winner took from the farm (0: nobody won it)."""

    def to_json(self) -> Json:
        """The ``last_deal`` object of a sync update."""
        return {"deal": self.deal, "farmer": self.farmer, "winner": self.winner, "nearest": self.nearest,
                "farm": self.farm}

    @classmethod
    def from_json(cls, value: Any, deal_no: int, seats: int) -> LastDeal:
        """The object :meth:`to_json` wrote, checked against the view it came with (a deal not
        after ``deal_no``, seats below ``seats``); :class:`CodecError` naming ``last_deal``."""
        def bad(message: str) -> CodecError:
            return CodecError(f"last_deal: {message}")
        obj = _fields_of(value, "last_deal", bad)
        def seat(value: Any, what: str) -> int:
            return schema.whole(value, what, 0, seats - 1, error=bad)

        return cls(
            schema.whole(obj.get("deal"), "deal", 1, max(1, deal_no), error=bad),
            seat(obj.get("farmer"), "farmer"),
            schema.optional(seat, obj.get("winner"), "winner"),
            schema.optional(seat, obj.get("nearest"), "nearest"),
            schema.whole(obj.get("farm", 0), "farm", 0, 10**9, error=bad),
        )


@dataclass(frozen=True, slots=True)
class Update:
    """What changed: the events this connection may see, in order, and its view after them.

    ``ref`` echoes the ``ref`` of this connection's ``act`` that caused the update.
    ``sync`` marks a full state (after joining or reconnecting, with no events): redraw from ``view``.
    ``history`` comes with a sync only: every seat's chips at the game's start and after each
    deal played so far (a chart and standings counted from the game's start, not from joining).
    ``played_for``: the moves the computer played for this connection's own seat (its time ran
    out: in the update of that move; it was away: in the sync that welcomes it back).
    ``redealt``, ``last_deal`` and ``ended`` come with a sync only: the deal a restarted server
    deals again (its first dealing was lost), the latest deal settled, the end of a finished game.
    """

    seq: int
    events: tuple[Event, ...]
    view: View
    ref: int | None = None
    sync: bool = False
    history: History | None = None
    played_for: tuple[PlayedFor, ...] = ()
    redealt: int | None = None
    last_deal: LastDeal | None = None
    ended: GameEnded | None = None

    def to_json(self) -> Json:
        """The ``update`` message."""
        msg: Json = {"type": "update", "seq": self.seq, "events": encode_events(list(self.events)),
                     "view": encode_view(self.view)}
        if self.sync:
            msg["sync"] = True
        if self.history is not None:
            msg["history"] = encode_history(self.history)
        if self.ref is not None:
            msg["ref"] = self.ref
        if self.played_for:
            msg["played_for"] = [p.to_json() for p in self.played_for[-MAX_PLAYED_FOR:]]
        if self.redealt is not None:
            msg["redealt"] = self.redealt
        if self.last_deal is not None:
            msg["last_deal"] = self.last_deal.to_json()
        if self.ended is not None:
            msg["ended"] = encode_event(self.ended)
        return msg


@dataclass(frozen=True, slots=True)
class Pause:
    """Between deals: deal ``deal`` starts in ``seconds`` or when every seat in ``waiting`` is ready."""

    deal: int
    seconds: float
    waiting: tuple[int, ...]

    def to_json(self) -> Json:
        """The ``pause`` message."""
        return {"type": "pause", "deal": self.deal, "seconds": self.seconds, "waiting": list(self.waiting)}


@dataclass(frozen=True, slots=True)
class Turn:
    """A person (``seat``) is to act; after ``seconds`` the AI moves for them."""

    seat: int
    seconds: float

    def to_json(self) -> Json:
        """The ``turn`` message."""
        return {"type": "turn", "seat": self.seat, "seconds": self.seconds}


@dataclass(frozen=True, slots=True)
class Error:
    """A message refused (``code``: an :class:`ErrorCode` value), and why, for people."""

    code: str
    message: str
    ref: int | None = None

    @classmethod
    def refusal(cls, error: ProtocolError, ref: int | None = None) -> Error:
        """The ``error`` message for a refusal (``ref``: the refused message's)."""
        return cls(error.code.value, error.message, ref)

    def to_json(self) -> Json:
        """The ``error`` message."""
        msg: Json = {"type": "error", "code": self.code, "message": self.message}
        if self.ref is not None:
            msg["ref"] = self.ref
        return msg


@dataclass(frozen=True, slots=True)
class Pong:
    """The answer to ``ping``."""

    ref: int | None

    def to_json(self) -> Json:
        """The ``pong`` message."""
        return {"type": "pong"} if self.ref is None else {"type": "pong", "ref": self.ref}


@dataclass(frozen=True, slots=True)
class TableList:
    """The tables not over (answer to ``list``): each ``{code, rules, seats, free, started, over}``."""

    tables: tuple[Json, ...]

    def to_json(self) -> Json:
        """The ``tables`` message."""
        return {"type": "tables", "tables": list(self.tables)}


@dataclass(frozen=True, slots=True)
class TableSummary:
    """One table in a ``tables`` list."""

    code: str
    rules: str
    seats: int
    free: int
    """Seats no person holds."""
    started: bool
    over: bool

    def to_json(self) -> Json:
        """The table as an item of the ``tables`` message."""
        return {"code": self.code, "rules": self.rules, "seats": self.seats, "free": self.free,
                "started": self.started, "over": self.over}


@dataclass(frozen=True, slots=True)
class Closed:
    """The connection closed (made by the client library, never sent): ``reason``, and whether it retries."""

    reason: str
    retrying: bool
    code: int | None = None
    """The server's close code (None: no close frame came, or the client closed)."""


Sent = Welcome | TableInfo | Update | Pause | Turn | Error | Pong | TableList
"""Anything a server sends (each has ``to_json``)."""
ServerMessage = Sent | Closed
"""Anything a client reads."""


def _seat_info(obj: Any) -> SeatInfo:
    if type(obj) is not dict:
        raise CodecError("table.seats items must be objects")
    return SeatInfo(
        int(obj["seat"]), str(obj["name"]), bool(obj["person"]), bool(obj["connected"]), bool(obj["host"])
    )


def _played_for(value: Any, view: View) -> tuple[PlayedFor, ...]:
    """An update's ``played_for``: at most :data:`MAX_PLAYED_FOR` moves, each of the receiver's own seat."""
    def bad(message: str) -> CodecError:
        return CodecError(f"played_for: {message}")
    items = schema.list_of(value, "played_for", MAX_PLAYED_FOR, error=bad)
    out: list[PlayedFor] = []
    for item in items:
        obj = _fields_of(item, "played_for item", bad)
        seat = schema.whole(obj.get("seat"), "seat", 0, 99, error=bad)
        if seat != view.seat:
            raise bad("names a seat that is not the receiver's")
        try:
            action = decode_action(obj.get("action"))
        except CodecError as exc:
            raise bad(f"action: {exc}") from None
        why = schema.member(StandIn, obj.get("why"), "why", error=bad)
        out.append(PlayedFor(seat, action, why))
    return tuple(out)


def _update(obj: Json) -> Update:
    events = tuple(decode_events(obj.get("events", [])))
    view = decode_view(obj["view"])
    sync = bool(obj.get("sync", False))
    whole_state = sync and not events
    history = None
    if obj.get("history") is not None:
        # A whole state's companion: an update of events carries none.
        if not whole_state:
            raise CodecError("history comes only with a sync update (no events)")
        history = decode_history(obj["history"], view)
    for key in ("redealt", "last_deal", "ended"):
        if obj.get(key) is not None and not whole_state:
            raise CodecError(f"{key} comes only with a sync update (no events)")
    played = () if obj.get("played_for") is None else _played_for(obj["played_for"], view)
    redealt = schema.optional(schema.whole, obj.get("redealt"), "redealt", 1, view.deal_no + 1,
                              error=CodecError)
    last = obj.get("last_deal")
    last_deal = None if last is None else LastDeal.from_json(last, view.deal_no, view.n_seats)
    ended: GameEnded | None = None
    if obj.get("ended") is not None:
        try:
            event = decode_event(obj["ended"])
        except CodecError as exc:
            raise CodecError(f"ended: {exc}") from None
        if not isinstance(event, GameEnded) or view.phase is not Phase.OVER:
            raise CodecError("ended must be the GameEnded of a game over")
        ended = event
    return Update(int(obj["seq"]), events, view, obj.get("ref"), sync, history, played, redealt, last_deal,
                  ended)


def _echoed(obj: Json, kind: str) -> int | None:
    """The ``ref`` a server message carries back (any whole number, or none)."""
    return schema.optional(schema.whole, obj.get("ref"), f"{kind}.ref", -(2**63), 2**63 - 1, error=ValueError)


def decode_server_message(data: str | bytes) -> ServerMessage:
    """A server's message as a dataclass; :class:`CodecError` when it is not one."""
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError, MemoryError):
        raise CodecError("the server sent something that is not JSON this game can read") from None
    if type(obj) is not dict:
        raise CodecError("the server sent something that is not a JSON object")
    kind = obj.get("type")
    try:
        match kind:
            case "update":
                return _update(obj)
            case "turn":
                return Turn(int(obj["seat"]), float(obj["seconds"]))
            case "pause":
                return Pause(int(obj["deal"]), float(obj["seconds"]), tuple(int(s) for s in obj["waiting"]))
            case "welcome":
                table = schema.text(obj["table"], "welcome.table", 64, least=1, error=ValueError)
                seat = schema.optional(schema.whole, obj.get("seat"), "welcome.seat", 0, 99, error=ValueError)
                token = schema.optional(schema.text, obj.get("token"), "welcome.token", 64, least=1,
                                        error=ValueError)
                return Welcome(table, seat, token, obj.get("host") is True)
            case "table":
                t = obj["table"]
                return TableInfo(
                    str(t["code"]), dict(t["settings"]), bool(t["started"]), bool(t["over"]),
                    tuple(_seat_info(s) for s in t["seats"]), int(t["spectators"]),
                    bool(t.get("fixed_deck", False)), t.get("unsaved") is True, t.get("ending") is True,
                    schema.optional(schema.text, t.get("next"), "table.next", 64, least=1, error=ValueError),
                )
            case "error":
                return Error(str(obj["code"])[:40], str(obj["message"])[:500], _echoed(obj, "error"))
            case "pong":
                return Pong(_echoed(obj, "pong"))
            case "tables":
                return TableList(tuple(dict(t) for t in obj["tables"]))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError, MemoryError) as exc:
        raise CodecError(f"bad {repr(kind)[:40]} message from the server: {str(exc)[:200]}") from None
    raise CodecError(f"unknown message type {repr(kind)[:40]} from the server")
