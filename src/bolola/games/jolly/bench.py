"""Jolly's own benchmark units, and the meld finder's latency.

``bolola bench engine`` times the units of :func:`benchmarks`: a random round on the
round's own path (no match around it), and one call of the meld finder on a random hand
of 20 cards. Rates hide the tail, so the finder's percentiles have their own command::

    python -m bolola.games.jolly.bench [--hands 10000] [--size 20] [--seed 1] [--json]

It draws each hand from a shuffled 110-card deck (so jokers come as they come; ``--jokers
N`` forces N of them), times :func:`bolola.games.jolly.finder.best` on it in CPU time, and
prints p50, p90, p99 and the slowest, in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence

from bolola.cards import JOKER, Card
from bolola.engine import Bench
from bolola.games.jolly.deck import DECK, face
from bolola.games.jolly.finder import best
from bolola.games.jolly.round import deal, legal, step

FACES: tuple[Card, ...] = tuple(face(c) for c in DECK)


def random_hand(rng: random.Random, size: int, jokers: int | None = None) -> list[Card]:
    """``size`` cards of a shuffled deck; with ``jokers``, exactly that many of them."""
    if jokers is None:
        return rng.sample(FACES, size)
    return [*rng.sample(FACES[:104], size - jokers), *[JOKER] * jokers]


def random_round(rng: random.Random) -> int:
    """One round of random legal play, from the deal to its score; the actions taken."""
    players = rng.choice((2, 3, 4))
    deck = list(DECK)
    rng.shuffle(deck)
    r = deal(players, rng.randrange(players), tuple(deck))

    def rebuild(cards: tuple[int, ...], k: int) -> tuple[int, ...]:
        out = list(cards)
        rng.shuffle(out)
        return tuple(out)

    n = 0
    while r.score is None:
        seat = r.turn.seat
        options = legal(r, seat)
        r, _ = step(r, seat, options[rng.randrange(len(options))], rebuild)
        n += 1
    return n


def finder_call(rng: random.Random) -> int:
    best(random_hand(rng, 20))
    return 1


def benchmarks() -> Mapping[str, Bench]:
    return {"random round": random_round, "meld finder, 20 cards": finder_call}


def latencies(hands: int, size: int, seed: int, jokers: int | None = None) -> list[float]:
    """The finder's CPU milliseconds on each of ``hands`` random hands."""
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        hand = random_hand(rng, size, jokers)
        start = time.process_time()
        best(hand)
        out.append((time.process_time() - start) * 1000.0)
    return out


def summary(ms: Sequence[float]) -> dict[str, float]:
    cuts = statistics.quantiles(ms, n=100, method="inclusive")
    return {
        "p50_ms": round(cuts[49], 3),
        "p90_ms": round(cuts[89], 3),
        "p99_ms": round(cuts[98], 3),
        "max_ms": round(max(ms), 3),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bolola.games.jolly.bench")
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--size", type=int, default=20, help="cards a hand (1 to 20)")
    parser.add_argument("--jokers", type=int, default=None, help="jokers a hand (0 to 6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.hands < 2 or not 1 <= args.size <= 20:
        parser.error("--hands must be 2 or more and --size 1 to 20")
    if args.jokers is not None and not 0 <= args.jokers <= min(6, args.size):
        parser.error("--jokers must be 0 to 6, and no more than --size")
    report = {
        "hands": args.hands,
        "size": args.size,
        "jokers": args.jokers,
        **summary(latencies(args.hands, args.size, args.seed, args.jokers)),
    }
    if args.json:
        print(json.dumps(report))
    else:
        jokers = "as dealt" if args.jokers is None else str(args.jokers)
        print(
            f"Jolly meld finder: {args.hands:,} random hands of {args.size} cards "
            f"(jokers {jokers}), CPU time on one core"
        )
        print(
            f"p50 {report['p50_ms']} ms, p90 {report['p90_ms']} ms, "
            f"p99 {report['p99_ms']} ms, slowest {report['max_ms']} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
