"""What a King Bolola match can be remembered for (the achievements of docs/progression.md).

>>> FEATS
('bolola-positive-10',)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.events import ContractDeclared, DealStarted, TrickTaken

FEATS = ("bolola-positive-10",)
"""``bolola-positive-10``: ten tricks or more of one Bolola positive deal (KB-48)."""

SEATS = 4


def feats(state: Any, events: Iterable[object]) -> tuple[frozenset[str], ...]:
    """Each seat's feats in a match, from its events in order (``state``: the last one)."""
    found: list[set[str]] = [set() for _ in range(SEATS)]
    positive = False
    tricks = [0] * SEATS
    for event in events:
        if isinstance(event, DealStarted):
            positive, tricks = False, [0] * SEATS
        elif isinstance(event, ContractDeclared):
            positive = event.contract is Contract.BOLOLA_POSITIVE
        elif isinstance(event, TrickTaken) and positive:
            tricks[event.seat] += 1
            if tricks[event.seat] == 10:
                found[event.seat].add("bolola-positive-10")
    return tuple(frozenset(f) for f in found)
