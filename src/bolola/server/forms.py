"""A request's body as the handlers take it: a JSON object or a form, as a dict."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from bolola.server.protocol import ProtocolError
from bolola.server.protocol import loads as json_loads


def is_form(request: Request) -> bool:
    kind = request.headers.get("content-type", "")
    return kind.startswith(("application/x-www-form-urlencoded", "multipart/form-data"))


async def read_body(request: Request) -> dict[str, Any]:
    """A JSON object or a form, as a dict; anything else is a bad request."""
    if is_form(request):
        form = await request.form()
        return {k: v for k, v in form.items() if isinstance(v, str)}
    raw = await request.body()
    if not raw:
        return {}
    try:
        body = json_loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the body is not JSON") from None
    if not isinstance(body, dict):
        raise ProtocolError("bad_json", "the body must be a JSON object")
    return body
