"""Who is asking: the client's address, as far as it can be believed.

>>> _trusted("10.1.2.3", ["10.1.0.0/16"]), _trusted("10.2.0.1", ["10.1.0.0/16"])
(True, False)
"""

from __future__ import annotations

import ipaddress

from starlette.requests import HTTPConnection


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
    for proxy in proxies:
        try:
            if ip in ipaddress.ip_network(proxy, strict=False):
                return True
        except ValueError:
            continue
    return False
