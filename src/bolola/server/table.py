"""One table: a serial task owns its match, seats, clock and listeners.

Everything that changes a table runs inside its task, one command at a time (``call`` and
``post``), so two actions, a join race or a move against the clock are simply ordered.
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
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import orjson

from bolola.bots import Bot, make_bot
from bolola.engine import Game, IllegalAction, Options, RecordError, Seat, Seated
from bolola.progression.levels import level_of
from bolola.progression.rating import BOT_RATINGS, START
from bolola.registry import find
from bolola.server import hints, milestones
from bolola.server.backoff import Backoff
from bolola.server.chat import Chat
from bolola.server.clock import Clock
from bolola.server.fair import Fairness
from bolola.server.frames import catchup, snapshot
from bolola.server.pacer import Pacer
from bolola.server.protocol import ProtocolError, dumps, encoded, error, error_of
from bolola.server.seat import Holder, Listener
from bolola.server.settings import Settings
from bolola.server.update import Update
from bolola.store.store import LoggedAction, PlayerInfo, SeatEnd, SeatInfo, Store, TableInfo
from bolola.store.writer import FencedError

T = TypeVar("T")
log = logging.getLogger("bolola.table")
MAX_ANSWERS = 4096
# How long stopping waits for the command running (an action being committed) to finish.
STOP_SECONDS = 2.0
STOPPING = "the server is stopping; try again in a moment"
MOVED = "this table moved to another server process; rejoining"


class Table:
    def __init__(
        self,
        info: TableInfo,
        players: dict[int, PlayerInfo],
        store: Store,
        settings: Settings,
        on_change: Callable[[Table], None],
        pacer: Pacer | None = None,
    ) -> None:
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
        self.store = store
        self.settings = settings
        self.on_change = on_change
        # Several processes: this owner's fencing token for the log, and what to do when
        # the log refuses it (another process took the table over).
        self.fence: int | None = None
        self.on_lost: Callable[[Table], None] | None = None
        self.holders = [self._holder(s, players, self.game.name) for s in info.seats]
        self.state: Any = None
        self.version = 0
        self.updates: deque[Update] = deque(maxlen=settings.replay_window)
        self.answers: OrderedDict[tuple[int, str], dict[str, Any]] = OrderedDict()
        self._folded: tuple[Listener, str] | None = None  # the actor whose ack rides along
        self.listeners: dict[Listener, Seat | None] = {}
        self.chat_log = Chat(settings)
        self.clock: Clock | None = None
        self.graces: dict[Seat, asyncio.TimerHandle] = {}
        self.bots: dict[str, Bot] = {}
        self.thinking: set[tuple[int, Seat]] = set()
        self.pacer = pacer
        self.backoff = Backoff(settings.retry_first_seconds, settings.retry_max_seconds)
        self.expiry: asyncio.TimerHandle | None = None
        self._retry: asyncio.TimerHandle | None = None
        # A write of the log failed: the database may hold more than this table knows.
        self._unsure = False
        self._stopping = False
        self._stopped: asyncio.Future[None] | None = None
        self._queue: asyncio.Queue[
            tuple[Callable[[], Awaitable[Any]], asyncio.Future[Any]] | None
        ] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._side_tasks: set[asyncio.Task[Any]] = set()
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

    @staticmethod
    def _holder(s: SeatInfo, players: dict[int, PlayerInfo], game: str) -> Holder:
        p = players.get(s.player_id) if s.player_id is not None else None
        if s.kind == "bot":
            rating = BOT_RATINGS.get(s.level or "", START)
            return Holder("bot", s.level, name=f"bot-{s.level}-{s.seat}", rating=rating)
        return Holder(
            "human",
            None,
            s.player_id,
            None if p is None else p.name,
            START if p is None else p.rating_in(game).rating,
            None if p is None else level_of(p.xp).number,
        )

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

    # -- the serial task ----------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")
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

    async def stop(self) -> None:
        """No more moves, timers or retries; the command running (an action being
        committed) may finish, briefly; the commands still queued are refused."""
        if self._stopped is None:
            self._stopping = True  # at once: nothing new starts from here on
            self._stopped = asyncio.ensure_future(self._wind_down())
        await asyncio.shield(self._stopped)

    async def _wind_down(self) -> None:
        self._cancel_clock()
        for handle in [*self.graces.values(), self._retry, self.expiry]:
            if handle is not None:
                handle.cancel()
        for task in self._side_tasks:
            task.cancel()
        if self._task is not None:
            self._queue.put_nowait(None)  # the task ends when it comes to this
            try:
                await asyncio.wait_for(asyncio.shield(self._task), STOP_SECONDS)
            except TimeoutError:
                self._task.cancel()
        await asyncio.gather(
            *[t for t in [self._task, *self._side_tasks] if t is not None],
            return_exceptions=True,
        )
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if item is not None and not item[1].done():
                item[1].set_exception(ProtocolError("server_error", STOPPING))

    async def call(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Run ``fn`` in the table's task, after every command queued before it."""
        if self._stopping:
            raise ProtocolError("server_error", STOPPING)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, future))
        return await future

    def post(self, fn: Callable[[], Awaitable[Any]]) -> None:
        """Queue ``fn`` without waiting (timers, bots, closed connections)."""
        if self._stopping:
            return
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        future.add_done_callback(_log_failure)
        self._queue.put_nowait((fn, future))

    async def _run(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            fn, future = item
            try:
                if self._cold is not None:
                    await self.warm()
                result = await fn()
            except asyncio.CancelledError:
                if not future.done():
                    future.set_exception(ProtocolError("server_error", STOPPING))
                raise
            except Exception as e:  # a command's failure is its caller's, not the table's
                if not future.done():
                    future.set_exception(e)
            else:
                if not future.done():
                    future.set_result(result)

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._side_tasks.add(task)
        task.add_done_callback(self._side_tasks.discard)
        task.add_done_callback(_log_failure)

    # -- seats (run inside the task) ----------------------------------------------------

    def seat_of(self, player_id: int) -> Seat | None:
        for seat, h in enumerate(self.holders):
            if h.kind == "human" and h.player_id == player_id:
                return seat
        return None

    async def take_seat(self, player: PlayerInfo, seat: Seat | None) -> Seat:
        """Seat ``player`` (PL-2): their own seat again, the one asked for, or the first free."""
        mine = self.seat_of(player.id)
        if mine is not None:
            return mine
        if self.status == "expired":
            raise ProtocolError("no_table", "nobody joined this table in time; it was closed")
        if self.status != "open":
            raise ProtocolError("table_full", "the match has started; every seat is taken")
        if self.access == "invited" and player.id != self.host_id and player.id not in self.invited:
            raise ProtocolError("not_invited")
        if seat is not None:
            if not 0 <= seat < len(self.holders):
                raise ProtocolError("bad_request", f"seat must be 0..{len(self.holders) - 1}")
            if not self.holders[seat].is_free:
                raise ProtocolError("seat_taken", f"seat {seat} is taken")
        else:
            free = [s for s, h in enumerate(self.holders) if h.is_free]
            if not free:
                raise ProtocolError("table_full", f"all {len(self.holders)} seats are taken")
            seat = free[0]
        h = self.holders[seat]
        await self.store.set_seat(self.id, SeatInfo(seat, "human", None, player.id))
        h.player_id, h.name = player.id, player.name
        h.rating = player.rating_in(self.game.name).rating
        h.xp_level = level_of(player.xp).number
        self._presence()
        self._arm_expiry()
        await self.begin_if_full()
        self.on_change(self)
        return seat

    async def leave(self, player: PlayerInfo, conn: Listener | None = None) -> None:
        """Before play the seat is freed; during play the player keeps it and a bot plays
        for them until they come back (PL-5). During play only ``conn`` stops listening
        (given: the socket that left): another tab of the player goes on, showing the
        seat away, with its "I'm back"."""
        seat = self.seat_of(player.id)
        if seat is None:
            if conn is not None and self.listeners.get(conn, 0) is None:
                del self.listeners[conn]  # a spectator stops watching
                return
            raise ProtocolError("not_seated")
        h = self.holders[seat]
        for other, _s in list(self.listeners.items()):
            if other.player.id == player.id and (
                conn is None or other is conn or self.status != "playing"
            ):
                del self.listeners[other]
        h.online = sum(1 for s in self.listeners.values() if s == seat)
        if self.status == "open":
            await self.store.set_seat(self.id, SeatInfo(seat, "human", None, None))
            h.player_id, h.name = None, None
            self._arm_expiry()
        elif self.status == "playing":
            h.away = True
            self._after_change()
        self._presence()
        self.on_change(self)

    async def invite(self, host: PlayerInfo, guest: PlayerInfo) -> None:
        if host.id != self.host_id and self.seat_of(host.id) is None:
            raise ProtocolError("not_seated", "only the host or a seated player may invite")
        if guest.id not in self.invited:
            await self.store.invite(self.id, guest.id)
            self.invited.add(guest.id)
            self.on_change(self)  # listed to the guest now (and on every process)

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

    def may_watch(self, player: PlayerInfo) -> bool:
        """Anyone may watch a table open to anyone; a private one, its host, the invited
        and its seated players (the lobby lists it to the same players)."""
        return (
            self.access == "anyone"
            or player.id == self.host_id
            or player.id in self.invited
            or self.seat_of(player.id) is not None
        )

    async def back(self, conn: Listener) -> None:
        """A seated player says they are here again: the bot stops playing for them."""
        seat = self.seat_of(conn.player.id)
        if seat is None:
            raise ProtocolError("not_seated")
        if self.holders[seat].away:
            self.holders[seat].away = False
            self._after_change()  # the seat's clock armed again, before everyone hears
            self._presence()

    async def detach(self, conn: Listener) -> None:
        if conn not in self.listeners:
            return
        seat = self.listeners.pop(conn)
        if seat is None:
            return
        h = self.holders[seat]
        h.online = max(0, h.online - 1)
        if h.online == 0 and self.status == "playing":
            self._start_grace(seat)
        self._presence()

    def _start_grace(self, seat: Seat) -> None:
        old = self.graces.pop(seat, None)
        if old is not None:
            old.cancel()
        if self._stopping:  # a timer would keep the stopped table alive for nothing
            return
        loop = asyncio.get_running_loop()
        self.graces[seat] = loop.call_later(
            self.settings.grace_seconds, self.post, lambda: self._grace_over(seat)
        )

    async def _grace_over(self, seat: Seat) -> None:
        self.graces.pop(seat, None)
        h = self.holders[seat]
        if h.online == 0 and not h.away and self.status == "playing":
            h.away = True
            self._after_change()
            self._presence()

    def _presence(self) -> None:
        # With the move clock as it runs now: a seat back, or played by a bot, changes it
        # without an update.
        self._broadcast_same(
            {
                "type": "seats",
                "table": self.id,
                "version": self.version,
                "seats": self.seats_json(),
                "clock": self.clock_json(),
            }
        )

    def clock_json(self) -> dict[str, Any] | None:
        """The move clock as it runs now (None: no person's clock runs)."""
        return None if self.clock is None else self.clock.to_json()

    def seats_json(self) -> list[dict[str, Any]]:
        return [h.to_json(s) for s, h in enumerate(self.holders)]

    def _broadcast_same(self, message: dict[str, Any]) -> None:
        if self.listeners:
            frame = dumps(message)
            for conn in self.listeners:
                conn.send(frame)

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
        if self._is_stale(seat, version):
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

    def _is_stale(self, seat: Seat, version: int) -> bool:
        """Made on an older version: stale unless every action since was another seat's
        while this seat was also to move (a phase where seats act at once)."""
        if version == self.version:
            return False
        if version > self.version:
            return True
        missed = [u for u in self.updates if u.version > version]
        if len(missed) != self.version - version:
            return True
        return any(u.seat == seat or seat not in u.to_move_before for u in missed)

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
        over = self.game.outcome(self.state) is not None
        if not over:
            self._arm_clock()
        self._broadcast_update(update)
        if self.fair.news(self.game, self.state):  # a deal is over: its seed is revealed
            fairness = self.fair.frame(self.game, self.options, self.state)
            self._broadcast_same({"type": "fairness", "table": self.id, "fairness": fairness})
        if over:
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
        self._broadcast_same(
            {
                "type": "over",
                "table": self.id,
                "version": self.version,
                "scores": list(outcome.scores),
                "ranks": list(outcome.ranks),
                "record": f"/api/tables/{self.id}/record",
                "progress": {
                    str(p.seat): {
                        "name": names[p.seat],
                        **p.to_json(),
                        "achievements": list(unlocked.get(p.player_id, ())),
                    }
                    for p in progress
                },
            }
        )
        for handle in self.graces.values():
            handle.cancel()
        self.graces.clear()
        self.on_change(self)

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

    def _arm_expiry(self, delay: float | None = None) -> None:
        """An open table leaves the room once nobody has taken or freed a seat at it for
        ``open_table_seconds``."""
        if self.expiry is not None:
            self.expiry.cancel()
            self.expiry = None
        wait = self.settings.open_table_seconds if delay is None else delay
        if self.status == "open" and wait > 0 and not self._stopping:
            self.expiry = asyncio.get_running_loop().call_later(wait, self.post, self._expire)

    async def _expire(self) -> None:
        self.expiry = None
        if self.status != "open":
            return
        try:
            still_open = await self.store.expire_table(self.id)
        except Exception as e:
            log.warning("expiring the table failed: %s", e, extra={"table": self.id})
            self._arm_expiry(self.backoff.next())
            return
        if not still_open:
            return
        self.status = "expired"
        log.info("open table expired", extra={"table": self.id})
        self._broadcast_same(
            error(
                "table_expired",
                "nobody joined this table in time; it was closed",
                table=self.id,
            )
        )
        self.listeners.clear()
        self.on_change(self)

    # -- clock and bots -------------------------------------------------------------------

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

    @property
    def unattended(self) -> bool:
        """No seated person is connected: an all-bot table, or one its players left."""
        return not any(h.kind == "human" and h.online > 0 for h in self.holders)

    def _play_bots(self) -> None:
        if self.status != "playing" or self._stopping:
            return
        for seat in self.game.to_move(self.state):
            if self.holders[seat].by_bot and (self.version, seat) not in self.thinking:
                self.thinking.add((self.version, seat))
                self._spawn(self._think(self.version, seat))

    def _bot(self, seat: Seat) -> Bot:
        h = self.holders[seat]
        level = h.level if h.kind == "bot" and h.level else self.settings.stand_in_level
        bot = self.bots.get(level)
        if bot is None:
            bot = self.bots[level] = make_bot(self.game.name, level)
        return bot

    async def _think(self, version: int, seat: Seat) -> None:
        try:
            if self.holders[seat].kind == "human" and self.settings.stand_in_seconds > 0:
                # A stand-in plays at a person's pace: "I'm back" stays worth pressing.
                await asyncio.sleep(self.settings.stand_in_seconds)
            if self.pacer is not None and self.unattended:
                async with self.pacer.turn():
                    await self._bot_turn(version, seat)
            else:
                await self._bot_turn(version, seat)
        finally:
            self.thinking.discard((version, seat))

    async def _bot_turn(self, version: int, seat: Seat) -> None:
        if version != self.version or self.status != "playing":
            return  # the table moved on while this waited its turn
        # A bot gets the seat's view and legal actions only, and thinks off the event loop.
        view = self.game.view(self.state, seat)
        legal = self.game.legal_actions(self.state, seat)
        bot = self._bot(seat)
        seed = hash((self.seed, version, seat)) & 0x7FFFFFFF
        action = await asyncio.to_thread(bot.choose, view, legal, seed)
        self.thinking.discard((version, seat))
        await self.call(lambda: self._bot_move(version, seat, action))

    async def _bot_move(self, version: int, seat: Seat, action: Any) -> None:
        if self._stopping:  # queued before the stop, its thinker cancelled since
            return
        try:
            await self._settle_log()
        except ProtocolError:
            self._retry_later()
            return
        if (
            version != self.version
            or self.status != "playing"
            or not self.holders[seat].by_bot
            or seat not in self.game.to_move(self.state)
        ):
            return
        try:
            await self._accept(seat, action, None, None)
        except ProtocolError as e:
            if e.code == "server_error":  # the database: the same move again, later
                self._retry_later()
            else:
                log.error("bot move refused: %s", e.message, extra={"table": self.id, "seat": seat})

    # -- chat -----------------------------------------------------------------------------

    async def chat(self, conn: Listener, text: str) -> None:
        """PL-6: a line to everyone at the table, stored; length and rate are limited."""
        if conn not in self.listeners:
            raise ProtocolError("not_joined")
        text = self.chat_log.check(conn.player.id, text)
        at = await self.store.add_chat(self.id, conn.player.id, text)
        line = self.chat_log.add(conn.player.name, self.seat_of(conn.player.id), text, at)
        self._broadcast_same({"type": "chat", "table": self.id, **line})


def _log_failure(future: asyncio.Future[Any]) -> None:
    if future.cancelled():
        return
    e = future.exception()
    if e is not None and not isinstance(e, ProtocolError):
        log.error("table command failed", exc_info=e)


__all__ = ["Holder", "Listener", "Table"]
