"""Freed memory given back after tables leave (issue 15): one trim per period, however
many tables leave in it; none when switched off; glibc's own call works here."""

from __future__ import annotations

import asyncio

from bolola.server.heap import Heap, malloc_trim


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
