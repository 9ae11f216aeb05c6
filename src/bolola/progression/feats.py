"""A match record's feats: what its game says each seat did that an achievement counts.

Each game names its feats and finds them from the match's events and its last state (a
hook of the registered game, ``registry.Entry.feats``); this replays the record to get
them, so feats can be found again for every stored match (``bolola achievements``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bolola.engine import Event, Game, Record, parse_move

FeatFinder = Callable[[Any, Sequence[Event]], tuple[frozenset[str], ...]]


@dataclass(frozen=True, slots=True)
class Feats:
    """A game's feats: their names, and how to find them in a match."""

    names: tuple[str, ...]
    find: FeatFinder


def match_feats(
    game: Game[Any, Any, Any, Any], record: Record, feats: Feats
) -> tuple[frozenset[str], ...]:
    """Each seat's feats in a recorded match (one set per seat); raises
    :class:`bolola.engine.RecordError` for a record that does not replay."""
    options = game.parse_options(record.options)
    state = game.new(options, record.seed)
    events: list[Event] = []
    for text in record.moves:
        move = parse_move(game, text)
        state, happened = game.apply(state, move.seat, move.action)
        events.extend(happened)
    found = feats.find(state, events)
    return tuple(
        found[s] if s < len(found) else frozenset() for s in range(game.seat_count(options))
    )
