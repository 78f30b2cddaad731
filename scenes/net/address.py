"""Addresses and settings of network tables, for the screens and the command line (no pygame).

An address is what people type: ``HOST`` or ``HOST:PORT`` (``[v6]:PORT`` too), the port
:data:`game.net.server.DEFAULT_PORT` unless given. :func:`table_settings` turns the New game
choices into a table's ``settings``; :func:`open_server` starts a table server inside this
process; :func:`reachable_address` (:mod:`game.net.lan`) is the address to tell friends;
:func:`page_url` is the web page phones open to sit at a table.
"""

from __future__ import annotations

from game.limits import MAX_NAME
from game.net import lan
from game.net.lan import ANY_ADDRESSES, reachable_address
from game.net.server import DEFAULT_PORT, ServerConfig, ServerThread
from game.rules.ruleset import can_rotate
from scenes.table.setup import Setup

__all__ = [
    "DEFAULT_PORT",
    "open_server",
    "page_url",
    "parse_address",
    "reachable_address",
    "table_settings",
    "url_of",
]


def parse_address(text: str) -> tuple[str, int]:
    """``(host, port)`` of ``HOST[:PORT]`` (or ``ws://HOST:PORT``); ValueError says what is wrong."""
    text = text.strip()
    text = text.removeprefix("ws://").rstrip("/")
    if not text:
        raise ValueError("no address given")
    host, port_text = text, ""
    if text.startswith("["):
        close = text.find("]")
        if close < 0:
            raise ValueError(f"{text!r} is not an address")
        host, rest = text[1:close], text[close + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"{text!r} is not an address")
            port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    if not host or any(c.isspace() or c in "/?#@" for c in host):
        raise ValueError(f"{text!r} is not an address")
    port = DEFAULT_PORT
    if port_text:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise ValueError(f"{port_text!r} is not a port number (1-65535)")
        port = int(port_text)
    return host, port


def url_of(host: str, port: int) -> str:
    """The WebSocket URL of a table server."""
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


def page_url(address: str, code: str) -> str | None:
    """The URL of the page phones open to sit at table ``code`` of the server at ``address``
    (``HOST[:PORT]``): ``http://HOST:PORT/?t=CODE``, the server serving its page on the table's
    own port. None when a phone could not reach it (an address of this machine only, or none)."""
    try:
        host, port = parse_address(address)
    except ValueError:
        return None
    if host == "localhost" or host.startswith("127.") or host == "::1" or host in ANY_ADDRESSES:
        return None
    return lan.page_url(host, port, code)


def shown_address(host: str, port: int) -> str:
    """An address as people type it (the port left out when it is the usual one)."""
    name = f"[{host}]" if ":" in host else host
    return name if port == DEFAULT_PORT else f"{name}:{port}"


def player_name(name: str) -> str:
    """A name the server accepts: spaces collapsed, at most :data:`MAX_NAME` characters."""
    return " ".join(name.split())[:MAX_NAME]


def table_settings(setup: Setup) -> dict[str, object]:
    """The ``settings`` of a table with ``setup``'s choices (seat 0's name is the host's own).

    Never a seed, even when ``setup`` has one: the host plays at the table, and a seed would
    tell them every deck (a seeded table is for ``farmer-server --allow-seed`` and its tests).
    """
    rules = setup.rules + ("+rotating" if setup.rotating and can_rotate(setup.rules) else "")
    names = ["", *(player_name(n) for n in setup.names[1:])]
    settings: dict[str, object] = {
        "rules": rules,
        "seats": len(setup.names),
        "deals": setup.deals,
        "ai": list(setup.levels[: len(setup.names)]),
        "names": names,
    }
    if setup.people:  # seats kept for people: joiners take them first (left out when none, as before)
        settings["people"] = sorted(setup.people)
    return settings


def open_server(
    bind: str = "0.0.0.0", port: int = DEFAULT_PORT, fallback: bool = True, allow_seed: bool = False
) -> tuple[ServerThread, int]:
    """Start a table server on this machine; returns it and its port.

    With ``fallback``, a busy ``port`` gives way to any free one. Tables are not saved (the
    window's own table ends with the window). A table not started waits for its people as long
    as the window (or the kiosk) that opened it stays: its host is here, not a stranger holding
    a slot. OSError when nothing can listen.
    """
    tried = [port, 0] if fallback and port != 0 else [port]
    error: OSError | None = None
    for candidate in tried:
        config = ServerConfig(host=bind, port=candidate, allow_seed=allow_seed, lobby_idle_seconds=None)
        server = ServerThread(config)
        try:
            return server, server.start()
        except OSError as exc:
            server.stop(timeout=1.0)
            error = exc
    assert error is not None
    raise error
