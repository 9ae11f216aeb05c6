"""What a Jolly match can be remembered for (the achievements of docs/progression.md).

>>> FEATS
('mano-jolly',)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bolola.games.jolly.events import Closed

FEATS = ("mano-jolly",)
"""``mano-jolly``: every card put down in one turn without having opened (JO-14)."""


def feats(state: Any, events: Iterable[object]) -> tuple[frozenset[str], ...]:
    """Each seat's feats in a match, from its events in order (``state``: the last one)."""
    found: list[set[str]] = [set() for _ in range(len(state.totals))]
    for event in events:
        if isinstance(event, Closed) and event.mano:
            found[event.seat].add("mano-jolly")
    return tuple(frozenset(f) for f in found)
