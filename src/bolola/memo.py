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
from typing import Generic, TypeVar

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


class Last(Generic[T]):
    """The value made for the last key asked for, the key compared by identity: a server
    asks for every seat's view of one state in a row, and what the seats share (finished
    tricks, finished deals, the melds on the table) is made once for all of them.

    The key is held, so its id is never reused while it is compared; one slot, so it
    keeps no table's memory beyond the last state's; replaced whole, so a bot's thread
    reads a consistent one. Emptied by :func:`forget`.

    >>> last: Last[list[int]] = Last()
    >>> key = (1, 2)
    >>> last.get(key, lambda: [1, 2]) is last.get(key, lambda: [])
    True
    """

    def __init__(self) -> None:
        self._slot: tuple[object, T] | None = None
        _forgetters.append(self.clear)

    def get(self, key: object, make: Callable[[], T]) -> T:
        slot = self._slot
        if slot is not None and slot[0] is key:
            return slot[1]
        value = make()
        self._slot = (key, value)
        return value

    def clear(self) -> None:
        self._slot = None


class Shared(Generic[T]):
    """What every seat's view of one state shares (all but a seat's own hand and legal
    actions), made by the first view that asks and reused by the others: a server builds
    every seat's view after each action. A game keeps one per state in a :class:`Last`.

    >>> shared: Shared[list[int]] = Shared()
    >>> shared.get(lambda: [1]) is shared.get(lambda: [2])
    True
    """

    __slots__ = ("_value",)

    def __init__(self) -> None:
        self._value: T | None = None

    def get(self, make: Callable[[], T]) -> T:
        if self._value is None:
            self._value = make()
        return self._value


def forget() -> int:
    """Empty every registered cache; how many there are."""
    for clear in _forgetters:
        clear()
    return len(_forgetters)
