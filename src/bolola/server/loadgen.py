"""The players of ``bolola bench server`` (:mod:`bolola.server.bench`): one scripted
WebSocket client per seat, the bare echo's and the fan-out's clients (``server/echo.py``),
and the :class:`Meter` that reads a run's wall time, both sides' CPU and the server's RSS.

A table's seats act as their views say (the first legal action), flat out or at a pace;
each seat's reader keeps its latest view and times the updates of the actions in flight.
The sockets and tables are made before a run's clock starts, and the load generator's
cyclic collector is off while it measures (:func:`_collector_off`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import inspect
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import psutil
from websockets.asyncio.client import ClientConnection, connect

SETUP_AT_ONCE = 50  # tables being set up at the same time

# The echo plays this many times the play's actions per table: 2,650 round-trips took
# a tenth of a second, and one run's echo differed from the next by half.
ECHO_LONGER = 10

# The fan-out (four frames read a round-trip) this many times: a second or so.
FANOUT_LONGER = 3

# Finished tables leave the server's memory this long after their end, in the bench.
FINISHED_TABLE_SECONDS = 2.0


@dataclass
class Sample:
    latencies: list[float] = field(default_factory=list)  # action -> the actor's update
    spread: list[float] = field(default_factory=list)  # action -> the last seat's update
    actions: int = 0
    finished: int = 0


@dataclass
class Seat:
    """One scripted player: its socket and what its reader saw last."""

    ws: ClientConnection
    view: dict[str, Any] | None = None
    version: int = 0


@dataclass
class Board:
    """A table as its players see it: their seats, the actions in flight (version ->
    when sent, by which seat, and who has its update), and one event for any change."""

    id: int
    seats: list[Seat]
    sample: Sample
    sent: dict[int, tuple[float, int, set[int]]] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    over: bool = False
    lost: str | None = None  # why a seat's connection ended before the match did

    def arrived(self, seat: int, version: int) -> None:
        flight = self.sent.get(version)
        if flight is None:
            return
        start, actor, got = flight
        got.add(seat)
        now = time.perf_counter()
        if seat == actor:
            self.sample.latencies.append(now - start)
        if len(got) == len(self.seats):
            self.sample.spread.append(now - start)
            del self.sent[version]


async def _send(ws: ClientConnection, message: dict[str, Any]) -> None:
    await ws.send(orjson.dumps(message).decode())


async def _hello(url: str) -> ClientConnection:
    ws = await connect(f"{url}/ws", max_size=None, compression=None)
    # As the browser does: each seat's own ack rides in its update (one frame fewer).
    await _send(ws, {"type": "hello", "protocol": 1, "fold_acks": True})
    await _next(ws, "welcome")
    return ws


async def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = orjson.loads(await ws.recv())
        if frame["type"] == "error":
            raise RefusedError(frame)
        if frame["type"] == kind:
            return frame


def _options(raw: list[str], game: str) -> dict[str, Any]:
    """``--option KEY=VALUE`` as every command reads them (checked before the run)."""
    from bolola.cli import option_pairs

    return option_pairs(raw)


async def _open(url: str, sockets: list[ClientConnection], game: str, options: Any) -> int:
    """A table of ``game`` whose every seat is taken by one of ``sockets`` (in order)."""
    spec = {"game": game, "seats": [{"kind": "human"}] * len(sockets), "options": options}
    await _send(sockets[0], {"type": "create", "table": spec})
    table: int = (await _next(sockets[0], "created"))["table"]["id"]
    for seat, ws in enumerate(sockets):
        await _send(ws, {"type": "join", "table": table, "seat": seat})
        await _next(ws, "joined")
    return table


async def _read(board: Board, n: int) -> None:
    """Keeps seat ``n``'s latest view and times the updates of the actions in flight."""
    seat = board.seats[n]
    why = "the server closed it"
    try:
        async for raw in seat.ws:
            frame = orjson.loads(raw)
            kind = frame["type"]
            if kind in ("snapshot", "update"):
                seat.view, seat.version = frame["view"], frame["version"]
                board.arrived(n, seat.version)
            elif kind == "over":
                board.over = True
            elif kind == "error":
                raise RefusedError(frame)
            else:
                continue
            board.changed.set()
    except Exception as e:
        why = str(e) or type(e).__name__
    finally:
        # Whoever waits on this table hears of it, rather than waiting for good.
        if not board.over and board.lost is None:
            board.lost = f"table {board.id}, seat {n}: the connection ended ({why})"
            board.changed.set()


class LostError(Exception):
    """A seat's connection ended before its match did: the run cannot go on."""


class RefusedError(Exception):
    """The server refused what the load generator sent (an ``error`` frame)."""

    def __init__(self, frame: dict[str, Any]) -> None:
        super().__init__(f"{frame.get('code')}: {frame.get('message')}")
        self.code = frame.get("code")


async def _until(board: Board, ready: Callable[[], bool]) -> None:
    while True:
        board.changed.clear()
        if ready() or board.over:
            return
        if board.lost is not None:
            raise LostError(board.lost)
        await board.changed.wait()


async def _act(board: Board, acted: set[int]) -> bool:
    """The seat to move acts as soon as its view says so (once per version), and waits
    for its own update; False once the match is over."""
    turn: tuple[int, int, str] | None = None

    def find_turn() -> bool:
        nonlocal turn
        for n, seat in enumerate(board.seats):
            view = seat.view
            if (
                view is not None
                and seat.version not in acted
                and view["seat"] in view["to_move"]
                and view["legal"]
            ):
                turn = (n, seat.version, view["legal"][0])
                return True
        return False

    await _until(board, find_turn)
    if turn is None:
        return False
    n, version, action = turn
    acted.add(version)
    board.sent[version + 1] = (time.perf_counter(), n, set())
    message = {
        "type": "action",
        "table": board.id,
        "id": f"b{version}",
        "version": version,
        "action": action,
    }
    await _send(board.seats[n].ws, message)
    board.sample.actions += 1
    await _until(board, lambda: board.seats[n].version > version)
    return not board.over


async def _play_table(board: Board, moves: int, tick: Callable[[], Awaitable[bool]]) -> None:
    done = 0
    acted: set[int] = set()
    while (moves == 0 or done < moves) and await tick():
        if not await _act(board, acted):
            break
        done += 1
    if board.over:
        board.sample.finished += 1


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


class Meter:
    """CPU of the server (of every server process, summed) and of this process between
    two readings, the servers' RSS."""

    def __init__(self, server: psutil.Process | list[psutil.Process] | None) -> None:
        self.servers = [] if server is None else server if isinstance(server, list) else [server]
        self.server = self.servers[0] if self.servers else None
        self.me = psutil.Process()
        self.start()

    def start(self) -> None:
        self.wall = time.perf_counter()
        self.mine = cpu(self.me)
        self.theirs = self._their_cpu()

    def _their_cpu(self) -> float:
        return sum(cpu(s) for s in self.servers)

    def rss_mb(self) -> float | None:
        if not self.servers:
            return None
        return round(sum(s.memory_info().rss for s in self.servers) / 2**20, 1)

    def allocator(self) -> str | None:
        """What the (first) server allocates with: ``jemalloc`` when it is mapped in."""
        if self.server is None:
            return None
        try:
            maps = self.server.memory_maps()
        except psutil.Error:
            return None
        return "jemalloc" if any("libjemalloc" in m.path for m in maps) else "python"

    def report(self, sample: Sample, tables: int) -> dict[str, Any]:
        wall = time.perf_counter() - self.wall
        out: dict[str, Any] = {
            "tables": tables,
            "actions": sample.actions,
            "seconds": round(wall, 3),
            "actions_per_s": round(sample.actions / wall, 1),
            "p50_ms": round(_percentile(sample.latencies, 0.50) * 1000, 2),
            "p99_ms": round(_percentile(sample.latencies, 0.99) * 1000, 2),
            "client_cpu_s": round(cpu(self.me) - self.mine, 2),
        }
        if sample.spread:
            out["all_seats_p50_ms"] = round(_percentile(sample.spread, 0.50) * 1000, 2)
            out["all_seats_p99_ms"] = round(_percentile(sample.spread, 0.99) * 1000, 2)
        if self.server is not None:
            out["server_cpu_s"] = round(self._their_cpu() - self.theirs, 2)
            if sample.actions:
                out["server_cpu_ms_per_action"] = round(
                    1000 * out["server_cpu_s"] / sample.actions, 3
                )
            out["server_rss_mb"] = self.rss_mb()
        return out


def cpu(p: psutil.Process) -> float:
    t = p.cpu_times()
    return float(t.user + t.system)


async def _gather_limited(jobs: list[Awaitable[Any]], at_once: int) -> list[Any]:
    gate = asyncio.Semaphore(at_once)

    async def one(job: Awaitable[Any]) -> Any:
        try:
            async with gate:
                return await job
        finally:
            # A run that fails (a server not there) cancels the jobs still at the gate:
            # closed, they do not end the run with "coroutine was never awaited".
            if inspect.iscoroutine(job) and inspect.getcoroutinestate(job) == "CORO_CREATED":
                job.close()

    return list(await asyncio.gather(*(one(j) for j in jobs)))


@contextlib.contextmanager
def _collector_off() -> Iterator[None]:
    """The load generator's cyclic collector off while it measures. It stands in for
    thousands of browsers, whose pauses are not the server's: with the collector on, its
    full collections (4,000 seats' views and sockets) held its own loop for up to a
    second in a paced run, and the latencies counted that."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


async def play(
    url: str, args: argparse.Namespace, meter: Meter, urls: list[str] | None = None
) -> dict[str, Any]:
    """Connect every seat, open the tables, play them (flat out or paced), leave. With
    several processes (``urls``) seat k of table t connects to process (t + k) mod N: the
    tables' owners alternate, and most seats reach their table through another process."""
    seats_per_table = _seat_count(args.game, _options(args.option, args.game))
    every = urls or [url]
    for u in every:  # its memory after, not during, the start's rehearsal
        await asyncio.to_thread(_until_rehearsed, u)
    memory: dict[str, Any] = {"start_mb": await _settled_rss(meter)}
    sockets = await _gather_limited(
        [
            _hello(every[(i // seats_per_table + i % seats_per_table) % len(every)])
            for i in range(args.tables * seats_per_table)
        ],
        SETUP_AT_ONCE * 4,
    )
    memory["connected_mb"] = meter.rss_mb()
    groups = [sockets[i : i + seats_per_table] for i in range(0, len(sockets), seats_per_table)]
    options = _options(args.option, args.game)
    tables = await _gather_limited(
        [_open(url, g, args.game, options) for g in groups], SETUP_AT_ONCE
    )
    sample = Sample()
    boards = [Board(t, [Seat(ws) for ws in g], sample) for t, g in zip(tables, groups, strict=True)]
    readers = [asyncio.create_task(_read(b, n)) for b in boards for n in range(len(b.seats))]
    with _collector_off():
        meter.start()
        if args.pace:
            deadline = time.perf_counter() + args.seconds
            jobs = [
                _play_table(b, 0, _ticks(args.pace, n / len(boards) * args.pace, deadline))
                for n, b in enumerate(boards)
            ]
        else:
            jobs = [_play_table(b, args.moves, _flat_out) for b in boards]
        await asyncio.gather(*jobs)
        report = meter.report(sample, args.tables)
    report["finished_tables"] = sample.finished
    memory["live_mb"] = meter.rss_mb()
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    for r in readers:
        r.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    if sample.finished == len(tables):  # every table over: they leave memory
        await asyncio.sleep(FINISHED_TABLE_SECONDS)
        # On a busy machine the server may still be closing sockets and storing results
        # after a fixed wait: wait until /healthz counts no table, then a little more.
        for u in every:
            memory["left_s"] = await asyncio.to_thread(_until_no_tables, u)
        await asyncio.sleep(3.0)
        memory["after_mb"] = meter.rss_mb()
    if memory["start_mb"] is not None:
        memory["allocator"] = meter.allocator()
        sockets_n = len(sockets)
        memory["per_connection_kb"] = round(
            (memory["connected_mb"] - memory["start_mb"]) * 1024 / sockets_n, 1
        )
        memory["per_live_table_kb"] = round(
            (memory["live_mb"] - memory["connected_mb"]) * 1024 / len(tables), 1
        )
    report["memory"] = memory
    return report


async def _settled_rss(meter: Meter, timeout: float = 15.0) -> float | None:
    """The servers' RSS once it stops moving: a server just started still hands back
    what its start-up freed (jemalloc after a second), and a reading taken then made
    the start look 15 MiB larger."""
    readings: list[float] = []
    deadline = time.monotonic() + timeout
    while (rss := meter.rss_mb()) is not None:
        readings = [*readings[-4:], rss]
        if len(readings) == 5 and max(readings) - min(readings) <= 1.0:
            return min(readings)
        if time.monotonic() > deadline:
            return rss
        await asyncio.sleep(0.25)
    return None


async def _flat_out() -> bool:
    return True


def _ticks(every: float, offset: float, deadline: float) -> Callable[[], Awaitable[bool]]:
    """A table's clock: its first tick after ``offset``, then one every ``every`` seconds,
    until ``deadline``."""
    due = time.perf_counter() + offset

    async def tick() -> bool:
        nonlocal due
        wait = due - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        due += every
        return time.perf_counter() < deadline

    return tick


def _seat_count(game: str, options: dict[str, Any]) -> int:
    from bolola.registry import find

    found = find(game)
    return found.seat_count(found.parse_options(options))


async def _bare(
    url: str,
    tables: int,
    meter: Meter,
    play: Callable[[list[ClientConnection], Sample], Awaitable[None]],
    join: Callable[[list[ClientConnection], int], Awaitable[None]] | None = None,
) -> dict[str, Any]:
    """A bare endpoint's round-trips, four sockets a table, each table played by ``play``:
    the sockets connected (and ``join``-ed) before the clock starts, as the play's are
    (200 handshakes inside the echo's fraction of a second once made it look half as
    fast as it is)."""
    sockets = await _gather_limited(
        [connect(url, max_size=None, compression=None) for _ in range(tables * 4)],
        SETUP_AT_ONCE * 4,
    )
    seats = [sockets[t * 4 : t * 4 + 4] for t in range(tables)]
    if join is not None:
        await asyncio.gather(*(join(s, t) for t, s in enumerate(seats)))
    sample = Sample()
    with _collector_off():
        meter.start()
        await asyncio.gather(*(play(s, sample) for s in seats))
        report = meter.report(sample, tables)
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return report


async def _echo_table(
    players: list[ClientConnection], moves: int, size: int, sample: Sample
) -> None:
    """The same turn-taking with a bare echo: each message waits for the one before."""
    payload = orjson.dumps({"type": "action", "pad": "x" * max(0, size - 30)}).decode()
    for n in range(moves):
        ws = players[n % len(players)]
        start = time.perf_counter()
        await ws.send(payload)
        await ws.recv()
        sample.latencies.append(time.perf_counter() - start)
        sample.actions += 1


async def echo(url: str, tables: int, moves: int, meter: Meter) -> dict[str, Any]:
    """The echo's round-trips (``/echo``: each message written back)."""
    return await _bare(
        f"{url}/echo", tables, meter, lambda seats, sample: _echo_table(seats, moves, 120, sample)
    )


async def _join_group(players: list[ClientConnection], table: int) -> None:
    for ws in players:  # every seat in its group before the first action
        await ws.send(f"t{table}")
        await ws.recv()


async def _fanout_table(players: list[ClientConnection], moves: int, sample: Sample) -> None:
    """The turn-taking of a table whose every action is answered with a frame to each
    seat by the bare ``/fanout`` endpoint: each seat reads its frame before the next acts."""
    payload = orjson.dumps({"type": "action", "pad": "x" * 90}).decode()
    for n in range(moves):
        start = time.perf_counter()
        await players[n % len(players)].send(payload)
        for ws in players:
            await ws.recv()
        sample.latencies.append(time.perf_counter() - start)
        sample.actions += 1


async def fanout(url: str, tables: int, moves: int, meter: Meter) -> dict[str, Any]:
    """The most actions/s any server on this stack could accept, telling four seats of
    each in a frame of an update's size and doing nothing else (server/echo.py)."""
    return await _bare(
        f"{url}/fanout",
        tables,
        meter,
        lambda seats, sample: _fanout_table(seats, moves, sample),
        join=_join_group,
    )


def _until_healthz(
    url: str,
    done: Callable[[dict[str, Any]], bool],
    timeout: float = 120.0,
    *,
    patient: bool = True,
) -> float | None:
    """Seconds until the server's /healthz answers as ``done`` wants (None: not within
    ``timeout``, or at once when it does not answer and the wait is not ``patient``)."""
    import urllib.request

    http = "http" + url.removeprefix("ws")
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            with urllib.request.urlopen(f"{http}/healthz", timeout=5) as r:
                if done(orjson.loads(r.read())):
                    return round(time.monotonic() - start, 1)
        except OSError:
            if not patient:
                return None
        time.sleep(0.25)
    return None


def _until_no_tables(url: str, timeout: float = 120.0) -> float | None:
    """Seconds until the server's /healthz counts no table."""
    return _until_healthz(url, lambda h: h.get("tables") == 0, timeout)


def _until_rehearsed(url: str) -> float | None:
    """Seconds until the server has played its start's rehearsal (server/rehearsal.py)."""
    # A server that does not answer fails the run at its first socket, with its error.
    return _until_healthz(
        url, lambda h: h.get("ok") is True and not h.get("rehearsing"), patient=False
    )
