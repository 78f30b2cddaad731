"""Who may come in, and how much of the server they may take: every limit and timeout in one place.

:class:`ServerConfig` is the one table of them: global limits (tables, connections, connections
still in their opening handshake), limits per address (connections, tables, new connections a
second, page files a second, connections without a place, wrong table codes), limits per
connection (messages a second, messages waiting) and of a request's head (bytes, lines, line
length), and every timeout, so that tests can shorten them. :class:`Admission` keeps the counts
those limits are checked against; :class:`RequestHead` measures an HTTP request's head as it
arrives, before anything of it is kept. Nothing here touches a socket: the server and its
HTTP side (:mod:`game.net.web`) ask, and act on the answers.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from game.net.codes import CloseCode
from game.net.protocol import (
    HELLO_SECONDS,
    LOBBY_LINGER_SECONDS,
    MAX_REFUSED_IN_A_ROW,
    MAX_WRONG_CODES_PER_MINUTE,
    RATE_BURST,
    RATE_PER_SECOND,
)

DEFAULT_PORT = 8765
"""The port a server listens on unless told otherwise."""
FD_RESERVE = 64
"""File descriptors kept for everything but connections (saves, logs, the listening sockets)."""
FORGET_AFTER = 10_000
"""Addresses remembered by one bucket before the quiet ones are forgotten."""


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """How a server runs: where, and every limit and timeout it holds everyone to."""

    host: str = "127.0.0.1"
    """The address to listen on (``0.0.0.0`` for every interface)."""
    port: int = DEFAULT_PORT
    """The port (0: any free port; :attr:`Server.port` tells which)."""
    data_dir: Path | None = None
    """The folder for the tables' saved files (None: tables are not saved)."""
    max_tables: int = 200
    """The most tables held at once."""
    max_clients: int = 2000
    """The most connections held at once."""
    allow_seed: bool = False
    """Accept a ``seed`` in a table's settings (tests and replays: a seed tells the deck)."""
    rate_per_second: float = RATE_PER_SECOND
    """Messages one connection may send per second, on average."""
    rate_burst: int = RATE_BURST
    """Messages one connection may send at once before the rate applies."""
    max_per_address: int = 256
    """The most connections from one address at once."""
    tables_per_address: int = 10
    """The most tables not over that connections from one address may have opened."""
    connect_rate: float = 20.0
    """New connections one address may open per second, on average (more are dropped unread)."""
    connect_burst: int = 120
    """New connections one address may open at once before :attr:`connect_rate` applies."""
    web_dir: Path | None = None
    """The page for phones' folder, served over HTTP on the same port (None: ``web/`` of the
    installed assets; see :mod:`game.net.web`)."""
    allow_origins: tuple[str, ...] = ()
    """Origins (``https://example.org``) whose pages may open the game's WebSocket besides this
    server's own; a handshake with no ``Origin`` (a window, a tool) is always allowed."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks (``127.0.0.1``, ``10.0.0.0/8``) of proxies in front of this server:
    from them alone, a connection's PROXY protocol line or ``X-Forwarded-For`` header says the
    client's address, which every limit per address counts (:mod:`game.net.proxied`)."""
    # ---- the page for phones behind one address
    page_rate: float = 20.0
    """Requests for the page's own files one address may make per second on a credit of their own
    (a café's phones behind one router loading the page at once): a request the page's files
    answer is charged here instead of to :attr:`connect_rate`, and once that is spent a new
    connection is still let in here, to be answered only if it asks for one of the page's files..."""
    page_burst: int = 240
    """...and at once: twenty phones' pages of a dozen files."""
    # ---- a request's head, measured as it arrives
    max_handshakes: int = 256
    """The most connections still sending their request's head, in all; a newer one closes the oldest."""
    max_request_bytes: int = 16 * 1024
    """The largest request head (request line and headers); a larger one is answered 431 and closed."""
    max_header_lines: int = 64
    """The most lines in a request head (the request line and the headers)."""
    max_line_bytes: int = 8192
    """The longest line in a request head."""
    # ---- connections with no place at a table
    max_placeless_per_address: int = 16
    """Connections without a place from one address: a newer one closes the oldest..."""
    placeless_yield_seconds: float = 2.0
    """...if that one has been there this long (else the newer one is dropped before its handshake)."""
    placeless_seconds: float = 5.0
    """A connection with no place at a table (none created, joined, resumed or watched) is closed
    this long after its last opening message..."""
    placeless_most_seconds: float = 30.0
    """...and this long after it opened, whatever it sends."""
    hello_seconds: float = HELLO_SECONDS
    """A new connection's first message must come within this time."""
    open_seconds: float = HELLO_SECONDS / 2
    """A connection's opening handshake (its HTTP request, the answer) must end within this time."""
    ping_seconds: float = 20.0
    """How often an open connection is pinged, and how long its answer may take before it is closed."""
    close_seconds: float = 2.0
    """How long a closing connection is waited for (its last messages, its closing handshake)."""
    refused_hold_seconds: float = 1.0
    """How long a connection refused for its address's limits is held, unread, before it is dropped."""
    # ---- what each connection may send
    outbox_limit: int = 1000
    """Messages waiting for one slow connection before the server gives up on it."""
    refused_before_slowing: int = 10
    """Refused messages in a row a connection may send before the server reads it more slowly."""
    max_refused_in_a_row: int = MAX_REFUSED_IN_A_ROW
    """Refused messages in a row before the connection is closed (1008)."""
    wrong_codes_per_minute: int = MAX_WRONG_CODES_PER_MINUTE
    """Opening messages naming no table, per address and minute, before ``too_fast``."""
    # ---- tables
    lobby_linger_seconds: float = LOBBY_LINGER_SECONDS
    """A table not started is dropped this long after everyone left it."""
    lobby_idle_seconds: float | None = 900.0
    """A table not started is closed this long after its last change of seats (created, joined,
    left), even with its host connected (None: never)..."""
    lobby_yield_seconds: float = 60.0
    """...and when the server holds :attr:`max_tables`, the longest idle of those idle at least
    this long gives way to a new one."""
    save_retry_seconds: float = 5.0
    """How soon a table whose save failed is saved again."""
    # ---- several servers sharing their tables (game.net.pgstore)
    store_url: str | None = None
    """A PostgreSQL database (``postgresql://…``) shared with other servers, instead of
    :attr:`data_dir`: each table is run by one of them under a lease, taken over when it dies."""
    lease_seconds: float = 10.0
    """How long a server's hold on a table lasts unless renewed (renewed three times as often):
    a dead server's tables are taken by others this long after its last renewal at most."""
    handoff_seconds: float = 30.0
    """How long a connection for a table another live server runs waits for it to be handed
    over (at once before the start and between deals, else at the deal's end); then it is
    closed with 1013 and tries again."""


class Bucket:
    """Token buckets, one per key (an address): ``burst`` at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: int) -> None:
        """Empty buckets are full: a key never seen has ``burst`` tokens."""
        self.rate = rate
        self.burst = float(burst)
        self._held: dict[Hashable, tuple[float, float]] = {}

    def take(self, key: Hashable, now: float) -> bool:
        """Take one token of ``key``'s bucket; False (and nothing taken) when it has none."""
        tokens, stamp = self._held.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if len(self._held) > FORGET_AFTER:  # forget the keys whose buckets are full again
            self._held = {k: (t, w) for k, (t, w) in self._held.items()
                          if t + (now - w) * self.rate < self.burst}
        if tokens < 1.0:
            self._held[key] = (tokens, now)
            return False
        self._held[key] = (tokens - 1.0, now)
        return True


    def give_back(self, key: Hashable, now: float) -> None:
        """Return one token to ``key``'s bucket (what it was charged turned out to cost less)."""
        tokens, stamp = self._held.get(key, (self.burst, now))
        self._held[key] = (min(self.burst, tokens + (now - stamp) * self.rate + 1.0), now)


class HeadVerdict(enum.Enum):
    """What a request head's bytes so far amount to."""

    MORE = "more"
    """Within the limits, not complete yet."""
    COMPLETE = "complete"
    """Complete (its empty line came) within the limits: nothing more is measured."""
    TOO_LARGE = "too large"
    """Over a limit: answer 431 and close, keep nothing more."""
    URI_TOO_LONG = "uri too long"
    """The request line (its first) is too long: answer 414 and close, keep nothing more."""


class RequestHead:
    """One connection's request head measured as it arrives: bytes, lines, the longest line.

    Only counts are kept (and the last three bytes, to find the empty line that ends the head
    across two reads), so a head over the limits costs nothing before it is refused.
    """

    def __init__(self, config: ServerConfig) -> None:
        """Measure against ``config``'s :attr:`~ServerConfig.max_request_bytes`, lines and line length."""
        self.config = config
        self.size = 0
        self.lines = 0
        self.line = 0
        """Bytes of the line not ended yet."""
        self._tail = b""

    def feed(self, data: bytes) -> HeadVerdict:
        """Measure the next bytes read."""
        window = self._tail + data
        end = window.find(b"\r\n\r\n")
        part = data if end < 0 else data[: max(0, end + 4 - len(self._tail))]
        self.size += len(part)
        pieces = part.split(b"\n")
        self.lines += len(pieces) - 1
        first = self.line + len(pieces[0])
        longest = max([first, *(len(p) for p in pieces[1:])])
        first_line = self.lines == len(pieces) - 1  # the request line is the one still open
        self.line = len(pieces[-1]) if len(pieces) > 1 else first
        config = self.config
        if first_line and first > config.max_line_bytes:
            return HeadVerdict.URI_TOO_LONG
        if (self.size > config.max_request_bytes or self.lines > config.max_header_lines
                or longest > config.max_line_bytes):
            return HeadVerdict.TOO_LARGE
        if end >= 0:
            return HeadVerdict.COMPLETE
        self._tail = window[-3:]
        return HeadVerdict.MORE


class Handshaking(Protocol):
    """A connection still in its opening handshake, as the cap on them sees it."""

    def give_up(self) -> None:
        """Close it now (its request head has not come in time for the others)."""
        ...


class Placeful(Protocol):
    """A connection after its handshake, as the caps per address see it."""

    address: str
    opened: float

    @property
    def placeless(self) -> bool:
        """Whether it has no place at a table yet (and is not closing)."""
        ...

    def close(self, reason: str, code: int = CloseCode.NORMAL) -> None:
        """Close it with ``code`` after what it was already sent."""
        ...


C = TypeVar("C", bound=Placeful)


class Admission(Generic[C]):
    """The counts the limits of a :class:`ServerConfig` are checked against.

    Connections are counted from their accept: new ones per address (a token bucket), those
    still in their opening handshake (globally capped, the oldest closed first), those past it
    per address and in all; the page's files per address; wrong table codes per address.
    """

    def __init__(self, config: ServerConfig, max_clients: int) -> None:
        """Limits from ``config``; ``max_clients``: the connections the file limit allows."""
        self.config = config
        self.max_clients = max_clients
        self.arrivals = Bucket(config.connect_rate, config.connect_burst)
        """New connections per address."""
        self.pages = Bucket(config.page_rate, config.page_burst)
        """Requests for the page's files per address, once :attr:`arrivals` is spent."""
        self.handshaking: dict[Handshaking, float] = {}
        """Connections still in their handshake, oldest first."""
        self.by_address: dict[str, set[C]] = {}
        self.connections: set[C] = set()
        self._wrong_codes: dict[str, list[float]] = {}

    # ------------------------------------------------------------------ before the handshake

    def arrival(self, address: str, now: float) -> bool:
        """Count a new connection from ``address``; False when it opens them faster than allowed."""
        return self.arrivals.take(address, now)

    def page_file(self, address: str, now: float) -> bool:
        """Count a request for one of the page's files on :attr:`pages`' credit; False when spent."""
        return self.pages.take(address, now)

    def page_file_served(self, address: str, now: float) -> None:
        """A connection counted as new from ``address`` asked for one of the page's files: it is
        charged to the page's credit instead, if there is any, so that the page's dozen files
        leave the address's new connections to the game's WebSockets."""
        if self.pages.take(address, now):
            self.arrivals.give_back(address, now)

    def handshake_started(self, conn: Handshaking, now: float) -> None:
        """``conn`` waits for its request head; past the cap, the oldest waiting is closed."""
        while len(self.handshaking) >= self.config.max_handshakes:
            oldest = next(iter(self.handshaking))
            del self.handshaking[oldest]
            oldest.give_up()
        self.handshaking[conn] = now

    def handshake_ended(self, conn: Handshaking) -> None:
        """``conn``'s request head is complete (or it is gone)."""
        self.handshaking.pop(conn, None)

    def placeless_full(self, address: str, now: float) -> bool:
        """Whether ``address`` holds as many connections with no place as it may, all of them new.

        A newcomer then waits (a client tries again): turning connections over faster than
        :attr:`ServerConfig.placeless_yield_seconds` would only let a stranger make this host read more.
        """
        young = [c for c in self.by_address.get(address, ()) if c.placeless]
        return len(young) >= self.config.max_placeless_per_address and all(
            now - c.opened < self.config.placeless_yield_seconds for c in young
        )

    # ------------------------------------------------------------------ after it

    def admit(self, conn: C) -> str | None:
        """Make room for ``conn`` and count it, or say why there is none (caps per address and in all)."""
        mine = self.by_address.get(conn.address, set())
        if len(mine) >= self.config.max_per_address:
            return "too many connections from your address: try again later"
        placeless = [c for c in mine if c.placeless]
        if len(placeless) >= self.config.max_placeless_per_address:
            # The oldest has waited longest for nothing (at least placeless_yield_seconds, or the
            # newcomer would have been dropped at once): it goes, not the newcomer.
            oldest = min(placeless, key=lambda c: c.opened)
            oldest.close("too many connections from your address", CloseCode.TRY_LATER)
        if len(self.connections) >= self.max_clients:
            idle = [c for c in self.connections if c.placeless]
            if not idle:
                return "the server holds as many connections as it may: try again later"
            min(idle, key=lambda c: c.opened).close("the server is full", CloseCode.TRY_LATER)
        self.connections.add(conn)
        self.by_address.setdefault(conn.address, set()).add(conn)
        return None

    def gone(self, conn: C) -> None:
        """``conn`` (admitted) has ended."""
        self.connections.discard(conn)
        mine = self.by_address.get(conn.address)
        if mine is not None:
            mine.discard(conn)
            if not mine:
                del self.by_address[conn.address]

    def wrong_codes(self, address: str, now: float) -> int:
        """Table codes ``address`` named in the last minute that named no table."""
        recent = [t for t in self._wrong_codes.get(address, []) if t > now - 60.0]
        if recent:
            self._wrong_codes[address] = recent
        else:
            self._wrong_codes.pop(address, None)
        return len(recent)

    def wrong_code(self, address: str, now: float) -> None:
        """``address`` named a table that does not exist."""
        self._wrong_codes.setdefault(address, []).append(now)
        if len(self._wrong_codes) > FORGET_AFTER:  # forget the quiet addresses
            recent = now - 60.0
            self._wrong_codes = {a: ts for a, ts in self._wrong_codes.items() if ts and ts[-1] > recent}


def give_way(idle_since: Iterable[tuple[str, float]], now: float, config: ServerConfig) -> str | None:
    """Of the tables not started (``(code, last change of seats)``), the one to close so that a
    new table may open on a full server: the longest idle, if idle at least
    :attr:`ServerConfig.lobby_yield_seconds`; None if none is."""
    waiting = [(since, code) for code, since in idle_since if now - since >= config.lobby_yield_seconds]
    return min(waiting)[1] if waiting else None
