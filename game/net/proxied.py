"""A client's own address behind a proxy: the PROXY protocol's first line, or ``X-Forwarded-For``.

Behind HAProxy every connection comes from the proxy's address, so the limits per address
(:mod:`game.net.admission`) would count every player as one. The proxy says who it carries:
the PROXY protocol (version 1, HAProxy's ``send-proxy``) as the connection's first line, before
anything of HTTP, or an ``X-Forwarded-For`` header (``option forwardfor``). Either is believed
only from an address the host named as a proxy (``farmer-server --trusted-proxy``): anyone else
could write them to pass for someone else. Nothing here touches a socket.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

PROXY_PREFIX = b"PROXY "
"""How a PROXY protocol version 1 line begins."""
MAX_PROXY_LINE = 107
"""The longest version 1 line, its CRLF included (the protocol's own bound)."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class ProxyLine:
    """A PROXY protocol line read: the client's address (None: ``UNKNOWN``, the proxy's own
    connection such as a health check), and how many bytes the line took."""

    address: str | None
    length: int


class BadProxyLine(ValueError):
    """The first bytes of a connection from a proxy are not a PROXY line (the connection is dropped)."""


def trusted_networks(texts: Iterable[str]) -> tuple[Network, ...]:
    """The networks of ``--trusted-proxy`` values (``127.0.0.1``, ``10.0.0.0/8``); ValueError
    names a bad one."""
    return tuple(ipaddress.ip_network(text.strip(), strict=False) for text in texts)


def is_trusted(address: str, networks: tuple[Network, ...]) -> bool:
    """Whether ``address`` (a peer's) is one of the proxies' ``networks``."""
    if not networks:
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip.version == net.version and ip in net for net in networks)


def read_proxy_line(data: bytes) -> ProxyLine | None:
    """The PROXY line at the start of ``data``; None while it may still be coming.

    Raises :class:`BadProxyLine` when ``data`` cannot begin with one (a line too long, a wrong
    prefix, a family other than TCP4/TCP6/UNKNOWN, an address that is not one).
    """
    if not data.startswith(PROXY_PREFIX[: len(data)]):
        raise BadProxyLine("not a PROXY protocol line")
    end = data.find(b"\r\n", 0, MAX_PROXY_LINE)
    if end < 0:
        if len(data) >= MAX_PROXY_LINE:
            raise BadProxyLine("the PROXY line is too long")
        return None
    try:
        words = data[:end].decode("ascii").split(" ")
    except UnicodeDecodeError:
        raise BadProxyLine("the PROXY line is not ASCII") from None
    if words[0] != "PROXY" or len(words) < 2:
        raise BadProxyLine("not a PROXY protocol line")
    if words[1] == "UNKNOWN":
        return ProxyLine(None, end + 2)
    if words[1] not in ("TCP4", "TCP6") or len(words) != 6:
        raise BadProxyLine("a PROXY line names TCP4, TCP6 or UNKNOWN and four fields")
    try:
        source = ipaddress.ip_address(words[2])
        ipaddress.ip_address(words[3])
        ports = [int(words[4]), int(words[5])]
    except ValueError:
        raise BadProxyLine("a PROXY line's addresses or ports are not ones") from None
    if source.version != (4 if words[1] == "TCP4" else 6) or not all(0 <= p <= 65535 for p in ports):
        raise BadProxyLine("a PROXY line's address is not of its family, or a port is out of range")
    return ProxyLine(str(source), end + 2)


def forwarded_for(values: list[str]) -> str | None:
    """The client's address from ``X-Forwarded-For`` header ``values``: the last address given
    (the one the trusted proxy added; those before it are the client's own word), or None."""
    items = [item.strip() for value in values for item in value.split(",")]
    if not items or not items[-1]:
        return None
    try:
        return str(ipaddress.ip_address(items[-1]))
    except ValueError:
        return None
