"""Issue 16 item 2: what the database refuses is tried again, and the table stays whole.

In process, on SQLite: a room over a store whose writes fail while an ``Outage`` lasts
(the same failure a stopped PostgreSQL or a locked file gives the writer), with listeners
that keep every frame. A bot's move, a timed-out seat's stand-in, a match's start and end
are refused, tried again with back-off, and accepted once the database is back; nothing
refused is sent or counted, and the log and the frames agree version by version. Then the
same against a real PostgreSQL stopped and started under a running ``bolola serve``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import shutil
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from postgres import PostgresCluster, pg_bin
from roomclient import FAST, WAIT, Player, ServerProcess, run
from sqlalchemy import select

from bolola.server.accounts import Keys
from bolola.server.backoff import Backoff
from bolola.server.connection import Admission, serve_socket
from bolola.server.limits import Buckets
from bolola.server.pacer import Pacer
from bolola.server.protocol import PROTOCOL, ProtocolError
from bolola.server.rehearsal import StandInSocket
from bolola.server.room import Room
from bolola.server.settings import Settings
from bolola.server.spec import TableSpec
from bolola.server.table import Table
from bolola.store.database import open_engine
from bolola.store.models import ActionRow
from bolola.store.store import PlayerInfo, Store
from bolola.store.writer import WriteFailedError

T = TypeVar("T")
QUICK_RETRY = {"retry_first_seconds": 0.01, "retry_max_seconds": 0.05}


class Outage:
    """While on, every write of the store and every read of its log fails, as when the
    database is down; counts the failures and wakes whoever waits for one."""

    def __init__(self, store: Store) -> None:
        self.on = False
        self.failures = 0
        self.only: set[str] | None = None  # fail just these writes (by store method)
        self._failed = asyncio.Event()
        write, actions_after = store.writer.write, store.actions_after
        self.store = store

        async def failing_write(fn: Callable[[Any], Awaitable[T]]) -> T:
            # A write is a function of a store method, or the log's row (its ``what``).
            self._check(getattr(fn, "__qualname__", None) or getattr(fn, "what", ""))
            return await write(fn)

        async def failing_read(table_id: int, version: int) -> Any:
            self._check("Store.actions_after")
            return await actions_after(table_id, version)

        store.writer.write = failing_write  # type: ignore[method-assign]
        store.actions_after = failing_read  # type: ignore[method-assign]

    def _check(self, what: str) -> None:
        if self.on and (self.only is None or any(w in what for w in self.only)):
            self.failures += 1
            self._failed.set()
            raise WriteFailedError("the database is down (a test's outage)")

    async def failed(self, times: int) -> None:
        """Until ``times`` failures in all."""
        async with asyncio.timeout(WAIT):
            while self.failures < times:
                self._failed.clear()
                await self._failed.wait()


class Watcher:
    """A table's listener that keeps what it is sent."""

    def __init__(self, player: PlayerInfo) -> None:
        self.player = player
        self.fold_acks = False
        self.frames: list[dict[str, Any]] = []
        self._new = asyncio.Event()

    def send(self, message: dict[str, Any] | str) -> None:
        self.frames.append(json.loads(message) if isinstance(message, str) else message)
        self._new.set()

    def versions(self) -> list[int]:
        return [f["version"] for f in self.frames if f["type"] == "update"]

    async def until(self, seen: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first frame (kept or to come) that ``seen`` accepts."""
        async with asyncio.timeout(WAIT):
            checked = 0
            while True:
                for frame in self.frames[checked:]:
                    if seen(frame):
                        return frame
                checked = len(self.frames)
                self._new.clear()
                await self._new.wait()


def update_at(version: int) -> Callable[[dict[str, Any]], bool]:
    return lambda f: f["type"] == "update" and f["version"] >= version


async def logged(store: Store, table: int) -> list[int]:
    async with store._sessions() as s:
        rows = await s.scalars(
            select(ActionRow.version).where(ActionRow.table_id == table).order_by(ActionRow.version)
        )
        return list(rows)


async def open_room(tmp_path: Path, **settings: Any) -> tuple[Room, Store, Outage]:
    store = await Store.open(f"sqlite:///{tmp_path / 'bolola.db'}")
    room = Room(store, Settings(**{**FAST, **QUICK_RETRY, **settings}))
    return room, store, Outage(store)


async def close_room(room: Room, store: Store) -> None:
    await room.close()
    await store.close()


async def watch(table: Table, name: str, store: Store) -> Watcher:
    watcher = Watcher(await store.add_player(name, is_guest=True))
    await table.call(lambda: table.attach(watcher, watch=True, since=None))
    return watcher


def bots(game: str = "king-bolola", seats: int = 4, **table: Any) -> TableSpec:
    raw = {"game": game, "seats": [{"kind": "bot", "level": "beginner"}] * seats, **table}
    return TableSpec.from_json(raw)


def test_an_all_bot_table_moves_again_once_the_database_is_back(tmp_path: Path) -> None:
    """The issue's outage: every all-bot table froze for good at its first refused move."""

    async def scenario() -> None:
        room, store, outage = await open_room(tmp_path)
        host = await store.add_player("host", is_guest=True)
        table = await room.create(host, bots())
        watcher = await watch(table, "watcher", store)
        await watcher.until(update_at(5))

        outage.on = True
        await outage.failed(4)  # the first refusal and three tries after it
        frozen = table.version
        # Refused moves were not accepted, not sent, not counted.
        assert max(watcher.versions()) == frozen
        assert await logged(store, table.id) == list(range(1, frozen + 1))

        outage.on = False
        await watcher.until(update_at(frozen + 10))
        seen = watcher.versions()
        assert seen == list(range(seen[0], seen[-1] + 1)), "a gap or a repeat in the updates"
        await room.close()  # the table stopped: its version and its log hold still
        assert await logged(store, table.id) == list(range(1, table.version + 1))
        await store.close()

    run(scenario)


def test_a_timed_out_seat_is_played_once_the_database_is_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        room, store, outage = await open_room(tmp_path)
        ana = await store.add_player("ana", is_guest=True)
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": "beginner"}] * 3
        spec = TableSpec.from_json(
            {"seats": seats, "move_seconds": 0.05, "options": {"first-declarer": 0}}
        )
        table = await room.create(ana, spec)
        player = Watcher(ana)
        outage.on = True
        # Her seat taken while the database is down fails, and changes nothing.
        with pytest.raises(WriteFailedError):
            await table.call(lambda: table.take_seat(ana, 0))
        assert table.status == "open" and table.holders[0].is_free
        # From now on only the log's writes fail: the match starts, her clock runs out.
        outage.only = {"append_action"}
        failures = outage.failures
        await table.call(lambda: table.take_seat(ana, 0))
        await table.call(lambda: table.attach(player, watch=False, since=None))
        assert table.status == "playing"
        await outage.failed(failures + 3)
        assert table.holders[0].away and table.version == 0  # timed out, not played for
        assert player.versions() == []

        outage.on = False
        first = await player.until(update_at(1))
        assert first["version"] == 1 and first["view"]["seat"] == 0
        async with store._sessions() as s:
            row = await s.get(ActionRow, (table.id, 1))
        assert row is not None and row.seat == 0 and row.player_id is None  # her stand-in
        await close_room(room, store)

    run(scenario)


def test_a_write_committed_despite_its_error_is_taken_not_repeated(tmp_path: Path) -> None:
    """A connection lost at COMMIT: the action is in the log though the write failed. The
    table reads its log before it moves again, so the version does not fork or stick."""

    async def scenario() -> None:
        room, store, outage = await open_room(tmp_path)
        host = await store.add_player("host", is_guest=True)
        append = store.append_action
        lost = {"left": 1}

        async def committed_then_lost(table_id: int, entry: Any, fence: int | None) -> None:
            await append(table_id, entry, fence)
            if entry.version == 8 and lost["left"]:
                lost["left"] -= 1
                raise WriteFailedError("server closed the connection unexpectedly")

        store.append_action = committed_then_lost  # type: ignore[method-assign]
        table = await room.create(host, bots())
        watcher = await watch(table, "watcher", store)
        await watcher.until(update_at(20))
        seen = watcher.versions()
        assert seen == list(range(seen[0], seen[-1] + 1)) and seen.count(8) == 1
        await room.close()  # the table stopped: its version and its log hold still
        assert await logged(store, table.id) == list(range(1, table.version + 1))
        assert outage.failures == 0 and lost["left"] == 0
        await store.close()

    run(scenario)


def test_a_match_start_and_end_that_fail_are_stored_later(tmp_path: Path) -> None:
    """Hearts Are Trumps to 1 point: a few hands. Its start and its result are refused
    twice each, then stored; the over frame comes once, with the record behind it."""

    async def scenario() -> None:
        room, store, _ = await open_room(tmp_path)
        host = await store.add_player("host", is_guest=True)
        watcher = Watcher(await store.add_player("watcher", is_guest=True))
        refused: dict[str, list[str]] = {"start_table": [], "finish_table": []}

        def refusing(name: str) -> None:
            write = getattr(store, name)

            async def refuse_twice(table_id: int, *args: Any, **kwargs: Any) -> Any:
                if len(refused[name]) < 2:
                    table = room.tables[table_id]
                    overs = [f for f in watcher.frames if f["type"] == "over"]
                    refused[name].append(f"{table.status} {len(overs)}")
                    raise WriteFailedError("the database is down (a test's outage)")
                return await write(table_id, *args, **kwargs)

            setattr(store, name, refuse_twice)

        refusing("start_table")
        refusing("finish_table")
        table = await room.create(host, bots("hearts-trumps", 2, options={"target": 1}))
        assert table.status == "open"  # full, its start refused: tried again
        await table.call(lambda: table.attach(watcher, watch=True, since=None))
        over = await watcher.until(lambda f: f["type"] == "over")
        # While refused: not started, then not over (and no over frame sent).
        assert refused == {"start_table": ["open 0"] * 2, "finish_table": ["playing 0"] * 2}
        assert over["version"] == table.version and table.status == "over"
        assert [f["type"] for f in watcher.frames].count("over") == 1
        assert await store.record(table.id) is not None
        assert any(f["type"] == "snapshot" and f["status"] == "playing" for f in watcher.frames)
        await close_room(room, store)

    run(scenario)


def test_a_challenge_expiry_the_database_refuses_is_tried_again(tmp_path: Path) -> None:
    """A challenge's expiry is a task of its own: refused twice by the database, it is
    tried again (it was lost: the loop keeps no strong reference to such a task, and its
    failure went unheard), and the invitee and the host are told once, after it is
    stored."""

    async def scenario() -> None:
        room, store, outage = await open_room(tmp_path, challenge_seconds=0.05)
        host = await store.add_player("host", is_guest=True)
        guest = await store.add_player("guest", is_guest=True)
        heard, host_heard = Watcher(guest), Watcher(host)
        room.online[guest.id], room.online[host.id] = {heard}, {host_heard}
        outage.only, outage.on = {"Store.answer_challenge"}, True
        table, _ = await room.challenges.challenge(host, [guest], two_people())
        await outage.failed(2)
        assert [f["type"] for f in heard.frames] == ["challenge"]  # nothing told while refused
        (stored,) = await store.challenges_under_way(tables=[table.id])
        assert [i.answer for i in stored.invitees] == ["pending"]
        outage.on = False
        over = await heard.until(lambda f: f["type"] == "challenge_over")
        assert over == {"type": "challenge_over", "table": table.id, "reason": "expired"}
        answer = await host_heard.until(lambda f: f["type"] == "challenge_answer")
        assert (answer["player"], answer["answer"]) == ("guest", "expired")
        assert await store.challenges_under_way(tables=[table.id]) == []
        await close_room(room, store)
        assert [f["type"] for f in heard.frames].count("challenge_over") == 1
        assert [f["type"] for f in host_heard.frames].count("challenge_answer") == 1

    run(scenario)


def test_an_answer_made_while_the_expiry_is_stored_waits_for_it(tmp_path: Path) -> None:
    """An accept that comes while the expiry's write is under way is refused once the
    expiry is stored (the two take turns), so the invitee is not seated at a table whose
    challenge says expired; the memory, the database and the frames agree."""

    async def scenario() -> None:
        room, store, _ = await open_room(tmp_path, challenge_seconds=0.05)
        host = await store.add_player("host", is_guest=True)
        guest = await store.add_player("guest", is_guest=True)
        heard = Watcher(guest)
        room.online[guest.id] = {heard}
        entered, release = asyncio.Event(), asyncio.Event()
        answer_challenge = store.answer_challenge

        async def held(table_id: int, player_id: int, answer: str) -> bool:
            if answer == "expired":
                entered.set()
                await release.wait()
            return await answer_challenge(table_id, player_id, answer)

        store.answer_challenge = held  # type: ignore[method-assign]
        table, challenge = await room.challenges.challenge(host, [guest], two_people())
        async with asyncio.timeout(WAIT):
            await entered.wait()  # the expiry's write is under way
        accepting = asyncio.create_task(room.challenges.answer(guest, table.id, True))
        await asyncio.sleep(0)  # it runs up to the challenge's lock, which the expiry holds
        assert challenge.lock.locked() and not accepting.done()
        release.set()
        with pytest.raises(ProtocolError) as refused:
            await accepting
        assert (refused.value.code, refused.value.message) == (
            "no_challenge",
            "this challenge is expired",
        )
        assert challenge.answers == {guest.id: "expired"}
        assert await store.challenges_under_way(tables=[table.id]) == []
        assert all(h.player_id != guest.id for h in table.holders)
        assert [f["type"] for f in heard.frames] == ["challenge", "challenge_over"]
        await close_room(room, store)

    run(scenario)


def test_a_hello_while_the_database_cannot_read_friends_is_welcomed(tmp_path: Path) -> None:
    """Presence is best effort: a hello whose reading of the player's friends fails gets
    its welcome (it got an error, on a connection already counted, where a second hello
    was refused: a socket nobody could use)."""

    async def scenario() -> None:
        room, store, _ = await open_room(tmp_path)
        friend_ids = store.friend_ids
        failures = 0

        async def refused_once(player_id: int) -> list[int]:
            nonlocal failures
            if failures == 0:
                failures += 1
                raise WriteFailedError("the database is down (a test's outage)")
            return await friend_ids(player_id)

        store.friend_ids = refused_once  # type: ignore[method-assign]
        ws = StandInSocket()
        admission = Admission(Buckets(1e6, 10**6, name="test"))
        served = asyncio.create_task(serve_socket(ws, room, store, Keys("k"), admission))  # type: ignore[arg-type]
        try:
            ws.say({"type": "hello", "protocol": PROTOCOL})
            welcome = await ws.next("welcome")
            assert failures == 1 and welcome["player"]["name"].startswith("guest-")
            ws.say({"type": "lobby"})
            assert (await ws.next("lobby"))["tables"] == []
        finally:
            await ws.close()
            await served
        assert room.online == {}
        await close_room(room, store)

    run(scenario)


def test_a_seat_left_while_its_table_stops_arms_no_grace(tmp_path: Path) -> None:
    """A detach queued before a table's stop runs during its wind-down, after the timers
    were cancelled: it armed a grace timer that kept the stopped table alive."""

    async def scenario() -> None:
        room, store, _ = await open_room(tmp_path)
        host = await store.add_player("host", is_guest=True)
        seats = [{"kind": "human"}, *[{"kind": "bot", "level": "beginner"}] * 3]
        table = await room.create(host, TableSpec.from_json({"seats": seats}))
        me = Watcher(host)
        await table.call(lambda: table.take_seat(host, 0))
        await table.call(lambda: table.attach(me, watch=False, since=None))
        assert table.status == "playing" and table.holders[0].online == 1
        table.post(lambda: table.detach(me))
        await table.stop()
        assert table.holders[0].online == 0  # the detach ran, in the wind-down
        assert table.graces == {}
        await close_room(room, store)

    run(scenario)


def two_people() -> TableSpec:
    return TableSpec.from_json(
        {"game": "hearts-trumps", "seats": [{"kind": "human"}, {"kind": "human"}]}
    )


def test_back_off_doubles_to_its_cap_and_starts_again_after_a_success() -> None:
    backoff = Backoff(first=0.5, cap=30.0, jitter=lambda: 1.0)
    assert [backoff.next() for _ in range(9)] == [0.5, 1, 2, 4, 8, 16, 30, 30, 30]
    backoff.reset()
    assert backoff.next() == 0.5
    spread = Backoff(first=0.5, cap=30.0)
    for n in range(70):
        wait = spread.next()
        assert min(30.0, 0.5 * 2**n) / 2 <= wait <= min(30.0, 0.5 * 2**n)


def test_paced_tables_take_turns_and_rest_in_proportion() -> None:
    """Three tables nobody plays at, five moves each, on a pretend clock: never two moves
    at once, and busy a quarter of the time in all (share 0.25)."""
    now = [0.0]

    async def sleep(seconds: float) -> None:
        now[0] += seconds
        await asyncio.sleep(0)

    async def scenario() -> None:
        pacer = Pacer(0.25, clock=lambda: now[0], sleep=sleep)
        busy_spans: list[tuple[float, float]] = []

        async def table(n: int) -> None:
            for _ in range(5):
                async with pacer.turn():
                    start = now[0]
                    now[0] += 0.01 * (n + 1)  # a move of this table's length
                    await asyncio.sleep(0)
                    busy_spans.append((start, now[0]))

        await asyncio.gather(*(table(n) for n in range(3)))
        spans = sorted(busy_spans)
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans)), "two moves at once"
        busy = sum(end - start for start, end in spans)
        assert busy / now[0] == pytest.approx(0.25)

    run(scenario)


# -- a real PostgreSQL stopped under a running server -------------------------------------------


@pytest.fixture
def cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL of this test alone: it is stopped and started again mid-test."""
    if pg_bin() is None:
        pytest.skip("PostgreSQL is not installed (scripts/setup-test-system.sh)")
    root = Path("/tmp") / f"bolola-pg-outage-{time.monotonic_ns()}"
    made = PostgresCluster(root)
    made.start()
    try:
        yield made
    finally:
        made.stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.mark.slow
def test_all_bot_table_survives_a_postgresql_outage(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    url = cluster.new_database()
    server = ServerProcess(
        url,
        tmp_path,
        **{
            **FAST,
            # A slow pace, so the match is far from over when the database stops.
            "bot_tables_share": 0.02,
            "retry_first_seconds": 0.1,
            "retry_max_seconds": 1.0,
        },
    )
    server.start()

    def retries() -> int:
        return len(re.findall(r'"msg": "retrying in', server.log.read_text()))

    async def until(condition: Callable[[], bool]) -> None:
        # The log file is the one observable here: polled, with a bound for failure.
        async with asyncio.timeout(WAIT):
            while not condition():
                await asyncio.sleep(0.05)

    async def scenario() -> None:
        watcher = await Player.connect(server)
        seats = [{"kind": "bot", "level": "beginner"}] * 4
        await watcher.send({"type": "create", "table": {"seats": seats}})
        table = (await watcher.expect("created"))["table"]["id"]
        await watcher.send({"type": "join", "table": table, "watch": True})
        await watcher.expect(lambda f: f.get("type") == "update" and f["version"] >= 3)

        cluster.halt()
        await until(lambda: retries() >= 3)
        frozen = watcher.version
        cluster.resume()
        await watcher.expect(lambda f: f.get("type") == "update" and f["version"] >= frozen + 3)
        seen = [f["version"] for f in watcher.frames if f.get("type") == "update"]
        assert seen == list(range(seen[0], seen[-1] + 1)), "a gap or a repeat in the updates"
        await watcher.close()

        engine = open_engine(url)
        async with engine.connect() as c:
            versions = list(
                await c.scalars(
                    select(ActionRow.version)
                    .where(ActionRow.table_id == table)
                    .order_by(ActionRow.version)
                )
            )
        await engine.dispose()
        assert versions == list(range(1, len(versions) + 1)) and len(versions) >= seen[-1]

    try:
        run(scenario)
    finally:
        server.kill()
