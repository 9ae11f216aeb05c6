"""``bolola bench solver``: the ``expert``'s search, measured on one core.

* ``solver``: exact paranoid solves (:mod:`bolola.bots.king_bolola.solver`) of positions
  with 5, 8, 10 and 13 cards per hand, per contract. A solve that passes ``--node-limit``
  nodes is abandoned and counted as not solved; the rate is over the solved ones.
* ``playouts``: fast playouts of whole deals per second (what the ``expert`` does before
  the last tricks, where exact search is out of reach in pure Python).
* ``expert``: the time of every ``expert`` decision (contract choice included), four
  experts playing the first ``--deals`` deals of a match: wall-clock time at the default
  budget, and CPU time with the budget's time cap lifted (the cost of the default sample
  counts, whatever else the machine is doing).

Everything runs in this one thread, so on one core; the load of the rest of the machine
shows in the figures (compare ``user`` and ``real`` of ``time``).

Positions come from deals played by the playout policy from the seed, so the figures
depend on ``--seed`` and the machine only::

    bolola bench solver --json
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

from bolola.arena_report import spread
from bolola.bots.base import Budget
from bolola.bots.king_bolola.expert import make_expert
from bolola.bots.king_bolola.playout import choose, playout
from bolola.bots.king_bolola.solver import Position, SearchLimit, Solver
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import Deal, hands_from_seed, new_deal, play
from bolola.games.king_bolola.deal import legal_for as legal
from bolola.games.king_bolola.match import GAME

STAGES = (5, 8, 10, 13)


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--positions", type=int, default=3, help="positions per contract/stage")
    parser.add_argument("--node-limit", type=int, default=300_000, help="nodes before giving up")
    parser.add_argument("--stages", default=",".join(map(str, STAGES)), help="cards per hand")
    parser.add_argument("--deals", type=int, default=4, help="deals of expert play to time")
    parser.add_argument(
        "--playout-seconds", type=float, default=0.4, help="time per contract for playouts"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    try:
        stages = tuple(int(s) for s in str(args.stages).split(","))
    except ValueError:
        print(
            f"bolola bench solver: --stages takes numbers like 5,8,10,13, not {args.stages!r}",
            file=sys.stderr,
        )
        return 2
    if any(not 1 <= s <= 13 for s in stages) or args.positions < 1 or args.deals < 0:
        print(
            "bolola bench solver: stages are 1..13 cards, --positions ≥ 1, --deals ≥ 0",
            file=sys.stderr,
        )
        return 2
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seed": args.seed,
        "node_limit": args.node_limit,
        "solver": {
            str(s): solver_stage(s, args.positions, args.node_limit, args.seed) for s in stages
        },
        "playouts": playout_rates(args.seed, args.playout_seconds),
    }
    if args.deals:
        report["expert"] = expert_times(args.deals, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        _print(report)
    return 0


def policy_deal(contract: Contract, seed: int, cards_per_hand: int) -> Deal | None:
    """A deal played by the playout policy until each hand holds ``cards_per_hand`` cards
    (at a trick start); None if it ended earlier."""
    rng = random.Random(seed)
    trump = rng.randrange(4) if contract is Contract.TRUMPS else None
    d = new_deal(contract, trump, rng.randrange(4), hands_from_seed(f"solver-bench:{seed}"))
    while d.hands[0].bit_count() > cards_per_hand:
        if d.done:
            return None
        seat = d.to_move
        assert seat is not None
        tm = 0
        for c in d.trick:
            tm |= 1 << c
        lm = legal(contract, d.trump, d.king_under_ace, d.hands[seat], d.trick, tm, d.gone)
        d, _ = play(
            d, seat, choose(contract, d.trump, d.hands[seat], lm, list(d.trick), tm, d.gone)
        )
    return None if d.done else d


def solver_stage(cards: int, count: int, node_limit: int, seed: int) -> dict[str, Any]:
    per_contract: dict[str, Any] = {}
    all_seconds: list[float] = []
    all_nodes = 0
    all_time = 0.0
    for contract in Contract:
        seconds: list[float] = []
        nodes = 0
        spent = 0.0
        given_up = 0
        n = 0
        found = 0
        while found < count and n < 50 * count:
            n += 1
            d = policy_deal(contract, seed * 1000 + n, cards)
            if d is None:
                continue
            found += 1
            solver = Solver(contract, d.trump, d.king_under_ace, max_nodes=node_limit)
            start = time.perf_counter()
            try:
                solver.solve(Position.of_deal(d), d.to_move or 0)
                seconds.append(time.perf_counter() - start)
            except SearchLimit:
                given_up += 1
            spent += time.perf_counter() - start
            nodes += solver.nodes
        per_contract[str(contract)] = {
            "positions": found,
            "solved": len(seconds),
            "gave_up": given_up,
            "median_seconds": round(statistics.median(seconds), 4) if seconds else None,
            "positions_per_second": round(len(seconds) / sum(seconds), 2) if seconds else 0.0,
            "nodes_per_second": round(nodes / spent) if spent else 0,
        }
        all_seconds += seconds
        all_nodes += nodes
        all_time += spent
    return {
        "cards_per_hand": cards,
        "solved": len(all_seconds),
        "positions": sum(v["positions"] for v in per_contract.values()),
        "positions_per_second": round(len(all_seconds) / sum(all_seconds), 2)
        if all_seconds
        else 0.0,
        "median_seconds": round(statistics.median(all_seconds), 4) if all_seconds else None,
        "nodes_per_second": round(all_nodes / all_time) if all_time else 0,
        "per_contract": per_contract,
    }


def playout_rates(seed: int, seconds: float = 0.4) -> dict[str, float]:
    out = {}
    for contract in Contract:
        trump = 0 if contract is Contract.TRUMPS else -1
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            hands = hands_from_seed(f"playout-bench:{seed}:{n}")
            playout(contract, trump, False, list(hands), n & 3, [], 0)
            n += 1
        out[str(contract)] = round(n / (time.perf_counter() - start), 1)
    return out


def expert_times(deals: int, seed: int) -> dict[str, Any]:
    """Four experts play the first ``deals`` deals of a match, twice: at the default
    budget (wall-clock time, which the machine's load inflates until the budget's
    ``seconds`` cap cuts the search short), and with that cap lifted (CPU time of this
    process: the work the default sample counts cost on a core of one's own)."""
    wall = _time_decisions(make_expert(Budget()), deals, seed, time.perf_counter)
    cpu = _time_decisions(make_expert(Budget(seconds=1e9)), deals, seed, time.process_time)
    return {
        "deals": deals,
        "budget": {"samples": 0, "seconds": Budget().seconds},
        "wall_at_default_budget": wall,
        "cpu_without_time_cap": cpu,
    }


def _time_decisions(bot: Any, deals: int, seed: int, clock: Any) -> dict[str, Any]:
    state = GAME.new(GAME.default_options(), seed)
    play_times: list[float] = []
    declare_times: list[float] = []
    forced = 0
    step = 0
    while state.deal_no < deals:
        seat = GAME.to_move(state)[0]
        legal_actions = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        start = clock()
        action = bot.choose(view, legal_actions, seed * 100_000 + step)
        spent = clock() - start
        if len(legal_actions) == 1:
            forced += 1
        elif view.phase == "declare":
            declare_times.append(spent)
        else:
            play_times.append(spent)
        state, _ = GAME.apply(state, seat, action)
        step += 1

    return {
        "forced_decisions": forced,
        "all": spread([1000 * x for x in play_times + declare_times], digits=1),
        "play": spread([1000 * x for x in play_times], digits=1),
        "declare": spread([1000 * x for x in declare_times], digits=1),
    }


def _print(report: dict[str, Any]) -> None:
    print(f"solver (node limit {report['node_limit']:,}):")
    for stage in report["solver"].values():
        rate = stage["positions_per_second"]
        print(
            f"  {stage['cards_per_hand']:>2} cards/hand: solved {stage['solved']}/"
            f"{stage['positions']}, {rate} positions/s over the solved, median "
            f"{stage['median_seconds']} s, {stage['nodes_per_second']:,} nodes/s"
        )
    print("playouts per second (whole deals):")
    for c, r in report["playouts"].items():
        print(f"  {c:>16} {r:>9,.0f}")
    if "expert" in report:
        e = report["expert"]
        for name, title in (
            ("wall_at_default_budget", "wall-clock time at the default budget"),
            ("cpu_without_time_cap", "CPU time, the time cap lifted"),
        ):
            t = e[name]
            print(f"expert, {title} ({e['deals']} deals, {t['forced_decisions']} forced moves):")
            for k in ("all", "play", "declare"):
                s = t[k]
                if s["decisions"]:
                    print(
                        f"  {k:>8}: {s['decisions']} decisions, median {s['median_ms']} ms, "
                        f"p95 {s['p95_ms']} ms, max {s['max_ms']} ms"
                    )
