"""The host's limits against strangers with many addresses, over real sockets on loopback.

Judged by counts and by the server process's own memory (from /proc), never by how long
anything took: a request head over the limits is refused before it is kept, header floods from
ten addresses leave the server's memory nearly where it was, slowloris from forty addresses
keeps no honest page load out, fifteen phones behind one address load the page whole, squatters
from twenty addresses cannot keep an honest table from opening, and a WebSocket from another
site's page is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.sockets import (
    PAGE_FILES,
    UPGRADE,
    ask,
    ask_http,
    closed_code,
    get,
    make_page,
    parse,
    until,
)
from websockets.asyncio.client import ClientConnection, connect

from game.net import web
from game.net.admission import Admission, HeadVerdict, RequestHead, ServerConfig
from game.net.client import Client, open_connection
from game.net.codes import CloseCode
from game.net.protocol import Closed, opening_message
from game.net.server import Server, ServerThread
from scenes.net.remote import expired_words

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
REAL_PAGE = ["/", *sorted(f"/{p.name}" for p in (ROOT / "assets" / "web").iterdir()
                         if web.FILE_NAME.fullmatch(p.name) and p.name != web.INDEX), "/i18n/fr.json"]
"""The requests of a load of the installed page (served by ``farmer-server``)."""


def flood_head(lines: int = 126, width: int = 8000) -> bytes:
    """A request head of ``lines`` headers of ``width`` bytes each (1 MB by default)."""
    pad = b"a" * width
    return (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-Pad-%d: %s\r\n" % (i, pad) for i in range(lines))
            + b"\r\n")






def memory_kb(pid: int, field: str) -> int:
    """A line of /proc/PID/status in kB: ``VmRSS`` (resident now) or ``VmHWM`` (its peak)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


@contextlib.contextmanager
def server_process(*flags: str) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``farmer-server`` as it runs by default, in a process of its own; yields it and its port."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--port", "0", "--no-save", "--quiet", *flags],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "listening on ws://127.0.0.1:" in line, line
        yield proc, int(line.split("ws://127.0.0.1:")[1].split()[0])
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.fixture
def page_thread(tmp_path: Path) -> Iterator[ServerThread]:
    """A server in this process whose page is the test's own folder."""
    with ServerThread(ServerConfig(port=0, web_dir=make_page(tmp_path / "web"))) as thread:
        yield thread


# ---------------------------------------------------------------- request heads


def test_a_head_is_measured_as_it_comes_without_keeping_it() -> None:
    config = ServerConfig(max_request_bytes=100, max_header_lines=4, max_line_bytes=40)
    head = RequestHead(config)
    assert head.feed(b"GET / HTTP/1.1\r\nHo") is HeadVerdict.MORE
    assert head.feed(b"st: x\r\n\r") is HeadVerdict.MORE
    assert head.feed(b"\nafter the head: a frame") is HeadVerdict.COMPLETE
    assert RequestHead(config).feed(b"GET /" + b"a" * 50) is HeadVerdict.URI_TOO_LONG
    assert RequestHead(config).feed(b"GET / HTTP/1.1\r\nX: " + b"a" * 50) is HeadVerdict.TOO_LARGE
    assert RequestHead(config).feed(b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 4) is HeadVerdict.TOO_LARGE
    many = RequestHead(config)
    verdicts = {many.feed(b"X-Long: " + b"b" * 30 + b"\r\n") for _ in range(2)}
    assert verdicts == {HeadVerdict.MORE}
    assert many.feed(b"X-Long: " + b"b" * 30 + b"\r\n") is HeadVerdict.TOO_LARGE  # 120 bytes


def test_a_megabyte_of_headers_is_refused_not_answered(page_thread: ServerThread) -> None:
    port = page_thread.server.port
    answer = ask_http(port, flood_head())
    assert answer.status in (None, 431), answer.status
    # Fewer lines over the total, and many short lines, are refused too; an honest request is served.
    assert ask_http(port, flood_head(lines=3, width=7000)).status in (None, 431)
    assert ask_http(port, flood_head(lines=200, width=1)).status in (None, 431)
    assert get(port, "/").status == 200


def test_header_floods_from_ten_addresses_leave_the_servers_memory_nearly_where_it_was() -> None:
    with server_process() as (proc, port):
        assert get(port, "/").status == 200
        before = memory_kb(proc.pid, "VmRSS")
        head = flood_head()
        addresses = [f"127.0.0.{i}" for i in range(2, 12)]

        async def one(address: str) -> int | None:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
            except OSError:
                return None
            try:
                writer.write(head)
                with contextlib.suppress(OSError, TimeoutError):
                    async with asyncio.timeout(20):
                        await writer.drain()
                with contextlib.suppress(OSError, TimeoutError):
                    async with asyncio.timeout(20):
                        answer = parse(await reader.read(4096))
                        return answer.status
                return None
            finally:
                writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()

        async def flood() -> list[int | None]:
            # Each address as many connections at once as its burst of new connections lets in.
            return await asyncio.gather(*(one(a) for a in addresses for _ in range(100)))

        statuses = asyncio.run(flood())
        peak = memory_kb(proc.pid, "VmHWM")
        assert proc.poll() is None
        assert statuses.count(200) == 0, f"{statuses.count(200)} megabytes of headers answered 200"
        assert statuses.count(431) >= 100, f"only {statuses.count(431)} refused with 431"
        grown = (peak - before) / 1024
        assert grown <= 64, f"the server grew by {grown:.0f} MB under 1 MB header floods from ten addresses"
        assert get(port, "/").status == 200


# ---------------------------------------------------------------- half-open connections


class Slowloris:
    """Connections from many addresses that send a request head a line a second and never end it,
    opened again as soon as the server drops them, on a loop of their own in a thread."""

    def __init__(self, port: int, addresses: list[str], per_address: int) -> None:
        self.port = port
        self.addresses = addresses
        self.per_address = per_address
        self.stop = threading.Event()
        self.opened = 0
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    async def _slot(self, address: str) -> None:
        while not self.stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port,
                                                               local_addr=(address, 0))
            except OSError:
                await asyncio.sleep(0.05)
                continue
            self.opened += 1
            try:
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
                while not self.stop.is_set() and not reader.at_eof():
                    await asyncio.sleep(1.0)
                    writer.write(b"X-Still-Here: yes\r\n")
                    await writer.drain()
            except OSError:
                pass
            finally:
                writer.close()

    async def _main(self) -> None:
        tasks = [asyncio.create_task(self._slot(a)) for a in self.addresses for _ in range(self.per_address)]
        while not self.stop.is_set():
            await asyncio.sleep(0.1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class Waiting:
    """A connection in its handshake, as the cap sees it: closed or not."""

    def __init__(self) -> None:
        self.closed = False

    def give_up(self) -> None:
        self.closed = True


def test_past_the_cap_on_handshakes_the_oldest_goes_first() -> None:
    admission: Admission[Any] = Admission(ServerConfig(max_handshakes=3), 100)
    first, second, third, fourth = (Waiting() for _ in range(4))
    for i, conn in enumerate((first, second, third)):
        admission.handshake_started(conn, float(i))
    admission.handshake_ended(second)  # its head came: no longer counted
    admission.handshake_started(fourth, 3.0)
    assert not any(c.closed for c in (first, second, third, fourth))
    admission.handshake_started(Waiting(), 4.0)
    assert first.closed and not third.closed and not fourth.closed
    assert len(admission.handshaking) == 3


async def pinged(port: int, count: int) -> int:
    """A game's connection that opens a table, then pings ``count`` times; the pongs it got."""
    ws = await open_connection(f"ws://127.0.0.1:{port}")
    answer = await ask(ws, opening_message("create", name="Anne", settings={"seats": 3}), "welcome")
    assert answer["type"] == "welcome", answer
    pongs = 0
    for i in range(count):
        pongs += (await ask(ws, {"type": "ping", "ref": i}, "pong", 10))["type"] == "pong"
        await asyncio.sleep(0.1)
    await ws.close()
    return pongs


def test_slowloris_from_forty_addresses_keeps_no_honest_page_load_out() -> None:
    with server_process() as (_proc, port):
        attack = Slowloris(port, [f"127.0.1.{i}" for i in range(1, 41)], 60)
        attack.thread.start()
        try:
            # Until 2,400 of them have come at least.
            for _ in range(600):
                if attack.opened >= 2400:
                    break
                threading.Event().wait(0.1)
            assert attack.opened >= 2400, f"only {attack.opened} slow connections opened"
            # Fifteen honest page loads, one after another, while it lasts: every file of each.
            statuses = [get(port, target).status for _ in range(15) for target in REAL_PAGE]
            # And a game's connection opens a table and is answered every ping.
            pongs = asyncio.run(pinged(port, 20))
        finally:
            attack.stop.set()
            attack.thread.join(30)
        assert statuses.count(200) == len(statuses), f"{statuses.count(200)} of {len(statuses)} files served"
        assert pongs == 20


# ---------------------------------------------------------------- a café's phones


def test_fifteen_phones_behind_one_address_load_the_whole_page_and_sit(page_thread: ServerThread) -> None:
    port = page_thread.server.port
    address = "127.0.0.5"
    # A page is about a dozen requests: its files, its catalogue, and some asked twice.
    files = [f"/{name}" for name in PAGE_FILES if name != "index.html"]
    page = ["/", *files, "/i18n/fr.json", "/", "/app.js", "/i18n.js"]
    assert len(page) == 12

    async def phone(i: int) -> tuple[list[int | None], str]:
        # A browser asks up to six at once.
        gate = asyncio.Semaphore(6)

        async def one(target: str) -> int | None:
            async with gate:
                return (await asyncio.to_thread(get, port, target, address)).status

        statuses = await asyncio.gather(*(one(t) for t in page))
        ws = await connect(f"ws://127.0.0.1:{port}", compression=None, proxy=None, local_addr=(address, 0))
        answer = await ask(ws, opening_message("list"), "tables")
        await ws.close()
        return list(statuses), str(answer["type"])

    async def cafe() -> list[tuple[list[int | None], str]]:
        return await asyncio.gather(*(phone(i) for i in range(15)))

    loads = asyncio.run(cafe())
    served = sum(s.count(200) for s, _ in loads)
    assert served == 15 * len(page), f"{served} of {15 * len(page)} requests served"
    assert [kind for _, kind in loads] == ["tables"] * 15


# ---------------------------------------------------------------- squatters


async def host_a_table(url: str, address: str) -> tuple[ClientConnection, dict[str, Any]]:
    """A connection from ``address`` that asked to open a table; it and the answer."""
    ws = await connect(url, compression=None, proxy=None, local_addr=(address, 0))
    answer = await ask(ws, opening_message("create", name="Sq", settings={"seats": 3}), "welcome")
    return ws, answer


def test_squatters_from_twenty_addresses_cannot_keep_an_honest_table_from_opening() -> None:
    async def main() -> None:
        config = ServerConfig(port=0, max_tables=200, tables_per_address=10, lobby_yield_seconds=1.0)
        server = Server(config)
        url = f"ws://127.0.0.1:{await server.start()}"
        squatters = []
        for i in range(20):
            for _ in range(10):
                ws, answer = await host_a_table(url, f"127.0.2.{i + 1}")
                assert answer["type"] == "welcome", answer
                squatters.append(ws)
        assert len(server.tables) == 200
        await asyncio.sleep(config.lobby_yield_seconds + 0.2)
        # Every slot held by a host connected and idle: the longest idle gives way.
        honest, answer = await host_a_table(url, "127.0.0.200")
        assert answer["type"] == "welcome", answer
        assert len(server.tables) == 200
        # The first squatter's table (the longest idle) gave way, its host told why; no other did.
        assert await closed_code(squatters[0], 5) == CloseCode.EXPIRED
        assert sum(ws.close_code is None for ws in squatters[1:]) == 199
        pong = await ask(honest, {"type": "ping"}, "pong")
        assert pong["type"] == "pong"
        for ws in [honest, *squatters]:
            await ws.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 120))


def test_a_table_not_started_closes_at_its_deadline_though_its_host_stays() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0, lobby_idle_seconds=1.0))
        url = f"ws://127.0.0.1:{await server.start()}"
        host, answer = await host_a_table(url, "127.0.0.1")
        code = answer["table"]
        # A friend joining is a change of seats: the deadline starts again.
        await asyncio.sleep(0.6)
        friend = await open_connection(url)
        joined = await ask(friend, opening_message("join", table=code, name="Bea"), "welcome")
        assert joined["type"] == "welcome"
        await asyncio.sleep(0.6)
        assert code in server.tables
        # Pings are no change of seats.
        assert (await ask(host, {"type": "ping"}, "pong"))["type"] == "pong"
        assert await closed_code(host, 5) == CloseCode.EXPIRED
        assert await closed_code(friend, 5) == CloseCode.EXPIRED
        await until(lambda: code not in server.tables, 5)
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 30))


# ---------------------------------------------------------------- origin and banner


def test_a_websocket_from_another_sites_page_is_refused(tmp_path: Path) -> None:
    config = ServerConfig(port=0, web_dir=make_page(tmp_path / "web"), allow_origins=("https://friends.example",))
    with ServerThread(config) as thread:
        port = thread.port
        own = f"127.0.0.1:{port}"
        assert get(port, "/", extra=UPGRADE).status == 101  # no Origin: a window, a tool
        assert get(port, "/", extra=UPGRADE + f"Origin: http://{own}\r\n").status == 101
        assert get(port, "/", extra=UPGRADE + f"Origin: https://{own}\r\n").status == 101
        assert get(port, "/", extra=UPGRADE + "Origin: https://friends.example\r\n").status == 101
        for origin in ("http://evil.example", f"http://{own}.evil.example", "null", f"ftp://{own}",
                       f"http://127.0.0.1:{port + 1}"):
            assert get(port, "/", extra=UPGRADE + f"Origin: {origin}\r\n").status == 403, origin
        twice = UPGRADE + f"Origin: http://{own}\r\nOrigin: http://{own}\r\n"
        assert get(port, "/", extra=twice).status == 403


def test_no_answer_names_what_runs_the_server(page_thread: ServerThread) -> None:
    port = page_thread.server.port
    answers = [get(port, "/"), get(port, "/nothing"), get(port, "/", extra=UPGRADE),
               ask_http(port, flood_head(lines=3, width=7000)),
               ask_http(port, b"POST / HTTP/1.1\r\nHost: x\r\n\r\n")]
    assert [a.status for a in answers] == [200, 404, 101, 431, 405]
    for answer in answers:
        assert "server" not in answer.headers, answer.headers
        assert b"python" not in answer.raw.lower() and b"websockets" not in answer.raw.lower()


def test_the_window_still_plays_with_no_origin(page_thread: ServerThread) -> None:
    async def main() -> str:
        ws = await open_connection(f"ws://127.0.0.1:{page_thread.server.port}")
        answer = await ask(ws, opening_message("list"), "tables")
        await ws.close()
        return str(answer["type"])

    assert asyncio.run(main()) == "tables"


# ---------------------------------------------------------------- the saved tables


def test_saved_tables_are_the_users_alone(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)

    async def main() -> None:
        server = Server(ServerConfig(port=0, data_dir=folder))
        url = f"ws://127.0.0.1:{await server.start()}"
        ws = await open_connection(url)
        answer = await ask(ws, opening_message("create", name="Anne", settings={"seats": 3}), "welcome")
        await until(lambda: (folder / f"{answer['table']}.json").exists(), 5)
        await ws.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 20))
    assert folder.stat().st_mode & 0o777 == 0o700
    files = list(folder.glob("*.json"))
    assert files and all(f.stat().st_mode & 0o777 == 0o600 for f in files)
    json.loads(files[0].read_text())


def test_the_window_is_told_its_table_closed_before_the_start_and_does_not_reconnect() -> None:
    with (
        ServerThread(ServerConfig(port=0, lobby_idle_seconds=0.5)) as thread,
        Client(f"ws://127.0.0.1:{thread.port}") as client,
    ):
        client.create("Anne", {"seats": 3})
        closed: list[Closed] = []
        for _ in range(100):
            message = client.wait(0.1)
            if isinstance(message, Closed):
                closed.append(message)
                break
        assert closed and closed[0].code == CloseCode.EXPIRED and not closed[0].retrying, closed
        assert expired_words() == "This table was closed: it waited too long to start."
        threading.Event().wait(1.0)
        assert not client.connected and not client.running
