"""``bolola bench referee``: how long the referee takes over many records.

For each game (or ``--game G``), ``--records N`` records of random play: one match each,
stopped at a random point of its first deal (half of them once that deal is over), in the
form the game's ``match_record`` writes. Each record is answered twice through the very
path ``bolola legal`` and ``bolola score`` take (:func:`bolola.referee.referee`), in this
process, on one core; times are the process's CPU time. ``--write FILE`` also writes the
records as JSON Lines, to time the command line itself (``time bolola score FILE``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import time
from typing import Any, TextIO

from bolola import registry
from bolola.engine import RecordError
from bolola.referee import referee


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--game", help="one registered game (default: every one)")
    parser.add_argument("--records", type=int, default=3000, help="records per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", metavar="FILE", help="also write the records (JSON Lines)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def sample(game: registry.AnyGame, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` records of random play of ``game``, each within its first deal."""
    rng = random.Random(seed)
    players = [f"p{s}" for s in range(game.seats)]
    out = []
    for n in range(count):
        state = game.new(game.default_options(), seed * 1_000_003 + n)
        states = [state]
        while not game.deal_scores(state) and game.to_move(state):
            movers = game.to_move(state)
            seat = movers[rng.randrange(len(movers))]
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
            states.append(state)
        if n % 2 == 0:  # stopped inside the deal
            state = states[rng.randrange(len(states))]
        seated = players[: game.seat_count(game.default_options())]
        out.append(game.match_record(state, seated))
    return out


def measure(records: list[dict[str, Any]]) -> dict[str, Any]:
    text = "\n".join(json.dumps(r) for r in records)
    report: dict[str, Any] = {"records": len(records), "bytes": len(text)}
    for command in ("legal", "score"):
        out = io.StringIO()
        start = time.process_time()
        status = referee(text, command, out)
        spent = time.process_time() - start
        answers = out.getvalue().splitlines()
        if status != 0 or len(answers) != len(records):
            raise RecordError(f"{command}: status {status}, {len(answers)} answers")
        report[command] = {
            "seconds": round(spent, 3),
            "records_per_second": round(len(records) / spent) if spent else None,
        }
    return report


def run(args: argparse.Namespace) -> int:
    with contextlib.ExitStack() as stack:
        try:
            games = [registry.find(args.game)] if args.game else list(registry.registered())
            if args.records < 1:
                raise RecordError("--records must be positive")
        except RecordError as e:
            print(f"bolola bench referee: {e}", file=sys.stderr)
            return 2
        out: TextIO | None = None
        if args.write:
            try:  # a file that cannot be written fails now, not after the run (as arena's)
                out = stack.enter_context(open(args.write, "w", encoding="utf-8"))
            except OSError as e:
                print(f"bolola bench referee: cannot write {args.write}: {e}", file=sys.stderr)
                return 2
        report = {}
        try:
            for game in games:
                records = sample(game, args.records, args.seed)
                if out is not None:
                    out.writelines(json.dumps(r) + "\n" for r in records)
                report[game.name] = measure(records)
        except RecordError as e:
            print(f"bolola bench referee: {e}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(report))
        return 0
    print("The referee over random records (CPU time, one core, startup excluded)")
    print(f"{'game':<16}{'records':>9}{'legal s':>10}{'score s':>10}{'records/s':>12}")
    for name, rep in report.items():
        rate = min(rep["legal"]["records_per_second"] or 0, rep["score"]["records_per_second"] or 0)
        print(
            f"{name:<16}{rep['records']:>9,}{rep['legal']['seconds']:>10}"
            f"{rep['score']['seconds']:>10}{rate:>12,}"
        )
    return 0
