"""Sign-in with Facebook, Google or any OpenID Connect provider (PL-15)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

if TYPE_CHECKING:
    from bolola.server.app import Server
    from bolola.store.store import PlayerInfo

Handler = Callable[[Request], Awaitable[Response]]


def routes(
    server: Server,
    endpoint: Callable[..., Handler],
    player_of: Callable[[Request], Awaitable[PlayerInfo]],
    signed_in: Callable[[PlayerInfo], JSONResponse],
) -> list[BaseRoute]:
    """The provider routes; none until providers are configured."""
    del server, endpoint, player_of, signed_in
    out: list[BaseRoute] = []
    _: Any = None
    return out
