"""Helpers for tests that speak to a table server over raw connections: WebSocket messages read
until one is wanted, HTTP requests and answers, and the page's folder a test serves."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net.protocol import (
    MAX_SERVER_MESSAGE_BYTES,
    opening_message,
)


async def until(check: Callable[[], bool], limit: float = 20.0) -> None:
    """Wait until ``check()`` holds (fails after ``limit`` seconds)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


async def ask(ws: ClientConnection, message: dict[str, Any], want: str, limit: float = 5.0) -> dict[str, Any]:
    """Send ``message`` and read until a message of type ``want`` (or an error) comes."""
    await ws.send(json.dumps(message))
    return await read_until(ws, lambda m: m["type"] in (want, "error"), limit)


async def read_until(ws: ClientConnection, check: Callable[[dict[str, Any]], bool],
                     limit: float = 5.0) -> dict[str, Any]:
    """The next message ``check`` accepts."""
    async with asyncio.timeout(limit):
        while True:
            msg = json.loads(await ws.recv())
            if check(msg):
                return msg  # type: ignore[no-any-return]


async def closed_code(ws: ClientConnection, limit: float = 10.0) -> int | None:
    """Read until the server closes ``ws``; its close code."""
    try:
        async with asyncio.timeout(limit):
            async for _ in ws:
                pass
    except ConnectionClosed:
        pass
    rcvd = ws.protocol.close_rcvd
    return None if rcvd is None else rcvd.code


async def create(url: str, settings: dict[str, Any], **conn: Any) -> tuple[ClientConnection, str]:
    """A connection that opened a table; returns it and the table's code."""
    ws = await connect(url, compression=None, max_size=MAX_SERVER_MESSAGE_BYTES, proxy=None, **conn)
    answer = await ask(ws, opening_message("create", name="Anne", settings=settings), "welcome")
    assert answer["type"] == "welcome", answer
    return ws, str(answer["table"])


PAGE_FILES = {
    "index.html": (b"<!doctype html><title>t</title><script type=module src=app.js></script>\n",
                   "text/html; charset=utf-8"),
    "style.css": (b"body { margin: 0 }\n", "text/css; charset=utf-8"),
    "app.js": (b'import { _ } from "./i18n.js";\nexport const word = _("Join");\n',
               "text/javascript; charset=utf-8"),
    "i18n.js": (b"export function _(m) { return m; }\n", "text/javascript; charset=utf-8"),
    "card_back-2.svg": (b'<svg xmlns="http://www.w3.org/2000/svg"/>\n', "image/svg+xml; charset=utf-8"),
    "icon-192.png": (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "image/png"),
    "favicon.ico": (b"\x00\x00\x01\x00" + b"\xff" * 40, "image/x-icon"),
    "farmer.webmanifest": (b'{"name": "Farmer"}\n', "application/manifest+json; charset=utf-8"),
}
"""The page's files in the test's own folder, and the Content-Type each is served with."""


NOT_SERVED = {
    "README.md": b"notes",
    "Index.HTML": b"upper case",
    ".hidden.js": b"hidden",
    "a.b.js": b"two dots",
    "secret.py": b"SECRET",
    "sub/inner.js": b"in a folder",
}
"""Files in the page's folder (or below it) that are not on the allow-list."""


@dataclass
class Answer:
    """An HTTP answer as read from the socket (status None: closed without one)."""

    status: int | None
    headers: dict[str, str]
    body: bytes
    raw: bytes


def parse(raw: bytes) -> Answer:
    """Split what the server sent into status, headers (names lower case) and body."""
    if not raw:
        return Answer(None, {}, b"", raw)
    head, _sep, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    version, status, _reason = lines[0].split(" ", 2)
    assert version == "HTTP/1.1"
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _colon, value = line.partition(":")
        assert name.lower() not in headers, f"{name} twice"
        headers[name.lower()] = value.strip()
    return Answer(int(status), headers, body, raw)


def make_page(folder: Path) -> Path:
    """The page's folder for a test: the served files and some that must never be."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, (data, _type) in PAGE_FILES.items():
        (folder / name).write_bytes(data)
    for name, data in NOT_SERVED.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / "folder.js").mkdir()  # a folder with a file's name
    return folder


UPGRADE = ("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")
"""The headers that ask for the game's WebSocket."""


def ask_http(port: int, data: bytes, address: str = "127.0.0.1", limit: float = 20.0) -> Answer:
    """Send ``data`` from ``address`` and read the answer until the server closes it, or until a
    ``101`` head (a WebSocket opened) has come; status None: no answer."""
    try:
        where = ("127.0.0.1", port)
        with socket.create_connection(where, timeout=limit, source_address=(address, 0)) as sock:
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                sock.sendall(data)
            chunks = []
            while True:
                try:
                    chunk = sock.recv(65536)
                except (ConnectionResetError, TimeoutError):
                    break
                if not chunk:
                    break
                chunks.append(chunk)
                if b"".join(chunks).startswith(b"HTTP/1.1 101 ") and b"\r\n\r\n" in b"".join(chunks):
                    break
    except OSError:
        return Answer(None, {}, b"", b"")
    return parse(b"".join(chunks))


def get(port: int, target: str, address: str = "127.0.0.1", extra: str = "") -> Answer:
    """``GET target`` from ``address``."""
    return ask_http(port, f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}\r\n".encode(), address)
