"""Jolly's own benchmark units, and the meld finder's latency.

``bolola bench engine`` times the units of :func:`benchmarks`: a random round on the
round's own path (no match around it), and one call of the meld finder on a random hand
of 20 cards. Rates hide the tail, so the finder's percentiles have their own command::

    python -m bolola.games.jolly.bench [--hands 10000] [--size 20] [--seed 1] [--json]

It draws each hand from a shuffled 110-card deck (so jokers come as they come; ``--jokers
N`` forces N of them), times :func:`bolola.games.jolly.finder.best` on it in CPU time, and
prints p50, p90, p99 and the slowest, in milliseconds. With ``--table N`` each hand also
faces up to N melds of another player (lay-offs and swaps), made from 40 other cards.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence

from bolola.cards import JOKER, Card
from bolola.engine import Bench
from bolola.games.jolly.deck import DECK, face
from bolola.games.jolly.finder import best
from bolola.games.jolly.meld import TableMeld, melds_in, put_down
from bolola.games.jolly.round import deal, legal, step

FACES: tuple[Card, ...] = tuple(face(c) for c in DECK)


def random_hand(rng: random.Random, size: int, jokers: int | None = None) -> list[Card]:
    """``size`` cards of a shuffled deck; with ``jokers``, exactly that many of them."""
    if jokers is None:
        return rng.sample(FACES, size)
    return [*rng.sample(FACES[:104], size - jokers), *[JOKER] * jokers]


def random_table(rng: random.Random, cards: list[Card], most: int) -> tuple[TableMeld, ...]:
    """Up to ``most`` melds of seat 1 made from ``cards``, in random order."""
    counts = Counter(c for c in cards if not c.is_joker)
    jokers = len(cards) - sum(counts.values())
    melds = list(melds_in(counts, jokers))
    rng.shuffle(melds)
    table: list[TableMeld] = []
    for m in melds:
        need = Counter(m.naturals())
        if len(table) == most or m.jokers > jokers or need - counts:
            continue
        counts -= need
        jokers -= m.jokers
        ids = tuple(104 + k if p.joker else 0 for k, p in enumerate(m.pieces))
        table.append(put_down(m, ids, len(table) + 1, 1))
    return tuple(table)


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


def latencies(
    hands: int, size: int, seed: int, jokers: int | None = None, table: int = 0
) -> list[float]:
    """The finder's CPU milliseconds on each of ``hands`` random hands (each facing up
    to ``table`` melds of another player)."""
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        if table:
            deck = list(FACES)
            rng.shuffle(deck)
            melds, hand = random_table(rng, deck[:40], table), deck[40 : 40 + size]
        else:
            melds, hand = (), random_hand(rng, size, jokers)
        start = time.process_time()
        best(hand, melds)
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
    parser.add_argument("--table", type=int, default=0, help="melds on the table, at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.hands < 2 or not 1 <= args.size <= 20:
        parser.error("--hands must be 2 or more and --size 1 to 20")
    if args.jokers is not None and not 0 <= args.jokers <= min(6, args.size):
        parser.error("--jokers must be 0 to 6, and no more than --size")
    if args.table < 0 or (args.table and args.jokers is not None):
        parser.error("--table is 0 or more, and draws its hands as dealt (no --jokers)")
    report = {
        "hands": args.hands,
        "size": args.size,
        "jokers": args.jokers,
        "table": args.table,
        **summary(latencies(args.hands, args.size, args.seed, args.jokers, args.table)),
    }
    if args.json:
        print(json.dumps(report))
    else:
        jokers = "as dealt" if args.jokers is None else str(args.jokers)
        table = f", up to {args.table} melds on the table" if args.table else ""
        print(
            f"Jolly meld finder: {args.hands:,} random hands of {args.size} cards "
            f"(jokers {jokers}{table}), CPU time on one core"
        )
        print(
            f"p50 {report['p50_ms']} ms, p90 {report['p90_ms']} ms, "
            f"p99 {report['p99_ms']} ms, slowest {report['max_ms']} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
