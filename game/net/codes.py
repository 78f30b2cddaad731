"""The protocol's error codes and close codes: the one source both ends and the page read.

The page (assets/web/net.js, ``ERROR`` and ``CLOSE``) holds a copy of each, written out by
hand so that it needs no build step; tests/test_net_codes.py holds that copy equal to these.
"""

from __future__ import annotations

from enum import Enum, IntEnum


class ErrorCode(Enum):
    """Why the server refused a message; the value is the ``code`` of an ``error`` message."""

    BAD_JSON = "bad_json"
    """Not a JSON object (or a binary frame)."""
    BAD_MESSAGE = "bad_message"
    """A JSON object that is not a message of this protocol, or a field is wrong."""
    TOO_BIG = "too_big"
    """Longer than the protocol's ``MAX_MESSAGE_BYTES``."""
    TOO_FAST = "too_fast"
    """Over the rate limit; send it again later."""
    VERSION = "version"
    """The client speaks another protocol version."""
    NOT_NOW = "not_now"
    """The message does not fit this moment (for example ``act`` before joining, ``ready`` mid-deal)."""
    NO_TABLE = "no_table"
    """No table has that code."""
    TABLE_FULL = "table_full"
    """No seat is free (or no more spectators)."""
    STARTED = "started"
    """The game has started: people can no longer join (they may watch)."""
    BAD_TOKEN = "bad_token"
    """The token does not hold a seat at that table."""
    NOT_HOST = "not_host"
    """Only the table's host may do that."""
    NOT_YOUR_SEAT = "not_your_seat"
    """An action for a seat this connection does not hold."""
    NOT_YOUR_TURN = "not_your_turn"
    """It is another seat's turn (or nobody's)."""
    ILLEGAL = "illegal"
    """The engine refused the action; the message names the rule."""
    SPECTATOR = "spectator"
    """Spectators cannot act."""
    SERVER_FULL = "server_full"
    """The server holds as many tables or connections as it may (or as one address may hold)."""
    SERVER = "server"
    """The server failed on the message (its own fault, logged there); nothing changed."""


class CloseCode(IntEnum):
    """Why a connection was closed: the WebSocket close frame's code."""

    NORMAL = 1000
    """Closed with nothing wrong (the client's own close, a finished table)."""
    GOING_AWAY = 1001
    """The server is stopping (reconnect later)."""
    UNREADABLE = 1002
    """A frame could not be read (the page closes with it)."""
    POLICY = 1008
    """Too many messages refused in a row, or no opening message in time."""
    TOO_BIG = 1009
    """A frame larger than the protocol's ``MAX_FRAME_BYTES``."""
    TRY_LATER = 1013
    """The server, or this address's share of it, is full."""
    REPLACED = 4001
    """Another connection took this seat with its token (do not reconnect)."""
    LEFT = 4002
    """The person left the table (do not reconnect)."""
    REMOVED = 4003
    """The host removed this person's seat before the start (do not reconnect)."""
    EXPIRED = 4004
    """The table was closed before its start, having waited too long with no change of seats,
    or gave way to a new table on a full server (do not reconnect)."""
    MOVED = 4005
    """The table went on to another server (handed over, or this one lost its lease): reconnect at
    once to the table's address, with the token; the proxy sends the connection where it runs now."""
