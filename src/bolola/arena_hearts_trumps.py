"""``bolola arena --game hearts-trumps``: two Hearts Are Trumps bots over duplicate deals.

    bolola arena --game hearts-trumps --bots expert,club --deals 100 --seed 1 --jobs 1
    bolola arena --game hearts-trumps --bots club,beginner --deals 200 --json --timing

Duplicate play: every deal is played twice on the very same cards, the two bots swapping
seats, so each bot holds both hands and the luck of the deal cancels. A deal is the first
deal of a match with a seed made of ``--seed`` and the deal's number; every bot decision
gets a seed made of the same, so the report depends on ``--seed`` alone (not on
``--jobs``, not on timing: the bots' wall-clock cap ``--seconds`` is set high so that
only ``Budget.samples`` bounds their effort).

The report gives each bot's mean points per deal with a 95% confidence interval (the
unit of sampling is the deal: its two games are averaged first), the *paired*
difference per deal of the first bot over the second (its points minus the other's,
averaged over the two seatings) with its 95% interval, and an Elo estimate from which
bot scored more in each game (the second bot = 1500). ``--json`` prints it as one
object::

    {"game": "hearts-trumps", "lineup": ["expert", "club"], "baseline": "club",
     "deals": 100, "seed": 1, "games": 200,
     "bots": {"expert": {"mean": 55.5, "ci95": […], "n": 100, "elo": 1629.6}, …},
     "paired": {"mean": 24.2, "ci95": [20.3, 28.0], "n": 100}}

``--timing`` adds ``"timing": {level: {"decisions", "median_ms", "p95_ms", "max_ms"}}``,
each bot's CPU time per decision (not deterministic, so only on request).
``--records FILE`` writes every game as a deal record in the referee's format (JSON
Lines), each with an ``arena`` key saying where it came from; ``bolola score FILE``
replays and scores them.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from bolola.arena import _bot, _mix, interval, run_units
from bolola.bots.base import LEVELS, make_bot
from bolola.engine import RecordError
from bolola.games.hearts_trumps.match import GAME, Match
from bolola.games.hearts_trumps.placement import Place
from bolola.games.hearts_trumps.records import deal_record

GAME_NAME = "hearts-trumps"


@dataclass(frozen=True, slots=True)
class Setup:
    """What a run plays: two bots (the second is the baseline), seated both ways."""

    lineup: tuple[str, str]
    seed: int
    samples: int = 0  # the bots' Budget.samples (0: each level's default)
    seconds: float = 30.0  # the bots' wall-clock cap: high, so that it never binds
    records: bool = False
    timing: bool = False

    @property
    def baseline(self) -> str:
        return self.lineup[1]

    @property
    def matches(self) -> bool:  # for the shared progress bar
        return False


@dataclass(frozen=True, slots=True)
class Played:
    """One deal played once: which level sat where, each seat's points."""

    rotation: int  # 0: lineup[0] in seat 0; 1: seats swapped
    levels: tuple[str, str]
    points: tuple[int, int]
    record: dict[str, Any] | None = None
    cpu_ms: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())  # per seat, per decision


@dataclass(slots=True)
class Unit:
    """Both seatings of one deal."""

    index: int
    games: list[Played] = field(default_factory=list)


def deal_start(seed: int, index: int) -> Match:
    """Deal ``index`` of a run with this seed: the first deal of its own match."""
    return GAME.new(GAME.default_options(), _mix(seed, index))


def play_game(setup: Setup, index: int, rotation: int) -> Played:
    """Deal ``index`` played to its score, ``lineup[0]`` in seat ``rotation``."""
    a, b = setup.lineup
    levels = (a, b) if rotation == 0 else (b, a)
    state = deal_start(setup.seed, index)
    bots = [_bot(level, setup.samples, setup.seconds, GAME_NAME) for level in levels]
    times: tuple[list[float], list[float]] = ([], [])
    step = 0
    while not state.history:
        for seat in GAME.to_move(state):
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            started = time.process_time() if setup.timing else 0.0
            action = cast(
                Place, bots[seat].choose(view, legal, _mix(setup.seed, index, seat, step))
            )
            if setup.timing:
                times[seat].append((time.process_time() - started) * 1000.0)
            state, _ = GAME.apply(state, seat, action)
        step += 1
    summary = state.history[0]
    record = None
    if setup.records:
        where = {"seed": setup.seed, "index": index, "rotation": rotation, "bots": list(levels)}
        record = {
            "game": GAME_NAME,
            **deal_record(summary),
            "options": GAME.default_options().to_json(),
            "arena": where,
        }
    p = summary.points
    return Played(rotation, levels, (p[0], p[1]), record, (tuple(times[0]), tuple(times[1])))


def play_unit(setup: Setup, index: int) -> Unit:
    return Unit(index, [play_game(setup, index, rotation) for rotation in (0, 1)])


def play_units(setup: Setup, count: int, jobs: int, progress: bool = False) -> list[Unit]:
    """Units ``0 .. count-1`` over ``jobs`` processes, in index order whatever the jobs."""
    return run_units(play_unit, setup, count, jobs, "deals" if progress else None)


def _spread(times: list[float]) -> dict[str, Any]:
    times = sorted(times)
    if not times:
        return {"decisions": 0}
    return {
        "decisions": len(times),
        "median_ms": round(times[len(times) // 2], 3),
        "p95_ms": round(times[int(0.95 * (len(times) - 1))], 3),
        "max_ms": round(times[-1], 3),
    }


def elo(won: float, games: int) -> float:
    """The first bot's Elo rating with the baseline at 1500, from its share of the games
    in which it scored more (equal points: half), one drawn game added as a prior so
    that the rating stays finite."""
    share = (won + 0.5) / (games + 1)
    return round(1500.0 + 400.0 * math.log10(share / (1.0 - share)), 1)


def report(setup: Setup, units: Sequence[Unit]) -> dict[str, Any]:
    baseline = setup.lineup[1]
    levels = list(dict.fromkeys(setup.lineup))
    per_deal: dict[str, list[float]] = {level: [] for level in levels}
    paired: list[float] = []
    won = 0.0
    times: dict[str, list[float]] = {level: [] for level in levels}
    for unit in units:
        sums: dict[str, list[float]] = {level: [] for level in levels}
        diffs = []
        for g in unit.games:
            for seat in (0, 1):
                sums[g.levels[seat]].append(g.points[seat])
                times[g.levels[seat]].extend(g.cpu_ms[seat])
            s = g.rotation  # the seat of lineup[0]
            diffs.append(g.points[s] - g.points[1 - s])
            mine, theirs = g.points[s], g.points[1 - s]
            won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        for level, xs in sums.items():
            per_deal[level].append(math.fsum(xs) / len(xs))
        paired.append(math.fsum(diffs) / len(diffs))
    ratings = elo(won, sum(len(u.games) for u in units))
    bots = {level: interval(per_deal[level]) for level in levels}
    bots[setup.lineup[0]]["elo"] = ratings
    bots[baseline]["elo"] = 1500.0
    out: dict[str, Any] = {
        "game": GAME_NAME,
        "lineup": list(setup.lineup),
        "baseline": baseline,
        "deals": len(units),
        "seed": setup.seed,
        "games": sum(len(u.games) for u in units),
        "bots": bots,
        "paired": interval(paired),
    }
    if setup.timing:
        out["timing"] = {level: _spread(times[level]) for level in levels}
    return out


def print_report(rep: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    def ci(entry: dict[str, Any]) -> str:
        if entry["mean"] is None:
            return "-"
        lo, hi = entry["ci95"]
        return f"{entry['mean']:+.1f} [{lo:+.1f}, {hi:+.1f}]"

    first, baseline = rep["lineup"]
    title = (
        f"arena hearts-trumps {first},{baseline}: {rep['deals']} deals, seed {rep['seed']}, "
        f"{rep['games']} games"
    )
    table = Table(title=title)
    table.add_column("bot")
    table.add_column("points/deal [95% CI]", justify="right")
    table.add_column("Elo", justify="right")
    if "timing" in rep:
        table.add_column("CPU ms/decision median, p95", justify="right")
    for level, entry in rep["bots"].items():
        row = [level, ci(entry), f"{entry['elo']:.0f}"]
        if "timing" in rep:
            t = rep["timing"][level]
            row.append(f"{t.get('median_ms', 0):.2f}, {t.get('p95_ms', 0):.2f}")
        table.add_row(*row)
    console = Console()
    console.print(table)
    console.print(
        f"{first} minus {baseline}, same cards, points per deal: {ci(rep['paired'])} (95% CI)"
    )


def setup_of(args: argparse.Namespace) -> Setup:
    """The run an ``arena --game hearts-trumps`` command line asks for; bad values raise
    :class:`RecordError`."""
    names = [n.strip().lower() for n in str(args.bots).split(",") if n.strip()]
    if not 1 <= len(names) <= 2:
        raise RecordError("--bots takes 1 or 2 comma-separated levels for hearts-trumps")
    for n in names:
        if n not in LEVELS:
            raise RecordError(f"unknown bot level {n!r} (known: {', '.join(LEVELS)})")
        make_bot(GAME_NAME, n)
    if args.contract or args.matches or getattr(args, "king_under_ace", False):
        raise RecordError("--contract, --matches and --king-under-ace are King Bolola options")
    if args.seconds <= 0:
        raise RecordError("--seconds must be positive")
    if args.deals < 1:
        raise RecordError("--deals must be positive")
    lineup = (names[0], names[-1])
    return Setup(
        lineup=lineup,
        seed=args.seed,
        samples=max(0, args.samples),
        seconds=args.seconds,
        records=bool(args.records),
        timing=bool(getattr(args, "timing", False)),
    )


def run(args: argparse.Namespace) -> int:
    try:
        setup = setup_of(args)
    except RecordError as e:
        print(f"bolola arena: {e}", file=sys.stderr)
        return 2
    count = args.deals
    jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    shown = not args.no_progress and sys.stderr.isatty()
    units = play_units(setup, count, min(jobs, count), progress=shown)
    rep = report(setup, units)
    if args.records:
        try:
            with open(args.records, "w", encoding="utf-8") as f:
                for unit in units:
                    for g in unit.games:
                        f.write(json.dumps(g.record) + "\n")
        except OSError as e:
            print(f"bolola arena: cannot write {args.records}: {e}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(rep))
    else:
        print_report(rep)
    return 0
