"""The page for phones, over plain HTTP on the table server's own port.

A browser opens ``http://HOST:PORT/?t=CODE``; the page then connects back to
``ws://HOST:PORT/`` and plays protocol v1 like any client. The WebSocket library reads every
connection's opening request; :meth:`Site.process_request` (its ``process_request`` hook)
hands a WebSocket upgrade to the game and answers anything else itself:

- ``GET /``: ``web/index.html``; ``GET /NAME`` for each file directly in the assets' ``web/``
  folder whose name matches :data:`FILE_NAME` (an allow-list read once, at start, with the
  files' bytes); the query string (``?t=ABCD2345``) is not part of the lookup;
- ``GET /i18n/<lang>.json`` (``fr``, ``de``; ``en`` has no messages): the catalogue the window
  reads, as JSON (:func:`game.formats.catalog.web_catalogue`), built once per process;
- ``GET /healthz``: ``200 ok`` while the server takes tables, ``503`` once it is stopping (or, in
  a cluster, cannot reach its store): what a proxy's health checks ask;
- ``HEAD`` of the same: the same headers, no body; any other method: 405;
- anything else: 404. Paths are compared as they come, never decoded or joined to a folder
  (``..``, ``%2e%2e``, ``//``, backslashes are simply not names of the list): no listing, no
  way out of the folder.

Every answer carries a Content-Security-Policy that lets the page load only its own files and
connect only to this server (:func:`security_policy`), ``nosniff``, ``no-referrer`` and
``Cache-Control: no-cache`` (with an ``ETag``, so a reload costs a 304), and no ``Server``
header naming what runs it. The connection is closed after each answer. A WebSocket upgrade
whose ``Origin`` is not this server's own page (its ``Host``) nor one allowed by the host
(``--allow-origin``) gets 403; one with no ``Origin`` (a window, a tool) goes on.

:class:`Door` is the server's side of all this on the socket: it counts every socket, holds
back those over their address's limits (:mod:`game.net.admission`) before reading them,
measures each request's head as it arrives (431 and closed past its limits, before websockets
keeps it), caps the connections still sending their head (the oldest closed first), and lets an
address whose new connections are spent still load the page's files on a credit of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import http
import ipaddress
import json
import logging
import re
import socket
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from game.formats import assets, catalog
from game.net.admission import Admission, HeadVerdict, RequestHead, ServerConfig
from game.net.protocol import MAX_FRAME_BYTES
from game.net.proxied import (
    PROXY_PREFIX,
    BadProxyLine,
    forwarded_for,
    is_trusted,
    read_proxy_line,
    trusted_networks,
)

log = logging.getLogger("farmer.server")

FILE_NAME = re.compile(r"[a-z0-9_-]+\.(html|css|js|svg|png|ico|webmanifest)")
"""The names of the files the page may have (directly in ``web/``, nothing else is served)."""
CONTENT_TYPES: Mapping[str, str] = {
    "html": "text/html; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "svg": "image/svg+xml; charset=utf-8",
    "png": "image/png",
    "ico": "image/x-icon",
    "webmanifest": "application/manifest+json; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
}
"""Each served kind's Content-Type."""
INDEX = "index.html"
"""The file ``GET /`` answers with."""
HEALTH_PATH = "/healthz"
"""The path a proxy's health checks ask (``200 ok``, or ``503`` when this server takes no tables)."""
PAGE_LANGUAGES = ("en", "fr", "de")
"""The languages ``/i18n/<lang>.json`` answers for (English, the source, with no messages)."""
MAX_FILE_BYTES = 2 * 1024 * 1024
"""A file of ``web/`` larger than this is left out (and said so once, at start)."""
MAX_PATH = 512
"""A request path longer than this is not looked up (404). A request head longer than
:attr:`ServerConfig.max_request_bytes` is refused before it is read (431)."""
RECEIVE_BUFFER_BYTES = 2 * MAX_FRAME_BYTES
"""The kernel's receive buffer for each connection (two of the largest frames read)."""
TOO_LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\n"
             b"Connection: close\r\n\r\n")
"""The whole answer to a request head over the limits, written before closing."""
URI_TOO_LONG = b"HTTP/1.1 414 URI Too Long\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
"""The whole answer to a request line over the limit."""

_SERVED = (http.HTTPStatus.OK, http.HTTPStatus.NOT_MODIFIED)
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOST_NAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*")
_HOST_V6 = re.compile(r"\[([0-9a-f:.]{2,45})\]")
_PORT = re.compile(r"[0-9]{1,5}")
_I18N_PATH = re.compile(r"/i18n/([a-z]{2})\.json")


def valid_host(value: str) -> str | None:
    """The ``Host`` header ``value`` if it is a plausible ``host[:port]`` (lowercased), else None.

    A host is a DNS name or an IPv4 address, or an IPv6 address in brackets; a port, 1-65535.
    Anything else (spaces, quotes, semicolons, user info, paths) could not be written into a
    policy safely and gets None.
    """
    text = value.strip().lower()
    if not text or len(text) > 260:
        return None
    host, port = text, ""
    if text.startswith("["):
        close = text.find("]")
        host, rest = text[: close + 1], text[close + 1 :]
        if close < 0 or (rest and not rest.startswith(":")):
            return None
        port = rest[1:] if rest else ""
        found = _HOST_V6.fullmatch(host)
        if found is None:
            return None
        try:
            ipaddress.IPv6Address(found.group(1))
        except ValueError:
            return None
        if rest and not port:
            return None
    else:
        if text.count(":") > 1:
            return None
        host, colon, port = text.partition(":")
        if colon and not port:
            return None
        if _HOST_NAME.fullmatch(host) is None:
            return None
    if port and (_PORT.fullmatch(port) is None or not 1 <= int(port) <= 65535):
        return None
    return text


def security_policy(host: str | None) -> str:
    """The Content-Security-Policy of every answer; ``host`` (valid ``host[:port]``) adds the
    WebSocket URLs of this server to ``connect-src`` (older browsers do not count ``ws:`` as
    ``'self'``)."""
    connect = "'self'" if host is None else f"'self' ws://{host} wss://{host}"
    return (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src {connect}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )


@dataclass(frozen=True, slots=True)
class Body:
    """One answer's content: its bytes, its Content-Type and its ETag."""

    data: bytes
    content_type: str
    etag: str

    @classmethod
    def of(cls, data: bytes, kind: str) -> Body:
        """``data`` served as ``kind`` (a key of :data:`CONTENT_TYPES`)."""
        return cls(data, CONTENT_TYPES[kind], '"' + hashlib.sha256(data).hexdigest()[:32] + '"')


HEALTHY = Body.of(b"ok\n", "txt")
"""``/healthz``'s answer while the server takes tables."""

_catalogues: dict[str, Body | None] = {}


def catalogue_body(language: str) -> Body | None:
    """``/i18n/<language>.json``, built once per process; None for a language the page lacks or
    whose catalogue is missing or broken (said once in the log)."""
    if language not in PAGE_LANGUAGES:
        return None
    if language not in _catalogues:
        body: Body | None = None
        try:
            english = language == PAGE_LANGUAGES[0]
            entries = {} if english else catalog.read_po(catalog.catalogue_text(language))
            doc = catalog.web_catalogue(entries)
            body = Body.of(json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode(), "json")
        except (OSError, ValueError) as exc:
            log.error("the page's %s words cannot be given: %s", language, exc)
        _catalogues[language] = body
    return _catalogues[language]


def read_folder(folder: Traversable) -> dict[str, Body]:
    """The files of ``folder`` the page may have (:data:`FILE_NAME`), by name, read now."""
    files: dict[str, Body] = {}
    try:
        items = list(folder.iterdir()) if folder.is_dir() else []
    except OSError as exc:
        log.error("the page for phones cannot be read from %s: %s", folder, exc)
        return files
    for item in items:
        found = FILE_NAME.fullmatch(item.name)
        if found is None or not item.is_file():
            continue
        try:
            data = item.read_bytes()
        except OSError as exc:
            log.error("the page's file %s cannot be read: %s", item.name, exc)
            continue
        if len(data) > MAX_FILE_BYTES:
            log.error("the page's file %s is too large to serve (%d bytes)", item.name, len(data))
            continue
        files[item.name] = Body.of(data, found.group(1))
    return files


class Site:
    """The page's files and the catalogues, answered on the WebSocket port.

    ``folder`` is the page's folder (None: ``web/`` in the installed assets). Its allow-list and
    its files are read once, here; a folder that is missing gives a server without the page
    (every path 404, said once in the log), the game itself unharmed.
    """

    def __init__(self, folder: Traversable | None = None, allow_origins: Iterable[str] = ()) -> None:
        """Read the page's files from ``folder``; ``allow_origins``: other pages that may play here."""
        self.allow_origins = frozenset(o.strip().lower().rstrip("/") for o in allow_origins)
        """Origins besides this server's own whose pages may open the game's WebSocket."""
        where: Traversable | None = folder
        if where is None:
            try:
                where = assets.root().joinpath(assets.WEB)
            except assets.MissingAssetError as exc:
                log.error("%s", exc)
        self.files = read_folder(where) if where is not None else {}
        """The files served, by name."""
        self.healthy: Callable[[], bool] = lambda: True
        """Whether this server takes tables now (``/healthz``); the server sets it."""
        if INDEX not in self.files:
            log.warning("the page for phones is missing (no %s in %s): only the game is served", INDEX, where)

    @property
    def has_page(self) -> bool:
        """Whether ``GET /`` answers with a page."""
        return INDEX in self.files

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """The ``process_request`` hook: None (the WebSocket handshake goes on) for an upgrade,
        else the HTTP answer. It never raises: a bug here is one line in the log and a 500."""
        try:
            return self.answer(request)
        except Exception as exc:
            log.error("an HTTP request failed: %s: %s", type(exc).__name__, str(exc)[:200])
            return self._response(http.HTTPStatus.INTERNAL_SERVER_ERROR, None, request, None)

    def answer(self, request: Request) -> Response | None:
        """What to send for ``request`` (None: it is a WebSocket upgrade, for the game)."""
        method = _method(request)
        host = _host_of(request.headers)
        if method == "GET" and _is_upgrade(request.headers):
            if self.origin_allowed(request.headers, host):
                return None
            return self._response(http.HTTPStatus.FORBIDDEN, None, request, host)
        if method not in ("GET", "HEAD"):
            response = self._response(http.HTTPStatus.METHOD_NOT_ALLOWED, None, request, host)
            response.headers["Allow"] = "GET, HEAD"
            return response
        if request.path.partition("?")[0] == HEALTH_PATH:
            ok = self.healthy()
            status = http.HTTPStatus.OK if ok else http.HTTPStatus.SERVICE_UNAVAILABLE
            return self._response(status, HEALTHY if ok else None, request, host)
        body = self.lookup(request.path)
        if body is None:
            return self._response(http.HTTPStatus.NOT_FOUND, None, request, host)
        if body.etag in _etags(request.headers):
            return self._response(http.HTTPStatus.NOT_MODIFIED, body, request, host)
        return self._response(http.HTTPStatus.OK, body, request, host)

    def origin_allowed(self, headers: Headers, host: str | None) -> bool:
        """Whether a WebSocket handshake's ``Origin`` may play here: none at all (a window, a
        tool: no browser page), this server's own page (the origin's ``host[:port]`` is the
        request's ``Host``), or one the host allowed."""
        origins = headers.get_all("Origin")
        if not origins:
            return True
        if len(origins) > 1:
            return False
        origin = origins[0].strip().lower().rstrip("/")
        if origin in self.allow_origins:
            return True
        scheme, sep, rest = origin.partition("://")
        return host is not None and bool(sep) and scheme in ("http", "https") and rest == host

    def lookup(self, target: str) -> Body | None:
        """The content at request target ``target`` (its query left out), or None: not found."""
        path = target.partition("?")[0].partition("#")[0]
        if len(path) > MAX_PATH or not path.startswith("/"):
            return None
        if path == "/":
            return self.files.get(INDEX)
        name = path[1:]
        if FILE_NAME.fullmatch(name) is not None:
            return self.files.get(name)
        found = _I18N_PATH.fullmatch(path)
        if found is not None:
            return catalogue_body(found.group(1))
        return None

    def _response(self, status: http.HTTPStatus, body: Body | None, request: Request,
                  host: str | None) -> Response:
        """An answer with every header; the body left out for HEAD, 304, and errors' own text."""
        headers = Headers()
        if body is None:
            data = f"{status.value} {status.phrase}\n".encode()
            headers["Content-Type"] = "text/plain; charset=utf-8"
        elif status is http.HTTPStatus.NOT_MODIFIED:
            data = b""
        else:
            data = body.data
            headers["Content-Type"] = body.content_type
        if body is not None:
            headers["ETag"] = body.etag
        if status is not http.HTTPStatus.NOT_MODIFIED:
            headers["Content-Length"] = str(len(data))
        headers["Content-Security-Policy"] = security_policy(host)
        headers["X-Content-Type-Options"] = "nosniff"
        headers["Referrer-Policy"] = "no-referrer"
        headers["Cache-Control"] = "no-cache"
        headers["Connection"] = "close"
        if _method(request) == "HEAD":
            data = b""
        return Response(status.value, status.phrase, headers, data)


def _method(request: Request) -> str:
    """The request's method. An older websockets (15) has no ``method``: it hands on GET alone."""
    return str(getattr(request, "method", "GET"))


def _is_upgrade(headers: Headers) -> bool:
    """Whether the request asks to become a WebSocket (``Upgrade: websocket``)."""
    tokens = (token for value in headers.get_all("Upgrade") for token in value.split(","))
    return any(token.strip().lower() == "websocket" for token in tokens)


def _host_of(headers: Headers) -> str | None:
    """The request's one valid ``Host`` header, or None (missing, repeated or implausible)."""
    values = headers.get_all("Host")
    return valid_host(values[0]) if len(values) == 1 else None


def _etags(headers: Headers) -> set[str]:
    """The ETags of the request's ``If-None-Match``."""
    return {tag.strip() for value in headers.get_all("If-None-Match")[:4] for tag in value.split(",")[:16]}


def connection_address(connection: ServerConnection, peer: bool = False) -> str:
    """The address ``connection``'s limits are counted by: its client's, as a trusted proxy said
    it (PROXY line, ``X-Forwarded-For``), else its peer's; ``peer``: the peer's, always."""
    said = getattr(connection, "client_address", None)
    if isinstance(said, str) and not peer:
        return said
    remote = connection.remote_address
    return str(remote[0]) if isinstance(remote, tuple) and remote else "?"


class Door:
    """The server's front door: every socket from its accept to the end of its opening handshake.

    :meth:`connection_class` is the websockets connection the server is built with: it counts
    the socket, holds one over its address's limits unread for a moment and drops it, measures
    the request head as it comes (:class:`~game.net.admission.RequestHead`), and keeps the
    connections still sending theirs under :attr:`ServerConfig.max_handshakes` (the oldest closed
    first). :meth:`process_request` answers HTTP (:class:`Site`).
    """

    def __init__(self, config: ServerConfig, admission: Admission[Any], site: Site, max_sockets: int) -> None:
        """A door with ``config``'s limits, counted in ``admission``, answering with ``site``."""
        self.config = config
        self.admission = admission
        self.site = site
        self.max_sockets = max_sockets
        """The most sockets held at once: kept below the process's file limit."""
        self.sockets = 0
        """Sockets open now (connections, and those still in their opening handshake)."""
        self.proxies = trusted_networks(config.trusted_proxies)
        """The proxies whose word on a client's address is believed (``--trusted-proxy``)."""

    def connection_class(self) -> type[ServerConnection]:
        """The websockets connection class that goes through this door."""
        door = self

        class Counted(ServerConnection):
            """A socket counted from its accept to its end, measured until its request head is in."""

            counted = False
            page_only = False
            """Let in on the page's credit: only a request for one of its files is answered."""
            head: RequestHead | None = None
            client_address = "?"
            """The client's address: the peer's, or the one a trusted proxy said."""
            before_proxy_line: bytes | None = None
            """A trusted proxy's first bytes, until its PROXY line is complete (None: not waiting)."""
            from_proxy_line = False
            """Whether :attr:`client_address` came from a PROXY line."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                self.counted = True
                door.sockets += 1
                sock = transport.get_extra_info("socket")
                if sock is not None:
                    # A client's messages are small: a small receive buffer means a flooding peer
                    # is held back by its own socket after a few frames, not after megabytes
                    # the kernel copied for nothing.
                    with contextlib.suppress(OSError):
                        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER_BYTES)
                peer = transport.get_extra_info("peername")
                self.client_address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
                if not isinstance(transport, asyncio.Transport):
                    return
                if door.sockets > door.max_sockets:
                    transport.abort()  # dropped before its handshake: its descriptor is free again
                    return
                if is_trusted(self.client_address, door.proxies):
                    # A proxy: who it carries comes in its first line (PROXY protocol) or in a
                    # header; the limits by address wait for it.
                    self.before_proxy_line = b""
                    door.admission.handshake_started(self, self.loop.time())
                    return
                self._let_in(transport)

            def _let_in(self, transport: asyncio.Transport) -> bool:
                """Count a new connection from :attr:`client_address` against its address's limits;
                False when it is held back (not read, dropped a moment later)."""
                admission = door.admission
                address = self.client_address
                now = self.loop.time()
                if admission.placeless_full(address, now):
                    self._hold(transport)
                    return False
                if not admission.arrival(address, now):
                    if admission.page_file(address, now):
                        self.page_only = True
                    else:
                        self._hold(transport)
                        return False
                self.head = RequestHead(door.config)
                admission.handshake_started(self, now)
                return True

            def _proxy_line(self, data: bytes) -> bytes | None:
                """Read the PROXY line from a proxy's first bytes; what follows it, or None (more
                to come, or the connection dropped or held)."""
                waiting = (self.before_proxy_line or b"") + data
                if not waiting.startswith(PROXY_PREFIX[: len(waiting)]):
                    # No PROXY line: plain HTTP from the proxy (its X-Forwarded-For tells who).
                    self.before_proxy_line = None
                    door.admission.handshake_ended(self)
                    self.head = RequestHead(door.config)
                    door.admission.handshake_started(self, self.loop.time())
                    return waiting
                try:
                    line = read_proxy_line(waiting)
                except BadProxyLine:
                    self.before_proxy_line = None
                    self.transport.abort()
                    return None
                if line is None:
                    self.before_proxy_line = waiting
                    return None
                self.before_proxy_line = None
                self.from_proxy_line = line.address is not None
                if line.address is not None:
                    self.client_address = line.address
                door.admission.handshake_ended(self)
                if not self._let_in(self.transport):
                    return None
                return waiting[line.length:]

            def _hold(self, transport: asyncio.Transport) -> None:
                # Too many from one address: not read, dropped a moment later. An immediate
                # drop would only have the peer try again at once, again and again.
                transport.pause_reading()
                self.loop.call_later(door.config.refused_hold_seconds, transport.abort)

            def give_up(self) -> None:
                """Closed for a newer connection: this one's request head took too long."""
                self.head = None
                self.transport.abort()

            def data_received(self, data: bytes) -> None:
                if self.before_proxy_line is not None:
                    rest = self._proxy_line(data)
                    if not rest:
                        return
                    data = rest
                head = self.head
                if head is not None:
                    verdict = head.feed(data)
                    if verdict in (HeadVerdict.TOO_LARGE, HeadVerdict.URI_TOO_LONG):
                        self.head = None
                        door.admission.handshake_ended(self)
                        self.transport.write(TOO_LARGE if verdict is HeadVerdict.TOO_LARGE else URI_TOO_LONG)
                        self.transport.close()
                        return
                    if verdict is HeadVerdict.COMPLETE:
                        self.head = None
                        door.admission.handshake_ended(self)
                super().data_received(data)

            def connection_lost(self, exc: Exception | None) -> None:
                if self.counted:
                    self.counted = False
                    door.sockets -= 1
                    door.admission.handshake_ended(self)
                super().connection_lost(exc)

        return Counted

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """The ``process_request`` hook: :meth:`Site.process_request`, but a connection let in on
        the page's credit gets only the page's files (else 429), and one of the page's files asked
        on a new connection's token is charged to the page's credit instead."""
        if (is_trusted(connection_address(connection, peer=True), self.proxies)
                and not getattr(connection, "from_proxy_line", False)):
            said = forwarded_for(request.headers.get_all("X-Forwarded-For"))
            if said is not None:
                connection.client_address = said  # type: ignore[attr-defined]
        response = self.site.process_request(connection, request)
        served = response is not None and response.status_code in _SERVED
        if getattr(connection, "page_only", False):
            if not served:
                response = self.site._response(http.HTTPStatus.TOO_MANY_REQUESTS, None, request, None)
                response.headers["Retry-After"] = "1"
        elif served:
            self.admission.page_file_served(connection_address(connection), connection.loop.time())
        return response
