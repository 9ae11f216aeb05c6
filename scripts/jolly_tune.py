"""Jolly: ``club`` with some of its rules changed against ``club`` itself, on duplicate
two-player deals (each deal played twice, seats swapped), scored as the arena scores a
deal (one round). Fast (no search), for screening rule changes before an arena run.

    .venv/bin/python scripts/jolly_tune.py --deals 400 --seed 3 club.TAKE_MARGIN=10
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from typing import Any

from bolola.arena import _mix
from bolola.bots.jolly import club
from bolola.bots.jolly.position import from_view
from bolola.games.jolly import GAME, JollyOptions

MODULES: dict[str, Any] = {"club": club}


def settings(pairs: list[str]) -> dict[tuple[Any, str], Any]:
    out = {}
    for p in pairs:
        name, value = p.split("=", 1)
        module, attr = name.rsplit(".", 1)
        out[(MODULES[module], attr)] = eval(value)
    return out


def swapped(change: dict[tuple[Any, str], Any]) -> dict[tuple[Any, str], Any]:
    old = {k: getattr(k[0], k[1]) for k in change}
    for (m, a), v in change.items():
        setattr(m, a, v)
    return old


def play(seed: int, index: int, variant_seat: int, change: dict[tuple[Any, str], Any]) -> int:
    state = GAME.new(JollyOptions(players=2), _mix(seed, index))
    while not state.finished:
        seat = GAME.to_move(state)[0]
        legal = [str(a) for a in GAME.legal_actions(state, seat)]
        view = GAME.view(state, seat)
        if seat == variant_seat:
            old = swapped(change)
            try:
                text = club.decide(from_view(view), legal)
            finally:
                swapped(old)
        else:
            text = club.decide(from_view(view), legal)
        state, _ = GAME.apply(state, seat, GAME.parse_action(text))
    pts = state.finished[0].score.points  # type: ignore[union-attr]
    return pts[variant_seat] - pts[1 - variant_seat]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("changes", nargs="*")
    args = ap.parse_args()
    change = settings(args.changes)
    diffs = [
        (play(args.seed, i, 0, change) + play(args.seed, i, 1, change)) / 2
        for i in range(args.deals)
    ]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    print(
        f"{' '.join(args.changes) or 'club'}: {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"
        f" n={len(diffs)}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
