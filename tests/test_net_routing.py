"""Routing by table code: every client names its table in its URL, and a proxy asks ``/healthz``.

A proxy in front of several servers (HAProxy, ``balance url_param t``) sends each table's people
to one server by the ``t`` of their URL, so the window's links, the bots and the page all put it
there; a request with no code (a new table, the list) may go to any server.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.sockets import ask, get, make_page
from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from game.net.admission import ServerConfig
from game.net.client import Client, Link, open_connection, table_url
from game.net.protocol import Welcome, opening_message
from game.net.server import Server, ServerThread

ROOT = Path(__file__).resolve().parent.parent


def test_a_table_url_names_the_code_in_its_query_and_nothing_else() -> None:
    assert table_url("ws://127.0.0.1:8765", "abcd2345") == "ws://127.0.0.1:8765/?t=ABCD2345"
    assert table_url("ws://127.0.0.1:8765/", " ABCD2345 ") == "ws://127.0.0.1:8765/?t=ABCD2345"
    assert table_url("ws://[::1]:8765/?t=OLDCODE2", "NEWCODE3") == "ws://[::1]:8765/?t=NEWCODE3"
    assert table_url("ws://example.org:8765/?t=OLDCODE2", None) == "ws://example.org:8765/"
    # Whatever a code holds cannot add a parameter of its own.
    assert table_url("ws://h:1", "A&t=B") == "ws://h:1/?t=A%26T%3DB"


@pytest.fixture
def recorded(tmp_path: Path) -> Iterator[tuple[ServerThread, list[str]]]:
    """A server that notes the path of every WebSocket handshake it is asked for."""
    with ServerThread(ServerConfig(port=0, web_dir=make_page(tmp_path / "web"))) as thread:
        paths: list[str] = []
        site = thread.server.site
        assert site is not None
        answer = site.process_request

        def noting(connection: ServerConnection, request: Request) -> Response | None:
            paths.append(request.path)
            return answer(connection, request)

        site.process_request = noting  # type: ignore[method-assign]
        yield thread, paths


def wait_for(client: Client, kind: type, limit: float = 10.0) -> object:
    """The first message of ``kind`` the client receives."""
    for _ in range(int(limit * 20)):
        message = client.wait(0.05)
        if isinstance(message, kind):
            return message
    raise AssertionError(f"no {kind.__name__} came")


def test_the_windows_links_name_their_table_in_the_url_from_the_first_connection(
        recorded: tuple[ServerThread, list[str]]) -> None:
    thread, paths = recorded
    port = thread.server.port
    with Client(f"ws://127.0.0.1:{port}") as host:
        host.create("Ann", {"seats": 3})
        welcome = wait_for(host, Welcome)
        assert isinstance(welcome, Welcome)
        code = welcome.table
        with Client(f"ws://127.0.0.1:{port}") as guest:
            guest.join(code, "Bob")
            assert isinstance(wait_for(guest, Welcome), Welcome)
            # The host's first connection proposed the new table's code, and the table has it: behind a
            # proxy it is made on the server its code leads to. The guest's connection names it too.
            assert paths == [f"/?t={code}", f"/?t={code}"]
            # A dropped link comes back to its table's URL.
            host._loop.call_soon_threadsafe(host._link.kill)
            assert isinstance(wait_for(host, Welcome), Welcome)
            assert paths[-1] == f"/?t={code}"


def test_a_link_closed_before_its_first_message_ends_without_connecting() -> None:
    async def main() -> None:
        link = Link("ws://127.0.0.1:9", lambda message: None)
        running = asyncio.ensure_future(link.run())
        await asyncio.sleep(0.05)
        await link.close()
        await asyncio.wait_for(running, 2.0)

    asyncio.run(main())


def test_the_page_opens_its_websocket_on_its_tables_url() -> None:
    net = (ROOT / "assets" / "web" / "net.js").read_text(encoding="utf-8")
    assert re.search(r"new WebSocket\(tableUrl\([^)]*opening\)\.table\)\)", net)
    assert "?t=${encodeURIComponent(code.trim().toUpperCase())}" in net


def test_healthz_says_ok_while_the_server_takes_tables_and_503_once_it_stops(
        recorded: tuple[ServerThread, list[str]]) -> None:
    thread, _ = recorded
    port = thread.server.port
    answer = get(port, "/healthz")
    assert answer.status == 200
    assert answer.body == b"ok\n"
    thread.server._stopping = True
    assert get(port, "/healthz").status == 503
    thread.server._stopping = False


def test_a_table_takes_the_code_its_creators_url_proposes_when_it_is_one_and_free() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0))
        base = f"ws://127.0.0.1:{await server.start()}"
        made: list[str] = []
        for query in ("?t=ABCD2345", "?t=abcd2346", "?t=ABCD2345", "?t=ABCD0000", "?t=SHORT", "?t=A&t=B",
                      "?" + "&".join(f"x{i}=1" for i in range(10)), ""):
            ws = await open_connection(f"{base}/{query}")
            answer = await ask(ws, opening_message("create", name="Anne", settings={"seats": 3}), "welcome")
            made.append(str(answer["table"]))
        assert made[:2] == ["ABCD2345", "ABCD2346"]
        # Taken already, not of the alphabet (no 0), too short, twice, or none: a random code.
        assert all(len(code) == 8 and code not in ("ABCD2345", "ABCD0000") for code in made[2:])
        assert len(set(made)) == len(made)
        await server.close()

    asyncio.run(main())


def test_a_window_may_ask_for_its_new_tables_code_and_gets_it_when_free(
        recorded: tuple[ServerThread, list[str]]) -> None:
    thread, paths = recorded
    port = thread.server.port
    with Client(f"ws://127.0.0.1:{port}") as first:
        first.create("Ann", {"seats": 3}, code="FARMER23")
        welcome = wait_for(first, Welcome)
        assert isinstance(welcome, Welcome) and welcome.table == "FARMER23"
        assert paths == ["/?t=FARMER23"]
        # The same code again is taken: the server gives the second table a code of its own.
        with Client(f"ws://127.0.0.1:{port}") as second:
            second.create("Bob", {"seats": 3}, code="FARMER23")
            other = wait_for(second, Welcome)
            assert isinstance(other, Welcome) and other.table != "FARMER23" and len(other.table) == 8
