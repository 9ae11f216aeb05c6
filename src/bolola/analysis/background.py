"""A review in slices, for a worker process (the server's background analysis).

The server never judges on its event loop: it sends a record to a worker process, a
slice of a few decisions at a time (:func:`review_slice`), and resumes where the last
slice stopped. Short slices keep a stop of the server or a newer review waiting at most
one slice. A decision is judged the same whichever slice it falls in (its randomness
comes from the seed and its index alone: :mod:`bolola.analysis.review`), so the slices
together are exactly :func:`~bolola.analysis.review.review_record`'s judgements.

The record goes to the worker as the server holds it: a fair table's with every seed of
its chain, not only those its stored record reveals, because a play-out of the last
deal's moves may play on into a deal the match never dealt (``docs/analysis.md``); the
seeds never leave the server's processes.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
from dataclasses import dataclass

from bolola import registry
from bolola.analysis.judgement import JudgeBudget, Judgement
from bolola.analysis.review import judge_moves
from bolola.engine import Record

NICE = 19
"""The worker's niceness: the lowest priority, so a live table's work always comes first."""
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def lower_priority(parent: int | None = None) -> None:
    """A worker process's initializer: judging only gets the CPU nobody else wants, and
    (given the server's pid) the worker ends with the server, even a ``kill -9``d one,
    instead of waiting for work that will never come. Ctrl+C at a terminal reaches the
    whole process group: the worker leaves it to the server, which lets it go, rather
    than printing a KeyboardInterrupt of its own."""
    os.nice(NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        _die_with(parent)


def _die_with(parent: int) -> None:
    """Linux's parent-death signal: SIGTERM to this process when its parent ends."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: the worker outlives a killed server
        return
    if os.getppid() != parent:  # the parent was gone before the signal was asked for
        os._exit(0)


@dataclass(frozen=True, slots=True)
class Slice:
    """Some decisions judged, in record order, and the move to resume from (None: the
    record is judged to its end)."""

    judgements: tuple[Judgement, ...]
    resume: int | None


def review_slice(
    record: Record, start: int, decisions: int, budget: JudgeBudget, seed: int
) -> Slice:
    """Up to ``decisions`` decisions of every seat judged, from move ``start`` on. Raises
    :class:`~bolola.engine.RecordError` (or ``IllegalAction``) for a bad record."""
    game = registry.find(record.game)
    judged: list[Judgement] = []
    for j in judge_moves(game, record, None, budget, seed, start):
        judged.append(j)
        if len(judged) >= decisions:
            return Slice(tuple(judged), j.index + 1)
    return Slice(tuple(judged), None)
