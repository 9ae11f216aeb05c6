"""One against two server processes on one PostgreSQL and one Redis (issue 19), with
Redis's command counts per run: the figures of docs/scaling.md and docs/performance.md.

    .venv/bin/python scripts/bench_cluster.py

Starts a PostgreSQL cluster and a Redis of the tests' kind (tests/server/postgres.py,
redisserver.py) under /tmp/cb, a fresh database and an emptied Redis for each run.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

import redis
from postgres import PostgresCluster
from redisserver import RedisServer

root = Path("/tmp/cb")
shutil.rmtree(root, ignore_errors=True)
root.mkdir()
pg = PostgresCluster(root / "pg")
pg.start()
rd = RedisServer(root / "redis")
rd.start()
r = redis.Redis(port=rd.port)


def stats() -> tuple[int, dict[str, int]]:
    info, commands = r.info("stats"), r.info("commandstats")
    return info["total_commands_processed"], {k: v["calls"] for k, v in commands.items()}


def bench(label: str, *extra: str) -> None:
    url = pg.new_database()
    r.flushall()
    r.config_resetstat()
    cmd = [".venv/bin/bolola", "bench", "server", "--json", "--no-echo", "--database-url", url]
    out = subprocess.run([*cmd, *extra], capture_output=True, text=True)
    if out.returncode:
        print(label, "FAILED", out.stderr[-1500:], flush=True)
        return
    total, commands = stats()
    play = json.loads(out.stdout)["play"]
    keys = ("actions", "actions_per_s", "p50_ms", "p99_ms", "server_cpu_s")
    keys += ("server_cpu_ms_per_action", "client_cpu_s", "server_rss_mb")
    load = Path("/proc/loadavg").read_text().split()[0]
    shown = {k: play.get(k) for k in keys}
    per_action = round(total / max(play["actions"], 1), 2)
    print(label, "load", load, shown, "redis commands", total, "per action", per_action)
    print("   ", commands, flush=True)


try:
    R = ["--redis-url", rd.url]
    bench("pace 1 process", "--tables", "1000", "--pace", "2", "--seconds", "30")
    bench("pace 1 process + redis", "--tables", "1000", "--pace", "2", "--seconds", "30", *R)
    two = ["--processes", "2", *R]
    bench("pace 2 processes", "--tables", "1000", "--pace", "2", "--seconds", "30", *two)
    bench("flat 1 process", "--tables", "50", "--moves", "53")
    bench("flat 1 process + redis", "--tables", "50", "--moves", "53", *R)
    bench("flat 2 processes", "--tables", "50", "--moves", "53", *two)
finally:
    rd.stop()
    pg.stop()
