"""Freed memory given back after tables leave (issue 15): one trim per period, however
many tables leave in it; none when switched off; glibc's own call works here."""

from __future__ import annotations

import asyncio

from bolola import memo
from bolola.server.heap import Heap, give_back, jemalloc_purge, malloc_trim


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
