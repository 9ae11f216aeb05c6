"""``bolola bench bots``: how strong and how fast King Bolola's bots are.

    bolola bench bots                    # club vs beginner, 200 duplicate deals
    bolola bench bots --deals 400 --json
    bolola bench bots --bots expert,club --deals 100 --time-level expert

Strength: the arena (:mod:`bolola.arena`) plays ``--bots`` (the first level against the
last, the baseline, in every seat over duplicate deals) and reports the paired
difference per deal with its 95% interval, and the number of deals after which that
interval first lay wholly above zero (checked every 10 deals). Speed: ``--time-level``'s
decisions, timed one by one over ``--time-deals`` deals played by four such bots.
``--calibrate HANDS`` refits the table the club bot chooses its contract with.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, cast

from bolola import arena
from bolola.arena_report import spread
from bolola.bots.base import Budget, make_bot
from bolola.bots.king_bolola.club import ClubBot, hand_value
from bolola.cards import Card
from bolola.engine import RecordError
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import NO_TRUMP, hands_from_seed
from bolola.games.king_bolola.match import GAME, declare_actions


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument(
        "--bots", default="club,beginner", help="LEVEL,BASELINE (default club,beginner)"
    )
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    parser.add_argument("--samples", type=int, default=0, help="Budget.samples for the bots")
    parser.add_argument("--time-level", default="club", help="the level whose decisions are timed")
    parser.add_argument(
        "--time-deals", type=int, default=20, help="deals of four bots timed (default 20)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--calibrate",
        type=int,
        metavar="HANDS",
        help="instead: play HANDS hands in every contract with four club bots and fit the "
        "club's contract-choice table (club.CALIBRATION)",
    )


def deals_needed(setup: arena.Setup, units: list[arena.Unit], level: str) -> int | None:
    """The first multiple of 10 deals after which ``level``'s paired difference with the
    baseline has its whole 95% interval above zero (None if it never does)."""
    for n in range(10, len(units) + 1, 10):
        paired = arena.report(setup, units[:n])["bots"][level]["paired_vs_baseline"]
        if paired and paired["ci95"] and paired["ci95"][0] > 0:
            return n
    return None


def decision_times(level: str, deals: int, seed: int, samples: int) -> dict[str, Any]:
    """Milliseconds per decision of ``level`` in all four seats: all of them, the card
    plays with a choice (more than one legal card), and the contract choices."""
    bot = make_bot("king-bolola", level, Budget(samples=samples))
    times: list[float] = []
    choices: list[float] = []
    declares: list[float] = []
    for d in range(deals):
        state = arena.deal_start(seed, d)
        step = 0
        while state.deal_no < 1:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            start = time.perf_counter()
            action = bot.choose(view, legal, seed * 100_000 + d * 100 + step)
            ms = (time.perf_counter() - start) * 1000
            times.append(ms)
            if isinstance(action, Declare):
                declares.append(ms)
            elif len(legal) > 1:
                choices.append(ms)
            state, _ = GAME.apply(state, seat, cast(Card | Declare, action))
            step += 1
    return {
        "level": level,
        **spread(times, digits=4),
        "card_choices": spread(choices, digits=4),
        "contract_choices": spread(declares, digits=4),
    }


def _calibration_rows(first: int, count: int) -> list[tuple[str, float, int]]:
    """(contract, raw hand_value, declarer's points) for hands ``first .. first+count-1``,
    each declared by seat 0 in every contract (and trump suit) and played by club bots."""
    club = ClubBot()
    rows = []
    for i in range(first, first + count):
        hands = hands_from_seed(f"calibrate:{i}")
        for d in declare_actions(GAME.new(GAME.default_options(), 0)):
            trump = NO_TRUMP if d.trump is None else int(d.trump)
            state = GAME.new(GAME.default_options(), 0)._replace(dealt=hands)
            state, _ = GAME.apply(state, 0, d)
            while state.deal_no < 1:
                seat = GAME.to_move(state)[0]
                legal = GAME.legal_actions(state, seat)
                action = club.choose(GAME.view(state, seat), legal, 0)
                state, _ = GAME.apply(state, seat, cast(Card | Declare, action))
            raw = hand_value(hands[0], 0, d.contract, trump)
            rows.append((str(d.contract), raw, state.history[-1].points[0]))
    return rows


def calibrate(hands: int, jobs: int) -> dict[str, Any]:
    """The least-squares line from raw hand value to declarer's points, per contract."""
    chunk = max(1, hands // (4 * jobs))
    starts = range(0, hands, chunk)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(_calibration_rows, starts, [min(chunk, hands - s) for s in starts]))
    by: dict[str, list[tuple[float, int]]] = {}
    for rows in parts:
        for contract, raw, won in rows:
            by.setdefault(contract, []).append((raw, won))
    fit = {}
    for contract, xs in by.items():
        raws = [x[0] for x in xs]
        points = [x[1] for x in xs]
        slope, intercept = statistics.linear_regression(raws, points)
        fit[contract] = {
            "slope": round(slope, 3),
            "intercept": round(intercept, 1),
            "mean": round(statistics.mean(points), 1),
            "r": round(statistics.correlation(raws, points), 3),
            "n": len(xs),
        }
    return {"hands": hands, "fit": fit}


def run(args: argparse.Namespace) -> int:
    if args.calibrate is not None:
        if args.calibrate < 20:
            print("bolola bench bots: --calibrate needs at least 20 hands", file=sys.stderr)
            return 2
        jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
        out = calibrate(args.calibrate, jobs)
        if args.json:
            print(json.dumps(out))
        else:
            for contract, f in out["fit"].items():
                name = Contract.parse(contract).name
                print(
                    f"    Contract.{name}: ({f['slope']}, {f['intercept']}, {f['mean']}),"
                    f"  # r={f['r']} n={f['n']}"
                )
        return 0
    names = [n.strip() for n in str(args.bots).split(",") if n.strip()]
    if len(names) != 2:
        print("bolola bench bots: --bots takes LEVEL,BASELINE", file=sys.stderr)
        return 2
    ns = argparse.Namespace(
        bots=f"{names[0]},{names[1]}",
        deals=args.deals,
        matches=0,
        contract=None,
        seed=args.seed,
        samples=args.samples,
        seconds=30.0,
        records=None,
    )
    try:
        setup = arena.setup_of(ns)
        make_bot("king-bolola", args.time_level)
    except RecordError as e:
        print(f"bolola bench bots: {e}", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    started = time.perf_counter()
    units = arena.play_units(setup, args.deals, min(jobs, args.deals), progress=sys.stderr.isatty())
    seconds = time.perf_counter() - started
    rep = arena.report(setup, units)
    level = names[0]
    out = {
        "bots": f"{names[0]} vs {names[1]}",
        "deals": args.deals,
        "seed": args.seed,
        "jobs": jobs,
        "seconds": round(seconds, 2),
        "paired_vs_baseline": rep["bots"][level]["paired_vs_baseline"],
        "mean": rep["bots"][level]["mean"],
        "baseline_mean": rep["bots"][names[1]]["mean"] if names[1] != level else None,
        "deals_needed": deals_needed(setup, units, level) if level != names[1] else None,
        "decision_time": decision_times(args.time_level, args.time_deals, args.seed, args.samples),
    }
    if args.json:
        print(json.dumps(out))
        return 0
    p = out["paired_vs_baseline"]
    t = out["decision_time"]
    print(f"{out['bots']}: {args.deals} duplicate deals, seed {args.seed}, {seconds:.1f} s")
    if p:
        lo, hi = p["ci95"]
        print(f"  paired difference per deal: {p['mean']:+.1f} (95% CI {lo:+.1f} .. {hi:+.1f})")
        needed = out["deals_needed"]
        print(f"  interval above zero after: {needed if needed else 'not within'} deals")
    for what, times in (
        ("all decisions", t),
        ("card plays with a choice", t["card_choices"]),
        ("contract choices", t["contract_choices"]),
    ):
        if times["decisions"]:
            print(
                f"  {t['level']} {what}: median {times['median_ms']:.3f} ms, "
                f"p95 {times['p95_ms']:.3f} ms, max {times['max_ms']:.3f} ms "
                f"({times['decisions']} decisions)"
            )
    return 0
