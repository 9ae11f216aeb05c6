"""What a finished match leaves behind for the referee: its record.

The record is the rules' match format (shared/rules/king-bolola.md, "Records"): every
deal with its hands as dealt and its play, so the referee can replay and score it. The
players' progress (XP, ratings) is ``bolola.progression``'s, stored with the record.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from bolola.engine import Game


def match_record(
    game: Game[Any, Any, Any, Any], state: Any, players: Sequence[str]
) -> dict[str, Any]:
    """The referee's match record of a finished match."""
    # Each game keeps its record format beside its rules: bolola.games.<game>.records.
    module = importlib.import_module(f"bolola.games.{game.name.replace('-', '_')}.records")
    out: dict[str, Any] = module.match_record(state, players)
    return out
