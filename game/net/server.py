"""The Farmer table server: many tables on one asyncio loop, over WebSockets (``websockets``).

Run it headless as ``farmer-server`` (:func:`main`), or inside the game's own process with
:class:`ServerThread` (``farmer --host``). It owns the sockets: it checks each frame's
size and rate, reads it with :func:`game.net.protocol.parse_client_message`, hands it to
the :class:`~game.net.table.Table` it belongs to, and refuses anything wrong with an
``error`` message to that connection alone. Each table is saved as a JSON file in the
data folder between deals, and a restarted server resumes every saved table. On the same
port it answers plain HTTP with the page for phones (:mod:`game.net.web`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import platformdirs
from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.limits import SAVED_TABLE_FILE
from game.net import lan
from game.net.protocol import (
    CLOSE_LEFT,
    CLOSE_POLICY,
    CODE_ALPHABET,
    CODE_LENGTH,
    HELLO_SECONDS,
    MAX_FRAME_BYTES,
    MAX_REFUSED_IN_A_ROW,
    MAX_WRONG_CODES_PER_MINUTE,
    OPENING_TYPES,
    RATE_BURST,
    RATE_PER_SECOND,
    ClientMessage,
    ErrorCode,
    ProtocolError,
    error_message,
    parse_client_message,
    parse_settings,
)
from game.net.table import Table
from game.net.web import Site
from game.readfile import load_json
from game.savegame import SaveError

log = logging.getLogger("farmer.server")

DEFAULT_PORT = 8765
"""The port a server listens on unless told otherwise."""
OUTBOX_LIMIT = 1000
"""Messages waiting for one slow connection before the server gives up on it."""
PLACELESS_SECONDS = 5.0
"""A connection with no place at a table (none created, joined, resumed or watched) is closed
this long after its last opening message..."""
PLACELESS_MOST_SECONDS = 30.0
"""...and this long after it opened, whatever it sends."""
MAX_PLACELESS_PER_ADDRESS = 16
"""Connections without a place from one address: a newer one closes the oldest..."""
PLACELESS_YIELD_SECONDS = 2.0
"""...if that one has been there this long (else the newer one is dropped before its handshake)."""
FD_RESERVE = 64
"""File descriptors kept for everything but connections (saves, logs, the listening sockets)."""
RECEIVE_BUFFER_BYTES = 2 * MAX_FRAME_BYTES
"""The kernel's receive buffer for each connection (two of the largest frames read)."""
REFUSED_BEFORE_SLOWING = 10
"""Refused messages in a row a connection may send before the server reads it more slowly."""
REFUSED_HOLD_SECONDS = 1.0
"""How long a connection refused for its address's limits is held, unread, before it is dropped."""
SAVE_RETRY_SECONDS = 5.0
"""How soon a table whose save failed is saved again."""
MAX_SAVED_TABLE_BYTES = SAVED_TABLE_FILE.max_bytes
"""The largest saved-table file read back."""
MAX_SAVED_TABLE_DEPTH = 32
"""The deepest nesting a saved-table file may hold."""


class _OnceAMinute(logging.Filter):
    """Lets asyncio's "out of system resource" line through once a minute, without its traceback.

    asyncio logs each refused ``accept()`` when the process is out of file descriptors; under a
    flood of connections that is thousands of tracebacks a second. The server refuses
    connections well before the limit (:meth:`Server.start`), so this only guards the rest.
    """

    def __init__(self) -> None:
        super().__init__()
        self.last = -1e9

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a repeat within a minute; the first of a minute loses its traceback."""
        if "out of system resource" not in str(record.msg):
            return True
        now = time.monotonic()
        if now - self.last < 60.0:
            return False
        self.last = now
        record.exc_info = None
        record.exc_text = None
        return True


_ACCEPT_FILTER = _OnceAMinute()


def default_data_dir() -> Path:
    """Where a server keeps its tables: ``$FARMER_HOME/data/server`` or the user's data folder."""
    home = os.environ.get("FARMER_HOME")
    return (Path(home) / "data" if home else Path(platformdirs.user_data_dir("farmer"))) / "server"


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """How a server runs."""

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
    """New connections one address may open at once before :attr:`connect_rate` applies. The page
    for phones is about a dozen requests, each a connection: ten phones behind one address
    (a family's router, to a public server) load it at once."""
    web_dir: Path | None = None
    """The page for phones' folder, served over HTTP on the same port (None: ``web/`` of the
    installed assets; see :mod:`game.net.web`)."""


class Store:
    """The tables' saved files: ``<code>.json`` in one folder, written whole or not at all."""

    def __init__(self, folder: Path) -> None:
        """Keep files in ``folder`` (made if missing); temporary files a crash left are removed."""
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()

    def save(self, table: Table) -> str | None:
        """Write ``table``'s file (a finished table's file is removed); None, or why it failed."""
        path = self.folder / f"{table.code}.json"
        if table.over:
            self.delete(table.code)
            return None
        tmp = path.with_suffix(".tmp")
        try:
            tmp.write_text(json.dumps(table.to_json(), separators=(",", ":")), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            return exc.strerror or str(exc)
        return None

    def delete(self, code: str) -> None:
        """Remove a table's file."""
        with contextlib.suppress(FileNotFoundError):
            (self.folder / f"{code}.json").unlink()

    def load_all(self, now: float, save: Callable[[Table], None] | None = None) -> list[Table]:
        """Every saved table; a bad file is set aside as ``<code>.bad`` with one log line.

        Only regular files are read (not followed into a device or a FIFO), at most
        :data:`MAX_SAVED_TABLE_BYTES`, nested at most :data:`MAX_SAVED_TABLE_DEPTH` deep, every
        field checked by :meth:`Table.from_json`: one bad file never stops the others.
        """
        tables = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                doc = load_json(path, MAX_SAVED_TABLE_BYTES, MAX_SAVED_TABLE_DEPTH)
                table = Table.from_json(doc, now, save)
                if table.code != path.stem or table.over:
                    raise SaveError("its code is not its file's name, or its game is over")
            except (OSError, ValueError) as exc:
                log.error("cannot resume %s (set aside as %s.bad): %s", path.name, path.stem, str(exc)[:300])
                with contextlib.suppress(OSError):
                    os.replace(path, path.with_suffix(".bad"))
                continue
            tables.append(table)
        return tables


class Connection:
    """One client's connection: its outgoing queue, its rate limit, its place (a table and seat)."""

    def __init__(self, ws: ServerConnection, loop: asyncio.AbstractEventLoop,
                 rate: float = RATE_PER_SECOND, burst: int = RATE_BURST) -> None:
        """Wrap ``ws`` (written in order by :meth:`writer`); ``rate`` and ``burst`` limit reading."""
        self.ws = ws
        self.loop = loop
        self.rate = rate
        self.burst = float(burst)
        self.table: Table | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.tokens = self.burst
        self.stamp = loop.time()
        self.refused = 0
        self.closing: str | None = None
        self.close_code = 1000
        self.opened = loop.time()
        remote = ws.remote_address
        self.address = str(remote[0]) if isinstance(remote, tuple) and remote else "?"
        """The peer's address, which caps and limits are counted by."""

    def send(self, text: str) -> None:
        """Queue a message; a connection too slow to read its messages is closed."""
        if self.closing is not None:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close("too many messages waiting: the connection is too slow")
            return
        self.outbox.put_nowait(text)

    def close(self, reason: str, code: int = 1000) -> None:
        """Close with ``code`` after the messages already queued."""
        if self.closing is None:
            self.closing = reason
            self.close_code = code
            self.outbox.put_nowait(None)

    def allow(self) -> bool:
        """Take one message from the rate limit's bucket; False when it is empty."""
        now = self.loop.time()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    async def writer(self) -> None:
        """Send the queued messages, then close when asked."""
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self.ws.close(self.close_code, (self.closing or "")[:120])
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            return


class Server:
    """Many tables, one asyncio loop: call :meth:`start` inside a running loop, then :meth:`close`."""

    def __init__(self, config: ServerConfig) -> None:
        """A server with ``config``; nothing listens until :meth:`start`."""
        self.config = config
        self.tables: dict[str, Table] = {}
        self.connections: set[Connection] = set()
        self.store = Store(config.data_dir) if config.data_dir is not None else None
        self.port = config.port
        self._ws: WsServer | None = None
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False
        self._by_address: dict[str, set[Connection]] = {}
        self._origin: dict[str, str] = {}
        """The address each table was opened from (tables per address)."""
        self._wrong_codes: dict[str, list[float]] = {}
        """When each address named a table that does not exist, in the last minute."""
        self._unsaved: dict[str, str] = {}
        """Tables whose last save failed, and why."""
        self._retry: asyncio.TimerHandle | None = None
        self.sockets = 0
        """Sockets open now (connections, and those still in their opening handshake)."""
        self._arrivals: dict[str, tuple[float, float]] = {}
        """Each address's bucket of new connections: (tokens, when counted)."""
        self.max_sockets = config.max_clients + FD_RESERVE
        """The most sockets held at once: kept below the process's file limit."""
        self.max_clients = config.max_clients
        """The most connections at once: ``max_clients``, or fewer when the file limit is lower."""
        self.site: Site | None = None
        """The page for phones (HTTP on the same port), read at :meth:`start`."""

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The loop the server runs on."""
        assert self._loop is not None, "the server has not started"
        return self._loop

    def _fit_file_limit(self) -> None:
        """Read the process's file limit (raising it toward what is needed if allowed) and hold
        fewer sockets than it, so that ``accept`` never runs out of descriptors; said once."""
        try:
            import resource
        except ImportError:  # not on this system (Windows): nothing to read
            return
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = self.config.max_clients + 2 * FD_RESERVE
        if soft != resource.RLIM_INFINITY and soft < want:
            target = want if hard == resource.RLIM_INFINITY else min(hard, want)
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                soft = target
        if soft == resource.RLIM_INFINITY:
            return
        self.max_sockets = max(1, min(self.max_sockets, soft - FD_RESERVE))
        self.max_clients = max(1, min(self.config.max_clients, self.max_sockets - FD_RESERVE // 2))
        if self.max_clients < self.config.max_clients:
            log.warning("the process may open %d files (ulimit -n): at most %d connections at once, not %d",
                        soft, self.max_clients, self.config.max_clients)

    async def start(self) -> int:
        """Resume the saved tables and listen; returns the port."""
        self._loop = asyncio.get_running_loop()
        self._fit_file_limit()
        asyncio_log = logging.getLogger("asyncio")
        if _ACCEPT_FILTER not in asyncio_log.filters:
            asyncio_log.addFilter(_ACCEPT_FILTER)
        if self.store is not None:
            for table in self.store.load_all(self.loop.time(), self._save):
                self.tables[table.code] = table
                self._schedule(table)
        self.site = Site(self.config.web_dir)
        server = self

        class Counted(ServerConnection):
            """A socket counted from its accept to its end; one over the limit is dropped at once."""

            counted = False

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                self.counted = True
                server.sockets += 1
                sock = transport.get_extra_info("socket")
                if sock is not None:
                    # A client's messages are small: a small receive buffer means a flooding peer
                    # is held back by its own socket after a few frames, not after megabytes
                    # the kernel copied for nothing.
                    with contextlib.suppress(OSError):
                        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER_BYTES)
                peer = transport.get_extra_info("peername")
                address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
                if not isinstance(transport, asyncio.Transport):
                    return
                if server.sockets > server.max_sockets:
                    transport.abort()  # dropped before its handshake: its descriptor is free again
                elif not server._arrival(address) or server._placeless_full(address):
                    # Too many from one address: not read, dropped a moment later. An immediate
                    # drop would only have the peer try again at once, again and again.
                    transport.pause_reading()
                    server.loop.call_later(REFUSED_HOLD_SECONDS, transport.abort)

            def connection_lost(self, exc: Exception | None) -> None:
                if self.counted:
                    self.counted = False
                    server.sockets -= 1
                super().connection_lost(exc)

        self._ws = await serve(
            self._handle, self.config.host, self.config.port, max_size=MAX_FRAME_BYTES,
            compression=None, max_queue=64, ping_interval=20, ping_timeout=20, close_timeout=2,
            open_timeout=HELLO_SECONDS / 2, create_connection=Counted,
            process_request=self.site.process_request,
        )
        sockets = list(self._ws.sockets)
        self.port = int(sockets[0].getsockname()[1]) if sockets else self.config.port
        return self.port

    async def close(self) -> None:
        """Stop listening and close every connection (the tables stay saved as they are: a deal in
        progress is not played on by the AI but dealt again, freshly shuffled, after a restart)."""
        self._stopping = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        if self._retry is not None:
            self._retry.cancel()
        if self._ws is not None:
            self._ws.close(close_connections=True, code=1001, reason="the server is stopping")
            await self._ws.wait_closed()

    async def serve_forever(self) -> None:
        """Run until cancelled."""
        assert self._ws is not None
        await self._ws.serve_forever()

    # ------------------------------------------------------------------ timers

    def _schedule(self, table: Table) -> None:
        """Set the table's timer for its next deadline (after anything that may have moved it)."""
        old = self._timers.pop(table.code, None)
        if old is not None:
            old.cancel()
        if table.closed:
            self._drop(table)
            return
        when = table.next_deadline()
        if when is not None:
            self._timers[table.code] = self.loop.call_at(when, self._tick, table)

    def _tick(self, table: Table) -> None:
        self._timers.pop(table.code, None)
        try:
            table.tick(self.loop.time())
        except Exception:
            log.exception("table %s failed on its clock", table.code)
        self._schedule(table)

    def _drop(self, table: Table) -> None:
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
            self._origin.pop(table.code, None)
            self._unsaved.pop(table.code, None)
        if self.store is not None:
            self.store.delete(table.code)
        log.info("table %s closed", table.code)

    # ------------------------------------------------------------------ saving

    def _save(self, table: Table) -> None:
        """Save ``table``; a failure is said once to its people and retried until it works."""
        if self.store is None or self.tables.get(table.code) is not table:
            return
        failed = self.store.save(table)
        table.saved(failed is None)
        if failed is None:
            if self._unsaved.pop(table.code, None) is not None:
                log.info("table %s saved again", table.code)
            return
        if table.code not in self._unsaved:
            log.error("could not save table %s: %s (trying again every %g s)", table.code, failed,
                      SAVE_RETRY_SECONDS)
        self._unsaved[table.code] = failed
        if self._retry is None and self._loop is not None and not self._stopping:
            self._retry = self.loop.call_later(SAVE_RETRY_SECONDS, self._retry_saves)

    def _retry_saves(self) -> None:
        self._retry = None
        for code in list(self._unsaved):
            table = self.tables.get(code)
            if table is None:
                self._unsaved.pop(code, None)
            else:
                self._save(table)

    # ------------------------------------------------------------------ connections

    def _arrival(self, address: str) -> bool:
        """Count a new connection from ``address``; False when it opens them faster than allowed."""
        now = self.loop.time()
        tokens, stamp = self._arrivals.get(address, (float(self.config.connect_burst), now))
        tokens = min(float(self.config.connect_burst), tokens + (now - stamp) * self.config.connect_rate)
        if len(self._arrivals) > 10_000:  # forget the addresses whose buckets are full again
            full = float(self.config.connect_burst)
            self._arrivals = {a: (t, w) for a, (t, w) in self._arrivals.items()
                              if t + (now - w) * self.config.connect_rate < full}
        if tokens < 1.0:
            self._arrivals[address] = (tokens, now)
            return False
        self._arrivals[address] = (tokens - 1.0, now)
        return True

    def _placeless_full(self, address: str) -> bool:
        """Whether ``address`` holds as many connections with no place as it may, all of them new.

        A newcomer then waits (a client tries again): turning connections over faster than
        :data:`PLACELESS_YIELD_SECONDS` would only let a stranger make this host read more.
        """
        now = self.loop.time()
        young = [c for c in self._by_address.get(address, ()) if c.table is None and c.closing is None]
        return len(young) >= MAX_PLACELESS_PER_ADDRESS and all(
            now - c.opened < PLACELESS_YIELD_SECONDS for c in young
        )

    def _admit(self, conn: Connection) -> str | None:
        """Make room for ``conn``, or say why there is none (caps per address and in all)."""
        mine = self._by_address.get(conn.address, set())
        if len(mine) >= self.config.max_per_address:
            return "too many connections from your address: try again later"
        placeless = [c for c in mine if c.table is None and c.closing is None]
        if len(placeless) >= MAX_PLACELESS_PER_ADDRESS:
            # The oldest has waited longest for nothing (at least PLACELESS_YIELD_SECONDS, or the
            # newcomer would have been dropped at once): it goes, not the newcomer.
            min(placeless, key=lambda c: c.opened).close("too many connections from your address", 1013)
        if len(self.connections) >= self.max_clients:
            idle = [c for c in self.connections if c.table is None and c.closing is None]
            if not idle:
                return "the server holds as many connections as it may: try again later"
            min(idle, key=lambda c: c.opened).close("the server is full", 1013)
        return None

    async def _handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.loop, self.config.rate_per_second, self.config.rate_burst)
        refused = self._admit(conn)
        if refused is not None:
            await ws.close(1013, refused)
            return
        self.connections.add(conn)
        self._by_address.setdefault(conn.address, set()).add(conn)
        writer = asyncio.create_task(conn.writer())
        try:
            await self._read(conn)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            mine = self._by_address.get(conn.address)
            if mine is not None:
                mine.discard(conn)
                if not mine:
                    del self._by_address[conn.address]
            table = conn.table
            if table is not None and not self._stopping:
                try:
                    table.disconnect(conn, self.loop.time())
                finally:
                    self._schedule(table)
            conn.close("")
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                await asyncio.wait_for(writer, 2)

    async def _read(self, conn: Connection) -> None:
        """Read ``conn``'s frames; one with no place at a table is closed within seconds."""
        ws = conn.ws
        deadline = conn.opened + HELLO_SECONDS
        while conn.closing is None:
            if conn.table is None:
                try:
                    data = await asyncio.wait_for(ws.recv(), max(0.0, deadline - self.loop.time()))
                except TimeoutError:
                    conn.close("no table created, joined, resumed or watched in time", CLOSE_POLICY)
                    return
            else:
                data = await ws.recv()
            if conn.closing is not None:
                return
            refused_as_too_fast = not self._receive(conn, data)
            if conn.refused > REFUSED_BEFORE_SLOWING:
                # A connection sending what is refused again and again is read ever more slowly
                # (up to one frame a second): its frames wait in its own socket, not in this loop.
                await asyncio.sleep(min(1.0, 0.05 * (conn.refused - REFUSED_BEFORE_SLOWING)))
            elif refused_as_too_fast:
                # Read nothing more from a flooding connection until its rate allows.
                await asyncio.sleep(max(0.0, 1.0 - conn.tokens) / conn.rate)
            if conn.table is None:
                now = self.loop.time()
                deadline = min(now + PLACELESS_SECONDS, conn.opened + PLACELESS_MOST_SECONDS)

    def _receive(self, conn: Connection, data: str | bytes) -> bool:
        """One frame from ``conn``: check it, act on it, or refuse it with an error.

        False when it was refused for coming too fast (the reader then waits for the rate).
        """
        ref = None
        fast = False
        try:
            if not conn.allow():
                fast = True
                raise ProtocolError(
                    ErrorCode.TOO_FAST,
                    f"too many messages: at most {conn.rate:g} a second (bursts of {conn.burst:g})",
                )
            msg = parse_client_message(data)
            ref = msg.ref
            self._dispatch(conn, msg)
            conn.refused = 0
        except ProtocolError as exc:
            conn.refused += 1
            conn.send(json.dumps(error_message(exc, ref)))
            if conn.refused >= MAX_REFUSED_IN_A_ROW:
                conn.close(f"{MAX_REFUSED_IN_A_ROW} messages refused in a row", CLOSE_POLICY)
        except Exception:
            log.exception("message from a client failed")
            conn.send(json.dumps({"type": "error", "code": "server", "message": "the server failed on that"}))
        return not fast

    def _dispatch(self, conn: Connection, msg: ClientMessage) -> None:
        now = self.loop.time()
        if msg.type in OPENING_TYPES:
            if conn.table is not None:
                raise ProtocolError(ErrorCode.NOT_NOW, "this connection already has a place at a table")
            self._open(conn, msg, now)
            return
        table = conn.table
        if table is None:
            raise ProtocolError(ErrorCode.NOT_NOW, "create, join, resume or watch a table first")
        try:
            table.handle(conn, msg, now)
        finally:
            self._schedule(table)
        if msg.type == "leave":
            conn.table = None
            conn.close("you left the table", CLOSE_LEFT)

    def _open(self, conn: Connection, msg: ClientMessage, now: float) -> None:
        fields = msg.fields
        if msg.type == "list":
            # Only the tables their hosts made public; those open to join first, started ones after.
            tables = sorted(
                (t.summary() for t in self.tables.values() if t.settings.public and not t.over),
                key=lambda t: t["started"],
            )
            conn.send(json.dumps({"type": "tables", "tables": tables[:100]}))
            return
        if msg.type == "create":
            if len(self.tables) >= self.config.max_tables:
                raise ProtocolError(ErrorCode.SERVER_FULL, "the server holds as many tables as it may")
            opened = sum(1 for code, where in self._origin.items()
                         if where == conn.address and code in self.tables and not self.tables[code].over)
            if opened >= self.config.tables_per_address:
                raise ProtocolError(ErrorCode.SERVER_FULL,
                                    f"your address has {opened} tables open here, as many as it may")
            settings = parse_settings(fields.get("settings", {}))
            if settings.seed is not None and not self.config.allow_seed:
                raise ProtocolError(ErrorCode.BAD_MESSAGE, "this server does not accept a seed")
            table = Table(self._new_code(), settings, now, self._save if self.store else None)
            self.tables[table.code] = table
            self._origin[table.code] = conn.address
            conn.table = table
            try:
                table.join(conn, fields["name"], fields.get("seat"), now, host=True)
            except ProtocolError:
                conn.table = None
                del self.tables[table.code]
                del self._origin[table.code]
                raise
            self._schedule(table)
            log.info("table %s created (%s, %d seats)", table.code, settings.rules, settings.seats)
            return
        code = str(fields["table"]).strip().upper()
        wrong = [t for t in self._wrong_codes.get(conn.address, []) if t > now - 60.0]
        if len(wrong) >= MAX_WRONG_CODES_PER_MINUTE:
            self._wrong_codes[conn.address] = wrong
            raise ProtocolError(ErrorCode.TOO_FAST,
                                f"{len(wrong)} wrong table codes from your address in a minute: wait")
        found = self.tables.get(code)
        if found is None or found.closed:
            wrong.append(now)
            self._wrong_codes[conn.address] = wrong
            if len(self._wrong_codes) > 10_000:  # forget the quiet addresses
                recent = now - 60.0
                self._wrong_codes = {a: ts for a, ts in self._wrong_codes.items() if ts and ts[-1] > recent}
            raise ProtocolError(ErrorCode.NO_TABLE, f"no table has the code {code[:16]!r}")
        conn.table = found
        try:
            if msg.type == "join":
                found.join(conn, fields["name"], fields.get("seat"), now)
            elif msg.type == "resume":
                found.resume(conn, fields["token"], now)
            else:
                found.watch(conn, now)
        except ProtocolError:
            conn.table = None
            raise
        finally:
            self._schedule(found)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code


class ServerThread:
    """A server on its own thread and loop, for a game window that hosts (``farmer --host``).

    ``start()`` returns the port once the server listens; ``stop()`` closes it. The window's
    own player then connects to ``ws://127.0.0.1:PORT`` with :class:`game.net.client.Client`;
    :meth:`page_url` is the address of the page for phones (what the window's QR code says).
    """

    def __init__(self, config: ServerConfig) -> None:
        """A thread that will run a server with ``config``."""
        self.config = config
        self.server = Server(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stop: asyncio.Event | None = None

    def start(self, timeout: float = 10.0) -> int:
        """Start the server; returns its port (raises what stopped it from listening)."""
        self._thread = threading.Thread(target=self._run, name="farmer-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the server did not start")
        if self._error is not None:
            raise self._error
        return self.server.port

    def page_url(self, code: str | None = None) -> str:
        """The page for phones of table ``code`` (``http://ADDRESS:PORT/?t=CODE``; without a code,
        the page itself), at an address phones on this network can open: this machine's LAN
        address when the server listens on every interface (``0.0.0.0``)."""
        return lan.page_url(lan.address_to_tell(self.config.host), self.server.port, code)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            await self.server.start()
        except BaseException as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        await self._stop.wait()
        await self.server.close()

    def stop(self, timeout: float = 5.0) -> None:
        """Close the server and wait for its thread."""
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout)


# ---------------------------------------------------------------------- command line


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line on standard error, exit status 2."""
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port {value} is not from 0 to 65535")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Read the command line (one-line error and exit 2 for a bad flag)."""
    parser = _Parser(
        prog="farmer-server",
        description="Hold Farmer tables for players on the network (headless; no window).",
    )
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help=f"folder for the saved tables (default {default_data_dir()})")
    parser.add_argument("--no-save", action="store_true", help="keep no files: tables end with the server")
    parser.add_argument("--max-tables", type=_positive, default=200, help="most tables at once (200)")
    parser.add_argument("--max-clients", type=_positive, default=2000, help="most connections at once (2000)")
    parser.add_argument("--max-per-address", type=_positive, default=256,
                        help="most connections from one address at once (256)")
    parser.add_argument("--tables-per-address", type=_positive, default=10,
                        help="most tables one address may have open (10)")
    parser.add_argument("--allow-seed", action="store_true",
                        help="accept a seed in a table's settings (testing only: a seed tells the deck)")
    parser.add_argument("--quiet", action="store_true", help="log only errors")
    args = parser.parse_args(argv)
    if args.no_save and args.data_dir is not None:
        parser.error("--no-save and --data-dir cannot go together")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """``farmer-server``: run a headless table server until interrupted; returns the exit status."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.ERROR if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.ERROR)
    data_dir = None if args.no_save else (args.data_dir or default_data_dir())
    if data_dir is not None:
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
            probe = data_dir / ".write-test"
            probe.write_text("", encoding="utf-8")
            probe.unlink()
        except OSError as exc:
            print(f"farmer-server: error: cannot write to --data-dir {data_dir}: {exc.strerror}",
                  file=sys.stderr)
            return 2
    config = ServerConfig(args.host, args.port, data_dir, args.max_tables, args.max_clients, args.allow_seed,
                          max_per_address=args.max_per_address, tables_per_address=args.tables_per_address)
    try:
        return asyncio.run(_serve(config))
    except KeyboardInterrupt:
        return 0


async def _serve(config: ServerConfig) -> int:
    server = Server(config)
    try:
        port = await server.start()
    except OSError as exc:
        print(f"farmer-server: error: cannot listen on {config.host}:{config.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    where = f"tables saved in {config.data_dir}" if config.data_dir else "tables not saved"
    print(f"farmer-server: listening on ws://{config.host}:{port} ({where}; {len(server.tables)} resumed)",
          flush=True)
    if server.site is not None and server.site.has_page:
        page = lan.page_url(lan.address_to_tell(config.host), port)
        print(f"farmer-server: the page for phones: {page}", flush=True)
    started = time.monotonic()
    try:
        await server.serve_forever()
    except asyncio.CancelledError:
        pass
    finally:
        await server.close()
        log.info("stopped after %.0f s", time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
