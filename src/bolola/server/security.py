"""What every HTTP answer carries (``SECURITY_HEADERS``), and the CSRF check of a request
that rides on cookies."""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bolola.server.accounts import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, Keys
from bolola.server.forms import is_form

# On every HTTP answer. The client loads its scripts and styles from /assets, sets inline
# styles (Svelte), has a data: SVG favicon, opens a WebSocket to its own host and plays
# /sounds/*.wav; nothing may frame it.
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; media-src 'self'; connect-src 'self' ws: wss:; "
        b"font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]


class SecurityHeaders:
    """Adds ``SECURITY_HEADERS`` to every HTTP response (pages, assets, API, errors)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def csrf_ok(keys: Keys | None, request: Request) -> bool:
    """A request carrying a bearer token has no ambient credentials to abuse; one riding on
    cookies must send its session's CSRF token in a header or in the form's ``csrf``
    field: the token of its session cookie, or before sign-in of its browser's nonce."""
    if request.headers.get("authorization", "").lower().startswith("bearer "):
        return True
    if keys is None:
        return False
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and is_form(request):
        field = (await request.form()).get("csrf")
        sent = field if isinstance(field, str) else None
    binding = csrf_binding(request.cookies.get(SESSION_COOKIE), request.cookies.get(CSRF_COOKIE))
    return keys.csrf_ok(binding, sent)


def csrf_binding(session: str | None, nonce: str | None) -> str | None:
    """What a request's CSRF token is tied to: its session, else its browser's nonce."""
    if session:
        return f"session:{session}"
    return f"browser:{nonce}" if nonce else None
