"""One process per process id on a Redis: two processes under one name each took the
other's tables for its own (a table split in two, a seat given twice). A second process
under the id of a live one refuses to start; a process restarted under its own id starts
at once after a clean stop, and after a crash once its dead run's alive key lapsed.
Real processes on a real PostgreSQL and Redis, and the alive key's rules in process."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
import redis
from postgres import PostgresCluster
from redisserver import RedisServer
from roomclient import FAST, WAIT, Forked, ServerProcess, environment, run

from bolola.server.cluster import Cluster, ProcessIdTakenError

pytestmark = pytest.mark.slow
# Seconds: a crashed run's key lapses within one, and a live process renews its key every
# third of one (a loaded machine's pause of a whole lease would be a death, here as in
# the room).
LEASE = 2.0
ALIVE = "bolola:alive:same"
REFUSED = "bolola serve: process id 'same' is alive on Redis: each process needs its own id"
WAITS = "process id 'same' is still alive on Redis: waiting up to"


def test_a_second_process_under_a_live_ones_id_refuses_and_a_restarted_one_starts(
    postgres: PostgresCluster, redis_server: RedisServer, tmp_path: Path
) -> None:
    url = postgres.new_database()
    keys = redis.Redis.from_url(redis_server.url, decode_responses=True)
    settings = {**FAST, "redis_url": redis_server.url, "process_id": "same"}

    def server(name: str) -> ServerProcess:
        where = tmp_path / name
        where.mkdir()
        return ServerProcess(url, where, lease_seconds=LEASE, **settings)

    one = server("one")
    one.start()
    held = keys.get(ALIVE)
    assert held is not None

    # A second process under the same name, while the first renews its key: refused,
    # after one line saying it waits for the key to lapse. The first's key is its own.
    log = tmp_path / "two.log"
    argv = ["serve", "--port", "0", "--database-url", url, "--log-level", "info"]
    two = Forked(argv, environment({**settings, "lease_seconds": LEASE}), log, tmp_path)
    assert two.wait(WAIT) == 1
    lines = log.read_text().splitlines()
    assert len(lines) == 2 and WAITS in lines[0] and lines[1] == REFUSED, lines
    assert keys.get(ALIVE) == held

    # Stopped cleanly, its key is gone with it: the next run starts at once.
    assert one.stop() in (0, -15)  # uvicorn re-raises SIGTERM once stopped
    assert keys.get(ALIVE) is None
    again = server("again")
    again.start()
    assert WAITS not in again.log.read_text()

    # Killed, its key lingers up to a lease: the next run waits for it, then starts.
    again.kill()
    assert keys.get(ALIVE) is not None
    last = server("last")
    last.start()
    assert WAITS in last.log.read_text()
    assert keys.get(ALIVE) not in (None, held)
    last.stop()
    keys.close()


def test_a_run_renews_and_deletes_only_its_own_alive_key(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    """A run paused past its lease (SIGSTOP) may find its id taken by a run started
    meanwhile: its heartbeat leaves the newer run's key as it is (and says this process is
    no longer the one of that id), and its close does not delete it."""

    async def scenario() -> None:
        lease = 0.5
        old = Cluster(redis_server.url, "same", lease, nonce="old")
        new = Cluster(redis_server.url, "same", lease, nonce="new")
        keys = redis.asyncio.Redis.from_url(redis_server.url, decode_responses=True)
        try:
            await old.claim()
            assert await keys.get(ALIVE) == "old"
            # Nothing renews the old run's key here: the new run waits for it to lapse.
            with caplog.at_level(logging.WARNING, logger="bolola.cluster"):
                await new.claim()
            assert WAITS in caplog.text
            assert await keys.get(ALIVE) == "new"
            with pytest.raises(ProcessIdTakenError, match="no longer it"):
                await old.heartbeat([], check=False)
            await old.close()
            assert await keys.get(ALIVE) == "new"
            await new.heartbeat([], check=False)
            await new.close()
            assert await keys.get(ALIVE) is None
        finally:
            await keys.aclose()

    run(scenario)
