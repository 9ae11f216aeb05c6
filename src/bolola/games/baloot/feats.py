"""What a Baloot match can be remembered for (the achievements of docs/progression.md).

>>> FEATS
('kaboot',)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bolola.games.baloot.events import DealScored, DealStarted, TrickTaken
from bolola.games.baloot.match import TEAMS

FEATS = ("kaboot",)
"""``kaboot``: your team took all eight tricks of a deal (BA-25)."""


def feats(state: Any, events: Iterable[object]) -> tuple[frozenset[str], ...]:
    """Each seat's feats in a match, from its events in order (``state``: the last one)."""
    found: list[set[str]] = [set() for _ in range(4)]
    takers: set[int] = set()
    tricks = 0
    for event in events:
        if isinstance(event, DealStarted):
            takers, tricks = set(), 0
        elif isinstance(event, TrickTaken):
            takers.add(next(t for t, seats in enumerate(TEAMS) if event.seat in seats))
            tricks += 1
        elif isinstance(event, DealScored) and tricks == 8 and len(takers) == 1:
            for seat in TEAMS[takers.pop()]:
                found[seat].add("kaboot")
    return tuple(frozenset(f) for f in found)
