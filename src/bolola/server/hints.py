"""Hints at practice tables (issue 18): the expert's suggestion for the seat to move.

``GET /api/tables/{id}/hint`` answers the seated player whose turn it is, at an unrated
table where every other seat is a bot, with ``{"action", "reason": {"key", "vars"},
"expected"}``. The suggestion is computed like a bot's move: from the seat's **view**
and legal actions only (never the state, so it cannot reveal a hidden card), off the
event loop, with a bounded budget. A game's registry entry may bring a ``hint`` hook
that explains the choice with numbers (:mod:`bolola.bots.hint`); otherwise the answer is
its strongest bot's choice, "the expert bot's choice".

Rated tables never offer hints, nor do tables with another person at them (hints are
for practice against bots): ``403 no_hints``. The table's summary says whether it offers
them (``"hints": true``), so the client shows the button only there.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from bolola import registry
from bolola.bots.base import LEVELS, Budget, make_bot
from bolola.bots.hint import EXPERT_CHOICE, ONLY_ACTION, Hint
from bolola.server.protocol import ProtocolError, error
from bolola.store.store import PlayerInfo

if TYPE_CHECKING:
    from bolola.server.service import Server
    from bolola.server.table import Table

HINT_BUDGET = Budget(seconds=1.0)
"""The table bots' default samples (so a hint is the choice the expert would make),
with more time before the wall clock may cut the search short on a busy machine."""
THINKING = 2
"""Hints computed at once, server-wide: each holds a core for up to a second."""
REMEMBERED = 256
"""Hints kept by (table, version, seat): asking again costs nothing."""
REFUSED = {"no_hints": 403, "not_seated": 403, "not_started": 409, "not_your_turn": 409}


def offered(table: Table) -> bool:
    """Whether the table offers hints: unrated, and one person at it, the rest bots."""
    return not table.rated and sum(1 for h in table.holders if h.kind == "human") == 1


def suggest(game: str, view: Any, legal: tuple[Any, ...], seed: int, budget: Budget) -> Hint:
    """The hint for a seat's view: the game's hook, else its strongest bot's choice."""
    if len(legal) == 1:
        return Hint(legal[0], ONLY_ACTION)
    entry = registry.entry(game)
    if entry.hint is not None:
        return entry.hint(view, legal, seed, budget)
    level = next(lv for lv in reversed(LEVELS) if lv == "beginner" or lv in entry.bots)
    return Hint(make_bot(game, level, budget).choose(view, legal, seed), EXPERT_CHOICE)


def routes(
    server: Server,
    endpoint: Callable[..., Any],
    player_of: Callable[[Request], Awaitable[PlayerInfo]],
) -> list[BaseRoute]:
    """The hint route."""
    thinking = asyncio.Semaphore(THINKING)
    known: OrderedDict[tuple[int, int, int], dict[str, Any]] = OrderedDict()

    async def hint(request: Request) -> Any:
        from bolola.server.app import table_of

        _, room, _ = server.ready
        me = await player_of(request)
        table = await room.find(table_of(request))
        try:
            seat, version, view, legal = await table.call(lambda: _turn(table, me))
        except ProtocolError as e:
            if e.code not in REFUSED:
                raise
            return JSONResponse(error(e.code, e.message), status_code=REFUSED[e.code])
        key = (table.id, version, seat)
        answer = known.get(key)
        if answer is None:
            seed = hash((table.seed, version, seat)) & 0x7FFFFFFF  # as the table's bots
            async with thinking:
                found = await asyncio.to_thread(
                    suggest, table.game.name, view, legal, seed, HINT_BUDGET
                )
            answer = known[key] = {"table": table.id, "version": version, **found.to_json()}
            while len(known) > REMEMBERED:
                known.popitem(last=False)
        return answer

    return [Route("/api/tables/{id:int}/hint", endpoint(hint))]


async def _turn(table: Table, me: PlayerInfo) -> tuple[int, int, Any, tuple[Any, ...]]:
    """In the table's task: the player's seat, the version, its view and legal actions,
    or why there is no hint to give."""
    if table.rated:
        raise ProtocolError("no_hints", "hints are never offered at rated tables")
    if not offered(table):
        raise ProtocolError("no_hints", "hints are for practice against bots only")
    seat = table.seat_of(me.id)
    if seat is None:
        raise ProtocolError("not_seated", "only the seated player may ask for a hint")
    if table.status != "playing" or table.state is None:
        raise ProtocolError("not_started", "the match is not under way")
    game = table.game
    if game.outcome(table.state) is not None:
        raise ProtocolError("not_started", "the match is over")
    if seat not in game.to_move(table.state):
        raise ProtocolError("not_your_turn", "another seat is to move")
    return seat, table.version, game.view(table.state, seat), game.legal_actions(table.state, seat)
