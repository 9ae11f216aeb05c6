"""Finished matches reviewed in the background (issue 18), never on the event loop.

A review costs seconds to minutes of CPU (0.02 s a King Bolola decision to 0.36 s a
Jolly one, hundreds of decisions a match): it runs in one worker process at the lowest
priority (``nice 19``), so it takes only the CPU the live tables leave, and on one core
at most. Requests queue (:data:`QUEUED` at most, then ``busy``), one match is judged at a
time, a slice of :data:`SLICE` decisions per call to the worker; finished reviews are kept
in memory (LRU, :data:`REMEMBERED`), not stored: asking again after a restart judges the
match again, and judges it the same (budgets and seeds, never time).

Used as::

    analyses = Analyses()
    analyses.ask(table_id, record, seats)  # {"status": "queued", "ahead": 0}
    analyses.ask(table_id, record, seats)  # later: {"status": "done", "review": {…}}
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from bolola.analysis.background import Slice, lower_priority, review_slice
from bolola.analysis.judgement import JudgeBudget, Judgement
from bolola.analysis.review import Review
from bolola.engine import IllegalAction, Record, RecordError

log = logging.getLogger("bolola.analyses")
QUEUED = 20
"""Matches waiting (the one being judged included) before a new one is refused."""
REMEMBERED = 32
"""Finished reviews kept: a long King Bolola match's is about a megabyte of JSON."""
SLICE = 8
"""Decisions a worker judges per call: a few seconds at most (Jolly's 0.36 s each)."""
SEED = 0
"""The reviews' seed: ``bolola analyse``'s default, so the CLI gives the same review."""


class BusyError(Exception):
    """Too many reviews wait already."""


@dataclass(slots=True)
class _Job:
    """A review under way (mutable: it grows slice by slice, in the runner alone)."""

    record: Record
    game: str
    seats: int
    moves: int
    judged: list[Judgement] = field(default_factory=list)
    resume: int = 0
    running: bool = False


class Analyses:
    """The background reviews of one server: a queue, one worker process, a cache."""

    def __init__(
        self,
        queued: int = QUEUED,
        remembered: int = REMEMBERED,
        slice_decisions: int = SLICE,
        budget: JudgeBudget | None = None,
    ) -> None:
        self.queued = queued
        self.remembered = remembered
        self.slice_decisions = slice_decisions
        self.budget = budget or JudgeBudget()
        self._jobs: OrderedDict[int, _Job] = OrderedDict()  # first in, first judged
        self._done: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self._pool: ProcessPoolExecutor | None = None
        self._runner: asyncio.Task[None] | None = None

    def ask(self, table_id: int, record: Record, seats: int) -> dict[str, Any]:
        """The review's state, the match queued if it is neither known nor waiting;
        raises :class:`BusyError` when :data:`QUEUED` matches wait already."""
        known = self.answer(table_id)
        if known is not None:
            return known
        if len(self._jobs) >= self.queued:
            raise BusyError(f"{self.queued} analyses are waiting; ask again in a few minutes")
        self._jobs[table_id] = _Job(record, record.game, seats, len(record.moves))
        if self._runner is None or self._runner.done():
            self._runner = asyncio.create_task(self._run(), name="analyses")
        answer = self.answer(table_id)
        assert answer is not None
        return answer

    def answer(self, table_id: int) -> dict[str, Any] | None:
        """What the route answers about this match now; None if it was never asked for
        (or its review left the cache)."""
        done = self._done.get(table_id)
        if done is not None:
            self._done.move_to_end(table_id)
            return done
        job = self._jobs.get(table_id)
        if job is None:
            return None
        if job.running:
            return {
                "status": "running",
                "judged": len(job.judged),
                "move": job.resume,
                "moves": job.moves,
            }
        ahead = list(self._jobs).index(table_id)
        return {"status": "queued", "ahead": ahead}

    async def close(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
            await asyncio.gather(self._runner, return_exceptions=True)
        self._shut()

    def _shut(self) -> None:
        if self._pool is not None:
            # Not waiting: a slice under way ends within seconds on its own.
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _worker(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Spawned, not forked: a fork of a server copies its sockets, its database
            # connections and the threads' locks mid-use.
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=lower_priority,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def _run(self) -> None:
        """Judge the queued matches one after the other, a slice at a time."""
        loop = asyncio.get_running_loop()
        try:
            while self._jobs:
                table_id, job = next(iter(self._jobs.items()))
                job.running = True
                result: dict[str, Any] | None
                try:
                    while True:
                        work = functools.partial(
                            review_slice,
                            job.record,
                            job.resume,
                            self.slice_decisions,
                            self.budget,
                            SEED,
                        )
                        part: Slice = await loop.run_in_executor(self._worker(), work)
                        job.judged.extend(part.judgements)
                        if part.resume is None:
                            break
                        job.resume = part.resume
                    result = {"status": "done", "review": self._review(job)}
                except (RecordError, IllegalAction) as e:
                    result = {"status": "failed", "error": f"the record cannot be judged: {e}"}
                except BrokenProcessPool:
                    # The worker died (killed, out of memory): nothing is remembered, so
                    # the next request queues the match again, for a new worker.
                    log.warning("the analysis worker died", extra={"table": table_id})
                    self._pool, result = None, None
                except Exception as e:
                    # A bug, or no worker at all (a daemon process may not start one): the
                    # match is answered as failed, and the queue goes on.
                    log.error("the analysis failed", exc_info=e, extra={"table": table_id})
                    result = {"status": "failed", "error": "the analysis failed on the server"}
                del self._jobs[table_id]
                if result is not None:
                    self._remember(table_id, result)
        except asyncio.CancelledError:
            # The server stops (its loop's last tasks are cancelled): the worker is let go
            # rather than left waiting for work.
            self._shut()
            raise

    def _review(self, job: _Job) -> dict[str, Any]:
        review = Review(job.game, SEED, self.budget, tuple(range(job.seats)), tuple(job.judged))
        return review.to_json()

    def _remember(self, table_id: int, result: dict[str, Any]) -> None:
        self._done[table_id] = result
        while len(self._done) > self.remembered:
            self._done.popitem(last=False)
