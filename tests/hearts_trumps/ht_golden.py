"""How the frozen Hearts Are Trumps fixtures (tests/fixtures/frozen/hearts-trumps) were
made: whole matches of seeded random legal play (each step a seat to move chosen at
random places at random), and for fixed seeds the first deal's legal-placement counts and
public events. Frozen: these functions must still reproduce them. New golden records of
every game come from ``scripts/golden.py``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bolola.engine import Record
from bolola.registry import find, replay

FROZEN = Path(__file__).resolve().parents[1] / "fixtures" / "frozen" / "hearts-trumps"

HT = "hearts-trumps"
HT_MATCHES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("match-1", {}, 1),
    ("match-2-target-200", {"target": 200}, 2),
    ("match-3-target-1000", {"target": 1000}, 3),
)
HT_COUNT_SEEDS = (1, 2, 3, 4, 5)


def ht_random_match(options: dict[str, Any], seed: int) -> Record:
    """A whole match: each step a seat to move (chosen at random) places at random."""
    game = find(HT)
    rng = random.Random(f"golden:{HT}:{seed}")
    state = game.new(game.parse_options(options), seed)
    moves: list[str] = []
    while game.outcome(state) is None:
        movers = game.to_move(state)
        seat = movers[rng.randrange(len(movers))]
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        moves.append(f"{seat}:{action}")
        state, _ = game.apply(state, seat, action)
    return Record(HT, options, seed, tuple(moves))


def ht_match_result(record: Record) -> dict[str, Any]:
    """What replaying a Hearts Are Trumps record gives, and its referee match record."""
    from bolola.games.hearts_trumps.records import match_record

    game, state = replay(record)
    outcome = game.outcome(state)
    assert outcome is not None, "a golden match must be complete"
    return {
        "totals": list(outcome.scores),
        "results": [r.value for r in outcome.results],
        "ranks": list(outcome.ranks),
        "deals": [d.score.to_json() for d in state.history],
        "referee_record": match_record(state, ["ana", "bo"]),
    }


def ht_counts(seed: int) -> dict[str, Any]:
    """The first deal of ``seed``: legal placements per hand and seat, and public events."""
    game = find(HT)
    rng = random.Random(f"line:{HT}:{seed}")
    state = game.new(game.default_options(), seed)
    legal_counts: list[list[int]] = []
    events: list[str] = []
    while state.deal_no == 1:
        legal_counts.append([len(game.legal_actions(state, s)) for s in (0, 1)])
        for seat in (0, 1):
            legal = game.legal_actions(state, seat)
            state, happened = game.apply(state, seat, legal[rng.randrange(len(legal))])
            events += [str(e) for e in happened if e.audience is None]
    return {"seed": seed, "legal": legal_counts, "events": events}
