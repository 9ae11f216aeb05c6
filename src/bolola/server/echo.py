"""The bare WebSocket endpoints ``bolola bench server`` measures the stack with
(``BOLOLA_ECHO=true`` only): what the server's own work per action is compared against.

- ``/echo`` writes each message back: one frame in, one out, no work.
- ``/fanout``: a socket's first message names its group (a table's four seats), answered
  ``joined`` once it is in; each of its later messages is answered with one frame of
  :data:`FRAME_BYTES` to every socket of the group, itself included: one frame in, four
  out, as an action and its updates, with no work but the writes. Its round-trips per
  second are the most any server on this stack could accept actions at when it tells
  four seats of each (issue 15).
"""

from __future__ import annotations

import contextlib

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

FRAME_BYTES = 1000
"""A King Bolola update's size in its first 53 actions (its view 680 to 1,140 bytes,
900 on average, with the events and the update's own fields)."""

FRAME = '{"type":"update","pad":"' + "x" * (FRAME_BYTES - 26) + '"}'


async def echo(ws: WebSocket) -> None:
    await ws.accept()
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await ws.send_text(await ws.receive_text())


def fanout_endpoint() -> WebSocketRoute:
    """``/fanout``, with its groups (one set of sockets per name, while any is open)."""
    groups: dict[str, set[WebSocket]] = {}

    async def fanout(ws: WebSocket) -> None:
        await ws.accept()
        name = ""
        with contextlib.suppress(WebSocketDisconnect):
            name = (await ws.receive_text())[:64]
            group = groups.setdefault(name, set())
            group.add(ws)
            await ws.send_text("joined")
            while True:
                await ws.receive_text()
                for member in list(group):
                    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                        await member.send_text(FRAME)
        group = groups.get(name, set())
        group.discard(ws)
        if not group:
            groups.pop(name, None)

    return WebSocketRoute("/fanout", fanout)


def routes() -> list[WebSocketRoute]:
    return [WebSocketRoute("/echo", echo), fanout_endpoint()]
