"""What a client may send, one frozen dataclass per message, and the one reader that checks it.

:func:`parse_client_message` reads one frame: its size, its JSON, its ``type``, then every
field of that type through :mod:`game.schema`'s readers. A field that is wrong, missing or
unknown is a :class:`~game.net.protocol.ProtocolError` whose message names it. Whether a
message fits the moment is not judged here: the server and the table do that, choosing what
to do by ``match`` on the message's class. PROTOCOL.md, "Client → server", is the wire format.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

from game import schema
from game.formats.readfile import FileReadError, parse_json
from game.net.codec import CodecError, decode_action
from game.net.codes import ErrorCode
from game.net.protocol import (
    MAX_MESSAGE_BYTES,
    MAX_MESSAGE_DEPTH,
    VERSION,
    ProtocolError,
    Settings,
    clean_name,
    parse_settings,
)
from game.rules.actions import Action

MAX_SEAT_NUMBER = 10**7 - 1
"""The largest ``seat`` or ``deal`` number read (the table then says whether it exists)."""
MAX_REF = 2**53 - 1
"""The largest ``ref``: every JSON reader holds it exactly."""
MAX_CODE = 64
"""The longest ``table`` code or ``token`` read (the table then says whether it exists)."""


def _bad(message: str) -> ProtocolError:
    return ProtocolError(ErrorCode.BAD_MESSAGE, message)


def _other_version(message: str) -> ProtocolError:
    return ProtocolError(ErrorCode.VERSION, f"this server speaks protocol version {VERSION}: {message}")


class _Fields:
    """One message's JSON object, read field by field; every error names ``type.field``."""

    def __init__(self, kind: str, obj: dict[str, Any]) -> None:
        self.kind = kind
        self.obj = obj

    def what(self, key: str) -> str:
        return f"{self.kind}.{key}"

    def seat(self, key: str = "seat") -> int | None:
        value = self.obj.get(key)
        return schema.optional(schema.whole, value, self.what(key), 0, MAX_SEAT_NUMBER, error=_bad)

    def ref(self) -> int | None:
        return schema.optional(schema.whole, self.obj.get("ref"), self.what("ref"), 0, MAX_REF, error=_bad)

    def code(self, key: str) -> str:
        return schema.text(self.obj.get(key), self.what(key), MAX_CODE, least=1, error=_bad)

    def name(self) -> str:
        try:
            return clean_name(self.obj.get("name"))
        except ValueError as exc:
            raise _bad(f"{self.what('name')}: {exc}") from None


class _NoFields:
    """A message with no fields of its own: read as it is."""

    __slots__ = ()

    @classmethod
    def read(cls, f: _Fields) -> Self:
        """The message (it has no fields)."""
        return cls()


# ---------------------------------------------------------------- opening messages


@dataclass(frozen=True, slots=True)
class Create:
    """Open a new table with ``settings`` and sit at it as its host (at ``seat``, or the first free)."""

    TYPE: ClassVar[str] = "create"
    OPENING: ClassVar[bool] = True
    name: str
    settings: Settings
    seat: int | None = None

    @classmethod
    def read(cls, f: _Fields) -> Create:
        """The message from its checked fields."""
        name = f.name()
        return cls(name, parse_settings(f.obj.get("settings", {})), f.seat())


@dataclass(frozen=True, slots=True)
class Join:
    """Sit at table ``table`` before its start (at ``seat``, or the first free)."""

    TYPE: ClassVar[str] = "join"
    OPENING: ClassVar[bool] = True
    table: str
    name: str
    seat: int | None = None

    @classmethod
    def read(cls, f: _Fields) -> Join:
        """The message from its checked fields."""
        return cls(f.code("table"), f.name(), f.seat())


@dataclass(frozen=True, slots=True)
class Resume:
    """Take back the seat at ``table`` that ``token`` holds."""

    TYPE: ClassVar[str] = "resume"
    OPENING: ClassVar[bool] = True
    table: str
    token: str

    @classmethod
    def read(cls, f: _Fields) -> Resume:
        """The message from its checked fields."""
        return cls(f.code("table"), f.code("token"))


@dataclass(frozen=True, slots=True)
class Watch:
    """Watch ``table`` (what everyone may see)."""

    TYPE: ClassVar[str] = "watch"
    OPENING: ClassVar[bool] = True
    table: str

    @classmethod
    def read(cls, f: _Fields) -> Watch:
        """The message from its checked fields."""
        return cls(f.code("table"))


@dataclass(frozen=True, slots=True)
class ListTables(_NoFields):
    """Ask for the public tables not over."""

    TYPE: ClassVar[str] = "list"
    OPENING: ClassVar[bool] = True


# ---------------------------------------------------------------- messages of a connection with a place


@dataclass(frozen=True, slots=True)
class Act:
    """Play ``action`` (for ``seat``, if given: it must be the sender's); ``ref`` comes back."""

    TYPE: ClassVar[str] = "act"
    OPENING: ClassVar[bool] = False
    action: Action
    seat: int | None = None
    ref: int | None = None

    @classmethod
    def read(cls, f: _Fields) -> Act:
        """The message from its checked fields."""
        ref, seat = f.ref(), f.seat()
        try:
            action = decode_action(f.obj.get("action"))
        except CodecError as exc:
            raise _bad(f"{f.what('action')}: {exc}") from None
        return cls(action, seat, ref)


@dataclass(frozen=True, slots=True)
class Ready:
    """Ready for deal ``deal`` (None: the next one)."""

    TYPE: ClassVar[str] = "ready"
    OPENING: ClassVar[bool] = False
    deal: int | None = None

    @classmethod
    def read(cls, f: _Fields) -> Ready:
        """The message from its checked fields."""
        return cls(f.seat("deal"))


@dataclass(frozen=True, slots=True)
class Start(_NoFields):
    """The host starts the game."""

    TYPE: ClassVar[str] = "start"
    OPENING: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class End(_NoFields):
    """The host ends the game between deals."""

    TYPE: ClassVar[str] = "end"
    OPENING: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Leave(_NoFields):
    """Give the seat up (or stop watching)."""

    TYPE: ClassVar[str] = "leave"
    OPENING: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Remove:
    """The host frees seat ``seat`` before the start."""

    TYPE: ClassVar[str] = "remove"
    OPENING: ClassVar[bool] = False
    seat: int

    @classmethod
    def read(cls, f: _Fields) -> Remove:
        """The message from its checked fields."""
        seat = f.seat()
        if seat is None:
            raise _bad(f"{f.what('seat')} is the seat to free")
        return cls(seat)


@dataclass(frozen=True, slots=True)
class Ping:
    """Ask for a ``pong`` (carrying ``ref`` back)."""

    TYPE: ClassVar[str] = "ping"
    OPENING: ClassVar[bool] = False
    ref: int | None = None

    @classmethod
    def read(cls, f: _Fields) -> Ping:
        """The message from its checked fields."""
        return cls(f.ref())


Opening = Create | Join | Resume | Watch | ListTables
"""A message that may open a connection (it names the protocol ``version``)."""
AtTable = Act | Ready | Start | End | Leave | Remove | Ping
"""A message of a connection with a place at a table."""
ClientMessage = Opening | AtTable
"""Anything a client may send."""

MESSAGES: dict[str, type[ClientMessage]] = {
    cls.TYPE: cls
    for cls in (Create, Join, Resume, Watch, ListTables, Act, Ready, Start, End, Leave, Remove, Ping)
}
"""Each message's class by its ``type``."""


def wire_fields(cls: type[ClientMessage]) -> frozenset[str]:
    """The fields a message of class ``cls`` may hold on the wire, ``type`` aside."""
    return frozenset(f.name for f in fields(cls)) | ({"version"} if cls.OPENING else set())


_WIRE_FIELDS = {kind: wire_fields(cls) for kind, cls in MESSAGES.items()}


def ref_of(message: ClientMessage) -> int | None:
    """The ``ref`` the answer to ``message`` carries back (only ``act`` and ``ping`` have one)."""
    match message:
        case Act(ref=ref) | Ping(ref=ref):
            return ref
        case _:
            return None


def parse_client_message(data: str | bytes) -> ClientMessage:
    """Check one frame a client sent: its size, JSON, type and every field; :class:`ProtocolError` if wrong.

    It does not judge whether the message fits the moment (the table does that).
    """
    if isinstance(data, bytes):
        raise ProtocolError(ErrorCode.BAD_JSON, "binary frames are not part of the protocol: send JSON text")
    if len(data) > MAX_MESSAGE_BYTES or len(data.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(ErrorCode.TOO_BIG, f"a message may hold at most {MAX_MESSAGE_BYTES} bytes")
    try:
        obj = parse_json(data, MAX_MESSAGE_DEPTH)
    except FileReadError as exc:
        raise ProtocolError(ErrorCode.BAD_JSON, f"not a JSON object of this protocol: {exc}") from None
    if type(obj) is not dict:
        raise ProtocolError(ErrorCode.BAD_JSON, "each message is one JSON object")
    cls = MESSAGES[schema.one_of(obj.get("type"), "type", sorted(MESSAGES), error=_bad)]
    unknown = set(obj) - _WIRE_FIELDS[cls.TYPE] - {"type"}
    if unknown:
        raise _bad(f"{cls.TYPE}: unknown fields {', '.join(sorted(map(str, unknown)))}")
    if cls.OPENING:
        schema.one_of(obj.get("version"), f"{cls.TYPE}.version", [VERSION], error=_other_version)
    return cls.read(_Fields(cls.TYPE, obj))
