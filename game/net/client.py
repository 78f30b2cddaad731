"""The client side: a connection to a table server that comes back after a drop.

:class:`Client` is for a game window: it runs the connection on a background thread, and
the window's loop calls :meth:`Client.send` (or ``ready``, ``start``...) and
:meth:`Client.poll` each frame; neither ever blocks. :class:`Link` is the asyncio part
underneath, also used directly by asyncio programs (the bots of :mod:`game.net.bot`).

After a drop, a link that holds a seat reconnects by itself and takes the seat back with
its token (a spectator watches again); meanwhile the server's AI plays for it. Messages
given to ``send`` while the connection is down are dropped: they would be stale. A leave is
not: given while the connection is down, it is kept and said first when the connection is back
(the seat taken back with its token, then given up), even after :meth:`Link.close`, for at most
:data:`LEAVE_SECONDS` (a host that never answers again holds nobody: the link then ends).

Every connection to a table names it in its URL (``ws://HOST:PORT/?t=CODE``, :func:`table_url`):
a proxy in front of many servers sends each table's people to the same one by it. A link
therefore connects at its first message (the code it names, if any, goes in the URL), and
reconnects to its table's URL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import secrets
import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.net.codec import CodecError, Json
from game.net.codes import CloseCode
from game.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_SERVER_MESSAGE_BYTES,
    Closed,
    Error,
    ServerMessage,
    Settings,
    Update,
    Welcome,
    act_message,
    decode_server_message,
    opening_message,
)
from game.rules.actions import Action
from game.rules.view import View

RECONNECT_SECONDS = 120.0
"""How long a link keeps trying to come back after a drop."""
LEAVE_SECONDS = 10.0
"""How long a link closed after a leave it could not say (its connection was down) keeps trying
to say it: the others at the table then see the seat handed to the computer at once, rather than
waiting for a person who has gone."""
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0)
"""Waits between attempts (the last repeats)."""
UNREADABLE = -1
"""The close code this side gives a connection it dropped for a frame it could not read (never sent)."""
FINAL_CLOSES = (CloseCode.REPLACED, CloseCode.LEFT, CloseCode.POLICY, CloseCode.REMOVED, CloseCode.EXPIRED,
                UNREADABLE)
"""Close codes after which the client does not reconnect."""


def table_url(url: str, code: str | None) -> str:
    """``url`` (``ws://HOST:PORT``) naming table ``code`` in its query (``ws://HOST:PORT/?t=CODE``),
    or without a query when there is no code (a new table, the list): what a proxy routes by."""
    parts = urlsplit(url)
    query = "t=" + quote(code.strip().upper(), safe="") if code else ""
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, ""))


def _code_of(message: Json, new_code: str | None = None) -> str | None:
    """The table an opening message names; for ``create``, a new code this client proposes
    (``new_code``, else a random one; the server takes it if free: behind a proxy the table is
    then made where its code leads, and needs no handing over when its people come); None for
    ``list``."""
    if message.get("type") == "create":
        return new_code or "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    code = message.get("table")
    return code if isinstance(code, str) and code.strip() else None


async def open_connection(url: str, timeout: float = 5.0, local_host: str | None = None) -> ClientConnection:
    """Connect to a table server at ``url`` (``ws://host:port``), with the protocol's limits
    (``local_host``: the address to connect from, for tools that play many people on one machine)."""
    extra: dict[str, Any] = {} if local_host is None else {"local_addr": (local_host, 0)}
    return await connect(
        url, proxy=None, compression=None, max_size=MAX_SERVER_MESSAGE_BYTES,
        open_timeout=timeout, close_timeout=2, ping_interval=20, ping_timeout=20, **extra,
    )


class Link:
    """One place at a table over as many connections as it takes (asyncio; one loop).

    ``on_message`` is called in the loop for every message the server sends, and for a
    :class:`~game.net.protocol.Closed` when the connection drops. :meth:`run` connects and
    runs until :meth:`close` (or until reconnecting fails for :data:`RECONNECT_SECONDS`).
    """

    def __init__(self, url: str, on_message: Callable[[ServerMessage], None],
                 reconnect_seconds: float = RECONNECT_SECONDS, local_host: str | None = None,
                 leave_seconds: float = LEAVE_SECONDS) -> None:
        """A link to the server at ``url`` (from ``local_host``, if given); nothing connects before
        :meth:`run`. ``leave_seconds``: how long a leave given while the connection is down is
        tried (after :meth:`close` too)."""
        self.url = url
        self.local_host = local_host
        self.on_message = on_message
        self.reconnect_seconds = reconnect_seconds
        self.leave_seconds = leave_seconds
        self.leaving: tuple[str, str] | None = None
        """The table and token of a seat given up while the connection was down: the leave is said
        first when it is back."""
        self._leave_by: float | None = None
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.host = False
        self.watching = False
        self.new_code: str | None = None
        """The code a table this link creates asks for (None: a random one)."""
        self.connected = False
        self.ws: ClientConnection | None = None
        self._outbox: asyncio.Queue[Json] = asyncio.Queue()
        self._closing = False
        self._closed = asyncio.Event()
        self._ever_connected = False

    def send(self, message: Json) -> None:
        """Queue ``message`` (call in the link's loop); sent in order while connected."""
        if self._ever_connected and not self.connected:
            return  # stale by the time the connection is back
        self._outbox.put_nowait(message)

    async def close(self) -> None:
        """Close for good (a leave not said yet is still tried, for :attr:`leave_seconds` from it)."""
        self._closing = True
        self._closed.set()
        ws = self.ws
        if ws is not None:
            await ws.close()

    def kill(self) -> None:
        """Drop the connection at once, without a closing handshake (as a crash or a cut cable does)."""
        ws = self.ws
        if ws is not None and ws.transport is not None:
            ws.transport.abort()

    async def _first_code(self) -> str | None:
        """Wait for the first message to send (or the close); the table it names, if any."""
        getting = asyncio.ensure_future(self._outbox.get())
        closing = asyncio.ensure_future(self._closed.wait())
        try:
            await asyncio.wait((getting, closing), return_when=asyncio.FIRST_COMPLETED)
        finally:
            closing.cancel()
        if not getting.done():
            getting.cancel()
            return None
        first = getting.result()
        # Put it back first in line: the queue is read in order once connected.
        waiting = [first]
        while not self._outbox.empty():
            waiting.append(self._outbox.get_nowait())
        for message in waiting:
            self._outbox.put_nowait(message)
        return _code_of(first, self.new_code)

    async def run(self) -> None:
        """Connect at the first message, talk, and reconnect after drops, until closed."""
        lost_at: float | None = None
        attempt = 0
        loop = asyncio.get_running_loop()
        route = await self._first_code()
        while self._trying():
            leaving = self.leaving
            url = table_url(self.url, self.table or (leaving[0] if leaving else None) or route)
            try:
                ws = await open_connection(url, timeout=self._open_seconds(), local_host=self.local_host)
            except (TimeoutError, OSError, InvalidHandshake, InvalidURI) as exc:
                if lost_at is None:
                    lost_at = loop.time()
                if isinstance(exc, InvalidURI) or loop.time() - lost_at > self.reconnect_seconds:
                    self.on_message(Closed(f"cannot connect to {url}: {exc}", False))
                    return
                delay = RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)]
                if self._leave_by is not None:
                    delay = max(0.0, min(delay, self._leave_by - loop.time()))
                await asyncio.sleep(delay)
                attempt += 1
                continue
            self.ws = ws
            if self._ever_connected:
                self._outbox = asyncio.Queue()  # anything queued while away is stale
                if leaving is not None:  # the seat is taken back only to be given up
                    self._outbox.put_nowait(opening_message("resume", table=leaving[0], token=leaving[1]))
                    self._outbox.put_nowait({"type": "leave"})
                    self.leaving = None
                elif self.table is not None and self.token is not None:
                    self._outbox.put_nowait(opening_message("resume", table=self.table, token=self.token))
                elif self.table is not None and self.watching:
                    self._outbox.put_nowait(opening_message("watch", table=self.table))
            self.connected = True
            self._ever_connected = True
            lost_at, attempt = None, 0
            try:
                talking = self._talk(ws)
                if self._leave_by is not None:  # only the leave is left to say: its answer is the close
                    talking = asyncio.wait_for(talking, max(1.0, self._leave_by - loop.time()))
                reason, code = await talking
            except TimeoutError:  # the leave was said, but the table never answered it: done all the same
                with contextlib.suppress(Exception):
                    ws.transport.abort()
                self.connected = False
                self.ws = None
                self.on_message(Closed("closed", False))
                return
            except Exception as exc:  # whatever a hostile peer causes, the window hears of it
                with contextlib.suppress(Exception):
                    ws.transport.abort()
                why = str(exc)[:200] or type(exc).__name__
                reason, code = f"the connection was closed: {why}", UNREADABLE
            self.connected = False
            self.ws = None
            if leaving is not None and self._leave_by is not None:
                self.table = self.token = self.seat = None  # taken back by the welcome, given up again
                if code != CloseCode.LEFT and loop.time() < self._leave_by:
                    self.leaving = leaving  # dropped before the table took the leave: say it again
                    continue
                self.on_message(Closed("closed", False))
                return
            if self._closing:
                self.on_message(Closed("closed", False))
                return
            final = code in FINAL_CLOSES
            retry = not final and self.table is not None and (self.token is not None or self.watching)
            self.on_message(Closed(reason, retry, code))
            if not retry:
                return
            lost_at = loop.time()

    def _trying(self) -> bool:
        """Whether to connect (again): until closed; while a leave is still to be said, until its
        time is up (closed or not)."""
        if self.leaving is not None and self._leave_by is not None:
            return asyncio.get_running_loop().time() < self._leave_by
        return not self._closing

    def _open_seconds(self) -> float:
        """How long one attempt to connect may take: 5 s, less when only a leave is left to say."""
        if self._leave_by is None:
            return 5.0
        return max(0.5, min(5.0, self._leave_by - asyncio.get_running_loop().time()))

    async def _talk(self, ws: ClientConnection) -> tuple[str, int | None]:
        """Read until the connection ends; returns why, and the server's close code (None if lost)."""
        writer = asyncio.create_task(self._write(ws))
        try:
            async for data in ws:
                try:
                    message = decode_server_message(data)
                except Exception as exc:  # a frame may raise anything: none stops the game
                    # A server that sends what this game cannot read is not one to keep talking to.
                    why = str(exc)[:200] if isinstance(exc, CodecError) else type(exc).__name__
                    ws.transport.abort()
                    return f"the connection was closed: {why}", UNREADABLE
                self._note(message)
                self.on_message(message)
            rcvd = ws.protocol.close_rcvd
        except ConnectionClosed as exc:
            rcvd = exc.rcvd
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer
        if rcvd is None:
            return "the connection was lost", None
        return rcvd.reason or "the server closed the connection", rcvd.code

    async def _write(self, ws: ClientConnection) -> None:
        outbox = self._outbox
        while True:
            message = await outbox.get()
            await ws.send(json.dumps(message, separators=(",", ":")))

    def _note(self, message: ServerMessage) -> None:
        if isinstance(message, Welcome):
            self.table, self.seat, self.token = message.table, message.seat, message.token
            self.host = message.host
            self.watching = message.seat is None
        elif isinstance(message, Error) and message.code == "bad_token":
            self.token = None  # the seat is gone: do not try it again

    # The messages a program sends, as methods (in the link's loop).

    def act(self, action: Action, ref: int | None = None) -> None:
        """Play ``action`` for this link's seat."""
        self.send(act_message(action, ref))

    def leave(self) -> None:
        """Give up the seat; the link will not come back to it (but for saying it leaves, when the
        connection is down now: see :attr:`leaving`)."""
        if self._ever_connected and not self.connected and self.table is not None and self.token is not None:
            self.leaving = (self.table, self.token)
            self._leave_by = asyncio.get_running_loop().time() + self.leave_seconds
        else:
            self.send({"type": "leave"})
        self.table = self.token = self.seat = None
        self.watching = False


class Client:
    """A link to a table server on a background thread, for a game loop that must never wait.

    Create it, call one of :meth:`create`, :meth:`join`, :meth:`resume`, :meth:`watch` (or
    :meth:`list_tables` first), then each frame :meth:`poll` for what arrived and
    :meth:`send` a person's action. Every method returns at once and may be called from any
    thread. :attr:`view` is the latest :class:`~game.rules.view.View`; :attr:`seat`,
    :attr:`token` and :attr:`table` say where this client sits (keep the token and the table
    code to take the seat back later with :meth:`resume`). As a context manager
    (``with Client(url) as client:``) it is closed when the block ends, however it ends.
    """

    def __init__(self, url: str, reconnect_seconds: float = RECONNECT_SECONDS,
                 leave_seconds: float = LEAVE_SECONDS) -> None:
        """Start connecting to ``url`` (``ws://host:port``) on a background thread (``leave_seconds``:
        how long a leave given while the connection is down is tried, after :meth:`close` too)."""
        self.url = url
        self._inbox: queue.SimpleQueue[ServerMessage] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._link = Link(url, self._deliver, reconnect_seconds, leave_seconds=leave_seconds)
        self._left_away = False
        self._ref = 0
        self._lock = threading.Lock()
        self._closing: asyncio.Task[None] | None = None
        self.view: View | None = None
        """The latest view the server sent (None before the game starts)."""
        self.on_leave: Callable[[], None] | None = None
        """Called (on the caller's thread) when :meth:`leave` gives the seat up: a window forgets
        the seat's token then, whichever screen the person left from."""
        self._thread = threading.Thread(target=self._run, name="farmer-client", daemon=True)
        self._thread.start()

    def __enter__(self) -> Client:
        """This client, closed when the ``with`` block ends."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the connection and stop the thread (see :meth:`close`)."""
        self.close()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._link.run())
        finally:
            closing = self._closing
            if closing is not None and not closing.done():
                # A close begun just as the link ended: let it finish rather than leave it unawaited.
                self._loop.run_until_complete(closing)
            self._loop.close()

    def _deliver(self, message: ServerMessage) -> None:
        if isinstance(message, Update):
            self.view = message.view
        self._inbox.put(message)

    def _post(self, message: Json) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nothing more is sent
            self._loop.call_soon_threadsafe(self._link.send, message)

    # ------------------------------------------------------------------ where this client sits

    @property
    def table(self) -> str | None:
        """The table's code, once welcomed."""
        return self._link.table

    @property
    def seat(self) -> int | None:
        """This client's seat (None: watching, or no table yet)."""
        return self._link.seat

    @property
    def token(self) -> str | None:
        """The token that takes this seat back (keep it with the table code)."""
        return self._link.token

    @property
    def host(self) -> bool:
        """Whether this client is the table's host (may start and end the game)."""
        return self._link.host

    @property
    def connected(self) -> bool:
        """Whether the connection is up now."""
        return self._link.connected

    @property
    def running(self) -> bool:
        """Whether the client still runs (False once closed or given up)."""
        return self._thread.is_alive()

    # ------------------------------------------------------------------ messages

    def poll(self) -> list[ServerMessage]:
        """Every message that arrived since the last call, oldest first (never waits)."""
        out: list[ServerMessage] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> ServerMessage | None:
        """The next message, waiting up to ``timeout`` seconds (for tools and tests, not a game loop)."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def send(self, action: Action) -> int:
        """Play ``action`` for this client's seat; returns the ``ref`` the answer will carry."""
        with self._lock:
            self._ref += 1
            ref = self._ref
        self._post(act_message(action, ref))
        return ref

    def create(self, name: str, settings: Settings | dict[str, Any] | None = None,
               seat: int | None = None, code: str | None = None) -> None:
        """Open a new table as its host, seated (at ``seat`` or seat 0 first free); ``code`` asks
        for that table code (given when free and well formed, else the server chooses)."""
        self._link.new_code = code
        body = settings.to_json() if isinstance(settings, Settings) else dict(settings or {})
        if body.get("seed") is None:
            body.pop("seed", None)
        self._post(opening_message("create", name=name, settings=body, seat=seat))

    def join(self, table: str, name: str, seat: int | None = None) -> None:
        """Take a free seat at ``table`` (before its game starts)."""
        self._post(opening_message("join", table=table, name=name, seat=seat))

    def resume(self, table: str, token: str) -> None:
        """Take back a seat held with ``token`` (after a restart of the game or of the server)."""
        self._post(opening_message("resume", table=table, token=token))

    def watch(self, table: str) -> None:
        """Watch ``table`` as a spectator (public information only)."""
        self._post(opening_message("watch", table=table))

    def list_tables(self) -> None:
        """Ask for the server's tables not over yet (answered by a ``TableList``)."""
        self._post(opening_message("list"))

    def ready(self, deal: int | None = None) -> None:
        """Ready for the next deal (``deal``: its number, from the ``Pause``)."""
        self._post({"type": "ready", **({"deal": deal} if deal is not None else {})})

    def start(self) -> None:
        """Host: start the game (the AI takes every empty seat)."""
        self._post({"type": "start"})

    def remove(self, seat: int) -> None:
        """Host: free ``seat`` before the start (its person is told and disconnected)."""
        self._post({"type": "remove", "seat": seat})

    def end(self) -> None:
        """Host: end the game between deals (now, or when the deal being played is settled)."""
        self._post({"type": "end"})

    def leave(self) -> None:
        """Give up the seat (before the start it is freed; after, the AI plays it for good). Given
        while the connection is down, it is said when the connection is back (see :class:`Link`)."""
        self._left_away = not self._link.connected
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._link.leave)
        if self.on_leave is not None:
            self.on_leave()

    def close(self, timeout: float = 2.0) -> None:
        """Close the connection and stop the thread (waiting up to ``timeout`` seconds for it; not at
        all after a leave given while the connection was down: the thread goes on trying to say it,
        for a bounded time, while the caller goes on)."""
        if self._left_away:
            timeout = 0.0
        if self._thread.is_alive():
            # The closing is begun on the client's own loop, when it runs: a loop that ends first
            # leaves no coroutine behind unawaited.
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nothing left to close
                self._loop.call_soon_threadsafe(self._begin_closing)
        self._thread.join(timeout)

    def _begin_closing(self) -> None:
        self._closing = self._loop.create_task(self._link.close())
