"""The ASGI application: REST for accounts and the lobby, ``/ws`` for play, ``/healthz``.

>>> app = make_app(Settings(database_url="sqlite:///bolola.db"))
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from bolola.server import accounts, oauth
from bolola.server.accounts import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, Keys
from bolola.server.connection import serve_socket
from bolola.server.limits import Buckets
from bolola.server.progression import RECENT_MATCHES, day_source, leaderboard_query
from bolola.server.protocol import ProtocolError, error
from bolola.server.room import Room, TableSpec
from bolola.server.settings import Settings
from bolola.server.static_site import mount_static
from bolola.store.store import NameTakenError, PlayerInfo, Store

log = logging.getLogger("bolola.server")
STATUS = {
    "bad_request": 400,
    "bad_json": 400,
    "unauthorized": 401,
    "bad_token": 401,
    "csrf": 403,
    "not_invited": 403,
    "not_seated": 403,
    "no_table": 404,
    "no_player": 404,
    "no_record": 404,
    "table_full": 409,
    "seat_taken": 409,
    "name_taken": 409,
    "rate_limited": 429,
}
Handler = Callable[[Request], Awaitable[Response]]


class Server:
    """What the handlers share; filled in at start-up (the lifespan)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.room: Room | None = None
        self.keys: Keys | None = None
        self.logins = Buckets(settings.login_per_minute / 60.0, settings.login_per_minute)
        # The UTC day of the daily reward (PL-14); tests pin it (BOLOLA_TODAY) or replace it.
        self.today = day_source()

    @property
    def ready(self) -> tuple[Store, Room, Keys]:
        if self.store is None or self.room is None or self.keys is None:
            raise ProtocolError("server_error", "the server is starting")
        return self.store, self.room, self.keys

    async def start(self) -> None:
        self.store = await Store.open(self.settings.database_url)
        secret = self.settings.secret_key or await self.store.secret("session")
        self.keys = Keys(secret)
        self.room = Room(self.store, self.settings)
        await self.room.restore()
        log.info("ready", extra={"tables": len(self.room.tables)})

    async def stop(self) -> None:
        if self.room is not None:
            await self.room.close()
        if self.store is not None:
            await self.store.close()
        log.info("stopped")


def fail(code: str, message: str) -> JSONResponse:
    return JSONResponse(error(code, message), status_code=STATUS.get(code, 400))


def make_app(settings: Settings) -> Starlette:
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    def endpoint(fn: Callable[[Request], Awaitable[Any]], *, unsafe: bool = False) -> Handler:
        async def handle(request: Request) -> Response:
            try:
                if unsafe and not await _csrf_ok(server, request):
                    return fail("csrf", "missing or wrong CSRF token (GET /api/csrf)")
                result = await fn(request)
            except ProtocolError as e:
                body = error(e.code, e.message, rule=e.rule)
                return JSONResponse(body, status_code=STATUS.get(e.code, 400))
            return result if isinstance(result, Response) else JSONResponse(result)

        return handle

    async def player_of(request: Request) -> PlayerInfo:
        store, _, keys = server.ready
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else None
        player_id = keys.player_of(token or request.cookies.get(SESSION_COOKIE))
        player = None if player_id is None else await store.player(player_id)
        if player is None:
            raise ProtocolError("unauthorized", "sign in or play as a guest first")
        return player

    def signed_in(player: PlayerInfo) -> JSONResponse:
        _, _, keys = server.ready
        token = keys.session(player.id)
        response = JSONResponse({"player": player.to_json(), "token": token})
        response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=accounts.SESSION_MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=settings.secure_cookies,
        )
        return response

    async def healthz(_request: Request) -> Any:
        if server.room is None:
            return JSONResponse({"ok": False}, status_code=503)
        return {"ok": True, "tables": len(server.room.tables)}

    async def csrf(_request: Request) -> Any:
        _, _, keys = server.ready
        token = keys.csrf_token()
        response = JSONResponse({"csrf": token})
        response.set_cookie(
            CSRF_COOKIE, token, httponly=False, samesite="strict", secure=settings.secure_cookies
        )
        return response

    async def guest(_request: Request) -> Any:
        store, _, _ = server.ready
        while True:
            try:
                player = await store.add_player(accounts.guest_name(), is_guest=True)
            except NameTakenError:
                continue
            return signed_in(player)

    async def signup(request: Request) -> Any:
        store, _, _ = server.ready
        body = await _body(request)
        try:
            name = accounts.check_name(body.get("name"))
            password = accounts.check_password(body.get("password"))
        except ValueError as e:
            raise ProtocolError("bad_request", str(e)) from None
        try:
            player = await store.add_player(
                name, is_guest=False, password_hash=accounts.hash_password(password)
            )
        except NameTakenError:
            return fail("name_taken", f"the name {name!r} is taken")
        return signed_in(player)

    async def signin(request: Request) -> Any:
        store, _, _ = server.ready
        body = await _body(request)
        name, password = body.get("name"), body.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise ProtocolError("bad_request", "name and password are text")
        address = request.client.host if request.client else "?"
        if not server.logins.take((address, name.lower())):
            return fail("rate_limited", "too many sign-in attempts; wait a minute")
        player = await store.player_named(name)
        if player is None or not accounts.password_ok(player.password_hash, password):
            if player is None:
                accounts.password_ok(None, password)  # same time for unknown names
            return fail("unauthorized", "wrong name or password")
        return signed_in(player)

    async def signout(_request: Request) -> Any:
        response = JSONResponse({"ok": True})
        response.delete_cookie(SESSION_COOKIE)
        return response

    async def me(request: Request) -> Any:
        return {"player": (await player_of(request)).to_json()}

    async def player_info(request: Request) -> Any:
        """PL-3: a player's card, with their last matches and links to their records."""
        store, _, _ = server.ready
        found = await store.player_named(request.path_params["name"])
        if found is None:
            return fail("no_player", "no such player")
        recent = await store.recent(found.id, RECENT_MATCHES)
        return {"player": found.to_json(), "recent": [m.to_json() for m in recent]}

    async def leaderboard(request: Request) -> Any:
        """PL-12, PL-13: the best ratings of a game."""
        store, _, _ = server.ready
        game, limit = leaderboard_query(request.query_params)
        leaders = await store.leaderboard(game, limit)
        return {"game": game, "players": [p.to_json(n) for n, p in enumerate(leaders, 1)]}

    async def daily(request: Request) -> Any:
        """PL-14: the first claim of a UTC day grants the streak's XP; later ones grant 0."""
        store, _, _ = server.ready
        player = await player_of(request)
        claim = await store.claim_daily(player.id, server.today())
        now = await store.player(player.id)
        return {
            "granted": claim.granted,
            "xp": claim.xp,
            "streak": claim.streak,
            "day": claim.day.isoformat(),
            "next_xp": claim.next_xp,
            "player": (now or player).to_json(),
        }

    async def tables(request: Request) -> Any:
        _, room, _ = server.ready
        try:
            player: PlayerInfo | None = await player_of(request)
        except ProtocolError:
            player = None
        return {"tables": room.open_tables(player), "playing": room.playing_tables(player)}

    async def create(request: Request) -> Any:
        _, room, _ = server.ready
        player = await player_of(request)
        spec = TableSpec.from_json(await _body(request))
        table = await room.create(player, spec)
        return JSONResponse({"table": table.summary()}, status_code=201)

    async def table_info(request: Request) -> Any:
        _, room, _ = server.ready
        return {"table": room.get(request.path_params["id"]).summary()}

    async def join(request: Request) -> Any:
        _, room, _ = server.ready
        player = await player_of(request)
        table = room.get(request.path_params["id"])
        body = await _body(request)
        seat = body.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ProtocolError("bad_request", "seat must be a seat number")
        taken = await table.call(lambda: table.take_seat(player, seat))
        return {"table": table.id, "seat": taken}

    async def leave(request: Request) -> Any:
        _, room, _ = server.ready
        player = await player_of(request)
        table = room.get(request.path_params["id"])
        await table.call(lambda: table.leave(player))
        return {"ok": True}

    async def invite(request: Request) -> Any:
        store, room, _ = server.ready
        player = await player_of(request)
        table = room.get(request.path_params["id"])
        name = (await _body(request)).get("player")
        guest = await store.player_named(name) if isinstance(name, str) else None
        if guest is None:
            return fail("no_player", f"no player named {name!r}")
        await table.call(lambda: table.invite(player, guest))
        message = {"type": "invitation", "table": table.summary(), "from": player.name}
        room.tell(guest.id, message)
        return {"ok": True, "player": guest.name}

    async def record(request: Request) -> Any:
        store, _, _ = server.ready
        table_id = request.path_params["id"]
        found = await store.record(table_id)
        if found is None:
            return fail("no_record", "no finished match at this table")
        return Response(
            json.dumps(found),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="table-{table_id}.json"'},
        )

    async def websocket(ws: WebSocket) -> None:
        store, room, keys = server.ready
        await serve_socket(ws, room, store, keys)

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                await ws.send_text(await ws.receive_text())

    routes = [
        Route("/healthz", endpoint(healthz)),
        Route("/api/csrf", endpoint(csrf)),
        Route("/api/guest", endpoint(guest, unsafe=True), methods=["POST"]),
        Route("/api/signup", endpoint(signup, unsafe=True), methods=["POST"]),
        Route("/api/signin", endpoint(signin, unsafe=True), methods=["POST"]),
        Route("/api/signout", endpoint(signout, unsafe=True), methods=["POST"]),
        Route("/api/me", endpoint(me)),
        Route("/api/players/{name}", endpoint(player_info)),
        Route("/api/leaderboard", endpoint(leaderboard)),
        Route("/api/daily", endpoint(daily, unsafe=True), methods=["POST"]),
        Route("/api/tables", endpoint(tables)),
        Route("/api/tables", endpoint(create, unsafe=True), methods=["POST"]),
        Route("/api/tables/{id:int}", endpoint(table_info)),
        Route("/api/tables/{id:int}/join", endpoint(join, unsafe=True), methods=["POST"]),
        Route("/api/tables/{id:int}/leave", endpoint(leave, unsafe=True), methods=["POST"]),
        Route("/api/tables/{id:int}/invite", endpoint(invite, unsafe=True), methods=["POST"]),
        Route("/api/tables/{id:int}/record", endpoint(record)),
        WebSocketRoute("/ws", websocket),
    ]
    # Sign-in with outside providers (PL-15); oauth.py owns its routes.
    routes += oauth.routes(server, endpoint, player_of, signed_in)
    if settings.echo:
        routes.append(WebSocketRoute("/echo", echo))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    mount_static(app)  # the browser client at /, after every route of the server
    return app


async def _csrf_ok(server: Server, request: Request) -> bool:
    """A request carrying a bearer token has no ambient credentials to abuse; one riding on
    cookies must repeat the CSRF cookie in a header or in the form's ``csrf`` field."""
    if request.headers.get("authorization", "").lower().startswith("bearer "):
        return True
    if server.keys is None:
        return False
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and _is_form(request):
        field = (await request.form()).get("csrf")
        sent = field if isinstance(field, str) else None
    return server.keys.csrf_ok(request.cookies.get(CSRF_COOKIE), sent)


def _is_form(request: Request) -> bool:
    kind = request.headers.get("content-type", "")
    return kind.startswith(("application/x-www-form-urlencoded", "multipart/form-data"))


async def _body(request: Request) -> dict[str, Any]:
    """A JSON object or a form, as a dict; anything else is a bad request."""
    if _is_form(request):
        form = await request.form()
        return {k: v for k, v in form.items() if isinstance(v, str)}
    raw = await request.body()
    if not raw:
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the body is not JSON") from None
    if not isinstance(body, dict):
        raise ProtocolError("bad_json", "the body must be a JSON object")
    return body
