"""The replay of a finished match, its analysis and "play from here" (issue 18).

- ``GET /api/matches/{id}/replay``: the match's record (its deal seeds as revealed) and
  how many versions it has; ``?at=V``: every seat's view at version V (the state after
  the first V moves; 0 is the deal before any move). Positions are asked for one at a
  time, as the viewer steps, rather than all at once: a long match has over a thousand.
- ``GET /api/matches/{id}/analysis``: the match's review (``bolola.analysis``), judged in
  the background (:mod:`bolola.server.analyses`); the first request queues it.
- ``POST /api/matches/{id}/practice`` ``{"at": V, "level": "expert"}``: an unrated
  practice table at version V against bots (:mod:`bolola.server.practice`).

Who may see a match: :mod:`bolola.server.finished`. Every refusal is a JSON error.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from bolola.server.analyses import Analyses, BusyError
from bolola.server.finished import Finished, Matches
from bolola.server.practice import check_level, open_practice
from bolola.server.protocol import ProtocolError, error
from bolola.store.store import PlayerInfo

if TYPE_CHECKING:
    from bolola.server.service import Server

REFUSED = {"cannot_rebuild": 409, "busy": 503}
"""This module's own error codes and their HTTP statuses (the others are app.STATUS's)."""
MAX_AT_DIGITS = 9


def parse_at(raw: object, versions: int) -> int:
    """A version of the match from a query string or a JSON body; raises bad_request."""
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= MAX_AT_DIGITS:
        at = int(raw)
    elif isinstance(raw, int) and not isinstance(raw, bool):
        at = raw
    else:
        raise ProtocolError("bad_request", f"at must be a whole number 0..{versions}")
    if not 0 <= at <= versions:
        raise ProtocolError("bad_request", f"at must be in 0..{versions} for this match")
    return at


def summary(match: Finished) -> dict[str, Any]:
    return {
        "id": match.id,
        "game": match.game.name,
        "seats": match.seat_count,
        "versions": match.versions,
        "record": match.public.to_json(),
    }


def position(match: Finished, at: int) -> dict[str, Any]:
    return {
        "id": match.id,
        "at": at,
        "versions": match.versions,
        "move": match.record.moves[at - 1] if at > 0 else None,
        "views": match.views_at(at),
    }


def routes(
    server: Server,
    endpoint: Callable[..., Any],
    player_of: Callable[[Request], Awaitable[PlayerInfo]],
    body_of: Callable[[Request], Awaitable[dict[str, Any]]],
) -> list[BaseRoute]:
    analyses = Analyses()
    loaded: list[Matches] = []  # made on first use: the store exists once the server started

    async def viewer(request: Request) -> PlayerInfo | None:
        try:
            return await player_of(request)
        except ProtocolError:
            return None  # a public match needs no session

    async def match_of(request: Request, player: PlayerInfo | None) -> Finished:
        store, _, _ = server.ready
        if not loaded:
            loaded.append(Matches(store))
        table_id: int = request.path_params["id"]
        found = await loaded[0].get(table_id)
        if found is None:
            raise ProtocolError("no_record", "no finished match at this table")
        if not found.may_see(player):
            raise ProtocolError(
                "not_invited", "this match was private: only its players and invited may see it"
            )
        return found

    def refusing(fn: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Any]]:
        async def handle(request: Request) -> Any:
            try:
                return await fn(request)
            except ProtocolError as e:
                if e.code not in REFUSED:
                    raise  # the endpoint answers the common codes
                return JSONResponse(error(e.code, e.message), status_code=REFUSED[e.code])

        return handle

    async def replay(request: Request) -> Any:
        match = await match_of(request, await viewer(request))
        raw = request.query_params.get("at")
        if raw is None:
            return {"replay": summary(match)}
        return {"position": position(match, parse_at(raw, match.versions))}

    async def analysis(request: Request) -> Any:
        match = await match_of(request, await viewer(request))
        try:
            answer = analyses.ask(match.id, match.record, match.seat_count)
        except BusyError as e:
            raise ProtocolError("busy", str(e)) from None
        return {"id": match.id, **answer}

    async def practice(request: Request) -> Any:
        store, room, _ = server.ready
        me = await player_of(request)
        match = await match_of(request, me)
        body = await body_of(request)
        if "at" not in body:
            raise ProtocolError("bad_request", "at: the version to play from is missing")
        at = parse_at(body["at"], match.versions)
        level = check_level(match.game.name, body.get("level"))
        table, seat = await open_practice(room, store, me, match, at, level)
        return JSONResponse(
            {"table": table.summary(), "seat": seat, "at": at, "level": level}, status_code=201
        )

    return [
        Route("/api/matches/{id:int}/replay", endpoint(refusing(replay))),
        Route("/api/matches/{id:int}/analysis", endpoint(refusing(analysis))),
        Route(
            "/api/matches/{id:int}/practice",
            endpoint(refusing(practice), unsafe=True),
            methods=["POST"],
        ),
    ]
