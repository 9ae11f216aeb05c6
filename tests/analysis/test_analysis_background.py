"""The server's background analysis (issue 18): a review judged in slices is the review
judged at once, and the queue answers queued, running, done or failed, refuses work
beyond its bound and keeps a bounded number of reviews; the worker ends with its server."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from bolola import registry
from bolola.analysis.background import NICE, review_slice
from bolola.analysis.judgement import JudgeBudget, Judgement
from bolola.analysis.review import review_record
from bolola.engine import Record, random_play_out
from bolola.server.analyses import Analyses, BusyError

SMALL = JudgeBudget(samples=2, exact_nodes=20_000, alternatives=3)
GAMES = [g.name for g in registry.registered()]


def short_record(name: str, moves: int, seed: int = 5) -> Record:
    game = registry.find(name)
    played: list[str] = []
    random_play_out(game, game.new(game.default_options(), seed), random.Random(seed), played)
    return Record(name, game.default_options().to_json(), seed, tuple(played[:moves]))


@pytest.mark.parametrize("name", GAMES)
def test_slices_together_are_the_whole_review(name: str) -> None:
    record = short_record(name, 12)
    whole = review_record(record, budget=SMALL, seed=0).judgements
    judged: list[Judgement] = []
    start, slices = 0, 0
    while True:
        part = review_slice(record, start, 3, SMALL, 0)
        judged.extend(part.judgements)
        slices += 1
        if part.resume is None:
            break
        assert part.resume > start and len(part.judgements) == 3
        start = part.resume
    assert tuple(judged) == whole and len(whole) > 3
    assert slices >= 2


def bad_record() -> Record:
    good = short_record("king-bolola", 3)
    return Record(good.game, good.options, good.seed, (*good.moves, "0:queens-of-nothing"))


@pytest.mark.slow  # a worker process of its own: seconds to start
def test_the_queue_reviews_fails_clearly_and_refuses_beyond_its_bound() -> None:
    async def scenario() -> None:
        analyses = Analyses(queued=2, remembered=1, slice_decisions=2, budget=SMALL)
        try:
            record = short_record("king-bolola", 10)
            assert analyses.answer(1) is None
            assert analyses.ask(1, record, 4) == {"status": "queued", "ahead": 0}
            assert analyses.ask(2, bad_record(), 4)["status"] == "queued"
            with pytest.raises(BusyError):
                analyses.ask(3, record, 4)
            for _ in range(400):  # the worker's wait, bounded
                done = analyses.answer(2)
                if done is not None and done["status"] not in ("queued", "running"):
                    break
                await asyncio.sleep(0.1)
            assert done is not None and done["status"] == "failed", done
            assert "cannot be judged" in done["error"]
            # One review is kept: the first left the cache when the second finished.
            assert analyses.answer(1) is None
            again = analyses.ask(1, record, 4)
            assert again["status"] in ("queued", "running")
        finally:
            await analyses.close()

    asyncio.run(scenario())


PARENT = """
import multiprocessing, os, sys
from concurrent.futures import ProcessPoolExecutor
from bolola.analysis.background import lower_priority

if __name__ == "__main__":
    pool = ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=lower_priority,
        initargs=(os.getpid(),),
    )
    print(pool.submit(os.getpid).result(), flush=True)
    sys.stdin.read()  # until killed
"""


def test_the_worker_ends_with_a_killed_server(tmp_path: Path) -> None:
    """kill -9 of the server: its analysis worker does not linger as an orphan."""
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen(
        [sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        worker = psutil.Process(int(parent.stdout.readline()))
        assert worker.ppid() == parent.pid and worker.nice() == NICE
        # Ctrl+C at a terminal reaches the worker too: it leaves the stop to the server
        # (a KeyboardInterrupt of its own printed a traceback at every stop).
        assert _ignores(worker.pid, signal.SIGINT)
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 30
        while _alive(worker):  # reparented: not ours to wait for, so its state is read
            assert time.monotonic() < deadline, "the worker outlived its server"
            time.sleep(0.05)
    finally:
        parent.kill()
        with contextlib.suppress(psutil.NoSuchProcess):
            if "worker" in locals() and _alive(worker):
                worker.kill()


def _ignores(pid: int, signum: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    (mask,) = [line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")]
    return bool(int(mask, 16) >> (signum - 1) & 1)


def _alive(p: psutil.Process) -> bool:
    try:
        return bool(p.status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False
