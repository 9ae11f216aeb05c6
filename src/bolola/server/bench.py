"""``bolola bench server``: N tables of scripted WebSocket players against a real server.

Two ways to play:

- flat out (default): every seat acts as soon as its view says so, for ``--moves`` actions
  per table (0: to the end of the match), then the same clients against a bare WebSocket
  echo endpoint of the same server stack as the ceiling, side by side;
- at a human pace (``--pace S --seconds T``): each table acts once every S seconds for T
  seconds (the tables' ticks spread evenly), with every seat connected all along.

Both report accepted actions per second, the latency from sending an action to the update
it caused (to the actor, and to the last of the table's seats), the server's CPU and
memory, and the CPU of this process (the load generator)::

    bolola bench server --tables 50 --moves 53
    bolola bench server --tables 1000 --pace 2 --seconds 60 --json

Memory: the server's RSS at start, with every socket connected and idle, with every table
live, and after the clients left and finished tables left memory (``memory`` in the
report; per idle connection and per live table). Without ``--url`` a server is started on
a free port with a throwaway SQLite database (or ``--database-url``). Both processes raise
their soft limit of open files to the hard limit (4,000 sockets need more than 1,024).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import inspect
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import psutil
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from bolola.registry import FLAGSHIP

SERVERS = ("uvicorn-websockets", "uvicorn-wsproto", "granian")
SETUP_AT_ONCE = 50  # tables being set up at the same time
# The echo plays this many times the play's actions per table: 2,650 round-trips took
# a tenth of a second, and one run's echo differed from the next by half.
ECHO_LONGER = 10
# The fan-out (four frames read a round-trip) this many times: a second or so.
FANOUT_LONGER = 3
# Finished tables leave the server's memory this long after their end, in the bench.
FINISHED_TABLE_SECONDS = 2.0


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--tables", type=int, default=4, help="tables played at once")
    parser.add_argument(
        "--moves", type=int, default=200, help="actions per table (0: to the match's end)"
    )
    parser.add_argument(
        "--pace", type=float, help="seconds between a table's actions (a human pace)"
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="how long --pace plays")
    parser.add_argument("--game", default=FLAGSHIP, help="the game of every table")
    parser.add_argument(
        "--option", action="append", default=[], help="a game option KEY=VALUE (repeatable)"
    )
    parser.add_argument("--no-echo", action="store_true", help="skip the echo ceiling")
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="flat out with the echo: play (new tables) and echo this many times, "
        "alternating; the ratio reported is the median of the rounds' own",
    )
    parser.add_argument(
        "--restart",
        action="store_true",
        help="then kill -9 the server and time its start with every table live",
    )
    parser.add_argument("--url", help="ws://host:port of a running server (default: start one)")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="start this many server processes on one PostgreSQL (--database-url) and "
        "Redis (--redis-url); seat k of table t connects to process (t + k) mod N",
    )
    parser.add_argument("--redis-url", help="the Redis of --processes")
    parser.add_argument("--database-url", help="database of the started server")
    parser.add_argument(
        "--server",
        choices=SERVERS,
        default=SERVERS[0],
        help="the started server: uvicorn with websockets' sans-I/O protocol (bolola "
        "serve), uvicorn with wsproto, or granian (Rust), each on uvloop",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def raise_open_files() -> int:
    """The soft limit of open files raised to the hard one; returns the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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
            raise RuntimeError(f"server refused: {frame}")
        if frame["type"] == kind:
            return frame


def _options(raw: list[str], game: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in raw:
        key, _, value = item.partition("=")
        try:
            out[key] = orjson.loads(value)
        except orjson.JSONDecodeError:
            out[key] = value
    return out


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
                raise RuntimeError(f"server refused: {frame}")
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
        self.mine = _cpu(self.me)
        self.theirs = self._their_cpu()

    def _their_cpu(self) -> float:
        return sum(_cpu(s) for s in self.servers)

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
            "client_cpu_s": round(_cpu(self.me) - self.mine, 2),
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


def _cpu(p: psutil.Process) -> float:
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


async def _play(
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


async def _echo(url: str, tables: int, moves: int, meter: Meter) -> dict[str, Any]:
    """The echo's round-trips, its sockets connected before the clock starts (as the
    play's are: 200 handshakes inside the echo's fraction of a second once made it look
    half as fast as it is)."""
    sockets = await _gather_limited(
        [connect(f"{url}/echo", max_size=None, compression=None) for _ in range(tables * 4)],
        SETUP_AT_ONCE * 4,
    )
    sample = Sample()
    with _collector_off():
        meter.start()
        await asyncio.gather(
            *(_echo_table(sockets[t * 4 : t * 4 + 4], moves, 120, sample) for t in range(tables))
        )
        report = meter.report(sample, tables)
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return report


async def _fanout_table(
    players: list[ClientConnection], group: str, moves: int, sample: Sample
) -> None:
    """The turn-taking of a table whose every action is answered with a frame to each
    seat by the bare ``/fanout`` endpoint: each seat reads its frame before the next acts."""
    for ws in players:  # every seat in its group before the first action
        await ws.send(group)
        await ws.recv()
    payload = orjson.dumps({"type": "action", "pad": "x" * 90}).decode()
    for n in range(moves):
        start = time.perf_counter()
        await players[n % len(players)].send(payload)
        for ws in players:
            await ws.recv()
        sample.latencies.append(time.perf_counter() - start)
        sample.actions += 1


async def _fanout(url: str, tables: int, moves: int, meter: Meter) -> dict[str, Any]:
    """The most actions/s any server on this stack could accept, telling four seats of
    each in a frame of an update's size and doing nothing else (server/echo.py)."""
    sockets = await _gather_limited(
        [connect(f"{url}/fanout", max_size=None, compression=None) for _ in range(tables * 4)],
        SETUP_AT_ONCE * 4,
    )
    sample = Sample()
    with _collector_off():
        meter.start()
        await asyncio.gather(
            *(
                _fanout_table(sockets[t * 4 : t * 4 + 4], f"t{t}", moves, sample)
                for t in range(tables)
            )
        )
        report = meter.report(sample, tables)
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return report


def _round(
    play: dict[str, Any], echo: dict[str, Any], fanout: dict[str, Any] | None = None
) -> dict[str, Any]:
    """One round's play against the echo (and the fan-out) measured right after it."""
    out = {
        "actions_per_s": play["actions_per_s"],
        "server_cpu_ms_per_action": play.get("server_cpu_ms_per_action"),
        "echo_per_s": echo["actions_per_s"],
        "ratio": round(play["actions_per_s"] / echo["actions_per_s"], 3),
    }
    if fanout is not None:
        out["fanout_per_s"] = fanout["actions_per_s"]
        out["fanout_ratio"] = round(fanout["actions_per_s"] / echo["actions_per_s"], 3)
        out["server_cpu_ms_per_fanout"] = fanout.get("server_cpu_ms_per_action")
    return out


def _ratios(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The rounds and their summary. A round is short (the echo a fraction of a second),
    and the machine's other work moves one by a fifth either way: the ratio reported is
    the median of the rounds' own, with their range, and the median play against the
    fastest echo of the run."""
    ratios = [r["ratio"] for r in rounds]
    fastest = max(r["echo_per_s"] for r in rounds)
    out = {
        "rounds": rounds,
        "ratio": _median(ratios),
        "ratio_min": min(ratios),
        "ratio_max": max(ratios),
        "ratio_fastest_echo": round(_median([r["actions_per_s"] for r in rounds]) / fastest, 3),
    }
    if all("fanout_ratio" in r for r in rounds):
        # The ceiling: the fan-out's share of the echo, the most any play could reach.
        out["fanout_ratio"] = _median([r["fanout_ratio"] for r in rounds])
        out["play_of_fanout"] = _median([r["actions_per_s"] / r["fanout_per_s"] for r in rounds])
    return out


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 3)


def _wait_ready(
    http: str, proc: subprocess.Popen[bytes], timeout: float = 300.0, *, rebuilt: bool = False
) -> None:
    """Until /healthz answers (``rebuilt``: and says no restored table waits for its log
    to be replayed)."""
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the server exited at start")
        try:
            with urllib.request.urlopen(f"{http}/healthz", timeout=1) as r:
                if r.status == 200 and (not rebuilt or orjson.loads(r.read()).get("cold", 0) == 0):
                    return
        except OSError:
            pass
        time.sleep(0.01 if rebuilt else 0.05)
    raise RuntimeError("the server did not become ready")


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


def _loop() -> asyncio.AbstractEventLoop:
    import uvloop

    return uvloop.new_event_loop()


def _environment(kind: str = SERVERS[0]) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "BOLOLA_MESSAGES_PER_SECOND": "1000000",
            "BOLOLA_MESSAGE_BURST": "1000000",
            # Every bench player is a new guest from this one address.
            "BOLOLA_GUESTS_PER_ADDRESS_PER_HOUR": "1000000",
            "BOLOLA_TABLES_PER_PLAYER": "1000000",
            "BOLOLA_FINISHED_TABLE_SECONDS": str(FINISHED_TABLE_SECONDS),
            # Freed memory given back a second after tables leave, before ``after_mb``.
            "BOLOLA_TRIM_SECONDS": os.environ.get("BOLOLA_TRIM_SECONDS", "1"),
            "BOLOLA_ECHO": "true",
            "BOLOLA_SECRET_KEY": "bench",
            "BOLOLA_LOG_LEVEL": "warning",
        }
    )
    if kind == "uvicorn-wsproto":
        env["BOLOLA_WEBSOCKET_PROTOCOL"] = "wsproto"
    return env


def _command(kind: str, port: int, db: str) -> list[str]:
    if kind == "granian":
        return [
            *(sys.executable, "-m", "granian", "--interface", "asgi", "--loop", "uvloop"),
            *("--host", "127.0.0.1", "--port", str(port), "--no-access-log"),
            *("--log-level", "warning", "--factory", "bolola.server.asgi:from_environment"),
        ]
    cmd = [sys.executable, "-m", "bolola.cli", "serve", "--port", str(port)]
    return [*cmd, "--database-url", db]


def _serve(port: int, db: str, kind: str = SERVERS[0]) -> tuple[subprocess.Popen[bytes], float]:
    """``bolola serve`` on ``db``, and the seconds it took to answer /healthz."""
    proc, times = _serve_timed(port, db, kind)
    return proc, times["ready_s"]


def _serve_timed(
    port: int, db: str, kind: str = SERVERS[0], extra: dict[str, str] | None = None
) -> tuple[subprocess.Popen[bytes], dict[str, float]]:
    """``bolola serve`` on ``db``: the seconds (wall and the server's CPU) it took to
    answer /healthz, and to have every restored table's log replayed."""
    start = time.perf_counter()
    env = _environment(kind)
    env["BOLOLA_DATABASE_URL"] = db
    env.update(extra or {})
    proc = subprocess.Popen(
        _command(kind, port, db),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server = psutil.Process(proc.pid)
    _wait_ready(f"http://127.0.0.1:{port}", proc)
    times = {"ready_s": time.perf_counter() - start, "ready_cpu_s": _cpu(server)}
    _wait_ready(f"http://127.0.0.1:{port}", proc, rebuilt=True)
    times["rebuilt_s"] = time.perf_counter() - start
    times["rebuilt_cpu_s"] = _cpu(server)
    return proc, times


def _worker(proc: subprocess.Popen[bytes]) -> psutil.Process:
    """The process serving: granian's worker is a child of the process started."""
    main = psutil.Process(proc.pid)
    children = main.children(recursive=True)
    if not children:
        return main
    return max(children, key=lambda c: c.memory_info().rss)


def _restarts(port: int, db: str, tables: int) -> dict[str, Any]:
    """The server killed (-9) with its tables live, then started again: the seconds until
    it answers /healthz (every live table back, its log read) and until every table's log
    is replayed (its state rebuilt, clocks armed, bots moving), wall and the server's CPU,
    against a start on an empty database (migrated already), and the differences per
    table."""
    with tempfile.TemporaryDirectory() as empty:
        blank = f"sqlite:///{empty}/empty.db"
        proc, _ = _serve(port, blank)
        proc.terminate()
        proc.wait(timeout=30)
        proc, base = _serve_timed(port, blank)
        proc.terminate()
        proc.wait(timeout=30)
    proc, loaded = _serve_timed(port, db)
    rss = psutil.Process(proc.pid).memory_info().rss / 2**20
    proc.terminate()
    proc.wait(timeout=30)

    def per_table(key: str) -> float:
        return round(1000 * (loaded[key] - base["ready_" + key.split("_", 1)[1]]) / tables, 3)

    return {
        "tables": tables,
        "ready_s": round(loaded["ready_s"], 3),
        "empty_ready_s": round(base["ready_s"], 3),
        "per_table_ms": per_table("ready_s"),
        "rebuilt_s": round(loaded["rebuilt_s"], 3),
        "rebuilt_per_table_ms": per_table("rebuilt_s"),
        "ready_cpu_s": round(loaded["ready_cpu_s"], 3),
        "empty_ready_cpu_s": round(base["ready_cpu_s"], 3),
        "cpu_per_table_ms": per_table("ready_cpu_s"),
        "rebuilt_cpu_per_table_ms": per_table("rebuilt_cpu_s"),
        "rss_mb": round(rss, 1),
    }


def run(args: argparse.Namespace) -> int:
    if (
        args.tables < 1
        or args.moves < 0
        or args.rounds < 1
        or (args.pace is not None and args.pace <= 0)
    ):
        print(
            "bolola bench server: --tables ≥ 1, --moves ≥ 0, --rounds ≥ 1, --pace > 0",
            file=sys.stderr,
        )
        return 2
    if args.processes > 1 or args.redis_url:
        return _run_processes(args)
    files = raise_open_files()
    proc: subprocess.Popen[bytes] | None = None
    restart = None
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url
        port = _free_port()
        db = args.database_url or f"sqlite:///{tmp}/bench.db"
        if url is None:
            proc, _ = _serve(port, db, args.server)
            url = f"ws://127.0.0.1:{port}"
        server = _worker(proc) if proc is not None else None
        meter = Meter(server)
        try:
            with asyncio.Runner(loop_factory=_loop) as runner:
                play = runner.run(_play(url, args, meter))
                echo = None
                rounds: list[dict[str, Any]] = []
                echoes = (args.moves or 53) * ECHO_LONGER
                fanouts = (args.moves or 53) * FANOUT_LONGER
                if not args.pace and not args.no_echo and not args.restart:
                    echo = runner.run(_echo(url, args.tables, echoes, meter))
                    fanout = runner.run(_fanout(url, args.tables, fanouts, meter))
                    rounds.append(_round(play, echo, fanout))
                    for _ in range(args.rounds - 1):
                        again = runner.run(_play(url, args, meter))
                        echoed = runner.run(_echo(url, args.tables, echoes, meter))
                        fanned = runner.run(_fanout(url, args.tables, fanouts, meter))
                        rounds.append(_round(again, echoed, fanned))
        except (OSError, WebSocketException, LostError) as e:
            # A server not there (a wrong --url) or gone mid-run: say so, no traceback.
            print(f"bolola bench server: the server at {url} failed: {e}", file=sys.stderr)
            return 1
        finally:
            if proc is not None:
                if args.restart:
                    proc.kill()
                else:
                    proc.terminate()
                proc.wait(timeout=30)
        if args.restart and proc is not None:
            restart = _restarts(port, db, args.tables)
    report: dict[str, Any] = {
        "cores": os.cpu_count(),
        "open_files": files,
        "server": None if args.url else args.server,
        "play": play,
    }
    if restart is not None:
        report["restart"] = restart
    if echo is not None:
        report["echo"] = echo
        report.update(_ratios(rounds))
    if args.json:
        print(orjson.dumps(report).decode())
        return 0
    what = (
        f"every {args.pace} s for {args.seconds} s"
        if args.pace
        else (f"{args.moves} actions per table" if args.moves else "to the end of the match")
    )
    print(f"{args.tables} tables of {args.game}, {what}")
    for name, r in (("play", play), ("echo", echo)):
        if r is None:
            continue
        server_part = (
            f", server CPU {r['server_cpu_s']} s, RSS {r['server_rss_mb']} MiB"
            if "server_cpu_s" in r
            else ""
        )
        print(
            f"{name:5} {r['actions_per_s']:>9} actions/s  p50 {r['p50_ms']} ms"
            f"  p99 {r['p99_ms']} ms  ({r['actions']} in {r['seconds']} s; "
            f"client CPU {r['client_cpu_s']} s{server_part})"
        )
    if echo is not None:
        for n, r in enumerate(rounds, 1):
            print(
                f"round {n}: play {r['actions_per_s']} actions/s ({r['server_cpu_ms_per_action']}"
                f" ms of server CPU each), echo {r['echo_per_s']} round-trips/s, ratio {r['ratio']}"
            )
        print(
            f"ratio play/echo {report['ratio']} (median of {len(rounds)} rounds, "
            f"{report['ratio_min']} to {report['ratio_max']}); against the fastest echo "
            f"{report['ratio_fastest_echo']}"
        )
        print(
            f"the fan-out (a frame to each of 4 seats, no work): {report['fanout_ratio']} of "
            f"the echo; the play is {report['play_of_fanout']} of the fan-out"
        )
    print(f"memory (MiB): {play['memory']}")
    if restart is not None:
        print(f"restart: {restart}")
    return 0


def _run_processes(args: argparse.Namespace) -> int:
    """The play (no echo, no restart) against ``--processes`` server processes on one
    PostgreSQL and one Redis; CPU and RSS summed over them."""
    db, redis_url = args.database_url or "", args.redis_url or ""
    if not db.startswith("postgresql") or not redis_url:
        print(
            "bolola bench server: --processes needs --database-url postgresql://… and "
            "--redis-url redis://…",
            file=sys.stderr,
        )
        return 2
    files = raise_open_files()
    procs: list[subprocess.Popen[bytes]] = []
    urls = []
    try:
        for n in range(args.processes):
            port = _free_port()
            extra = {"BOLOLA_REDIS_URL": redis_url, "BOLOLA_PROCESS_ID": f"bench-{n}"}
            proc, _ = _serve_timed(port, db, args.server, extra)
            procs.append(proc)
            urls.append(f"ws://127.0.0.1:{port}")
        meter = Meter([_worker(p) for p in procs])
        with asyncio.Runner(loop_factory=_loop) as runner:
            play = runner.run(_play(urls[0], args, meter, urls))
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)
    report = {
        "cores": os.cpu_count(),
        "open_files": files,
        "server": args.server,
        "processes": args.processes,
        "play": play,
    }
    if args.json:
        print(orjson.dumps(report).decode())
    else:
        print(
            f"{args.processes} processes, {args.tables} tables: "
            f"{play['actions_per_s']} actions/s, p50 {play['p50_ms']} ms, "
            f"p99 {play['p99_ms']} ms, server CPU {play.get('server_cpu_ms_per_action')} ms "
            "per action (all processes)"
        )
    return 0
