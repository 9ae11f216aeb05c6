"""The ASGI application: REST for accounts and the lobby, ``/ws`` for play, ``/healthz``.

>>> app = make_app(Settings(database_url="sqlite:///bolola.db"))
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx2
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from bolola import names
from bolola.server import (
    accounts,
    echo,
    friends,
    hints,
    match_page,
    milestones,
    oauth,
    replay,
)
from bolola.server.accounts import CSRF_COOKIE, SESSION_COOKIE
from bolola.server.address import client_address
from bolola.server.bodylimit import BodyLimit
from bolola.server.connection import GUESTS_LIMITED, Admission, serve_socket
from bolola.server.forms import read_body
from bolola.server.progression import RECENT_MATCHES, leaderboard_query
from bolola.server.protocol import ElsewhereError, ProtocolError, error, no_control
from bolola.server.security import SecurityHeaders, csrf_binding, csrf_ok
from bolola.server.service import Server
from bolola.server.settings import Settings
from bolola.server.spec import TableSpec
from bolola.server.static_site import mount_static
from bolola.store.store import NameTakenError, PlayerInfo

log = logging.getLogger("bolola.server")
# Forwarded once to a table's owner (several processes): never forwarded again.
FORWARDED = "x-bolola-forwarded"
# Headers of one hop, not of the request (RFC 9110 §7.6.1), nor recomputed by the client.
HOP_HEADERS = {
    "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding",
    "upgrade", "host", "content-length", "content-encoding",
}  # fmt: skip
STATUS = {
    "bad_request": 400,
    "bad_name": 400,
    "mixed_script": 400,
    "reserved_name": 400,
    "bad_password": 400,
    "bad_json": 400,
    "unauthorized": 401,
    "bad_credentials": 401,
    "wrong_password": 403,
    "bad_token": 401,
    "csrf": 403,
    "not_invited": 403,
    "not_seated": 403,
    "not_host": 403,
    "locked": 403,
    "blocked": 403,
    "not_friends": 403,
    "no_challenge": 404,
    "no_request": 404,
    "already_challenged": 409,
    "no_table": 404,
    "no_player": 404,
    "no_record": 404,
    "table_full": 409,
    "elsewhere": 409,
    "table_moved": 409,
    "game_over": 409,
    "seat_taken": 409,
    "name_taken": 409,
    "not_guest": 409,
    "rate_limited": 429,
    "too_many_tables": 429,
    "too_many_connections": 429,
    "too_large": 413,
    "not_found": 404,
    "method_not_allowed": 405,
    "server_error": 500,
}
# Table ids are 32-bit integers in the database; a larger one names no table.
MAX_ID = 2**31 - 1
Handler = Callable[[Request], Awaitable[Response]]


def fail(code: str, message: str | None = None) -> JSONResponse:
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

    async def to_owner(request: Request, owner: str) -> Response | None:
        """A REST request about a table another process owns, made there as it came
        (cookies, token, CSRF header, body) and answered as it answers; None when it
        cannot be (no address known, the owner unreachable, or forwarded once already)."""
        room = server.room
        if room is None or room.cluster is None or request.headers.get(FORWARDED):
            return None
        address = await room.cluster.address_of(owner)
        if address is None:
            return None
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_HEADERS}
        headers[FORWARDED] = room.cluster.me
        url = address + request.url.path + (f"?{request.url.query}" if request.url.query else "")
        try:
            async with httpx2.AsyncClient(timeout=10.0) as client:
                answer = await client.request(
                    request.method, url, headers=headers, content=await request.body()
                )
        except httpx2.TransportError as e:
            log.warning("forwarding to the table's owner failed: %s", e)
            return None
        kept = {k: v for k, v in answer.headers.items() if k.lower() not in HOP_HEADERS}
        return Response(answer.content, status_code=answer.status_code, headers=kept)

    def endpoint(fn: Callable[[Request], Awaitable[Any]], *, unsafe: bool = False) -> Handler:
        async def handle(request: Request) -> Response:
            try:
                if unsafe and not await csrf_ok(server.keys, request):
                    return fail("csrf", "missing or wrong CSRF token (GET /api/csrf)")
                result = await fn(request)
            except ElsewhereError as e:
                forwarded = await to_owner(request, e.owner)
                if forwarded is not None:
                    return forwarded
                body = error(e.code, e.message)
                return JSONResponse(body, status_code=STATUS.get(e.code, 400))
            except ProtocolError as e:
                body = error(e.code, e.message, rule=e.rule)
                return JSONResponse(body, status_code=STATUS.get(e.code, 400))
            return result if isinstance(result, Response) else JSONResponse(result)

        return handle

    def session_token(request: Request) -> str | None:
        auth = request.headers.get("authorization", "")
        bearer = auth[7:] if auth.lower().startswith("bearer ") else None
        return bearer or request.cookies.get(SESSION_COOKIE)

    async def player_of(request: Request) -> PlayerInfo:
        store, _, keys = server.ready
        player = await accounts.session_player(store, keys, session_token(request))
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
        """Ready, and the database answers a real read and a real write."""
        if server.room is None or server.store is None:
            return JSONResponse(
                {"ok": False, "status": "error", "reason": "starting"}, status_code=503
            )
        try:
            await server.store.check_health()
        except Exception as e:
            log.warning("health check failed: %s", e)
            reason = "the database cannot be read or written: " + " ".join(str(e).split())[:200]
            return JSONResponse({"ok": False, "status": "error", "reason": reason}, status_code=503)
        room = server.room
        return {
            "ok": True,
            "status": "ok",
            "tables": len(room.tables),
            "cold": room.rebuilding,
            "rehearsing": server.rehearsing,
        }

    async def attempt(request: Request, name: str | None) -> None:
        """Sign-in and sign-up attempts are limited per client address, and sign-ins per
        name from an address too (each costs a password hash)."""
        address = client_address(request, settings.trusted_proxies)
        if not await server.address_logins.allow(address):
            raise ProtocolError(
                "rate_limited", "too many attempts from your address; wait a minute"
            )
        if name is not None and not await server.logins.allow(f"{address} {names.key(name)}"):
            raise ProtocolError("rate_limited", "too many sign-in attempts; wait a minute")

    async def csrf(request: Request) -> Any:
        """The CSRF token of this request's session (its session cookie), or before
        sign-in of this browser's nonce (made now if it has none)."""
        _, _, keys = server.ready
        nonce = request.cookies.get(CSRF_COOKIE) or keys.nonce()
        binding = csrf_binding(request.cookies.get(SESSION_COOKIE), nonce) or ""
        response = JSONResponse({"csrf": keys.csrf_token(binding)})
        if request.cookies.get(CSRF_COOKIE) != nonce:
            response.set_cookie(
                CSRF_COOKIE, nonce, httponly=True, samesite="strict", secure=settings.secure_cookies
            )
        return response

    async def guest(request: Request) -> Any:
        store, _, _ = server.ready
        if not await server.guests.allow(client_address(request, settings.trusted_proxies)):
            raise ProtocolError("rate_limited", GUESTS_LIMITED)
        while True:
            try:
                player = await store.add_player(accounts.guest_name(), is_guest=True)
            except NameTakenError:
                continue
            return signed_in(player)

    async def credentials(request: Request) -> tuple[str, str]:
        """A new account's name and its password's hash, from the request's body (as
        sign-up would take them); the attempt counted against the address first."""
        body = await read_body(request)
        try:
            name = accounts.check_name(body.get("name"))
            password = accounts.check_password(body.get("password"))
        except accounts.FieldError as e:
            raise ProtocolError(e.code, str(e)) from None
        await attempt(request, None)
        return name, await accounts.hash_password_async(password)

    async def signup(request: Request) -> Any:
        store, _, _ = server.ready
        name, password_hash = await credentials(request)
        try:
            player = await store.add_player(name, is_guest=False, password_hash=password_hash)
        except NameTakenError:
            return fail("name_taken", f"the name {name!r} is taken")
        return signed_in(player)

    async def claim(request: Request) -> Any:
        """A guest keeps their player as a local account: a name and password of their
        own, with their XP, ratings and history (PL-15)."""
        store, _, _ = server.ready
        player = await player_of(request)
        if not player.is_guest:
            raise ProtocolError("not_guest")
        name, password_hash = await credentials(request)
        try:
            kept = await store.promote_guest(player.id, name, password_hash)
        except NameTakenError:
            return fail("name_taken", f"the name {name!r} is taken")
        except ValueError:
            raise ProtocolError("not_guest") from None
        return signed_in(kept)

    async def password(request: Request) -> Any:
        """A player with an account changes their password, saying the one they have (an
        account made at an outside provider, with none yet, sets its first). Every other
        session of theirs is over, its open sockets closed; this one goes on with the new
        session answered."""
        store, _, keys = server.ready
        player = await player_of(request)
        if player.is_guest:
            raise ProtocolError("bad_request", "a guest has no password: keep the player first")
        body = await read_body(request)
        current, new = body.get("current"), body.get("password")
        try:
            new = accounts.check_password(new)
        except accounts.FieldError as e:
            raise ProtocolError(e.code, str(e)) from None
        await attempt(request, player.name)
        await accounts.check_current_password(player, current)  # wrong_password
        # This browser's session (its tabs share it) goes on under the new one answered.
        found = keys.session_of(session_token(request))
        made = None if found is None else found[1]
        hashed = await accounts.hash_password_async(new)
        since = await store.set_password(player.id, hashed, keep=made)
        if server.room is not None:
            server.room.end_sessions(player.id, since, since if made is None else made)
        return signed_in(player)

    async def signin(request: Request) -> Any:
        store, _, _ = server.ready
        body = await read_body(request)
        name, password = body.get("name"), body.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise ProtocolError("bad_request", "name and password are text")
        no_control(name, "name")
        no_control(password, "password")
        if len(name) > 40 or len(password) > accounts.MAX_PASSWORD:
            return fail("bad_credentials")
        await attempt(request, name)
        player = await store.player_named(name)
        # An unknown name is checked against a dummy hash: both cases take the same time.
        stored = None if player is None else player.password_hash
        if not await accounts.password_ok_async(stored, password) or player is None:
            return fail("bad_credentials")
        return signed_in(player)

    async def signout(request: Request) -> Any:
        """The session token (bearer or cookie) is revoked server-side, not only forgotten."""
        store, _, keys = server.ready
        auth = request.headers.get("authorization", "")
        for token in (
            auth[7:] if auth.lower().startswith("bearer ") else None,
            request.cookies.get(SESSION_COOKIE),
        ):
            if token and keys.player_of(token) is not None:
                await store.revoke(*keys.revocation(token))
        response = JSONResponse({"ok": True})
        response.delete_cookie(SESSION_COOKIE)
        return response

    async def me(request: Request) -> Any:
        return {"player": (await player_of(request)).to_json()}

    async def player_info(request: Request) -> Any:
        """PL-3: a player's card, with their last matches and links to their records."""
        store, _, _ = server.ready
        found = await store.player_named(no_control(request.path_params["name"], "name"))
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
        spec = TableSpec.from_json(
            await read_body(request), min_move_seconds=settings.min_move_seconds
        )
        table = await room.create(player, spec)
        return JSONResponse({"table": table.summary()}, status_code=201)

    async def table_info(request: Request) -> Any:
        _, room, _ = server.ready
        table_id = table_of(request)
        try:
            table = await room.find(table_id)
        except ProtocolError as e:
            if e.code != "game_over":
                raise
            # It left memory after its end: what the database keeps of it.
            record = f"/api/tables/{table_id}/record"
            return {"table": {"id": table_id, "status": "over", "record": record}}
        if table.access == "invited":
            # A private table's seats are for its host, its invited and its players.
            try:
                player: PlayerInfo | None = await player_of(request)
            except ProtocolError:
                player = None
            if player is None or not table.may_watch(player):
                raise ProtocolError("not_invited")
        return {"table": table.summary()}

    async def join(request: Request) -> Any:
        _, room, _ = server.ready
        player = await player_of(request)
        table = await room.find(table_of(request))
        body = await read_body(request)
        seat = body.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ProtocolError("bad_request", "seat must be a seat number")
        taken = await table.call(lambda: table.take_seat(player, seat))
        return {"table": table.id, "seat": taken}

    async def leave(request: Request) -> Any:
        _, room, _ = server.ready
        player = await player_of(request)
        table = await room.find(table_of(request))
        await table.call(lambda: table.leave(player))
        return {"ok": True}

    async def invite(request: Request) -> Any:
        store, room, _ = server.ready
        player = await player_of(request)
        table = await room.find(table_of(request))
        name = (await read_body(request)).get("player")
        if isinstance(name, str):
            no_control(name, "player")
        guest = await store.player_named(name) if isinstance(name, str) else None
        if guest is None:
            return fail("no_player", f"no player named {name!r}")
        await table.call(lambda: table.invite(player, guest))
        message = {"type": "invitation", "table": table.summary(), "from": player.name}
        room.tell(guest.id, message)
        return {"ok": True, "player": guest.name}

    async def viewer(request: Request) -> PlayerInfo | None:
        """The signed-in player, or nobody: what anyone may see needs no session."""
        try:
            return await player_of(request)
        except ProtocolError:
            return None

    async def record(request: Request) -> Any:
        store, _, _ = server.ready
        table_id = table_of(request)
        setup = await store.table_setup(table_id)
        me = await viewer(request)
        if setup is not None and not setup.may_see(None if me is None else me.id):
            raise ProtocolError(
                "not_invited", "this match was private: only its players and invited may see it"
            )
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
        await serve_socket(ws, room, store, keys, Admission(server.guests))

    routes = [
        Route("/healthz", endpoint(healthz)),
        Route("/api/csrf", endpoint(csrf)),
        Route("/api/guest", endpoint(guest, unsafe=True), methods=["POST"]),
        Route("/api/signup", endpoint(signup, unsafe=True), methods=["POST"]),
        Route("/api/signin", endpoint(signin, unsafe=True), methods=["POST"]),
        Route("/api/claim", endpoint(claim, unsafe=True), methods=["POST"]),
        Route("/api/password", endpoint(password, unsafe=True), methods=["POST"]),
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
    # Achievements and the designs levels unlock (issue 17).
    routes += milestones.routes(server, endpoint, player_of, read_body)
    # Friends, presence, challenges and rematches (issue 17).
    routes += friends.routes(server, endpoint, player_of, read_body)
    routes += hints.routes(server, endpoint, player_of)  # practice hints (issue 18)
    # A finished match's public page and its summary card (issue 17).
    routes += match_page.routes(server, endpoint, viewer)
    routes += replay.routes(server, endpoint, player_of, read_body)  # replays, analyses (issue 18)
    if settings.echo:
        routes += echo.routes()  # what the bench compares the play with
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
    )
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)  # outermost: on the body limit's 413 too
    app.state.server = server
    mount_static(app)  # the browser client at /, after every route of the server
    return app


def table_of(request: Request) -> int:
    """The ``{id}`` of the path; one beyond the database's integers names no table."""
    table_id: int = request.path_params["id"]
    if table_id > MAX_ID:
        raise ProtocolError("no_table", f"no table {table_id}")
    return table_id


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (404, 405, …) in the protocol's error body."""
    assert isinstance(exc, HTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
    if exc.status_code >= 500:
        code = "server_error"
    headers = dict(exc.headers or {})
    return JSONResponse(error(code, str(exc.detail)), status_code=exc.status_code, headers=headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    """A bug or a database outage: logged, answered as JSON, never a plain-text 500."""
    log.error("request failed: %s %s", request.method, request.url.path, exc_info=exc)
    body = error("server_error", "the server failed on this request; try again")
    return JSONResponse(body, status_code=500)
