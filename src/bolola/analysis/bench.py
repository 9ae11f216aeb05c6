"""``python -m bolola.analysis.bench``: what judging a decision costs, per game.

For each registered game, a record of bots playing (``club`` where the game has one, from
a fixed seed) is cut to its first ``--moves`` moves and every decision in it is judged
with the default budget (or ``--samples``); the line says decisions per second, the share
judged exactly and the mean seconds a decision, in the process's CPU time. ``--json``
prints one object per game.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from bolola import registry
from bolola.analysis.generic import POLICY_BUDGET
from bolola.analysis.judgement import JudgeBudget
from bolola.analysis.review import judge_moves
from bolola.bots.base import make_bot
from bolola.engine import Record, RecordError


def bot_record(name: str, seed: int, moves: int) -> Record:
    """The first ``moves`` moves of a game that bots play from ``seed``."""
    game = registry.find(name)
    level = "club" if "club" in registry.entry(name).bots else "beginner"
    bots = {s: make_bot(name, level, POLICY_BUDGET) for s in range(game.seats)}
    options = game.default_options()
    state = game.new(options, seed)
    played: list[str] = []
    while len(played) < moves and game.outcome(state) is None:
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[0]
        if len(legal) > 1:
            action = bots[seat].choose(game.view(state, seat), legal, seed * 1000 + len(played))
        played.append(f"{seat}:{action}")
        state, _ = game.apply(state, seat, action)
    return Record(name, options.to_json(), seed, tuple(played))


def measure(name: str, moves: int, budget: JudgeBudget, seed: int) -> dict[str, Any]:
    record = bot_record(name, seed, moves)
    game = registry.find(name)
    start = time.process_time()
    judged = list(judge_moves(game, record, budget=budget, seed=seed))
    seconds = time.process_time() - start
    exact = sum(j.exact for j in judged)
    return {
        "game": name,
        "moves": len(record.moves),
        "decisions": len(judged),
        "exact": exact,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(len(judged) / seconds, 2) if seconds else None,
        "samples": budget.samples,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bolola.analysis.bench")
    parser.add_argument("--game", action="append", help="this game only (repeatable)")
    parser.add_argument("--moves", type=int, default=60, help="moves of each record (60)")
    parser.add_argument("--samples", type=int, default=JudgeBudget().samples)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    budget = JudgeBudget(samples=args.samples)
    names = args.game or [g.name for g in registry.registered()]
    for name in names:
        try:
            row = measure(name, args.moves, budget, args.seed)
        except RecordError as e:
            print(f"analysis bench: {e}", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(row))
        else:
            per = row["seconds"] / row["decisions"] if row["decisions"] else 0.0
            print(
                f"analyse {name}: {row['decisions']} decisions in the first {row['moves']} "
                f"moves, {row['exact']} exact, {row['decisions_per_second']} decisions/s "
                f"({per:.3f} s each, {budget.samples} play-outs an alternative)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
