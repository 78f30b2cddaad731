"""This machine's address on its network, and the page's URL that people's phones open.

:func:`reachable_address` is the address to tell friends (the window's "address" line and the
QR code of the page both use it); :func:`page_url` is ``http://ADDRESS:PORT/?t=CODE``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from urllib.parse import quote

ANY_ADDRESSES = frozenset({"", "0.0.0.0", "::", "*"})
"""Bind addresses that mean every interface: none of them is one a phone can open."""


def reachable_address() -> str:
    """This machine's address on its network (what friends type), else ``127.0.0.1``.

    Connecting a UDP socket sends nothing; it only asks the system which interface would be used.
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        address = str(probe.getsockname()[0])
        if address and not address.startswith("0."):
            return address
    return "127.0.0.1"


def address_to_tell(bind: str) -> str:
    """The address others reach a server bound to ``bind`` at: this machine's LAN address for
    every interface (``0.0.0.0``), else ``bind`` itself (``127.0.0.1`` stays on this machine)."""
    return reachable_address() if bind.strip() in ANY_ADDRESSES else bind.strip()


def host_port(host: str, port: int) -> str:
    """``HOST:PORT`` as a URL writes it (``[v6]:PORT`` for an IPv6 address)."""
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]:{port}"
    return f"{host}:{port}"


def page_url(host: str, port: int, code: str | None = None) -> str:
    """The page for phones at ``host:port``: ``http://HOST:PORT/``, with ``?t=CODE`` for a table."""
    url = f"http://{host_port(host, port)}/"
    if code:
        url += "?t=" + quote(code.strip().upper(), safe="")
    return url
