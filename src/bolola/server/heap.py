"""Giving freed memory back to the system after tables leave (issue 15).

Python's small-object allocator keeps an arena of 1 MiB while anything in it lives, and
glibc's heap keeps what was freed for reuse: after a busy hour whose tables have left,
the server's RSS stays near its peak (docs/performance.md, "Memory, fourth round").
``malloc_trim(0)`` hands back every wholly free page glibc holds (about 100 MiB of 434
after 1,000 tables, in 9 ms). It runs on the event loop, at most once per ``delay``
seconds and only after a table has left, so the pause is rare and short.

On a C library without ``malloc_trim`` (musl, macOS) it does nothing.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import logging
from collections.abc import Callable
from typing import Literal

log = logging.getLogger("bolola.heap")


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


class Heap:
    """``left()`` after a table leaves memory: a trim ``delay`` seconds later (one for
    every table that leaves meanwhile). ``delay`` 0: never."""

    def __init__(
        self, delay: float, trim: Callable[[], None] | Literal["libc"] | None = "libc"
    ) -> None:
        self.delay = delay
        self.trims = 0  # how many ran
        self._trim = None if delay <= 0 else malloc_trim() if trim == "libc" else trim
        self._pending: asyncio.TimerHandle | None = None

    def left(self) -> None:
        if self._trim is None or self._pending is not None:
            return
        self._pending = asyncio.get_running_loop().call_later(self.delay, self._run)

    def _run(self) -> None:
        self._pending = None
        if self._trim is not None:
            self._trim()
            self.trims += 1
            log.debug("freed memory given back to the system")

    def close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
