"""Freed memory given back after tables leave (issue 15): one trim per period, however
many tables leave in it; none when switched off; glibc's own call works here."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path

import pytest
from roomclient import FAST, WAIT

from bolola import memo
from bolola.server.heap import Heap, give_back, jemalloc_purge, malloc_trim
from bolola.server.room import Room
from bolola.server.settings import Settings
from bolola.server.spec import TableSpec
from bolola.server.table import Table
from bolola.store.store import Store


def test_tables_leaving_together_cost_one_trim() -> None:
    async def scenario() -> int:
        done = asyncio.Event()
        calls: list[int] = []

        def trim() -> None:
            calls.append(1)
            done.set()

        heap = Heap(0.01, trim)
        for _ in range(5):
            heap.left()
        await asyncio.wait_for(done.wait(), 10)
        heap.left()  # a table leaving after the trim arms the next one
        assert heap._pending is not None
        heap.close()
        assert heap._pending is None
        return len(calls)

    assert asyncio.run(scenario()) == 1


def test_a_delay_of_zero_never_trims() -> None:
    async def scenario() -> None:
        heap = Heap(0.0, lambda: None)
        heap.left()
        assert heap._pending is None and heap.trims == 0

    asyncio.run(scenario())


def test_glibc_trim_runs_here() -> None:
    trim = malloc_trim()
    assert trim is not None  # the machines we run on use glibc
    trim()
    # The test process is not on jemalloc: glibc's trim is what it gives back with.
    assert jemalloc_purge() is None
    assert give_back() is not None


def test_an_idle_server_forgets_its_caches_before_the_trim() -> None:
    """No table live: the caches go (the rules' and the callables given); with a table
    still live, only the trim runs."""

    @memo.memo(maxsize=4)
    def cached(n: int) -> int:
        return n

    async def scenario() -> list[str]:
        done = asyncio.Event()
        seen: list[str] = []
        live = [True]

        def trim() -> None:
            seen.append("trim")
            done.set()

        heap = Heap(0.01, trim, idle=lambda: not live[0], forget=(lambda: seen.append("forget"),))
        cached(1)
        heap.left()
        await asyncio.wait_for(done.wait(), 10)
        assert cached.cache_info().currsize == 1 and heap.sweeps == 0
        live[0] = False
        done.clear()
        heap.left()
        await asyncio.wait_for(done.wait(), 10)
        assert cached.cache_info().currsize == 0 and heap.sweeps == 1 and heap.trims == 2
        return seen

    assert asyncio.run(scenario()) == ["trim", "forget", "trim"]


def test_the_sweep_collects_the_cycles_a_forgotten_cache_held() -> None:
    """The caches go before the collection: what they held in cycles (SQLAlchemy's
    compiled statements are) is garbage only once they let go, and the server's
    collector thresholds would leave it for a long time."""

    class Node:
        def __init__(self) -> None:
            self.me = self  # a cycle: only a collection frees it

    cache = [Node()]
    gone = weakref.ref(cache[0])

    async def scenario() -> None:
        done = asyncio.Event()
        heap = Heap(0.01, done.set, idle=lambda: True, forget=(cache.clear,))
        heap.left()
        await asyncio.wait_for(done.wait(), 10)

    automatic = gc.isenabled()
    gc.disable()  # no collection but the sweep's
    try:
        asyncio.run(scenario())
    finally:
        if automatic:
            gc.enable()
    assert gone() is None


def test_the_room_sweeps_once_its_last_table_has_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep needs an idle room. The trim armed when the last table leaves the room
    runs while that table is still stopping: no sweep then. Its stop's end arms another,
    which sweeps (before, nothing did, and the caches of the whole run stayed)."""
    released = asyncio.Event()
    stop = Table.stop

    async def held_stop(table: Table) -> None:
        await released.wait()
        await stop(table)

    monkeypatch.setattr(Table, "stop", held_stop)

    async def scenario() -> None:
        store = await Store.open(f"sqlite:///{tmp_path / 'bolola.db'}")
        settings = {**FAST, "finished_table_seconds": 0, "trim_seconds": 0.001}
        room = Room(store, Settings(**settings))
        trimmed = asyncio.Event()
        trim = room.heap._trim
        assert trim is not None

        def watched() -> None:
            trim()
            trimmed.set()

        room.heap._trim = watched
        host = await store.add_player("host", is_guest=True)
        bot = {"kind": "bot", "level": "beginner"}
        spec = {"game": "hearts-trumps", "seats": [bot, bot], "options": {"target": 1}}
        table = await room.create(host, TableSpec.from_json(spec))
        async with asyncio.timeout(WAIT):
            await trimmed.wait()  # the table left the room; its stop is held
        assert table.status == "over" and not room.tables
        assert room.heap.sweeps == 0  # not idle: a table is still stopping
        trimmed.clear()
        released.set()
        async with asyncio.timeout(WAIT):
            while room.heap.sweeps == 0:
                await trimmed.wait()
                trimmed.clear()
        await room.close()
        await store.close()

    asyncio.run(scenario())
