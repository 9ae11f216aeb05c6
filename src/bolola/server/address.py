"""Who is asking: the client's address, as far as it can be believed.

>>> _trusted("10.1.2.3", ["10.1.0.0/16"]), _trusted("10.2.0.1", ["10.1.0.0/16"])
(True, False)
>>> proxy_network("localhost")
Traceback (most recent call last):
ValueError: 'localhost' is not an IP address or network
"""

from __future__ import annotations

import functools
import ipaddress
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # settings.py checks entries with proxy_network; keep its import light
    from starlette.requests import HTTPConnection

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def proxy_network(entry: str) -> Network:
    """A trusted proxy's address (a network of one) or network, as the settings give it
    (``10.0.0.2``, ``10.0.1.0/24``, ``::1``); anything else is refused, not ignored."""
    try:
        return ipaddress.ip_network(entry, strict=False)
    except ValueError:
        raise ValueError(f"{entry!r} is not an IP address or network") from None


def client_address(conn: HTTPConnection, trusted_proxies: list[str]) -> str:
    """The client's address: the TCP peer's, unless the peer is a trusted proxy; then the
    nearest address in ``X-Forwarded-For`` that is not a trusted proxy itself."""
    peer = conn.client.host if conn.client else "?"
    if not trusted_proxies or not _trusted(peer, trusted_proxies):
        return peer
    hops = [h.strip() for h in conn.headers.get("x-forwarded-for", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, trusted_proxies):
            return hop
    return hops[0] if hops else peer


def _trusted(address: str, proxies: list[str]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in _networks(tuple(proxies)))


@functools.lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    # The settings refused any entry that is not an address or network (proxy_network).
    return tuple(proxy_network(p) for p in proxies)
