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

This module is the command: its options, the servers it starts (and kills and starts
again, ``--restart``), the rounds and their ratios, the report. The players, the echo's
and the fan-out's clients and the meter are :mod:`bolola.server.loadgen`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import orjson
import psutil
from websockets.exceptions import WebSocketException

from bolola.registry import FLAGSHIP
from bolola.server import loadgen

SERVERS = ("uvicorn-websockets", "uvicorn-wsproto", "granian")


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
        help="then kill -9 the server and time its start with every table live (three "
        "starts, against three on an empty database: their medians)",
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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


class StartError(RuntimeError):
    """A server the bench started did not come up (why: its last line on stderr)."""


def _wait_ready(
    http: str, proc: subprocess.Popen[bytes], timeout: float = 300.0, *, rebuilt: bool = False
) -> None:
    """Until /healthz answers (``rebuilt``: and says no restored table waits for its log
    to be replayed)."""
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise StartError("the server exited at start")
        try:
            with urllib.request.urlopen(f"{http}/healthz", timeout=1) as r:
                if r.status == 200 and (not rebuilt or orjson.loads(r.read()).get("cold", 0) == 0):
                    return
        except OSError:
            pass
        time.sleep(0.01 if rebuilt else 0.05)
    raise StartError("the server did not become ready")


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
            "BOLOLA_FINISHED_TABLE_SECONDS": str(loadgen.FINISHED_TABLE_SECONDS),
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
    # Its stderr kept (a temporary file, the server's own once this one is closed): why it
    # did not start is the one line to show.
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(
            _command(kind, port, db), env=env, stdout=subprocess.DEVNULL, stderr=errors
        )
        server = psutil.Process(proc.pid)
        try:
            _wait_ready(f"http://127.0.0.1:{port}", proc)
        except StartError as e:
            proc.kill()
            proc.wait()
            errors.seek(0)
            said = [line for line in errors.read().decode(errors="replace").splitlines() if line]
            raise StartError(f"{e}: {said[-1]}" if said else str(e)) from None
    times = {"ready_s": time.perf_counter() - start, "ready_cpu_s": loadgen.cpu(server)}
    _wait_ready(f"http://127.0.0.1:{port}", proc, rebuilt=True)
    times["rebuilt_s"] = time.perf_counter() - start
    times["rebuilt_cpu_s"] = loadgen.cpu(server)
    return proc, times


def _worker(proc: subprocess.Popen[bytes]) -> psutil.Process:
    """The process serving: granian's worker is a child of the process started."""
    main = psutil.Process(proc.pid)
    children = main.children(recursive=True)
    if not children:
        return main
    return max(children, key=lambda c: c.memory_info().rss)


# Starts of each kind (loaded, empty) for ``--restart``, alternating: one start's time
# varies by a second or more on a busy machine, as much as 1,000 tables' whole cost.
STARTS = 3


def _restarts(port: int, db: str, tables: int) -> dict[str, Any]:
    """The server killed (-9) with its tables live, then started again: the seconds until
    it answers /healthz (every live table back, its log read) and until every table's log
    is replayed (its state rebuilt, clocks armed, bots moving), wall and the server's CPU,
    against a start on an empty database (migrated already), and the differences per
    table. ``STARTS`` of each, alternating, every loaded one after a kill -9; their
    medians are compared."""
    loads: list[dict[str, float]] = []
    bases: list[dict[str, float]] = []
    rss = 0.0
    with tempfile.TemporaryDirectory() as empty:
        blank = f"sqlite:///{empty}/empty.db"
        proc, _ = _serve(port, blank)
        _stop(proc)
        for _ in range(STARTS):
            proc, times = _serve_timed(port, db)
            rss = rss or psutil.Process(proc.pid).memory_info().rss / 2**20
            proc.kill()  # each loaded start follows a kill -9, as the first did
            proc.wait(timeout=30)
            loads.append(times)
            proc, times = _serve_timed(port, blank)
            _stop(proc)
            bases.append(times)
    return {**restart_report(loads, bases, tables), "rss_mb": round(rss, 1)}


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    proc.wait(timeout=30)


def restart_report(
    loads: list[dict[str, float]], bases: list[dict[str, float]], tables: int
) -> dict[str, Any]:
    """The medians of the loaded starts against those of the empty ones, per table (ms),
    with the range of the loaded starts' readiness."""
    loaded = {k: statistics.median(t[k] for t in loads) for k in loads[0]}
    base = {k: statistics.median(t[k] for t in bases) for k in bases[0]}

    def per_table(key: str) -> float:
        return round(1000 * (loaded[key] - base["ready_" + key.split("_", 1)[1]]) / tables, 3)

    return {
        "tables": tables,
        "starts": len(loads),
        "ready_s": round(loaded["ready_s"], 3),
        "ready_s_range": [
            round(min(t["ready_s"] for t in loads), 3),
            round(max(t["ready_s"] for t in loads), 3),
        ],
        "empty_ready_s": round(base["ready_s"], 3),
        "per_table_ms": per_table("ready_s"),
        "rebuilt_s": round(loaded["rebuilt_s"], 3),
        "rebuilt_per_table_ms": per_table("rebuilt_s"),
        "ready_cpu_s": round(loaded["ready_cpu_s"], 3),
        "empty_ready_cpu_s": round(base["ready_cpu_s"], 3),
        "cpu_per_table_ms": per_table("ready_cpu_s"),
        "rebuilt_cpu_per_table_ms": per_table("rebuilt_cpu_s"),
    }


def run(args: argparse.Namespace) -> int:
    if (
        args.tables < 1
        or args.moves < 0
        or args.rounds < 1
        or args.processes < 1
        or args.seconds <= 0
        or (args.pace is not None and args.pace <= 0)
    ):
        print(
            "bolola bench server: --tables ≥ 1, --moves ≥ 0, --rounds ≥ 1, --processes ≥ 1, "
            "--seconds > 0, --pace > 0",
            file=sys.stderr,
        )
        return 2
    problem = usage_problem(args)
    if problem is not None:
        print(f"bolola bench server: {problem}", file=sys.stderr)
        return 2
    try:
        if args.processes > 1 or args.redis_url:
            return _run_processes(args)
        return _run_one(args)
    except (StartError, OSError, WebSocketException, loadgen.LostError) as e:
        print(f"bolola bench server: {e}", file=sys.stderr)
        return 1
    except loadgen.RefusedError as e:
        hint = ""
        if e.code == "rate_limited":  # every bench player is a new guest of one address
            hint = " (start it with BOLOLA_GUESTS_PER_ADDRESS_PER_HOUR=1000000)"
        print(f"bolola bench server: the server refused: {e}{hint}", file=sys.stderr)
        return 1


def usage_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the game, its options or ``--url`` (None: nothing), found before
    a server is started or a player connects, so that a typo is one line, not a run.

    >>> usage_problem(argparse.Namespace(game="nope", option=[], url=None))
    "unknown game 'nope' (known: ...)"
    >>> usage_problem(argparse.Namespace(game=FLAGSHIP, option=[], url="nonsense"))
    "--url takes ws://HOST:PORT (or wss://…) of a running server, not 'nonsense'"
    """
    from urllib.parse import urlsplit

    from bolola.cli import option_pairs
    from bolola.engine import RecordError
    from bolola.registry import find

    try:
        game = find(args.game)
        game.parse_options(option_pairs(args.option))
    except RecordError as e:
        return str(e)
    if args.url is not None:
        try:
            parts = urlsplit(args.url)
            ok = parts.scheme in ("ws", "wss") and bool(parts.hostname) and parts.port != 0
        except ValueError:  # a port that is not a number, or out of range
            ok = False
        if not ok:
            return f"--url takes ws://HOST:PORT (or wss://…) of a running server, not {args.url!r}"
    return None


def _run_one(args: argparse.Namespace) -> int:
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
        meter = loadgen.Meter(server)
        try:
            with asyncio.Runner(loop_factory=_loop) as runner:
                play = runner.run(loadgen.play(url, args, meter))
                echo = None
                rounds: list[dict[str, Any]] = []
                echoes = (args.moves or 53) * loadgen.ECHO_LONGER
                fanouts = (args.moves or 53) * loadgen.FANOUT_LONGER
                if not args.pace and not args.no_echo and not args.restart:
                    echo = runner.run(loadgen.echo(url, args.tables, echoes, meter))
                    fanout = runner.run(loadgen.fanout(url, args.tables, fanouts, meter))
                    rounds.append(_round(play, echo, fanout))
                    for _ in range(args.rounds - 1):
                        again = runner.run(loadgen.play(url, args, meter))
                        echoed = runner.run(loadgen.echo(url, args.tables, echoes, meter))
                        fanned = runner.run(loadgen.fanout(url, args.tables, fanouts, meter))
                        rounds.append(_round(again, echoed, fanned))
        except (OSError, WebSocketException, loadgen.LostError) as e:
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
        meter = loadgen.Meter([_worker(p) for p in procs])
        with asyncio.Runner(loop_factory=_loop) as runner:
            play = runner.run(loadgen.play(urls[0], args, meter, urls))
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
