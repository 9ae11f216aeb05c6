"""One table: a serial task owns its match, seats, clock and listeners.

Everything that changes a table runs inside its task, one command at a time (``call`` and
``post``, :mod:`~bolola.server.serial`), so two actions, a join race or a move against the
clock are simply ordered; its bots move through the same task (:mod:`~bolola.server.bot_seats`).
An accepted action is committed to the table's event log *before* anyone hears of it,
and each listener gets only its own seat's ``view`` (spectators ``view(state, None)``).

What the database refuses is not lost: a bot's move (a timed-out seat's included), the
start or the end of a match is tried again with capped exponential back-off (``retry``);
a failed write leaves the table as it was (not accepted, not sent, the version unchanged),
and before the next move the table reads its log again, in case the write was committed
after all. Tables nobody plays at share the server's :class:`~bolola.server.pacer.Pacer`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from datetime import datetime
from typing import Any

import orjson

from bolola.engine import Game, IllegalAction, Options, RecordError, Seat, Seated
from bolola.registry import find
from bolola.server import hints, milestones
from bolola.server.backoff import Backoff
from bolola.server.chat import Chat
from bolola.server.clock import Clock
from bolola.server.fair import Fairness
from bolola.server.frames import catchup, over, snapshot
from bolola.server.listing import Audience
from bolola.server.pacer import Pacer
from bolola.server.protocol import ProtocolError, dumps, encoded, error_of
from bolola.server.seat import Awaited, Holder, Listener
from bolola.server.seating import Seating
from bolola.server.settings import Settings
from bolola.server.update import Update, stale
from bolola.store.store import LoggedAction, PlayerInfo, SeatEnd, Store, TableInfo
from bolola.store.writer import FencedError

log = logging.getLogger("bolola.table")
MAX_ANSWERS = 4096
MOVED = "this table moved to another server process; rejoining"


class Table(Seating):
    def __init__(
        self,
        info: TableInfo,
        players: dict[int, PlayerInfo],
        store: Store,
        settings: Settings,
        on_change: Callable[[Table], None],
        pacer: Pacer | None = None,
    ) -> None:
        super().__init__(f"table-{info.id}")
        self.id = info.id
        self.game: Game[Any, Any, Any, Any] = find(info.game)
        # Typed from here on: the store keeps the JSON form, checked when the table was made.
        self.options: Options = self.game.parse_options(info.options)
        self.seed = info.seed
        self.fair = Fairness(info.seed_top, info.client_seeds)
        self.access = info.access
        self.move_seconds = info.move_seconds
        self.rated = info.rated
        self.host_id = info.host_id
        self.status = info.status
        self.invited = set(info.invited)
        # A challenge's friends and its lapse (the challenges' to set: Challenges).
        self.awaiting: tuple[Awaited, ...] = ()
        self.awaiting_until: datetime | None = None
        self.store = store
        self.settings = settings
        self.on_change = on_change
        # Several processes: this owner's fencing token for the log, and what to do when
        # the log refuses it (another process took the table over).
        self.fence: int | None = None
        self.on_lost: Callable[[Table], None] | None = None
        # Whom the lobby listed the table to when last told (the room's: Room._changed),
        # so that those an invitation's end leaves out hear it is unlisted.
        self.listed = Audience(info.access, info.host_id, frozenset(info.invited))
        self.holders = [Holder.of(s, players, self.game.name) for s in info.seats]
        self.state: Any = None
        self.version = 0
        self.updates: deque[Update] = deque(maxlen=settings.replay_window)
        self.answers: OrderedDict[tuple[int, str], dict[str, Any]] = OrderedDict()
        self._folded: tuple[Listener, str] | None = None  # the actor whose ack rides along
        self.listeners: dict[Listener, Seat | None] = {}
        self.chat_log = Chat(settings)
        self.clock: Clock | None = None
        self.graces: dict[Seat, asyncio.TimerHandle] = {}
        self.pacer = pacer
        self.backoff = Backoff(settings.retry_first_seconds, settings.retry_max_seconds)
        self.expiry: asyncio.TimerHandle | None = None
        self._retry: asyncio.TimerHandle | None = None
        # A write of the log failed: the database may hold more than this table knows.
        self._unsure = False
        # view_json's cache: the views of one state (``_views_of``) by seat, encoded.
        self._views_of: Any = None
        self._views: dict[Seat | None, orjson.Fragment] = {}
        # The log not replayed yet (a restart): the state is rebuilt on the table's first
        # command, listener or timer, or by the room's warm-up (``Room.restore``), which
        # ever comes first. The version is known at once (the lobby lists it).
        self._cold: tuple[LoggedAction, ...] | None = None
        if info.status != "open":
            self._cold = info.log
            self.version = info.log[-1].version if info.log else 0

    @property
    def cold(self) -> bool:
        """Restored, its log not replayed yet."""
        return self._cold is not None

    def _replay(self, log: tuple[LoggedAction, ...]) -> None:
        """Rebuild the match from its log: the log is the truth, the state a cache."""
        self.updates.clear()
        self.answers.clear()
        self.state = self.game.new(self.options, self.fair.deals(self.seed))
        for entry in log:
            self._replay_one(entry)

    async def warm(self) -> None:
        """Run in the task before any command of a restored table: its log replayed, then
        what a restart owes it: the result of a match its last action ended stored, or
        its clock armed with fresh time and its bots (stand-ins included) moving."""
        if self._cold is None:
            return
        self._replay(self._cold)
        self._cold = None
        if self.status != "playing":
            return
        if self.game.outcome(self.state) is not None:
            await self._end()  # the last action was logged, the record was not
        else:
            self._after_change()

    def _replay_one(self, entry: LoggedAction) -> Update:
        before = self.game.to_move(self.state)
        action = self.game.parse_action(entry.action)
        self.state, events = self.game.apply(self.state, entry.seat, action)
        self.version = entry.version
        update = Update(entry.version, entry.seat, before, tuple(events))
        self.updates.append(update)
        if entry.player_id is not None and entry.client_id is not None:
            self._remember(
                (entry.player_id, entry.client_id), self._ack(entry.client_id, entry.version)
            )
        return update

    # -- start ---------------------------------------------------------------------------

    def start(self) -> None:
        self._start_task()
        if self.status == "open":
            self._arm_expiry()
            if all(not h.is_free for h in self.holders):  # full, but the start was not stored
                self.post(self.begin_if_full)
        elif self.status == "playing":
            # After a restart absent players get their grace at once; the rest (the end of
            # a match its last action ended, clocks, bots) waits for ``warm``.
            for seat, h in enumerate(self.holders):
                if h.kind == "human" and h.online == 0:
                    self._start_grace(seat)

    def _changed(self) -> None:
        """What the lobby lists of the table changed (seats, status, invitations)."""
        self.on_change(self)

    def _halt(self) -> None:
        self._cancel_clock()
        for handle in [*self.graces.values(), self._retry, self.expiry]:
            if handle is not None:
                handle.cancel()

    async def begin_if_full(self) -> None:
        """Every seat is taken: the match starts (or, if the database refuses, will)."""
        if self._stopping or self.status != "open" or any(h.is_free for h in self.holders):
            return
        try:
            await self._begin()
        except Exception:
            log.warning("the match could not start", exc_info=True, extra={"table": self.id})
            self._retry_later()

    async def _begin(self) -> None:
        # PL-16: what depends on who sits where (King Bolola's first declarer) is settled
        # now, from the holders' ratings in this table's game; bots at their level's.
        seated = [Seated(h.name or "", h.rating) for h in self.holders]
        options = self.game.seat_options(self.options, seated)
        client_seeds = self.fair.start([(h.player_id, h.kind == "bot") for h in self.holders])
        state = self.game.new(options, self.fair.deals(self.seed))
        await self.store.start_table(self.id, options.to_json(), client_seeds)
        self.options, self.state, self.status = options, state, "playing"
        self.backoff.reset()
        if self.expiry is not None:
            self.expiry.cancel()
            self.expiry = None
        log.info("table started", extra={"table": self.id})
        self._after_change()
        for conn, seat in self.listeners.items():
            conn.send(snapshot(self, seat))

    # -- listeners ------------------------------------------------------------------------

    async def attach(self, conn: Listener, *, watch: bool, since: int | None) -> Seat | None:
        """Start sending this table to ``conn``; a seated player is back (PL-5)."""
        if watch and not self.may_watch(conn.player):
            raise ProtocolError("not_invited", "this table is private: only its invited may watch")
        if conn in self.listeners:  # joined again on the same connection
            await self.detach(conn)
        seat = None if watch else self.seat_of(conn.player.id)
        self.listeners[conn] = seat
        if seat is not None:
            h = self.holders[seat]
            h.online += 1
            grace = self.graces.pop(seat, None)
            if grace is not None:
                grace.cancel()
            if h.away:
                h.away = False
                self._after_change()
            self._presence()
        conn.send({"type": "joined", "table": self.id, "seat": seat})
        conn.send(catchup(self, seat, since) if since is not None else snapshot(self, seat))
        return seat

    def view_json(self, seat: Seat | None) -> orjson.Fragment | None:
        """The seat's view of the current state as JSON, encoded once per state and seat
        (updates, snapshots and catchups of one version share it). Kept encoded: a view's
        dozens of dicts and lists, alive until the table's next action, were most of what
        the cyclic collector's young collections walked at a human pace."""
        if self.state is None:
            return None
        if self._views_of is not self.state:
            self._views_of, self._views = self.state, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = encoded(self.game.view(self.state, seat).to_json())
        return view

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it (PL-2): no cards."""
        return {
            "id": self.id,
            "game": self.game.name,
            "access": self.access,
            "move_seconds": self.move_seconds,
            "rated": self.rated,
            # The table's options, so a player sees what they would join (PL-2).
            "options": self.options.to_json(),
            "hints": hints.offered(self),  # practice against bots: the hint button
            "status": self.status,
            "version": self.version,
            "free": sum(1 for h in self.holders if h.is_free),
            "seats": self.seats_json(),
        }

    # -- actions --------------------------------------------------------------------------

    @staticmethod
    def _ack(client_id: str, version: int) -> dict[str, Any]:
        return {"type": "ack", "id": client_id, "version": version}

    def _remember(self, key: tuple[int, str], answer: dict[str, Any]) -> None:
        self.answers[key] = answer
        while len(self.answers) > MAX_ANSWERS:
            self.answers.popitem(last=False)

    async def act(self, conn: Listener, client_id: str, version: int, text: str) -> None:
        """A player's action; the answer (ack or error) goes to ``conn`` (an ack before the
        update it caused), and the same client id always gets the same answer."""
        key = (conn.player.id, client_id)

        def answer(message: dict[str, Any], send: bool = True) -> None:
            self._remember(key, message)
            if send:
                conn.send({**message, "table": self.id})

        try:
            await self._settle_log()  # a repeat of an action whose ack was lost is known now
            known = self.answers.get(key)
            if known is not None:
                conn.send({**known, "table": self.id, "repeat": True})
                return
            await self._act(conn, client_id, version, text, answer)
        except ProtocolError as e:
            refused = error_of(e, id=client_id)
            if e.code in ("stale", "server_error"):
                # Not remembered: once resynced (or the database is back) a retry may succeed.
                conn.send({**refused, "table": self.id})
                if e.code == "stale":
                    conn.send(
                        snapshot(self, self.listeners.get(conn, self.seat_of(conn.player.id)))
                    )
                return
            answer(refused)

    async def _act(
        self,
        conn: Listener,
        client_id: str,
        version: int,
        text: str,
        answer: Callable[..., None],
    ) -> None:
        seat = self.seat_of(conn.player.id)
        if seat is None:
            raise ProtocolError("not_seated")
        if self.status == "open":
            raise ProtocolError("not_started")
        if self.status != "playing":
            raise ProtocolError("game_over")
        if stale(self.updates, self.version, seat, version):
            raise ProtocolError(
                "stale", f"the action was made on version {version}; the table is at {self.version}"
            )
        try:
            action = self.game.parse_action(text)
        except RecordError as e:
            raise ProtocolError("bad_action", str(e)) from None
        if seat not in self.game.to_move(self.state):
            raise ProtocolError("not_your_turn", f"seat {seat} is not to move", rule="PL-4")
        if self.holders[seat].away:  # acting is coming back
            self.holders[seat].away = False
            self._presence()
        # A client that folds acks hears this one in its update (a repeat still gets an
        # ack of its own: the update is gone by then).
        fold = conn.fold_acks and conn in self.listeners
        acked: list[int] = []

        def accepted(version: int) -> None:
            acked.append(version)
            answer(self._ack(client_id, version), send=not fold)

        self._folded = (conn, client_id) if fold else None
        try:
            await self._accept(seat, action, conn.player.id, client_id, accepted)
        finally:
            if self._folded is not None and acked:  # accepted, but no update went out
                conn.send({**self._ack(client_id, acked[0]), "table": self.id})
            self._folded = None

    async def _accept(
        self,
        seat: Seat,
        action: Any,
        player_id: int | None,
        client_id: str | None,
        accepted: Callable[[int], None] | None = None,
    ) -> int:
        """Apply, log (committed), then tell the actor (``accepted``) and everyone; returns
        the new version. When the log cannot be written nothing changes (server_error)."""
        before = self.game.to_move(self.state)
        try:
            state, events = self.game.apply(self.state, seat, action)
        except IllegalAction as e:
            raise ProtocolError("illegal", e.message, rule=e.rule) from None
        version = self.version + 1
        try:
            await self.store.append_action(
                self.id,
                LoggedAction(version, seat, str(action), player_id, client_id),
                fence=self.fence,
            )
        except FencedError:
            # Another process owns the table: nothing was written, and this copy is done.
            if self.on_lost is not None:
                self.on_lost(self)
            raise ProtocolError("table_moved", MOVED) from None
        except Exception as e:
            self._unsure = True
            log.warning(
                "logging an action failed: %s",
                " ".join(str(e).split())[:300],
                extra={"table": self.id, "version": version},
            )
            raise ProtocolError("server_error") from None
        self.state, self.version = state, version
        self.backoff.reset()
        update = Update(version, seat, before, tuple(events))
        self.updates.append(update)
        if accepted is not None:
            accepted(version)
        await self._after_accept(update)
        return version

    async def _after_accept(self, update: Update) -> None:
        """An action is in the log and in the state: clocks, everyone told, what next."""
        self._cancel_clock()
        ended = self.game.outcome(self.state) is not None
        if not ended:
            self._arm_clock()
        self._broadcast_update(update)
        if self.fair.news(self.game, self.state):  # a deal is over: its seed is revealed
            fairness = self.fair.frame(self.game, self.options, self.state)
            self._broadcast_same({"type": "fairness", "table": self.id, "fairness": fairness})
        if ended:
            await self._end()
        else:
            self._play_bots()

    async def _settle_log(self) -> None:
        """After a failed write: the entries the log holds beyond this table's version
        (committed though the database's answer was lost) are taken as accepted. Raises
        server_error while the log cannot be read."""
        if not self._unsure or self.state is None:
            return
        try:
            entries = await self.store.actions_after(self.id, self.version)
        except Exception as e:
            log.warning("reading the log failed: %s", e, extra={"table": self.id})
            raise ProtocolError("server_error") from None
        self._unsure = False
        for entry in entries:
            log.info("an action stored despite an error", extra={"table": self.id})
            update = self._replay_one(entry)
            await self._after_accept(update)

    def _broadcast_update(self, update: Update) -> None:
        """Each seat's update encoded once, whoever listens to it (several connections of
        a player, every spectator)."""
        frames: dict[Seat | None, str] = {}
        clock = self.clock_json()
        folded, self._folded = self._folded, None
        for conn, seat in self.listeners.items():
            frame = frames.get(seat)
            if frame is None:
                frame = frames[seat] = dumps(
                    {
                        "type": "update",
                        "table": self.id,
                        "version": update.version,
                        "events": update.events_for(seat),
                        "view": self.view_json(seat),
                        "clock": clock,
                    }
                )
            if folded is not None and folded[0] is conn:
                # The actor's ack, in its update: the encoded frame with one more field.
                conn.send(f'{frame[:-1]},"ack":{dumps(folded[1])}}}')
                continue
            conn.send(frame)

    async def _end(self) -> None:
        """The match is over: its record and results stored, or tried again later."""
        if self.status != "playing":
            return
        try:
            await self._finish()
        except Exception:
            log.warning("storing the result failed", exc_info=True, extra={"table": self.id})
            self._retry_later()

    async def _finish(self) -> None:
        outcome = self.game.outcome(self.state)
        assert outcome is not None
        names = [h.name or f"seat{s}" for s, h in enumerate(self.holders)]
        record = self.fair.record(self.game, self.state, self.game.match_record(self.state, names))
        ends = [
            SeatEnd(
                h.player_id if h.kind == "human" else None,
                h.rating,
                outcome.results[s],
                outcome.ranks[s],
                h.away,  # PL-11: a player whose seat a bot plays at the end left the game
            )
            for s, h in enumerate(self.holders)
        ]
        progress = await self.store.finish_table(
            self.id,
            game=self.game.name,
            record=record,
            scores=tuple(outcome.scores),
            ends=ends,
            rated=self.rated,
            # A team game names its teams (Baloot: ((0, 2), (1, 3))); others rate every seat.
            teams=self.game.teams,
        )
        self.status = "over"
        self.backoff.reset()
        log.info("table over", extra={"table": self.id, "version": self.version})
        unlocked = await self._unlocked([p.player_id for p in progress])
        self._broadcast_same(over(self, outcome, names, progress, unlocked))
        for handle in self.graces.values():
            handle.cancel()
        self.graces.clear()
        self._changed()

    async def _unlocked(self, player_ids: list[int]) -> dict[int, tuple[str, ...]]:
        """What the match unlocked for each player (issue 17); a failure here costs the
        dialog, never the result, which is stored already (feats are found again by
        ``bolola achievements --backfill``)."""
        try:
            return await milestones.after_match(self.store, self.id, player_ids)
        except Exception:
            log.warning("finding the match's feats failed", exc_info=True, extra={"table": self.id})
            return {}

    # -- retries and expiry ---------------------------------------------------------------

    def _retry_later(self) -> None:
        """Try what the database refused again (``_resume``), after the back-off's wait."""
        if self._retry is not None or self._stopping:
            return
        delay = self.backoff.next()
        log.warning("retrying in %.2f s", delay, extra={"table": self.id})
        self._retry = asyncio.get_running_loop().call_later(delay, self.post, self._resume)

    async def _resume(self) -> None:
        """Whatever waits on the database: a start, a bot's move, the end of the match."""
        self._retry = None
        try:
            await self._settle_log()
        except ProtocolError:
            self._retry_later()
            return
        if self.status == "open":
            await self.begin_if_full()
        elif self.status == "playing" and self.game.outcome(self.state) is not None:
            await self._end()
        else:
            self._play_bots()

    # -- the move clock ------------------------------------------------------------------

    def _after_change(self) -> None:
        """Seats changed hands (away, back, start): re-arm the clock, let bots move."""
        if self.status != "playing":
            return
        self._cancel_clock()
        self._arm_clock()
        self._play_bots()

    def _cancel_clock(self) -> None:
        if self.clock is not None and self.clock.handle is not None:
            self.clock.handle.cancel()
        self.clock = None

    def _arm_clock(self) -> None:
        if self.move_seconds is None or self._stopping:
            return
        seats = tuple(s for s in self.game.to_move(self.state) if not self.holders[s].by_bot)
        if not seats:
            return
        version = self.version
        limit = self.move_seconds
        self.clock = Clock(version, seats, time.time() + limit, limit)
        self.clock.handle = asyncio.get_running_loop().call_later(
            limit, self.post, lambda: self._time_up(version)
        )

    async def _time_up(self, version: int) -> None:
        # A timer belongs to the version it was armed for: a move that came first wins.
        if version != self.version or self.status != "playing":
            return
        self.clock = None
        for seat in self.game.to_move(self.state):
            h = self.holders[seat]
            if h.kind == "human" and not h.away:
                h.away = True
                log.info("move timed out", extra={"table": self.id, "seat": seat})
        self._presence()
        self._play_bots()  # the stand-in's move, retried like any bot's if it is refused


__all__ = ["Holder", "Listener", "Table"]
