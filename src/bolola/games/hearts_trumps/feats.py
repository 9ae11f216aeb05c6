"""What a Hearts Are Trumps match can be remembered for (the achievements of
docs/progression.md).

>>> FEATS
('bonus-59',)
"""

from __future__ import annotations

from collections.abc import Iterable

from bolola.games.hearts_trumps.deal import MORE_LOOT_BONUS
from bolola.games.hearts_trumps.match import Match

FEATS = ("bonus-59",)
"""``bonus-59``: more loot cards than the other player in a deal, for 59 points (HT-14)."""


def feats(state: Match, events: Iterable[object]) -> tuple[frozenset[str], ...]:
    """Each seat's feats in a match (the deals' scores are in ``state``, the last one)."""
    return tuple(
        frozenset({"bonus-59"})
        if any(d.score.bonus[seat] == MORE_LOOT_BONUS for d in state.history)
        else frozenset()
        for seat in (0, 1)
    )
