"""``bolola bench TARGET``: how fast things run on one core.

``engine``: random playouts of King Bolola through the engine contract — complete deals per
second for each contract, for all contracts mixed, and for whole matches; and Hearts Are
Trumps hands per second through the contract, and its resamples. Times are the
process's CPU time, so a busy machine slows the run but not the figures. ``bots``,
``solver`` and ``server`` are measured by their own modules.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import time
from dataclasses import dataclass
from typing import Any

from bolola import engine
from bolola.cards import cards_of
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import hands_from_seed, new_deal, play

# target -> module with configure(parser, name) and run(args), for the targets measured elsewhere
OTHER_TARGETS = {
    "bots": "bolola.bots.bench",
    "solver": "bolola.bots.solver_bench",
    "server": "bolola.server.bench",
}


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    sub = parser.add_subparsers(dest="target", metavar="TARGET", required=True)
    eng = sub.add_parser("engine", help="random-playout speed of the King Bolola engine")
    eng.add_argument("--seconds", type=float, default=1.5, help="time per measurement")
    eng.add_argument("--seed", type=int, default=1)
    eng.add_argument("--json", action="store_true", help="print one JSON object")
    for target, module_name in OTHER_TARGETS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if not (e.name or "").startswith("bolola"):
                raise
            continue
        module.configure(sub.add_parser(target, help=f"{target} benchmark"), target)


def run(args: argparse.Namespace) -> int:
    if args.target != "engine":
        module = importlib.import_module(OTHER_TARGETS[args.target])
        status: int = module.run(args)
        return status
    report = engine_report(args.seconds, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        print_engine_report(report)
    return 0


@dataclass(frozen=True, slots=True)
class Rate:
    deals: int
    plays: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def plays_per_second(self) -> float:
        return self.plays / self.seconds


def random_deals(contracts: list[Contract], seconds: float, seed: int) -> Rate:
    """Play random deals (a random legal card each turn) until ``seconds`` have passed."""
    rng = random.Random(seed)
    pick = rng.random
    deals = plays = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(20):
            contract = contracts[deals % len(contracts)]
            trump = int(pick() * 4) if contract is Contract.TRUMPS else None
            d = new_deal(contract, trump, deals & 3, hands_from_seed(seed * 1_000_003 + deals))
            while not d.done:
                legal = cards_of(d.legal)
                card = legal[int(pick() * len(legal))]
                d, _ = play(d, (d.leader + len(d.trick)) & 3, card.index)
                plays += 1
            deals += 1
        now = time.process_time()
        if now >= deadline:
            return Rate(deals, plays, now - start)


def random_matches(seconds: float, seed: int) -> Rate:
    """Whole matches through the registered game's contract, random legal actions."""
    game = engine.find("king-bolola")
    rng = random.Random(seed)
    pick = rng.random
    matches = plays = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = game.new(game.default_options(), seed * 7919 + matches)
        while True:
            to_move = game.to_move(state)
            if not to_move:
                break
            seat = to_move[0]
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, legal[int(pick() * len(legal))])
            plays += 1
        matches += 1
        now = time.process_time()
        if now >= deadline:
            return Rate(matches * 24, plays, now - start)


def hearts_trumps_hands(seconds: float, seed: int) -> Rate:
    """Hearts Are Trumps through the contract: both seats place at random (legal_actions
    and apply), hand after hand, match after match. ``deals`` counts hands here."""
    game = engine.find("hearts-trumps")
    pick = random.Random(seed).random
    hands = plays = matches = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = game.new(game.default_options(), seed * 7919 + matches)
        while not state.over:
            for seat in (0, 1):
                legal = game.legal_actions(state, seat)
                state, _ = game.apply(state, seat, legal[int(pick() * len(legal))])
            plays += 2
            hands += 1
        matches += 1
        now = time.process_time()
        if now >= deadline:
            return Rate(hands, plays, now - start)


def hearts_trumps_resamples(seconds: float, seed: int) -> float:
    """Resamples per second of Hearts Are Trumps states along a random match."""
    game = engine.find("hearts-trumps")
    rng = random.Random(seed)
    states = []
    state = game.new(game.default_options(), seed)
    while not state.over:
        states.append(state)
        seat = rng.choice(game.to_move(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    n = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for s in states:
            game.resample(s, n & 1, rng)
            n += 1
        now = time.process_time()
        if now >= deadline:
            return n / (now - start)


def engine_report(seconds: float, seed: int) -> dict[str, Any]:
    per_contract = {}
    for contract in Contract:
        rate = random_deals([contract], seconds, seed)
        per_contract[str(contract)] = {
            "deals_per_second": round(rate.deals_per_second),
            "plays_per_second": round(rate.plays_per_second),
        }
    mixed = random_deals(list(Contract), seconds * 2, seed)
    matches = random_matches(seconds * 2, seed)
    ht = hearts_trumps_hands(seconds * 2, seed)
    return {
        "benchmark": "engine",
        "game": "king-bolola",
        "deals_per_second": round(mixed.deals_per_second),
        "plays_per_second": round(mixed.plays_per_second),
        "per_contract": per_contract,
        "matches": {
            "deals_per_second": round(matches.deals_per_second),
            "matches_per_second": round(matches.deals_per_second / 24, 2),
            "actions_per_second": round(matches.plays_per_second),
        },
        "hearts_trumps": {
            "hands_per_second": round(ht.deals_per_second),
            "placements_per_second": round(ht.plays_per_second),
            "resamples_per_second": round(hearts_trumps_resamples(seconds, seed)),
        },
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_measurement": seconds,
    }


def print_engine_report(report: dict[str, Any]) -> None:
    print(f"King Bolola random playouts, one core, Python {report['python']}")
    print(f"{'contract':<18}{'deals/s':>10}{'plays/s':>12}")
    for name, rate in report["per_contract"].items():
        print(f"{name:<18}{rate['deals_per_second']:>10,}{rate['plays_per_second']:>12,}")
    print(f"{'all mixed':<18}{report['deals_per_second']:>10,}{report['plays_per_second']:>12,}")
    m = report["matches"]
    print(
        f"{'whole matches':<18}{m['deals_per_second']:>10,}{m['actions_per_second']:>12,}"
        f"   ({m['matches_per_second']} matches/s, through legal_actions/apply)"
    )
    ht = report["hearts_trumps"]
    print(
        f"Hearts Are Trumps: {ht['hands_per_second']:,} hands/s "
        f"({ht['placements_per_second']:,} placements/s through legal_actions/apply), "
        f"{ht['resamples_per_second']:,} resamples/s"
    )
