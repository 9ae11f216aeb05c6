"""Milestones (issue 17): a player's achievements, the designs their level unlocked, the
routes that show and choose them, and ``bolola achievements``.

The catalogue comes from the registered games (each names its feats); progress is
computed from the store each time it is asked for (:mod:`bolola.progression.achievements`),
so nothing but each match's feats is kept, and those are found again for any stored match:

    bolola achievements --backfill                  # feats of every match not yet read
    bolola achievements --player ana                # ana's achievements, as JSON

on the server's database (``--database-url``, else ``BOLOLA_DATABASE_URL``, else
``sqlite:///bolola.db``), only one that is there (:mod:`bolola.server.room_database`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from bolola import registry
from bolola.engine import RecordError
from bolola.progression.achievements import (
    Achievement,
    Progress,
    catalogue,
    progress,
    unlocked_between,
)
from bolola.progression.cosmetics import CATALOGUE, Kind, LockedError, choose
from bolola.progression.feats import match_feats
from bolola.progression.levels import level_of
from bolola.server.protocol import ProtocolError, no_control
from bolola.store.store import PlayerInfo, Store

if TYPE_CHECKING:
    from bolola.server.service import Server

BACKFILL_BATCH = 200


@cache
def book() -> tuple[Achievement, ...]:
    """Every achievement of the room's registered games."""
    return catalogue({g.name: registry.entry(g.name).feats.names for g in registry.registered()})


async def achievements_of(store: Store, player_id: int) -> tuple[Progress, ...]:
    matches, claims = await store.milestones(player_id)
    return progress(book(), matches, claims)


async def find_feats(store: Store, table_id: int) -> bool:
    """Find and keep a finished table's feats; False when its log does not replay (the
    feats stay unknown: such a table was taken out of the room when it was restored)."""
    record = await store.engine_record(table_id)
    if record is None:
        return False
    try:
        game = registry.find(record.game)
        feats = match_feats(game, record, registry.entry(game.name).feats)
    except (RecordError, ValueError):
        await store.set_feats(table_id, ())
        return False
    await store.set_feats(table_id, feats)
    return True


async def after_match(
    store: Store, table_id: int, player_ids: Iterable[int]
) -> dict[int, tuple[str, ...]]:
    """At a match's end: find its feats, then what it unlocked for each of its players
    (the keys of the achievements it made reachable, by player id)."""
    await find_feats(store, table_id)
    out: dict[int, tuple[str, ...]] = {}
    for pid in player_ids:
        matches, claims = await store.milestones(pid)
        before = progress(book(), [m for m in matches if m.table_id != table_id], claims)
        out[pid] = tuple(a.key for a in unlocked_between(before, progress(book(), matches, claims)))
    return out


async def backfill(store: Store) -> tuple[int, int]:
    """Every finished match whose feats were never found: (read, not replayable)."""
    read = failed = 0
    while batch := await store.tables_without_feats(BACKFILL_BATCH):
        for table_id in batch:
            read += 1
            failed += not await find_feats(store, table_id)
    return read, failed


def routes(
    server: Server,
    endpoint: Callable[..., Any],
    player_of: Callable[[Request], Awaitable[PlayerInfo]],
    body_of: Callable[[Request], Awaitable[dict[str, Any]]],
) -> list[BaseRoute]:
    """A player's achievements, the designs' catalogue, and wearing one."""
    # The book is made now, with the routes: made by the first match to end, it sat
    # among that hour's live tables and kept their pages (issue 15).
    book()

    async def achievements(request: Request) -> Any:
        store, _, _ = server.ready
        found = await store.player_named(no_control(request.path_params["name"], "name"))
        if found is None:
            raise ProtocolError("no_player", "no such player")
        return {"achievements": [p.to_json() for p in await achievements_of(store, found.id)]}

    async def cosmetics(_request: Request) -> Any:
        return {"cosmetics": [c.to_json() for c in CATALOGUE]}

    async def wear(request: Request) -> Any:
        store, _, _ = server.ready
        player = await player_of(request)
        body = await body_of(request)
        level = level_of(player.xp).number
        chosen: dict[Kind, str] = {}
        for kind in Kind:
            name = body.get(str(kind))
            if name is None:
                continue
            if not isinstance(name, str):
                raise ProtocolError("bad_request", f"{kind} is the name of a design")
            try:
                chosen[kind] = choose(kind, name, level)
            except LockedError as e:
                raise ProtocolError("locked", str(e)) from None
        await store.wear(player.id, chosen.get(Kind.BACK), chosen.get(Kind.FELT))
        now = await store.player(player.id)
        return {"player": (now or player).to_json()}

    return [
        Route("/api/players/{name}/achievements", endpoint(achievements)),
        Route("/api/cosmetics", endpoint(cosmetics)),
        Route("/api/me/look", endpoint(wear, unsafe=True), methods=["POST"]),
    ]


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument(
        "--database-url",
        help="the server's database: sqlite:///FILE or postgresql://… (default "
        "$BOLOLA_DATABASE_URL, else sqlite:///bolola.db)",
    )
    parser.add_argument(
        "--backfill", action="store_true", help="find the feats of every match not yet read"
    )
    parser.add_argument("--player", help="print this player's achievements as JSON")


def run(args: argparse.Namespace) -> int:
    from bolola.server.room_database import RoomDatabaseError, existing_database

    if not args.backfill and not args.player:
        print("bolola achievements: say --backfill or --player NAME", file=sys.stderr)
        return 2
    try:
        url = existing_database(args.database_url)
    except RoomDatabaseError as e:
        print(f"bolola achievements: {e}", file=sys.stderr)
        return e.status
    return asyncio.run(_run(url, args.backfill, args.player))


async def _run(url: str, fill: bool, name: str | None) -> int:
    store = await Store.open(url)
    try:
        if fill:
            read, failed = await backfill(store)
            print(f"feats found for {read - failed} matches ({failed} did not replay)")
        if name is not None:
            player = await store.player_named(name)
            if player is None:
                print(f"bolola achievements: no player named {name!r}", file=sys.stderr)
                return 1
            found = await achievements_of(store, player.id)
            print(json.dumps([p.to_json() for p in found], indent=1))
        return 0
    finally:
        await store.close()
