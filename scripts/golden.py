"""Regenerate the golden records of every registered game (``make golden``).

For each game, under ``tests/fixtures/golden/<game>/``:

* ``match-<n>.json``: a whole match of seeded random legal play with the game's ``n``-th
  option example (``Game.option_examples``), as the engine :class:`~bolola.engine.Record`,
  plus what replaying it must give: totals, results, ranks, every deal's label and points,
  and the referee's match record (``Game.match_record``), which ``bolola score`` must
  score to the same totals.
* ``lines.json``: for fixed seeds, the first actions of a seeded random line: for each
  step the seat that acted, how many legal actions it had, and the public events.

Random play picks a seat at random among those that may act (a simultaneous phase) and
then one of its legal actions (``engine.random_play_out``). Run it only when a rule change
is meant to change these numbers, and say so in review: ``tests/invariants/test_golden.py``
holds every game to them. ``golden.py GAME…`` writes only those games.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from bolola.engine import Game, Record, random_play_out
from bolola.registry import find, registered, replay

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "golden"
LINE_SEEDS = (1, 2, 3)
LINE_STEPS = 60
PLAYERS = ("ana", "bo", "cy", "dee", "eva", "flo")


def random_match(game: Game[Any, Any, Any, Any], options: dict[str, Any], seed: int) -> Record:
    """A whole match of seeded random legal play."""
    moves: list[str] = []
    state = game.new(game.parse_options(options), seed)
    random_play_out(game, state, random.Random(f"golden:{game.name}:{seed}"), moves)
    return Record(game.name, options, seed, tuple(moves))


def match_result(record: Record) -> dict[str, Any]:
    """What replaying a match record gives: the part of a fixture the test compares."""
    game, state = replay(record)
    outcome = game.outcome(state)
    assert outcome is not None, "a golden match must be complete"
    return {
        "totals": list(outcome.scores),
        "results": [r.value for r in outcome.results],
        "ranks": list(outcome.ranks),
        "deals": [{"label": d.label, "points": list(d.points)} for d in game.deal_scores(state)],
        "referee_record": game.match_record(
            state, PLAYERS[: game.seat_count(game.parse_options(record.options))]
        ),
    }


def match_fixtures(game: Game[Any, Any, Any, Any]) -> dict[str, dict[str, Any]]:
    """``match-<n>`` → fixture, one per option example, seed ``n``."""
    out = {}
    for n, options in enumerate(game.option_examples(), start=1):
        record = random_match(game, options.to_json(), n)
        out[f"match-{n}"] = {"record": record.to_json(), **match_result(record)}
    return out


def line(game: Game[Any, Any, Any, Any], seed: int) -> dict[str, Any]:
    """The first steps of a seeded random line: who acted, among how many legal actions,
    and the public events."""
    rng = random.Random(f"line:{game.name}:{seed}")
    state = game.new(game.default_options(), seed)
    steps = []
    for _ in range(LINE_STEPS):
        movers = game.to_move(state)
        if not movers:
            break
        seat = movers[rng.randrange(len(movers))]
        legal = game.legal_actions(state, seat)
        state, events = game.apply(state, seat, legal[rng.randrange(len(legal))])
        public = [str(e) for e in events if e.audience is None]
        steps.append({"seat": seat, "legal": len(legal), "events": public})
    return {"seed": seed, "steps": steps}


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(GOLDEN.parents[2])}")


def main(names: list[str]) -> int:
    try:
        games = [find(n) for n in names] if names else list(registered())
    except ValueError as e:
        print(f"golden: {e}", file=sys.stderr)
        return 2
    for game in games:
        folder = GOLDEN / game.name
        for name, fixture in match_fixtures(game).items():
            write(folder / f"{name}.json", fixture)
        write(folder / "lines.json", [line(game, seed) for seed in LINE_SEEDS])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
