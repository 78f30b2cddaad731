"""The Farmer table server's loop: many tables on one asyncio loop, over WebSockets (``websockets``).

Run it headless as ``farmer-server`` (:mod:`game.net.cli`), or inside the game's own process
with :class:`ServerThread` (``farmer --host``). It moves messages: each frame is checked for
size and rate, read with :func:`game.net.client_messages.parse_client_message`, handed to the
:class:`~game.net.table.HostedTable` it belongs to, and anything wrong is refused with an ``error``
message to that connection alone. The rooms around it: :mod:`game.net.admission` (every limit
and timeout, :class:`ServerConfig`), :mod:`game.net.web` (the sockets' front door and the page
for phones over HTTP on the same port), :mod:`game.net.store` (where tables are saved between
deals; a restarted server resumes every saved one).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import sys
import threading
import time
import urllib.parse
from collections.abc import Sequence

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import cli, lan
from game.net.admission import DEFAULT_PORT, FD_RESERVE, Admission, ServerConfig, give_way
from game.net.client_messages import (
    ClientMessage,
    Create,
    Join,
    Leave,
    ListTables,
    Opening,
    Remove,
    Resume,
    Watch,
    parse_client_message,
    ref_of,
)
from game.net.codes import CloseCode, ErrorCode
from game.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_FRAME_BYTES,
    RATE_BURST,
    RATE_PER_SECOND,
    Error,
    ProtocolError,
    TableList,
)
from game.net.store import Busy, Claimed, FolderStore, SharedStore, TableStore
from game.net.table import HostedTable
from game.net.web import Door, Site, connection_address

__all__ = ["DEFAULT_PORT", "Connection", "Server", "ServerConfig", "ServerThread", "main"]

log = logging.getLogger("farmer.server")


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
CLAIM_POLL_SECONDS = 0.1
"""How often a server waiting for a table another server holds asks again."""


class Connection:
    """One client's connection: its outgoing queue, its rate limit, its place (a table and seat)."""

    def __init__(self, ws: ServerConnection, loop: asyncio.AbstractEventLoop,
                 rate: float = RATE_PER_SECOND, burst: int = RATE_BURST, outbox_limit: int = 1000) -> None:
        """Wrap ``ws`` (written in order by :meth:`writer`); ``rate`` and ``burst`` limit reading,
        ``outbox_limit`` the messages waiting for it."""
        self.ws = ws
        self.loop = loop
        self.rate = rate
        self.burst = float(burst)
        self.outbox_limit = outbox_limit
        self.table: HostedTable | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.tokens = self.burst
        self.stamp = loop.time()
        self.refused = 0
        self.closing: str | None = None
        self.close_code: int = CloseCode.NORMAL
        self.opened = loop.time()
        self.shared_tables: int = 0
        """Tables this address opened on every server (asked of a shared store before a ``create``)."""
        self.shared_list: list[dict[str, object]] | None = None
        """Every server's public tables (asked of a shared store before a ``list``)."""
        self.proposed = proposed_code(ws)
        """The code the client's URL proposes for a table it creates (``?t=CODE``), if any."""
        self.address = connection_address(ws)
        """The client's address (its peer's, or as a trusted proxy said it): caps and limits count it."""

    @property
    def placeless(self) -> bool:
        """Whether it has no place at a table yet, and is not closing."""
        return self.table is None and self.closing is None

    def send(self, text: str) -> None:
        """Queue a message; a connection too slow to read its messages is closed."""
        if self.closing is not None:
            return
        if self.outbox.qsize() >= self.outbox_limit:
            self.close("too many messages waiting: the connection is too slow")
            return
        self.outbox.put_nowait(text)

    def close(self, reason: str, code: int = CloseCode.NORMAL) -> None:
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

    def __init__(self, config: ServerConfig, store: TableStore | None = None,
                 shared: SharedStore | None = None) -> None:
        """A server with ``config``; nothing listens until :meth:`start`. Tables are kept in
        ``shared`` (a store shared with other servers; made at start from ``config.store_url``
        if given), else in ``store``, or in a :class:`~game.net.store.FolderStore` of
        ``config.data_dir`` (if any)."""
        self.config = config
        self.tables: dict[str, HostedTable] = {}
        if store is None and config.data_dir is not None:
            store = FolderStore(config.data_dir)
        self.store = store
        self.port = config.port
        self._ws: WsServer | None = None
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False
        self._origin: dict[str, str] = {}
        """The address each table was opened from (tables per address)."""
        self._lobby: dict[str, float] = {}
        """Each table not started: when its seats last changed (created, joined, left)."""
        self._unsaved: dict[str, str] = {}
        """Tables whose last save failed, and why."""
        self._retry: asyncio.TimerHandle | None = None
        self.shared: SharedStore | None = shared
        """The store shared with other servers (``--store postgresql://…``)."""
        self._taking: dict[str, asyncio.Future[None]] = {}
        """Tables being taken from the shared store, for the connections that asked for them."""
        self._handing: set[str] = set()
        """Tables another server asked for, to be handed over at their deal's end."""
        self.max_sockets = config.max_clients + FD_RESERVE
        """The most sockets held at once: kept below the process's file limit."""
        self.admission: Admission[Connection] = Admission(config, config.max_clients)
        """The counts every limit is checked against."""
        self.site: Site | None = None
        """The page for phones (HTTP on the same port), read at :meth:`start`."""
        self.door: Door | None = None
        """The sockets' front door, made at :meth:`start`."""

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The loop the server runs on."""
        assert self._loop is not None, "the server has not started"
        return self._loop

    @property
    def connections(self) -> set[Connection]:
        """The connections past their handshake."""
        return self.admission.connections

    @property
    def max_clients(self) -> int:
        """The most connections at once: ``max_clients``, or fewer when the file limit is lower."""
        return self.admission.max_clients

    @property
    def has_page(self) -> bool:
        """Whether it serves the page for phones (known once started)."""
        return self.site is not None and self.site.has_page

    @property
    def sockets(self) -> int:
        """Sockets open now (connections, and those still in their opening handshake)."""
        return self.door.sockets if self.door is not None else 0

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
        self.admission.max_clients = max(1, min(self.config.max_clients, self.max_sockets - FD_RESERVE // 2))
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
        if self.shared is None and self.config.store_url is not None:
            # Imported here alone: psycopg is needed only by servers that share a database.
            from game.net.pgstore import PgStore

            self.shared = PgStore(self.config.store_url, self.config.lease_seconds)
        if self.shared is not None:
            await self.shared.open(self)
            self.store = self.shared
            log.info("tables kept in the shared store as server %s (leases of %g s)", self.shared.name,
                     self.shared.lease_seconds)
        if self.store is not None:
            now = self.loop.time()
            for table in self.store.load_all(now, self._save):
                self.tables[table.code] = table
                if not table.started:
                    self._lobby[table.code] = now
                self._schedule(table)
        self.site = Site(self.config.web_dir, self.config.allow_origins)
        self.site.healthy = self._healthy
        self.door = Door(self.config, self.admission, self.site, self.max_sockets)
        self._ws = await serve(
            self._handle, self.config.host, self.config.port, max_size=MAX_FRAME_BYTES,
            compression=None, max_queue=64, ping_interval=self.config.ping_seconds,
            ping_timeout=self.config.ping_seconds, close_timeout=self.config.close_seconds,
            open_timeout=self.config.open_seconds, create_connection=self.door.connection_class(),
            process_request=self.door.process_request, server_header=None,
        )
        sockets = list(self._ws.sockets)
        self.port = int(sockets[0].getsockname()[1]) if sockets else self.config.port
        return self.port
    def _healthy(self) -> bool:
        """Whether this server takes tables now (``/healthz``): not once it is stopping, nor while
        it cannot reach its shared store."""
        return not self._stopping and (self.shared is None or self.shared.reachable)

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
            self._ws.close(close_connections=True, code=CloseCode.GOING_AWAY, reason="the server is stopping")
            # A connection whose handler is still busy (a write or a table's step under way) must not
            # keep the leases held: they are released below whether or not every handler has ended.
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._ws.wait_closed(), self.config.close_seconds + 1.0)
        if self.shared is not None:
            # Every lease released (after the last saves): other servers take the tables at once.
            await self.shared.close()

    async def serve_forever(self) -> None:
        """Run until cancelled."""
        assert self._ws is not None
        await self._ws.serve_forever()

    # ------------------------------------------------------------------ timers

    def _schedule(self, table: HostedTable) -> None:
        """Set the table's timer for its next deadline (after anything that may have moved it)."""
        old = self._timers.pop(table.code, None)
        if old is not None:
            old.cancel()
        if table.closed:
            self._drop(table)
            return
        if table.started:
            self._lobby.pop(table.code, None)
        when = table.next_deadline()
        expires = self._expires(table)
        if expires is not None:
            when = expires if when is None else min(when, expires)
        if when is not None:
            self._timers[table.code] = self.loop.call_at(when, self._tick, table)

    def _expires(self, table: HostedTable) -> float | None:
        """When the table, not started, is closed for waiting too long with no change of seats."""
        since = self._lobby.get(table.code)
        idle = self.config.lobby_idle_seconds
        return None if since is None or idle is None else since + idle

    def _tick(self, table: HostedTable) -> None:
        self._timers.pop(table.code, None)
        now = self.loop.time()
        if not self._still_held(table, now):
            return
        expires = self._expires(table)
        if expires is not None and now >= expires and not table.started:
            self._expire(table, "the table was not started in time")
            return
        try:
            table.tick(now)
        except Exception:
            log.exception("table %s failed on its clock", table.code)
        self._schedule(table)

    def _expire(self, table: HostedTable, reason: str) -> None:
        """Close a table not started, telling everyone at it why (close code 4004)."""
        for conn in self.connections:
            if conn.table is table:
                conn.table = None
                conn.close(reason, CloseCode.EXPIRED)
        table.closed = True
        log.info("table %s closed before its start: %s", table.code, reason)
        self._schedule(table)

    def _drop(self, table: HostedTable) -> None:
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
            self._origin.pop(table.code, None)
            self._unsaved.pop(table.code, None)
            self._lobby.pop(table.code, None)
        if self.store is not None:
            self.store.delete(table.code)
        log.info("table %s closed", table.code)

    # ------------------------------------------------------------------ saving

    def _save(self, table: HostedTable) -> None:
        """Save ``table``; a failure is said once to its people and retried until it works."""
        if self.store is None or self.tables.get(table.code) is not table:
            return
        failed = self.store.save(table)
        if self.shared is not None:
            if table.code in self._handing and not _mid_deal(table):
                self.loop.call_soon(self._hand_over, table)
            if failed is None:
                return  # written in the background: the answer comes to saved()
        self._after_save(table, failed)

    def _after_save(self, table: HostedTable, failed: str | None) -> None:
        """Tell the table whether its save worked; a failed one is retried until it works."""
        table.saved(failed is None)
        if failed is None:
            if self._unsaved.pop(table.code, None) is not None:
                log.info("table %s saved again", table.code)
            return
        if table.code not in self._unsaved:
            log.error("could not save table %s: %s (trying again every %g s)", table.code, failed,
                      self.config.save_retry_seconds)
        self._unsaved[table.code] = failed
        if self._retry is None and self._loop is not None and not self._stopping:
            self._retry = self.loop.call_later(self.config.save_retry_seconds, self._retry_saves)

    def _retry_saves(self) -> None:
        self._retry = None
        for code in list(self._unsaved):
            table = self.tables.get(code)
            if table is None:
                self._unsaved.pop(code, None)
            else:
                self._save(table)

    # ------------------------------------------------------------------ the shared store's word

    def saved(self, code: str, failed: str | None) -> None:
        """The shared store wrote table ``code``'s last save (or says why it could not)."""
        table = self.tables.get(code)
        if table is not None:
            self._after_save(table, failed)

    def lost(self, code: str) -> None:
        """The shared store says another server holds table ``code`` now: stop running it."""
        table = self.tables.get(code)
        if table is not None:
            self._evict(table, "the table went on to another server")

    def hand_off(self, code: str) -> None:
        """Another server's clients ask for table ``code``: let it go now before its start or between
        deals, else at its deal's end."""
        table = self.tables.get(code)
        if table is None:
            return
        if _mid_deal(table):
            log.info("table %s is asked for by another server: handed over at its deal's end", code)
            self._handing.add(code)
            return
        self._hand_over(table)

    def _hand_over(self, table: HostedTable) -> None:
        """Save ``table`` one last time, release its lease, and send its people to the next server."""
        if self.tables.get(table.code) is not table or self.shared is None or _mid_deal(table):
            return
        table.save(in_deal=False)
        self.shared.let_go(table.code)
        log.info("table %s handed over to another server", table.code)
        self._evict(table, "the table went on to another server")

    def _evict(self, table: HostedTable, reason: str) -> None:
        """Stop running ``table`` here (nothing more saved): its people are closed with 4005 and
        reconnect, with their tokens, to wherever it runs now."""
        if self.tables.get(table.code) is not table:
            return
        for conn in self.connections:
            if conn.table is table:
                conn.table = None
                conn.close(reason, CloseCode.MOVED)
        timer = self._timers.pop(table.code, None)
        if timer is not None:
            timer.cancel()
        del self.tables[table.code]
        for kept in (self._origin, self._unsaved, self._lobby):
            kept.pop(table.code, None)
        self._handing.discard(table.code)
        if self.shared is not None:
            self.shared.forget(table.code)
        log.info("table %s no longer runs here: %s", table.code, reason)

    def _still_held(self, table: HostedTable, now: float) -> bool:
        """Whether this server may still run ``table`` (a shared store's lease, renewed in time);
        a table whose lease may have lapsed is let go at once, before anything more is played."""
        if self.shared is None or self.shared.holds(table.code, now):
            return True
        self._evict(table, "this server's hold on the table lapsed")
        return False

    async def _prepare(self, conn: Connection, data: str | bytes) -> None:
        """Before an opening message is acted on, ask the shared store what it needs: the table it
        names (taken here if need be), every server's public tables, this address's tables."""
        shared = self.shared
        if shared is None or conn.tokens < 1.0:
            return
        try:
            msg = parse_client_message(data)
        except ProtocolError:
            return  # refused again, and answered, when it is read for real
        try:
            match msg:
                case Join() | Resume() | Watch():
                    code = msg.table.strip().upper()
                    if code not in self.tables and len(code) == CODE_LENGTH:
                        await self._take(code)
                case Create():
                    conn.shared_tables = await shared.tables_opened_by(conn.address)
                case ListTables():
                    conn.shared_list = await shared.public_tables()
        except TimeoutError:
            conn.close("the table is being handed over from another server: try again", CloseCode.TRY_LATER)
        except Exception as exc:  # the store unreachable: the client tries again later
            log.error("the shared store did not answer: %s", str(exc).strip()[:200] or type(exc).__name__)
            conn.close("the tables' store does not answer: try again", CloseCode.TRY_LATER)

    async def _take(self, code: str) -> None:
        """Take table ``code`` into this server, once for all the connections asking for it."""
        taking = self._taking.get(code)
        if taking is None:
            taking = asyncio.ensure_future(self._claim(code))
            self._taking[code] = taking
            taking.add_done_callback(lambda _: self._taking.pop(code, None))
        await asyncio.shield(taking)

    async def _claim(self, code: str) -> None:
        """Claim table ``code`` from the shared store, asking its owner to hand it over and waiting
        (up to :attr:`ServerConfig.handoff_seconds`) while another live server holds it."""
        shared = self.shared
        assert shared is not None
        deadline = self.loop.time() + self.config.handoff_seconds
        asked: str | None = None
        while not self._stopping and code not in self.tables:
            got = await shared.claim(code, self.loop.time(), self._save)
            if got is None:
                return
            if isinstance(got, Claimed):
                table = got.table
                self.tables[code] = table
                if not table.started:
                    self._lobby[code] = self.loop.time()
                self._schedule(table)
                return
            assert isinstance(got, Busy)
            if got.owner != asked:
                await shared.ask_for(got.owner, code)
                asked = got.owner
            if self.loop.time() >= deadline:
                raise TimeoutError
            await asyncio.sleep(CLAIM_POLL_SECONDS)

    # ------------------------------------------------------------------ connections

    async def _handle(self, ws: ServerConnection) -> None:
        config = self.config
        conn = Connection(ws, self.loop, config.rate_per_second, config.rate_burst, config.outbox_limit)
        refused = self.admission.admit(conn)
        if refused is not None:
            await ws.close(CloseCode.TRY_LATER, refused)
            return
        writer = asyncio.create_task(conn.writer())
        try:
            await self._read(conn)
        except ConnectionClosed:
            pass
        finally:
            self.admission.gone(conn)
            table = conn.table
            if table is not None and not self._stopping:
                try:
                    table.disconnect(conn, self.loop.time())
                finally:
                    self._schedule(table)
            conn.close("")
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                await asyncio.wait_for(writer, self.config.close_seconds)

    async def _read(self, conn: Connection) -> None:
        """Read ``conn``'s frames; one with no place at a table is closed within seconds."""
        ws = conn.ws
        config = self.config
        deadline = conn.opened + config.hello_seconds
        while conn.closing is None:
            if conn.table is None:
                try:
                    data = await asyncio.wait_for(ws.recv(), max(0.0, deadline - self.loop.time()))
                except TimeoutError:
                    conn.close("no table created, joined, resumed or watched in time", CloseCode.POLICY)
                    return
            else:
                data = await ws.recv()
            if conn.closing is not None:
                return
            if self.shared is not None and conn.table is None:
                await self._prepare(conn, data)
                if conn.closing is not None:
                    return
            refused_as_too_fast = not self._receive(conn, data)
            if conn.refused > config.refused_before_slowing:
                # A connection sending what is refused again and again is read ever more slowly
                # (up to one frame a second): its frames wait in its own socket, not in this loop.
                await asyncio.sleep(min(1.0, 0.05 * (conn.refused - config.refused_before_slowing)))
            elif refused_as_too_fast:
                # Read nothing more from a flooding connection until its rate allows.
                await asyncio.sleep(max(0.0, 1.0 - conn.tokens) / conn.rate)
            if conn.table is None:
                now = self.loop.time()
                deadline = min(now + config.placeless_seconds, conn.opened + config.placeless_most_seconds)

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
            ref = ref_of(msg)
            self._dispatch(conn, msg)
            conn.refused = 0
        except ProtocolError as exc:
            conn.refused += 1
            conn.send(json.dumps(Error.refusal(exc, ref).to_json()))
            limit = self.config.max_refused_in_a_row
            if conn.refused >= limit:
                conn.close(f"{limit} messages refused in a row", CloseCode.POLICY)
        except Exception:
            log.exception("message from a client failed")
            conn.send(json.dumps(Error(ErrorCode.SERVER.value, "the server failed on that").to_json()))
        return not fast

    def _dispatch(self, conn: Connection, msg: ClientMessage) -> None:
        now = self.loop.time()
        match msg:
            case Create() | Join() | Resume() | Watch() | ListTables():
                if conn.table is not None:
                    raise ProtocolError(ErrorCode.NOT_NOW, "this connection already has a place at a table")
                self._open(conn, msg, now)
                return
        table = conn.table
        if table is None:
            raise ProtocolError(ErrorCode.NOT_NOW, "create, join, resume or watch a table first")
        if not self._still_held(table, now):
            return
        try:
            table.handle(conn, msg, now)
            if isinstance(msg, Leave | Remove) and table.code in self._lobby:
                self._lobby[table.code] = now
        finally:
            self._schedule(table)
        if isinstance(msg, Leave):
            conn.table = None
            conn.close("you left the table", CloseCode.LEFT)

    def _open(self, conn: Connection, msg: Opening, now: float) -> None:
        match msg:
            case ListTables():
                # Only the tables their hosts made public; those open to join first, started ones after.
                if conn.shared_list is not None:  # every server's, from the shared store
                    listed = sorted(conn.shared_list, key=lambda t: bool(t.get("started")))
                    conn.shared_list = None
                else:
                    listed = [t.to_json() for t in sorted(
                        (t.summary() for t in self.tables.values() if t.settings.public and not t.over),
                        key=lambda t: t.started,
                    )]
                conn.send(json.dumps(TableList(tuple(listed[:100])).to_json()))
                return
            case Create():
                self._create(conn, msg, now)
                return
        found = self._find(conn, msg.table, now)
        conn.table = found
        try:
            match msg:
                case Join(name=name, seat=seat):
                    found.join(conn, name, seat, now)
                    if found.code in self._lobby:
                        self._lobby[found.code] = now
                case Resume(token=token):
                    found.resume(conn, token, now)
                case Watch():
                    found.watch(conn, now)
        except ProtocolError:
            conn.table = None
            raise
        finally:
            self._schedule(found)

    def _find(self, conn: Connection, code: str, now: float) -> HostedTable:
        """The table ``code`` names, counting a wrong code against ``conn``'s address."""
        code = code.strip().upper()
        wrong = self.admission.wrong_codes(conn.address, now)
        if wrong >= self.config.wrong_codes_per_minute:
            raise ProtocolError(ErrorCode.TOO_FAST,
                                f"{wrong} wrong table codes from your address in a minute: wait")
        found = self.tables.get(code)
        if found is None or found.closed:
            self.admission.wrong_code(conn.address, now)
            raise ProtocolError(ErrorCode.NO_TABLE, f"no table has the code {code[:16]!r}")
        return found

    def _create(self, conn: Connection, msg: Create, now: float) -> None:
        opened = sum(1 for code, where in self._origin.items()
                     if where == conn.address and code in self.tables and not self.tables[code].over)
        opened = max(opened, conn.shared_tables)  # on every server, with a shared store
        if opened >= self.config.tables_per_address:
            raise ProtocolError(ErrorCode.SERVER_FULL,
                                f"your address has {opened} tables open here, as many as it may")
        settings = msg.settings
        if settings.seed is not None and not self.config.allow_seed:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "this server does not accept a seed")
        if len(self.tables) >= self.config.max_tables:
            # The longest idle of the tables not started gives way, if one has waited long enough.
            code = give_way(self._lobby.items(), now, self.config)
            if code is None:
                raise ProtocolError(ErrorCode.SERVER_FULL, "the server holds as many tables as it may")
            self._expire(self.tables[code], "the server is full, and this table waited longest for its start")
        table = HostedTable(self._new_code(conn.proposed), settings, now, self._save if self.store else None,
                            self.config.lobby_linger_seconds)
        if self.shared is not None:
            self.shared.opened(table.code, conn.address)
        self.tables[table.code] = table
        self._origin[table.code] = conn.address
        self._lobby[table.code] = now
        conn.table = table
        try:
            table.join(conn, msg.name, msg.seat, now, host=True)
        except ProtocolError:
            conn.table = None
            del self.tables[table.code]
            del self._origin[table.code]
            del self._lobby[table.code]
            if self.shared is not None:
                self.shared.forget(table.code)
            raise
        self._schedule(table)
        log.info("table %s created (%s, %d seats)", table.code, settings.rules, settings.seats)

    def _new_code(self, proposed: str | None = None) -> str:
        """A code for a new table: ``proposed`` (the creator's URL's) if it is one and is free here,
        else a random one. Behind a proxy the table is then made where its code leads."""
        if proposed is not None and proposed not in self.tables:
            return proposed
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code


def proposed_code(ws: ServerConnection) -> str | None:
    """The table code in ``ws``'s request URL (``/?t=CODE``) if it is a well-formed one."""
    request = ws.request
    if request is None:
        return None
    try:
        query = urllib.parse.urlsplit(request.path).query
        values = urllib.parse.parse_qs(query, max_num_fields=4).get("t", [])
    except ValueError:  # more fields than any client sends
        return None
    if len(values) != 1:
        return None
    code = values[0].strip().upper()
    return code if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code) else None


def _mid_deal(table: HostedTable) -> bool:
    """Whether ``table`` is in the middle of a deal (a hand-off waits for its end)."""
    return table.match is not None and table.match.game.mid_deal and not table.over


class ServerThread:
    """A server on its own thread and loop, for a game window that hosts (``farmer --host``).

    ``start()`` returns the port once the server listens; ``stop()`` closes it. The window's
    own player then connects to ``ws://127.0.0.1:PORT`` with :class:`game.net.client.Client`;
    :meth:`page_url` is the address of the page for phones (what the window's QR code says).
    As a context manager (``with ServerThread(config) as thread:``) it listens for the block and
    is stopped when the block ends, however it ends.
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

    def __enter__(self) -> ServerThread:
        """Start the server (see :meth:`start`); :attr:`port` says where it listens."""
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop the server (see :meth:`stop`)."""
        self.stop()

    @property
    def port(self) -> int:
        """The port the server listens on (once started)."""
        return self.server.port

    def page_url(self, code: str | None = None) -> str:
        """The page for phones of table ``code`` (``http://ADDRESS:PORT/?t=CODE``; without a code,
        the page itself), at an address phones on this network can open: this machine's LAN
        address when the server listens on every interface (``0.0.0.0``)."""
        return lan.page_url(lan.address_to_tell(self.config.host), self.server.port, code)

    def follow(self, code: str, next_code: str) -> None:
        """Table ``next_code`` follows table ``code`` at this place (a kiosk's fresh table): the
        members of ``code`` are told (``table.next``) and a page whose game is over offers it.
        Nothing happens when ``code`` is gone. Safe from any thread."""

        def tell() -> None:
            table = self.server.tables.get(code)
            if table is not None and not table.closed:
                table.follow(next_code)

        if self._loop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(tell)

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


def main(argv: Sequence[str] | None = None) -> int:
    """``farmer-server``: the command line (:mod:`game.net.cli`) running a :class:`Server` until
    interrupted; returns the exit status."""
    return cli.main(argv, Server)


if __name__ == "__main__":
    sys.exit(main())
