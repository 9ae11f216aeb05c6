"""``bolola bench TARGET``: how fast things run on one core.

``engine``: every registered game (or ``--game G``) through the engine contract —
whole games played at random (a random seat among those that may act, a random legal
action: games, deals and actions per second), ``game.resample`` calls per second along a
random game, every seat's view encoded as the server sends it along a random game, and
each of the game's own benchmark units (``game.benchmarks()``: units
and actions per second). Times are the process's CPU time, so a busy machine slows the
run but not the figures. ``bots``, ``solver`` and ``server`` are measured by their own
modules; ``referee`` by :mod:`bolola.referee_bench`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import orjson

from bolola import registry
from bolola.engine import Bench, RecordError

# target -> module with configure(parser, name) and run(args), for the targets measured elsewhere
OTHER_TARGETS = {
    "bots": "bolola.bots.bench",
    "solver": "bolola.bots.solver_bench",
    "server": "bolola.server.bench",
    "referee": "bolola.referee_bench",
}


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    sub = parser.add_subparsers(dest="target", metavar="TARGET", required=True)
    eng = sub.add_parser("engine", help="random-playout speed of every game's engine")
    eng.add_argument("--game", help="one registered game (default: every one)")
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
    try:
        games = [registry.find(args.game)] if args.game else list(registry.registered())
        if args.seconds <= 0:
            raise RecordError("--seconds must be positive")
    except RecordError as e:
        print(f"bolola bench: {e}", file=sys.stderr)
        return 2
    report = {game.name: game_report(game, args.seconds, args.seed) for game in games}
    if args.json:
        print(json.dumps(report))
    else:
        print_engine_report(report)
    return 0


def timed(work: Callable[[], tuple[int, int]], seconds: float) -> tuple[int, int, float]:
    """Call ``work() -> (units, actions)`` until ``seconds`` of CPU time have passed (at
    least once); the units, actions and CPU seconds in all."""
    units = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        u, a = work()
        units += u
        actions += a
        now = time.process_time()
        if now >= deadline:
            return units, actions, max(now - start, 1e-9)


def random_game(
    game: registry.AnyGame, seed: int, rng: random.Random
) -> tuple[Any, int, list[Any]]:
    """One game played at random from ``game.new(default options, seed)``: its last state,
    the actions taken, and every state where some seat was to act."""
    state = game.new(game.default_options(), seed)
    actions = 0
    states: list[Any] = []
    while True:
        movers = game.to_move(state)
        if not movers:
            return state, actions, states
        states.append(state)
        seat = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        actions += 1


def whole_games(game: registry.AnyGame, seconds: float, seed: int) -> dict[str, float]:
    """Whole games through the contract (``to_move``, ``legal_actions``, ``apply``)."""
    rng = random.Random(seed)
    deals = 0
    played = 0

    def one() -> tuple[int, int]:
        nonlocal deals, played
        state, actions, _ = random_game(game, seed * 7919 + played, rng)
        played += 1
        deals += len(game.deal_scores(state))
        return 1, actions

    games, actions, spent = timed(one, seconds)
    return {
        "games_per_second": round(games / spent, 2),
        "deals_per_second": round(deals / spent),
        "actions_per_second": round(actions / spent),
    }


def resamples(game: registry.AnyGame, seconds: float, seed: int) -> float:
    """``game.resample`` calls per second over the states of a random game, each seat's
    turn about."""
    rng = random.Random(seed)
    _, _, states = random_game(game, seed, rng)
    n = 0
    seats = game.seat_count(game.default_options())

    def sweep() -> tuple[int, int]:
        nonlocal n
        for s in states:
            game.resample(s, n % seats, rng)
            n += 1
        return len(states), 0

    calls, _, spent = timed(sweep, seconds)
    return round(calls / spent)


def views(game: registry.AnyGame, seconds: float, seed: int) -> float:
    """Seats' views per second over the states of a random game, each as the server sends
    it: ``game.view(state, seat).to_json()`` encoded to JSON (every seat of every state:
    a server builds them all for each action)."""
    rng = random.Random(seed)
    _, _, states = random_game(game, seed, rng)
    seats = range(game.seat_count(game.default_options()))

    def sweep() -> tuple[int, int]:
        for s in states:
            for seat in seats:
                orjson.dumps(game.view(s, seat).to_json())
        return len(states) * len(seats), 0

    calls, _, spent = timed(sweep, seconds)
    return round(calls / spent)


def _unit_work(unit: Bench, rng: random.Random) -> Callable[[], tuple[int, int]]:
    return lambda: (1, unit(rng))


def game_report(game: registry.AnyGame, seconds: float, seed: int) -> dict[str, Any]:
    units = {}
    for name, unit in game.benchmarks().items():
        count, actions, spent = timed(_unit_work(unit, random.Random(seed)), seconds)
        units[name] = {
            "units_per_second": round(count / spent),
            "actions_per_second": round(actions / spent),
        }
    return {
        "title": game.title,
        "seats": game.seats,
        "whole_games": whole_games(game, seconds * 2, seed),
        "resamples_per_second": resamples(game, seconds, seed),
        "views_per_second": views(game, seconds, seed),
        "units": units,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_measurement": seconds,
    }


def print_engine_report(report: dict[str, Any]) -> None:
    for name, rep in report.items():
        print(f"{rep['title']} ({name}): random play on one core, CPU time, Python {rep['python']}")
        print(f"{'what':<30}{'per second':>12}{'actions/s':>12}")
        g = rep["whole_games"]
        print(
            f"{'whole games':<30}{g['games_per_second']:>12,}{g['actions_per_second']:>12,}"
            f"   ({g['deals_per_second']:,} deals/s, through legal_actions/apply)"
        )
        print(f"{'resamples':<30}{rep['resamples_per_second']:>12,}")
        print(f"{'seat views, encoded':<30}{rep['views_per_second']:>12,}")
        for unit, rate in rep["units"].items():
            print(f"{unit:<30}{rate['units_per_second']:>12,}{rate['actions_per_second']:>12,}")
        print()
