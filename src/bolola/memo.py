"""Memoised functions the server may forget when it has nothing to do.

A cache filled during play keeps its entries between the objects of the tables that were
playing; when those tables leave, each surviving entry pins the page it lives on, and the
server's memory does not come back (docs/performance.md, "Memory, fifth round"). Every
cache of the rules and the bots is therefore made through :func:`memo` (or registered
with :func:`forgettable`), and :func:`forget` empties them all at once: the server calls
it when no table is live, and the next table fills them again.

>>> @memo(maxsize=2)
... def square(n: int) -> int:
...     return n * n
>>> square(3), square.cache_info().currsize
(9, 1)
>>> _ = forget()
>>> square.cache_info().currsize
0
"""

from __future__ import annotations

from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import TypeVar

T = TypeVar("T")

_forgetters: list[Callable[[], None]] = []


def memo(maxsize: int | None = 4096) -> Callable[[Callable[..., T]], _lru_cache_wrapper[T]]:
    """``functools.lru_cache(maxsize)``, emptied by :func:`forget`."""

    def wrap(fn: Callable[..., T]) -> _lru_cache_wrapper[T]:
        cached = lru_cache(maxsize=maxsize)(fn)
        _forgetters.append(cached.cache_clear)
        return cached

    return wrap


def forgettable(clear: Callable[[], None]) -> None:
    """Register ``clear`` (a cache kept some other way, such as a flat table) with
    :func:`forget`."""
    _forgetters.append(clear)


def forget() -> int:
    """Empty every registered cache; how many there are."""
    for clear in _forgetters:
        clear()
    return len(_forgetters)
