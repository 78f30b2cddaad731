"""A client's address behind a proxy: believed from the proxies the host named, from no one else."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator

import pytest
from helpers.sockets import UPGRADE, ask_http

from game.net.admission import ServerConfig
from game.net.cli import config_of, parse_args
from game.net.proxied import (
    BadProxyLine,
    ProxyLine,
    forwarded_for,
    is_trusted,
    read_proxy_line,
    trusted_networks,
)
from game.net.server import ServerThread


def test_a_proxy_line_gives_the_clients_address_and_its_own_length() -> None:
    line = b"PROXY TCP4 203.0.113.7 10.0.0.1 51234 8765\r\n"
    assert read_proxy_line(line + b"GET / HTTP/1.1\r\n") == ProxyLine("203.0.113.7", len(line))
    six = b"PROXY TCP6 2001:db8::7 ::1 51234 8765\r\n"
    assert read_proxy_line(six) == ProxyLine("2001:db8::7", len(six))
    # The proxy's own connection (a health check) names nobody.
    assert read_proxy_line(b"PROXY UNKNOWN\r\n") == ProxyLine(None, 15)
    # A line still coming.
    assert read_proxy_line(b"PRO") is None
    assert read_proxy_line(b"PROXY TCP4 203.0") is None


@pytest.mark.parametrize("data", [
    b"GET / HTTP/1.1\r\n",
    b"PROXY TCP4 203.0.113.7 10.0.0.1 51234\r\n",
    b"PROXY TCP4 2001:db8::7 10.0.0.1 1 2\r\n",
    b"PROXY TCP4 203.0.113.777 10.0.0.1 1 2\r\n",
    b"PROXY UDP4 203.0.113.7 10.0.0.1 1 2\r\n",
    b"PROXY TCP4 203.0.113.7 10.0.0.1 1 99999\r\n",
    b"PROXY " + b"9" * 200,
])
def test_anything_else_is_not_a_proxy_line(data: bytes) -> None:
    with pytest.raises(BadProxyLine):
        read_proxy_line(data)


def test_forwarded_for_believes_only_the_address_the_proxy_added() -> None:
    assert forwarded_for(["198.51.100.9, 203.0.113.7"]) == "203.0.113.7"
    assert forwarded_for(["198.51.100.9", "203.0.113.7"]) == "203.0.113.7"
    assert forwarded_for(["203.0.113.7, not-an-address"]) is None
    assert forwarded_for([]) is None


def test_only_the_named_proxies_are_trusted() -> None:
    nets = trusted_networks(["127.0.0.1", "10.0.0.0/8"])
    assert is_trusted("127.0.0.1", nets)
    assert is_trusted("10.2.3.4", nets)
    assert is_trusted("::ffff:10.2.3.4", nets)
    assert not is_trusted("127.0.0.2", nets)
    assert not is_trusted("?", nets)
    assert not is_trusted("127.0.0.1", ())
    with pytest.raises(ValueError):
        trusted_networks(["example.org"])


def test_the_command_line_names_its_proxies() -> None:
    config = config_of(parse_args(["--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.0/8"]), None)
    assert config.trusted_proxies == ("127.0.0.1", "10.0.0.0/8")
    with pytest.raises(SystemExit):
        parse_args(["--trusted-proxy", "somewhere"])


@pytest.fixture
def behind_proxy() -> Iterator[ServerThread]:
    """A server that trusts 127.0.0.1 as its proxy (and nobody else)."""
    with ServerThread(ServerConfig(port=0, trusted_proxies=("127.0.0.1",))) as thread:
        yield thread


def addresses_seen(thread: ServerThread) -> set[str]:
    """The addresses the server counts its connections by, read on its own loop."""
    async def read() -> set[str]:
        return set(thread.server.admission.by_address)

    return asyncio.run_coroutine_threadsafe(read(), thread.server.loop).result(5)


def open_socket(port: int, first: bytes, source: str) -> socket.socket:
    """A WebSocket opened from ``source`` whose first bytes are ``first`` and then the handshake."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.sendall(first + f"GET /?t=ABCD2345 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{UPGRADE}\r\n".encode())
    assert sock.recv(4096).startswith(b"HTTP/1.1 101 ")
    return sock


def test_a_trusted_proxys_line_and_header_name_the_client(behind_proxy: ServerThread) -> None:
    port = behind_proxy.server.port
    by_line = open_socket(port, b"PROXY TCP4 203.0.113.7 127.0.0.1 40000 8765\r\n", "127.0.0.1")
    by_header = socket.create_connection(("127.0.0.1", port), timeout=5)
    by_header.sendall(f"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6, 198.51.100.9\r\n{UPGRADE}\r\n"
                      .encode())
    assert by_header.recv(4096).startswith(b"HTTP/1.1 101 ")
    try:
        for _ in range(100):
            if addresses_seen(behind_proxy) == {"203.0.113.7", "198.51.100.9"}:
                break
            time.sleep(0.02)
        assert addresses_seen(behind_proxy) == {"203.0.113.7", "198.51.100.9"}
    finally:
        by_line.close()
        by_header.close()


def test_anyone_else_writing_a_proxy_line_or_header_is_not_believed(behind_proxy: ServerThread) -> None:
    port = behind_proxy.server.port
    # From an address not named as a proxy, a PROXY line is no HTTP: no WebSocket opens.
    answer = ask_http(port, b"PROXY TCP4 203.0.113.7 127.0.0.1 40000 8765\r\nGET / HTTP/1.1\r\nHost: x\r\n"
                      + UPGRADE.encode() + b"\r\n", address="127.0.0.2")
    assert answer.status != 101
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0))
    sock.sendall(f"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.9\r\n{UPGRADE}\r\n".encode())
    assert sock.recv(4096).startswith(b"HTTP/1.1 101 ")
    try:
        for _ in range(50):
            if addresses_seen(behind_proxy):
                break
            time.sleep(0.02)
        assert addresses_seen(behind_proxy) == {"127.0.0.2"}
    finally:
        sock.close()


def test_a_trusted_proxy_that_sends_no_proxy_line_nor_header_is_counted_as_itself(
        behind_proxy: ServerThread) -> None:
    sock = open_socket(behind_proxy.server.port, b"", "127.0.0.1")
    try:
        for _ in range(50):
            if addresses_seen(behind_proxy):
                break
            time.sleep(0.02)
        assert addresses_seen(behind_proxy) == {"127.0.0.1"}
    finally:
        sock.close()


def test_the_proxys_health_check_behind_its_own_proxy_line_is_answered(behind_proxy: ServerThread) -> None:
    answer = ask_http(behind_proxy.server.port, b"PROXY UNKNOWN\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.status == 200
    assert answer.body == b"ok\n"
