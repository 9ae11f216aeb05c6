"""``bolola bench server``: N tables x 4 scripted WebSocket players against a real server.

Reports accepted actions per second, the latency from sending an action to receiving the
update it caused (p50, p99), the server's CPU and memory, and the same clients against a
bare WebSocket echo endpoint of the same server stack as the ceiling::

    bolola bench server --tables 8 --moves 200

Without ``--url`` a server is started on a free port with a throwaway SQLite database.
The clients run in this process: on a small machine they compete with the server for
CPU, which the report shows (client CPU).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import psutil
from websockets.asyncio.client import ClientConnection, connect


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--tables", type=int, default=4, help="tables played at once")
    parser.add_argument("--moves", type=int, default=200, help="actions per table")
    parser.add_argument("--url", help="ws://host:port of a running server (default: start one)")
    parser.add_argument("--database-url", help="database of the started server")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@dataclass
class Sample:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def _hello(url: str) -> ClientConnection:
    ws = await connect(f"{url}/ws", max_size=None)
    await ws.send(json.dumps({"type": "hello", "protocol": 1}))
    while json.loads(await ws.recv())["type"] != "welcome":
        pass
    return ws


async def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(await ws.recv())
        if frame["type"] == "error":
            raise RuntimeError(f"server refused: {frame}")
        if frame["type"] == kind:
            return frame


async def _table(url: str, moves: int, sample: Sample) -> None:
    """Four players; each acts when its view says so, until the table reaches ``moves``."""
    players = [await _hello(url) for _ in range(4)]
    table_spec = {"seats": [{"kind": "human"}] * 4, "options": {"first-declarer": 0}}
    await players[0].send(json.dumps({"type": "create", "table": table_spec}))
    table = (await _next(players[0], "created"))["table"]["id"]
    for seat, ws in enumerate(players):
        await ws.send(json.dumps({"type": "join", "table": table, "seat": seat}))
        await _next(ws, "joined")
    await asyncio.gather(*(_seat(ws, table, moves, sample) for ws in players))
    for ws in players:
        await ws.close()


async def _seat(ws: ClientConnection, table: int, moves: int, sample: Sample) -> None:
    sent_at: dict[int, float] = {}
    while True:
        frame = json.loads(await ws.recv())
        kind = frame["type"]
        if kind == "error":
            raise RuntimeError(f"server refused: {frame}")
        if kind not in ("snapshot", "update"):
            continue
        version = frame["version"]
        if version in sent_at:
            sample.latencies.append(time.perf_counter() - sent_at.pop(version))
        if version >= moves or frame["view"] is None:
            if version >= moves:
                return
            continue
        view = frame["view"]
        if view["seat"] in view["to_move"] and view["legal"]:
            sent_at[version + 1] = time.perf_counter()
            sample.actions += 1
            action = {
                "type": "action",
                "table": table,
                "id": f"b{version}",
                "version": version,
                "action": view["legal"][0],
            }
            await ws.send(json.dumps(action))


async def _echo_table(url: str, moves: int, size: int, sample: Sample) -> None:
    """The same turn-taking with a bare echo: each message waits for the one before."""
    players = [await connect(f"{url}/echo", max_size=None) for _ in range(4)]
    payload = json.dumps({"type": "action", "pad": "x" * max(0, size - 30)})
    for n in range(moves):
        ws = players[n % 4]
        start = time.perf_counter()
        await ws.send(payload)
        await ws.recv()
        sample.latencies.append(time.perf_counter() - start)
        sample.actions += 1
    for ws in players:
        await ws.close()


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


async def _measure(
    url: str, tables: int, moves: int, server: psutil.Process | None, echo: bool
) -> dict[str, Any]:
    sample = Sample()
    me = psutil.Process()
    cpu0 = server.cpu_times() if server else None
    my0 = me.cpu_times()
    start = time.perf_counter()
    if echo:
        jobs = [_echo_table(url, moves, 120, sample) for _ in range(tables)]
    else:
        jobs = [_table(url, moves, sample) for _ in range(tables)]
    await asyncio.gather(*jobs)
    wall = time.perf_counter() - start
    my1 = me.cpu_times()
    out: dict[str, Any] = {
        "tables": tables,
        "actions": sample.actions,
        "seconds": round(wall, 3),
        "actions_per_s": round(sample.actions / wall, 1),
        "p50_ms": round(_percentile(sample.latencies, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(sample.latencies, 0.99) * 1000, 2),
        "client_cpu_s": round((my1.user + my1.system) - (my0.user + my0.system), 2),
    }
    if server is not None and cpu0 is not None:
        cpu1 = server.cpu_times()
        out["server_cpu_s"] = round((cpu1.user + cpu1.system) - (cpu0.user + cpu0.system), 2)
        out["server_rss_mb"] = round(server.memory_info().rss / 2**20, 1)
    return out


def _wait_ready(http: str, proc: subprocess.Popen[bytes], timeout: float = 120.0) -> None:
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the server exited at start")
        try:
            with urllib.request.urlopen(f"{http}/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError("the server did not become ready")


def run(args: argparse.Namespace) -> int:
    if args.tables < 1 or args.moves < 1:
        print("bolola bench server: --tables and --moves must be at least 1", file=sys.stderr)
        return 2
    proc: subprocess.Popen[bytes] | None = None
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url
        if url is None:
            port = _free_port()
            env = dict(os.environ)
            env.update(
                {
                    "BOLOLA_MESSAGES_PER_SECOND": "1000000",
                    "BOLOLA_MESSAGE_BURST": "1000000",
                    # Every bench player is a new guest from this one address.
                    "BOLOLA_GUESTS_PER_ADDRESS_PER_HOUR": "1000000",
                    "BOLOLA_ECHO": "true",
                    "BOLOLA_SECRET_KEY": "bench",
                    "BOLOLA_LOG_LEVEL": "warning",
                }
            )
            db = args.database_url or f"sqlite:///{tmp}/bench.db"
            cmd = [sys.executable, "-m", "bolola.cli", "serve", "--port", str(port)]
            proc = subprocess.Popen(
                [*cmd, "--database-url", db],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            url = f"ws://127.0.0.1:{port}"
            _wait_ready(f"http://127.0.0.1:{port}", proc)
        server = psutil.Process(proc.pid) if proc is not None else None
        try:
            table = asyncio.run(_measure(url, args.tables, args.moves, server, echo=False))
            echo = asyncio.run(_measure(url, args.tables, args.moves, server, echo=True))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)
    report = {"cores": os.cpu_count(), "play": table, "echo": echo}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.tables} tables x 4 players, {args.moves} actions per table")
        for name, r in (("play", table), ("echo", echo)):
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
    return 0
