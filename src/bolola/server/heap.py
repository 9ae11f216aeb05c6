"""Giving freed memory back to the system after tables leave (issue 15).

An allocator keeps a page (pymalloc: an arena of 1 MiB) while anything in it lives, and
keeps what was freed for reuse: after a busy hour whose tables have left, the server's
RSS stays near its peak (docs/performance.md, "Memory, fourth round" and "fifth round").
So, ``delay`` seconds after a table leaves (at most once per ``delay``):

- if no table is live any more (``idle``), what play left behind goes first: every
  cache of the rules and bots (:func:`bolola.memo.forget`) and the ``forget`` callables
  (the database's compiled statements, connections and page cache), then a full
  collection of the cyclic garbage (the server's collector thresholds make full ones
  rare), the caches' cycles included: collected before the caches let go of them, they
  stayed until the next full collection, 5 MiB of them after 1,000 tables. Each of
  those lives on a page among the tables' freed objects and would keep it;
- then the C allocator hands back its free pages: jemalloc's purge when the server runs
  on it (``bolola serve`` does where it is installed: :mod:`bolola.server.allocator`),
  glibc's ``malloc_trim(0)`` otherwise. On a C library with neither it does nothing.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
from collections.abc import Callable, Sequence
from typing import Literal

from bolola import memo

log = logging.getLogger("bolola.heap")

ALL_ARENAS = 4096
"""jemalloc's ``MALLCTL_ARENAS_ALL``: ``arena.4096.purge`` purges every arena."""


def jemalloc_purge() -> Callable[[], None] | None:
    """jemalloc's purge of every arena, or None when this process does not run on it."""
    try:
        mallctl = ctypes.CDLL(None).mallctl
    except AttributeError:
        return None
    mallctl.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    mallctl.argtypes += [ctypes.c_size_t]
    mallctl.restype = ctypes.c_int
    purge = f"arena.{ALL_ARENAS}.purge".encode()

    def give_back() -> None:
        mallctl(b"thread.tcache.flush", None, None, None, 0)
        mallctl(purge, None, None, None, 0)

    return give_back


def malloc_trim() -> Callable[[], None] | None:
    """glibc's ``malloc_trim(0)``, or None where the C library has none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int

    def give_back() -> None:
        trim(0)

    return give_back


def give_back() -> Callable[[], None] | None:
    """How this process's C allocator hands free pages back to the system."""
    return jemalloc_purge() or malloc_trim()


class Heap:
    """``left()`` after a table leaves memory: a trim ``delay`` seconds later (one for
    every table that leaves meanwhile). ``delay`` 0: never. ``trim``: ``"allocator"``,
    what this process's C allocator offers (:func:`give_back`), or a callable."""

    def __init__(
        self,
        delay: float,
        trim: Callable[[], None] | Literal["allocator"] | None = "allocator",
        *,
        idle: Callable[[], bool] = lambda: False,
        forget: Sequence[Callable[[], None]] = (),
    ) -> None:
        self.delay = delay
        self.trims = 0  # how many ran
        self.sweeps = 0  # how many of them found the server idle and forgot its caches
        self._trim = None if delay <= 0 else give_back() if trim == "allocator" else trim
        self._idle = idle
        self._forget = forget
        self._pending: asyncio.TimerHandle | None = None

    def left(self) -> None:
        if self._trim is None or self._pending is not None:
            return
        self._pending = asyncio.get_running_loop().call_later(self.delay, self._run)

    def _run(self) -> None:
        self._pending = None
        if self._trim is None:
            return
        if self._idle():
            # No table is live: the collection's pause (0.1 to 0.3 s after a busy
            # hour) delays no move, at most a lobby's answer.
            memo.forget()
            for forget in self._forget:
                forget()
            gc.collect()
            self.sweeps += 1
        self._trim()
        self.trims += 1
        log.debug("freed memory given back to the system")

    def close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
