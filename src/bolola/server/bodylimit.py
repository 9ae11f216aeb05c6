"""REST bodies have a size limit, enforced before they are read.

A body whose ``Content-Length`` is over the limit is refused at once with 413 and the
protocol's JSON error (``too_large``), and the connection is closed: nothing of it is
read or kept. A body without a length (chunked) is read up to the limit and refused as
soon as it passes it. WebSocket messages have their own limits (``max_message_bytes``).
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bolola.server.protocol import error


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = _content_length(scope)
        if length is not None:
            if length < 0:
                await _refuse(send, 400, "bad_request", "Content-Length is not a length")
            elif length > self.limit:
                await _refuse(send, 413, "too_large", self._message())
            else:  # the server reads no more than the length it was told
                await self.app(scope, receive, send)
            return
        # No length given: read the body (chunked, or none) up to the limit, then hand it on.
        read: list[Message] = []
        size = 0
        while True:
            message = await receive()
            read.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.limit:
                await _refuse(send, 413, "too_large", self._message())
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return read.pop(0) if read else await receive()

        await self.app(scope, replay, send)

    def _message(self) -> str:
        return f"a request body has at most {self.limit} bytes"


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return -1
    return None


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps(error(code, message)).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                # The unread body is not waited for: the connection ends with the answer.
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
