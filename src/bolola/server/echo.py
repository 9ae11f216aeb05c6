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
import json

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

FRAME_BYTES = 1000
"""A King Bolola update's size in its first 53 actions (its view 680 to 1,140 bytes,
900 on average, with the events and the update's own fields)."""


def frame_of(group: str) -> str:
    """The fan-out's frame for ``group``: :data:`FRAME_BYTES` of JSON naming its group."""
    head = '{"type":"update","group":' + json.dumps(group) + ',"pad":"'
    return head + "x" * max(0, FRAME_BYTES - len(head) - 2) + '"}'


async def echo(ws: WebSocket) -> None:
    await ws.accept()
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await ws.send_text(await ws.receive_text())


def fanout_endpoint() -> WebSocketRoute:
    """``/fanout``, with its groups (each name's sockets and frame, while any is open)."""
    groups: dict[str, tuple[set[WebSocket], str]] = {}

    async def fanout(ws: WebSocket) -> None:
        await ws.accept()
        name: str | None = None
        try:
            with contextlib.suppress(WebSocketDisconnect):
                name = (await ws.receive_text())[:64]
                group, frame = groups.setdefault(name, (set(), frame_of(name)))
                group.add(ws)
                await ws.send_text("joined")
                while True:
                    await ws.receive_text()
                    for member in list(group):
                        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                            await member.send_text(frame)
        finally:
            if name is not None and name in groups:
                groups[name][0].discard(ws)
                if not groups[name][0]:
                    del groups[name]

    return WebSocketRoute("/fanout", fanout)


def routes() -> list[WebSocketRoute]:
    return [WebSocketRoute("/echo", echo), fanout_endpoint()]
