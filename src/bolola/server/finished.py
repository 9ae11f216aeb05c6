"""A finished match as its replay, its analysis and a practice table from it see it
(issue 18): its record, who may see it, and its positions.

Who may see a finished match: anyone, if its table was open to anyone; a private table's
(``access: invited``) only its host, its invited and its seated players. The match must
be over: a live table's record would show hands still hidden at the table.

A position (the state after the first ``v`` moves) is rebuilt from the nearest
checkpoint kept when the match was first loaded, every :data:`CHECKPOINT` moves, so a
viewer scrubbing through a match costs a few moves of replay a request, not the match.
Loaded matches are kept in a small LRU: a finished match never changes.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bolola import registry
from bolola.engine import Game, IllegalAction, Record, RecordError, Seat, parse_move
from bolola.fairness import FairDeals, Unrevealed
from bolola.store.models import Invitation, TableRow
from bolola.store.store import PlayerInfo, SeatInfo, Store

AnyGame = Game[Any, Any, Any, Any]
CHECKPOINT = 32
"""Moves between two kept states: at most this many moves replayed for a position."""
REMEMBERED = 16
"""Finished matches kept loaded (their checkpoints: a few dozen states each)."""
MAX_ID = 2**31 - 1


@dataclass(frozen=True, slots=True)
class Dealing:
    """How the table dealt and who could see it, as its row keeps them."""

    seed: int
    seed_top: str | None
    client_seeds: tuple[str, ...] | None
    access: str
    host_id: int | None
    invited: frozenset[int]


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished match. ``record`` deals as the table did, from every seed of its chain
    (the server's alone); ``public`` reveals only the seeds of the deals played, as the
    stored record does: it is what leaves the server, and what an analysis replays."""

    id: int
    game: AnyGame
    record: Record
    public: Record
    seats: tuple[SeatInfo, ...]
    dealing: Dealing
    checkpoints: tuple[Any, ...]  # the states after 0, CHECKPOINT, 2 * CHECKPOINT… moves

    @property
    def versions(self) -> int:
        """The last version: the number of moves."""
        return len(self.record.moves)

    @property
    def seat_count(self) -> int:
        return len(self.seats)

    def seat_of(self, player_id: int) -> Seat | None:
        for s in self.seats:
            if s.kind == "human" and s.player_id == player_id:
                return s.seat
        return None

    def may_see(self, player: PlayerInfo | None) -> bool:
        d = self.dealing
        if d.access == "anyone":
            return True
        return player is not None and (
            player.id == d.host_id or player.id in d.invited or self.seat_of(player.id) is not None
        )

    def state_at(self, version: int) -> Any:
        """The state after the first ``version`` moves (0 <= version <= versions)."""
        if not 0 <= version <= self.versions:
            raise ValueError(f"version {version} out of 0..{self.versions}")
        k = version // CHECKPOINT
        state = self.checkpoints[k]
        for text in self.record.moves[k * CHECKPOINT : version]:
            move = parse_move(self.game, text)
            state, _ = self.game.apply(state, move.seat, move.action)
        return state

    def views_at(self, version: int) -> list[dict[str, Any]]:
        """Every seat's view at ``version``: after the match each seat's cards may be shown."""
        state = self.state_at(version)
        return [self.game.view(state, s).to_json() for s in range(self.seat_count)]


def rebuild(
    table_id: int, record: Record, seats: tuple[SeatInfo, ...], dealing: Dealing
) -> Finished:
    """The match replayed once, its checkpoints kept (CPU work: run off the event loop).
    Raises :class:`RecordError` for a record that does not replay to its end."""
    game = registry.find(record.game)
    try:
        state = game.new(game.parse_options(record.options), record.seed)
        checkpoints = [state]
        for n, text in enumerate(record.moves, 1):
            move = parse_move(game, text)
            state, _ = game.apply(state, move.seat, move.action)
            if n % CHECKPOINT == 0:
                checkpoints.append(state)
    except Unrevealed as e:
        raise RecordError(str(e)) from None
    if game.outcome(state) is None:
        raise RecordError("the record does not reach the end of the match")
    public = record
    if isinstance(record.seed, FairDeals):
        fair = record.seed
        shown = fair.seeds[: game.deals_done(state)]
        public = Record(
            record.game,
            record.options,
            FairDeals.revealed(fair.commitment, fair.client_seeds, shown),
            record.moves,
        )
    return Finished(table_id, game, record, public, seats, dealing, tuple(checkpoints))


async def _dealing(store: Store, table_id: int) -> Dealing | None:
    # Read here rather than through a new Store method: the store is another change's,
    # and this needs no migration, only a look at the table's row and invitations.
    async with AsyncSession(store.engine) as s:
        row = await s.get(TableRow, table_id)
        if row is None:
            return None
        invited = await s.scalars(
            select(Invitation.player_id).where(Invitation.table_id == table_id)
        )
        return Dealing(
            row.seed,
            row.seed_top,
            None if row.client_seeds is None else tuple(json.loads(row.client_seeds)),
            row.access,
            row.host_id,
            frozenset(invited),
        )


class Matches:
    """Finished matches by table id, loaded on first use and kept (LRU)."""

    def __init__(self, store: Store, remembered: int = REMEMBERED) -> None:
        self.store = store
        self.remembered = remembered
        self._known: OrderedDict[int, Finished] = OrderedDict()

    async def get(self, table_id: int) -> Finished | None:
        """The finished match at that table; None for no table, or one not over."""
        found = self._known.get(table_id)
        if found is not None:
            self._known.move_to_end(table_id)
            return found
        if not 0 < table_id <= MAX_ID:
            return None
        setup = await self.store.table_setup(table_id)
        if setup is None or setup.status != "over":
            return None
        record = await self.store.engine_record(table_id)
        dealing = await _dealing(self.store, table_id)
        if record is None or dealing is None:
            return None
        try:
            found = await asyncio.to_thread(rebuild, table_id, record, setup.seats, dealing)
        except (RecordError, IllegalAction):
            return None  # a record that does not replay is no match to show
        self._known[table_id] = found
        while len(self._known) > self.remembered:
            self._known.popitem(last=False)
        return found
