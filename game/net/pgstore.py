"""Tables kept in PostgreSQL and shared by several servers, each run by one of them under a lease.

``farmer-server --store postgresql://…`` keeps its tables here instead of in a folder
(psycopg 3, async: ``pip install 'farmer-card-game[cluster]'``; this module alone imports it).
One row a table (:data:`SCHEMA`): its saved state (the JSON a folder's file would hold), the
server running it (``owner``), an ``epoch`` counted up each time another server takes it, and
``lease_until``, by the database's clock.

- **Leases.** A server holds each of its tables for :attr:`PgStore.lease_seconds` and renews
  all of them together three times a lease. A lease that lapsed is never renewed: only taken
  again, with a new epoch. A server that could not renew in time stops running the table by
  its own clock (:meth:`PgStore.holds`) before the lease can have lapsed in the database.
- **Fencing.** Every write names the epoch it was written under and needs the lease still live:
  a server paused past its lease (or cut off) finds its late saves refused, and is told the
  table is lost (:meth:`StoreEvents.lost`).
- **Taking and handing over.** A server whose client asks for a table it does not run claims it
  (:meth:`PgStore.claim`): at once if its lease was released or lapsed, from its last save;
  else it asks the owner (``NOTIFY`` on :data:`CHANNEL`), which lets it go (:meth:`PgStore.let_go`)
  at once before the start or between deals, else at the deal's end.
- **A clean stop** writes what waits and releases every lease, so others take the tables at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass

import psycopg

from game.formats.readfile import parse_json
from game.formats.savegame import SaveError
from game.net.store import MAX_SAVED_TABLE_BYTES, MAX_SAVED_TABLE_DEPTH, Busy, Claimed, StoreEvents
from game.net.table import HostedTable

log = logging.getLogger("farmer.server")

CHANNEL = "farmer_handoff"
"""The ``LISTEN``/``NOTIFY`` channel hand-off requests go by (payload: ``OWNER CODE``)."""
DEFAULT_LEASE_SECONDS = 10.0
"""How long a lease lasts unless renewed (``--lease-seconds``)."""
RENEWALS_PER_LEASE = 3
"""Leases are renewed this many times a lease: two renewals may fail before one lapses."""
SAFETY = 0.2
"""The share of a lease a server gives up early, by its own clock: a renewal's answer may have
taken that long, and clocks run at slightly different rates."""
FORGET_AFTER_SECONDS = 7200.0
"""A row whose lease lapsed this long ago is deleted (its server died and nobody came back)."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS farmer_tables (
    code text PRIMARY KEY,
    owner text,
    epoch bigint NOT NULL,
    lease_until timestamptz NOT NULL,
    state text NOT NULL,
    origin text NOT NULL DEFAULT '',
    public boolean NOT NULL DEFAULT false,
    summary text,
    saved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS farmer_tables_owner ON farmer_tables (owner);
CREATE INDEX IF NOT EXISTS farmer_tables_origin ON farmer_tables (origin);
"""
"""The one table, made if missing (under an advisory lock: servers start together)."""
SCHEMA_LOCK = 0x66_61_72_6D
"""The advisory lock's key while the schema is made."""


@dataclass(frozen=True, slots=True)
class _Write:
    """One write waiting, in order: a save (``state`` set), a release, or a delete."""

    kind: str
    code: str
    epoch: int
    state: str = ""
    public: bool = False
    summary: str | None = None


def server_name() -> str:
    """A name for this process among the servers: its host, and random bits (never reused)."""
    return f"{socket.gethostname()[:40]}-{secrets.token_hex(6)}"


class PgStore:
    """A :class:`~game.net.store.SharedStore` in PostgreSQL at ``url`` (``postgresql://…``)."""

    def __init__(self, url: str, lease_seconds: float = DEFAULT_LEASE_SECONDS,
                 name: str | None = None) -> None:
        """A store at ``url``; nothing connects before :meth:`open`."""
        self.url = url
        self.lease_seconds = lease_seconds
        self.name = name or server_name()
        self.held: dict[str, int] = {}
        """The tables this server holds, and the epoch of each lease."""
        self.valid_until = -math.inf
        """Until when (the loop's clock) the leases renewed last are surely live."""
        self._events: StoreEvents | None = None
        self._origins: dict[str, str] = {}
        self._new: set[str] = set()
        self._writes: asyncio.Queue[_Write | None] = asyncio.Queue()
        self._conns: dict[str, psycopg.AsyncConnection[tuple[object, ...]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._reachable = True
        self._closing = False

    # ------------------------------------------------------------------ life

    async def open(self, events: StoreEvents) -> None:
        """Connect, make the table if missing, and start writing, renewing and listening."""
        await self.connect(events)
        self._tasks = [asyncio.create_task(job()) for job in (self._writer, self._renewer, self._listener)]

    async def connect(self, events: StoreEvents) -> None:
        """Connect (one connection each for writes, leases, questions and hand-off requests) and
        make the table if missing; nothing runs by itself yet (:meth:`open` starts it)."""
        self._events = events
        for role in ("write", "lease", "ask", "listen"):
            self._conns[role] = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        ask = self._conns["ask"]
        async with ask.transaction():
            await ask.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            await ask.execute(SCHEMA)
        await self._conns["listen"].execute(f"LISTEN {CHANNEL}")
        self.valid_until = asyncio.get_running_loop().time() + self.lease_seconds * (1 - SAFETY)

    async def close(self) -> None:
        """Write what waits, release every lease held, disconnect."""
        self._closing = True
        self._writes.put_nowait(None)
        writer = self._tasks[0] if self._tasks else None
        if writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5.0)
        with contextlib.suppress(psycopg.Error, KeyError):
            await self._conns["lease"].execute(
                "UPDATE farmer_tables SET owner = NULL, lease_until = now() WHERE owner = %s", (self.name,))
        self.held.clear()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        for conn in self._conns.values():
            with contextlib.suppress(psycopg.Error):
                await conn.close()
        self._conns.clear()

    @property
    def reachable(self) -> bool:
        """Whether the last renewal reached the database."""
        return self._reachable

    # ------------------------------------------------------------------ the server's calls (sync)

    def holds(self, code: str, now: float) -> bool:
        """Whether table ``code`` is held, by a lease renewed recently enough (the loop's clock)."""
        return code in self.held and now < self.valid_until

    def opened(self, code: str, address: str) -> None:
        """Table ``code`` was made here: its first save inserts its row, epoch 1."""
        self.held[code] = 1
        self._new.add(code)
        self._origins[code] = address

    def save(self, table: HostedTable) -> str | None:
        """Queue ``table`` as it is now (a finished table is deleted); the answer comes by
        :meth:`StoreEvents.saved` (or :meth:`StoreEvents.lost`)."""
        epoch = self.held.get(table.code)
        if epoch is None:
            return "this server no longer holds the table"
        if table.over:
            self._writes.put_nowait(_Write("delete", table.code, epoch))
            return None
        summary = json.dumps(table.summary().to_json(), separators=(",", ":"))
        state = json.dumps(table.to_json(), separators=(",", ":"))
        kind = "insert" if table.code in self._new else "save"
        self._writes.put_nowait(_Write(kind, table.code, epoch, state, table.settings.public, summary))
        return None

    def delete(self, code: str) -> None:
        """Delete table ``code``'s row (under this server's epoch), and let go of it."""
        epoch = self.held.pop(code, None)
        if epoch is not None:
            self._writes.put_nowait(_Write("delete", code, epoch))
        self._new.discard(code)
        self._origins.pop(code, None)

    def let_go(self, code: str) -> None:
        """Release table ``code``'s lease after the writes queued before."""
        epoch = self.held.pop(code, None)
        if epoch is not None:
            self._writes.put_nowait(_Write("release", code, epoch))
        self._new.discard(code)
        self._origins.pop(code, None)

    def forget(self, code: str) -> None:
        """Stop holding table ``code`` (its lease is lost: nothing more is written)."""
        self.held.pop(code, None)
        self._new.discard(code)
        self._origins.pop(code, None)

    def load_all(self, now: float, save: Callable[[HostedTable], None] | None = None) -> list[HostedTable]:
        """None at start: a shared store's tables are taken when their people come (:meth:`claim`)."""
        return []

    # ------------------------------------------------------------------ questions (async)

    async def _ask(self, query: str, params: tuple[object, ...]) -> psycopg.AsyncCursor[tuple[object, ...]]:
        """Run one question on the questions' connection, opened again once if it was lost (the
        database restarted); the error, if it fails again."""
        try:
            return await self._conns["ask"].execute(query, params)
        except psycopg.OperationalError:
            await self._reconnect("ask")
            return await self._conns["ask"].execute(query, params)

    async def claim(
        self, code: str, now: float, save: Callable[[HostedTable], None]
    ) -> Claimed | Busy | None:
        """Take table ``code`` from its last save if its lease was released or lapsed (or is this
        server's own); :class:`Busy` while another server's lease is live; None: no such table."""
        cur = await self._ask(
            "UPDATE farmer_tables SET owner = %s, epoch = epoch + 1,"
            " lease_until = now() + make_interval(secs => %s)"
            " WHERE code = %s AND (owner IS NULL OR owner = %s OR lease_until <= now())"
            " RETURNING epoch, state",
            (self.name, self.lease_seconds, code, self.name))
        row = await cur.fetchone()
        if row is None:
            cur = await self._ask("SELECT owner FROM farmer_tables WHERE code = %s", (code,))
            found = await cur.fetchone()
            return None if found is None else Busy(str(found[0]))
        epoch, state = int(str(row[0])), str(row[1])
        try:
            if len(state) > MAX_SAVED_TABLE_BYTES:
                raise SaveError("the saved table is too large")
            table = HostedTable.from_json(parse_json(state, MAX_SAVED_TABLE_DEPTH), now, save)
            if table.code != code:
                raise SaveError("its code is not its row's")
        except ValueError as exc:
            log.error("cannot resume table %s from the store: %s", code, str(exc)[:300])
            await self._ask("UPDATE farmer_tables SET owner = NULL WHERE code = %s AND epoch = %s",
                            (code, epoch))
            return None
        self.held[code] = epoch
        log.info("table %s taken (epoch %d)", code, epoch)
        return Claimed(table)

    async def ask_for(self, owner: str, code: str) -> None:
        """Ask server ``owner`` to let table ``code`` go (``NOTIFY``)."""
        await self._ask("SELECT pg_notify(%s, %s)", (CHANNEL, f"{owner} {code}"))

    async def public_tables(self) -> list[dict[str, object]]:
        """Every server's public tables not over (their summaries), those not started first."""
        cur = await self._ask(
            "SELECT summary FROM farmer_tables WHERE public AND summary IS NOT NULL"
            " ORDER BY saved_at DESC LIMIT 500", ())
        tables: list[dict[str, object]] = []
        for (summary,) in await cur.fetchall():
            with contextlib.suppress(ValueError):
                doc = json.loads(str(summary))
                if isinstance(doc, dict) and not doc.get("over"):
                    tables.append(doc)
        return tables

    async def tables_opened_by(self, address: str) -> int:
        """Tables (rows) that ``address`` opened, on every server."""
        cur = await self._ask("SELECT count(*) FROM farmer_tables WHERE origin = %s", (address,))
        row = await cur.fetchone()
        return int(str(row[0])) if row is not None else 0

    # ------------------------------------------------------------------ background

    async def _writer(self) -> None:
        """Write the queued saves, releases and deletes in order, each fenced by its epoch."""
        while True:
            write = await self._writes.get()
            if write is None:
                return
            await self._write_one(write)

    async def flush(self) -> None:
        """Write everything queued now, in order (what the background writer does, for a caller
        that runs nothing in the background: tests)."""
        while not self._writes.empty():
            write = self._writes.get_nowait()
            if write is not None:
                await self._write_one(write)

    async def _write_one(self, write: _Write) -> None:
        """One queued write, and what it tells the server."""
        try:
            done = await self._write(self._conns["write"], write)
        except psycopg.Error as exc:
            await self._reconnect("write")
            why = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
            if write.kind in ("save", "insert") and self._events is not None:
                self._events.saved(write.code, why)
            else:
                log.error("table %s: %s not written: %s", write.code, write.kind, why)
            return
        if write.kind == "insert" and done:
            self._new.discard(write.code)
        if write.kind not in ("save", "insert"):
            return
        if not done and self.held.get(write.code) == write.epoch:
            log.warning("table %s: a save under epoch %d was refused: another server holds it",
                        write.code, write.epoch)
            self.forget(write.code)
            if self._events is not None:
                self._events.lost(write.code)
        elif self._events is not None:
            self._events.saved(write.code, None if done else "this server no longer holds the table")

    async def _write(self, conn: psycopg.AsyncConnection[tuple[object, ...]], write: _Write) -> bool:
        """One write; whether it was accepted (its epoch current and its lease live)."""
        if write.kind == "insert":
            cur = await conn.execute(
                "INSERT INTO farmer_tables (code, owner, epoch, lease_until, state, origin, public, summary)"
                " VALUES (%s, %s, %s, now() + make_interval(secs => %s), %s, %s, %s, %s)"
                " ON CONFLICT (code) DO UPDATE SET state = EXCLUDED.state, public = EXCLUDED.public,"
                " summary = EXCLUDED.summary, saved_at = now()"
                " WHERE farmer_tables.owner = EXCLUDED.owner AND farmer_tables.epoch = EXCLUDED.epoch"
                " AND farmer_tables.lease_until > now()",
                (write.code, self.name, write.epoch, self.lease_seconds, write.state,
                 self._origins.get(write.code, ""), write.public, write.summary))
        elif write.kind == "save":
            cur = await conn.execute(
                "UPDATE farmer_tables SET state = %s, public = %s, summary = %s, saved_at = now()"
                " WHERE code = %s AND owner = %s AND epoch = %s AND lease_until > now()",
                (write.state, write.public, write.summary, write.code, self.name, write.epoch))
        elif write.kind == "release":
            cur = await conn.execute(
                "UPDATE farmer_tables SET owner = NULL, lease_until = now()"
                " WHERE code = %s AND owner = %s AND epoch = %s",
                (write.code, self.name, write.epoch))
        else:
            cur = await conn.execute(
                "DELETE FROM farmer_tables WHERE code = %s AND owner = %s AND epoch = %s",
                (write.code, self.name, write.epoch))
        return cur.rowcount == 1

    async def renew(self) -> None:
        """Renew every lease held, in one statement; a lease not renewed is lost."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        asked = dict(self.held)
        try:
            cur = await self._conns["lease"].execute(
                "UPDATE farmer_tables AS t SET lease_until = now() + make_interval(secs => %s)"
                " FROM unnest(%s::text[], %s::bigint[]) AS h(code, epoch)"
                " WHERE t.code = h.code AND t.epoch = h.epoch AND t.owner = %s AND t.lease_until > now()"
                " RETURNING t.code",
                (self.lease_seconds, list(asked), list(asked.values()), self.name))
            renewed = {str(row[0]) for row in await cur.fetchall()}
            if started - self.valid_until > 0 or not self._reachable:
                log.info("the store answers again")
            self._reachable = True
        except psycopg.Error as exc:
            if self._reachable:
                log.error("cannot renew the leases: %s", str(exc).strip()[:200])
            self._reachable = False
            await self._reconnect("lease")
            return
        self.valid_until = started + self.lease_seconds * (1 - SAFETY)
        for code, epoch in asked.items():
            if code not in renewed and self.held.get(code) == epoch:
                log.warning("table %s: its lease could not be renewed (another server took it)", code)
                self.forget(code)
                if self._events is not None:
                    self._events.lost(code)
        with contextlib.suppress(psycopg.Error):
            await self._conns["lease"].execute(
                "DELETE FROM farmer_tables WHERE lease_until < now() - make_interval(secs => %s)",
                (FORGET_AFTER_SECONDS,))

    async def _renewer(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / RENEWALS_PER_LEASE)
            await self.renew()
            # Still unreachable past the point the leases could have lapsed: every table goes.
            if not self._reachable and asyncio.get_running_loop().time() >= self.valid_until:
                for code in list(self.held):
                    self.forget(code)
                    if self._events is not None:
                        self._events.lost(code)

    async def _reconnect(self, role: str) -> None:
        """Open connection ``role`` again (after an error); quietly, on failure: the next try will."""
        old = self._conns.get(role)
        if old is not None and not old.closed:
            return
        with contextlib.suppress(psycopg.Error, OSError):
            self._conns[role] = await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def _listener(self) -> None:
        """Hand-off requests addressed to this server, to :meth:`StoreEvents.hand_off` (listening
        again, on a new connection, after the database restarted)."""
        while True:
            try:
                async for note in self._conns["listen"].notifies():
                    owner, _, code = note.payload.partition(" ")
                    if owner == self.name and code in self.held and self._events is not None:
                        self._events.hand_off(code)
            except psycopg.Error:
                await asyncio.sleep(self.lease_seconds / RENEWALS_PER_LEASE)
                await self._reconnect("listen")
                with contextlib.suppress(psycopg.Error):
                    await self._conns["listen"].execute(f"LISTEN {CHANNEL}")
