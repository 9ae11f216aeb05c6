"""``bolola arena``: bots against each other over duplicate deals, for every registered game.

    bolola arena --bots expert,club,club,club --deals 200 --seed 1
    bolola arena --bots club,beginner --deals 400 --contract queens --json
    bolola arena --bots club,beginner --matches 20 --records games.jsonl
    bolola arena --game GAME --bots expert,club --deals 100 --jobs 1 --timing

The game is ``--game`` (default: :data:`bolola.registry.FLAGSHIP`); the arena speaks to it
only through the engine contract and its hooks, whatever its number of seats.

Duplicate play: every deal (or match) is played once per rotation of the bots over the
seats, on the same seed, so each bot holds every hand and the luck of the cards cancels.
The last bot of ``--bots`` is the *baseline* (a shorter list is padded with it). With
more than two seats every game is also replayed with the baseline in place of each other
bot, seat by seat, and the report gives each bot's *paired* difference with the baseline
on the very same cards. With two seats the two seatings are that comparison already:
``paired`` is the first bot's points minus the second's, averaged over both seatings
(and the first bot's ``paired_vs_baseline`` is the same figure).

Unit ``i`` (a deal, or a whole match with ``--matches``) starts as ``game.new`` with the
seed ``mix(--seed, i)`` and the table options seated by ``game.seat_options`` with seat
``i % seats`` ranked first (so a first declarer chosen by rank rotates); every bot decision
gets a seed made of the same numbers, so the report depends on ``--seed`` and nothing
else: not on ``--jobs``, not on timing. Bots see only ``game.view(state, seat)`` and
``game.legal_actions(state, seat)``; where several seats act at once, they act in seat
order, each with its view taken just before it acts. Their wall-clock cap
(``--seconds``, ``Budget.seconds``) is set high so that only ``Budget.samples`` bounds
their effort and a loaded machine cannot change a result.

A unit is scored through ``game.deal_scores``: a deal's points, or a match's points per
deal. The report gives, per bot level, its mean points per deal with a 95% confidence
interval (the unit of sampling is the deal or match: its games are averaged first), the
same per deal label (``DealScore.label``, a contract…: ``per_contract``), the paired
difference with the baseline, and an Elo estimate from which seat scored more in each
game (baseline = 1500). ``--json`` prints it as one object::

    {"game": "…", "lineup": ["club", "beginner", "beginner", "beginner"],
     "bots": {"club": {"mean": -12.5, "ci95": [-20.1, -4.9], "n": 200, "elo": 1580.2,
                       "per_contract": {"queens": {"mean": …, "ci95": […], "n": …}, …},
                       "paired_vs_baseline": {"mean": …, "ci95": […], "n": …}}, …},
     "baseline": "beginner", "mode": "deals", "deals": 200, "seed": 1, "games": 1600,
     "options": {…}, "contract": null}

plus ``"matches": N`` with ``--matches``, ``"paired"`` for a two-seat game, and with
``--timing`` ``"timing": {level: {"decisions", "median_ms", "p95_ms", "max_ms"}}``, each
bot's CPU time per decision over every game it played (not deterministic, so only on
request).

``--contract X`` keeps, whenever some legal actions are ``X`` or ``X:…`` (contracts such
as ``queens``, ``trumps``, ``trumps:S``), only those; it must match an action at the start
of the first deal. ``--option key=value`` sets a table option, the value in JSON
(``--option key=true``, ``--option key=150``; ``game.parse_options`` checks them).
``--records FILE`` writes every game as JSON Lines in the referee's format
(``game.deal_record``, or ``game.match_record`` with ``--matches``), each with an ``arena``
key saying where it came from; ``bolola score FILE`` replays and scores them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TextIO, TypeVar

from bolola import registry
from bolola.bots.base import LEVELS, Bot, Budget, make_bot
from bolola.cli import option_pairs
from bolola.engine import DealScore, RecordError, Seated

S = TypeVar("S")
U = TypeVar("U")


@dataclass(frozen=True, slots=True)
class Setup:
    """What an arena run plays: one bot level per seat (rotated; the last is the
    baseline), the game and its table options (JSON form), the mode."""

    lineup: tuple[str, ...]
    seed: int
    game: str = registry.FLAGSHIP
    matches: bool = False
    contract: str | None = None  # keep only the legal actions X or X:… where there are some
    samples: int = 0  # the bots' Budget.samples (0: each level's default)
    seconds: float = 30.0  # the bots' wall-clock cap: high, so that it never binds
    records: bool = False
    timing: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def baseline(self) -> str:
        return self.lineup[-1]

    @property
    def seats(self) -> int:
        return len(self.lineup)


@dataclass(frozen=True, slots=True)
class Played:
    """One game: which level sat where, what each seat scored, deal by deal too."""

    rotation: int
    levels: tuple[str, ...]  # per seat
    scores: tuple[int, ...]  # per seat, over the game's deals
    deals: tuple[DealScore, ...]  # every deal of the game: 1, or a match's
    substitute: int | None  # the seat where the baseline replaced the lineup's bot
    record: dict[str, Any] | None = None
    cpu_ms: tuple[tuple[float, ...], ...] = ()  # per seat, per decision (with timing)


@dataclass(slots=True)
class Unit:
    """Every game of one deal (or match) number: the rotations and their substitutions."""

    index: int
    games: list[Played] = field(default_factory=list)


# --- playing ---------------------------------------------------------------------------

_BOTS: dict[tuple[str, str, int, float], Bot] = {}


def _bot(level: str, samples: int, seconds: float, game: str = registry.FLAGSHIP) -> Bot:
    """One bot per (game, level, budget) in each process: bots keep caches worth reusing."""
    key = (game, level, samples, seconds)
    if key not in _BOTS:
        _BOTS[key] = make_bot(game, level, Budget(samples=samples, seconds=seconds))
    return _BOTS[key]


def _mix(*parts: int) -> int:
    """A seed from numbers, the same in every process (``hash`` is not)."""
    h = 0x9E3779B97F4A7C15
    for p in parts:
        h = (h ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0x100000001B3 & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 29
    return h & 0x7FFFFFFFFFFFFFFF


def rotation_levels(lineup: Sequence[str], rotation: int) -> tuple[str, ...]:
    """Seat ``s`` holds ``lineup[(s - rotation) % seats]``."""
    n = len(lineup)
    return tuple(lineup[(s - rotation) % n] for s in range(n))


def deal_start(
    seed: int,
    index: int,
    options: Mapping[str, Any] | None = None,
    game: str = registry.FLAGSHIP,
) -> Any:
    """Unit ``index`` of a run with this seed, before anyone acts: a new game from the seed
    ``mix(seed, index)``, its options seated with seat ``index % seats`` ranked first."""
    g = registry.find(game)
    parsed = g.parse_options(options or {})
    n = g.seat_count(parsed)
    seated = [Seated(f"seat{s}", 1.0 if s == index % n else 0.0) for s in range(n)]
    return g.new(g.seat_options(parsed, seated), _mix(seed, index))


def _forced(text: str, contract: str) -> bool:
    return text == contract or text.startswith(contract + ":")


def _done(game: registry.AnyGame, state: Any, matches: bool) -> bool:
    if game.outcome(state) is not None:
        return True
    return not matches and len(game.deal_scores(state)) >= 1


def _play(
    setup: Setup, index: int, levels: Sequence[str], rotation: int
) -> tuple[Any, tuple[tuple[float, ...], ...]]:
    """Play one deal (or, with ``setup.matches``, one match) from its start to its end;
    the state, and each seat's CPU ms per decision (with ``setup.timing``)."""
    game = registry.find(setup.game)
    state = deal_start(setup.seed, index, setup.options, setup.game)
    bots = [_bot(level, setup.samples, setup.seconds, setup.game) for level in levels]
    times: list[list[float]] = [[] for _ in levels]
    step = 0
    while not _done(game, state, setup.matches):
        movers = game.to_move(state)
        if not movers:
            raise RuntimeError(f"{game.name}: no seat to move in a game not over")
        seat = movers[0]  # several seats at once: in seat order, one by one
        legal = game.legal_actions(state, seat)
        if setup.contract is not None:
            forced = tuple(a for a in legal if _forced(str(a), setup.contract))
            legal = forced or legal
        view = game.view(state, seat)
        started = time.process_time() if setup.timing else 0.0
        action = bots[seat].choose(view, legal, _mix(setup.seed, index, rotation, step))
        if setup.timing:
            times[seat].append((time.process_time() - started) * 1000.0)
        state, _ = game.apply(state, seat, action)
        step += 1
    return state, tuple(tuple(t) for t in times) if setup.timing else ()


def _played(
    setup: Setup, index: int, rotation: int, levels: tuple[str, ...], sub: int | None
) -> Played:
    game = registry.find(setup.game)
    state, times = _play(setup, index, levels, rotation)
    deals = game.deal_scores(state)
    if not setup.matches:
        deals = deals[:1]
    scores = tuple(sum(d.points[s] for d in deals) for s in range(len(levels)))
    record = None
    if setup.records:
        where = {
            "seed": setup.seed,
            "index": index,
            "rotation": rotation,
            "bots": list(levels),
            "substitute": sub,
        }
        if setup.matches:
            record = {**game.match_record(state, list(levels)), "arena": where}
        else:
            record = {**game.deal_record(state, 1), "arena": where}
    return Played(rotation, levels, scores, tuple(deals), sub, record, times)


def play_unit(setup: Setup, index: int) -> Unit:
    """Every game of deal (or match) ``index``: one per rotation, and with more than two
    seats, for each seat not held by the baseline, the same game with the baseline there."""
    unit = Unit(index)
    n = setup.seats
    for rotation in range(n):
        levels = rotation_levels(setup.lineup, rotation)
        unit.games.append(_played(setup, index, rotation, levels, None))
        if n <= 2:
            continue
        for seat in range(n):
            if levels[seat] != setup.baseline:
                swapped = tuple(setup.baseline if s == seat else levels[s] for s in range(n))
                unit.games.append(_played(setup, index, rotation, swapped, seat))
    return unit


def play_units(setup: Setup, count: int, jobs: int, progress: bool = False) -> list[Unit]:
    """Units ``0 .. count-1`` over ``jobs`` processes, in index order whatever the jobs."""
    what = "matches" if setup.matches else "deals"
    return run_units(play_unit, setup, count, jobs, what if progress else None)


def run_units(
    play: Callable[[S, int], U], setup: S, count: int, jobs: int, shown: str | None
) -> list[U]:
    """``play(setup, i)`` for ``i`` in ``0 .. count-1`` over ``jobs`` processes, in index
    order whatever the jobs; ``shown`` names the units of a progress bar (None: no bar).
    ``play`` must be a module-level function (it crosses to the worker processes)."""
    units: dict[int, U] = {}
    with _progress(shown is not None, count, shown or "") as advance:
        if jobs <= 1:
            for i in range(count):
                units[i] = play(setup, i)
                advance()
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = {pool.submit(play, setup, i): i for i in range(count)}
                for future in as_completed(futures):
                    units[futures[future]] = future.result()
                    advance()
    return [units[i] for i in range(count)]


class _progress:  # noqa: N801 (a context manager used like a function)
    """A rich progress bar on stderr (or nothing), yielding its ``advance``."""

    def __init__(self, shown: bool, total: int, what: str) -> None:
        self.shown = shown
        self.total = total
        self.what = what
        self.bar: Any = None

    def __enter__(self) -> Any:
        if not self.shown:
            return lambda: None
        from rich.console import Console
        from rich.progress import Progress

        self.bar = Progress(console=Console(stderr=True), transient=True)
        self.bar.start()
        task = self.bar.add_task(f"arena {self.what}", total=self.total)
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


# --- the report ------------------------------------------------------------------------


def interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean, normal 95% confidence interval, count (the CI is the mean alone for n < 2)."""
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": None, "n": 0}
    mean = math.fsum(values) / n
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)], "n": n}


def elo(
    games: Sequence[Played],
    levels: Sequence[str],
    baseline: str,
    teams: Sequence[Sequence[int]] | None = None,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale from every pair of seats of different
    levels (and not partners) in each game (more points wins the pair, equal points half
    each); one drawn game between each level and the baseline is added as a prior so
    ratings stay finite. With two seats: the first bot's share of the games it won."""
    partners = {(a, b) for team in teams or () for a in team for b in team}
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for g in games:
        n = len(g.levels)
        for a in range(n):
            for b in range(a + 1, n):
                la, lb = g.levels[a], g.levels[b]
                if la == lb or (a, b) in partners:
                    continue
                sa = 1.0 if g.scores[a] > g.scores[b] else 0.5 if g.scores[a] == g.scores[b] else 0
                wins[(la, lb)] += sa
                wins[(lb, la)] += 1.0 - sa
    for level in levels:
        if level != baseline:
            wins[(level, baseline)] += 0.5
            wins[(baseline, level)] += 0.5
    gamma = dict.fromkeys(levels, 1.0)
    for _ in range(200):
        new = {}
        for i in levels:
            won = sum(wins[(i, j)] for j in levels if j != i)
            denom = sum(
                (wins[(i, j)] + wins[(j, i)]) / (gamma[i] + gamma[j]) for j in levels if j != i
            )
            new[i] = won / denom if denom else 1.0
        base = new[baseline] or 1.0
        gamma = {k: max(v / base, 1e-9) for k, v in new.items()}
    return {k: round(1500 + 400 * math.log10(v), 1) for k, v in gamma.items()}


def _spread(times: Sequence[float]) -> dict[str, Any]:
    ordered = sorted(times)
    if not ordered:
        return {"decisions": 0}
    return {
        "decisions": len(ordered),
        "median_ms": round(ordered[len(ordered) // 2], 3),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
        "max_ms": round(ordered[-1], 3),
    }


def report(setup: Setup, units: Sequence[Unit]) -> dict[str, Any]:
    game = registry.find(setup.game)
    levels = list(dict.fromkeys(setup.lineup))
    per_unit: dict[str, list[float]] = defaultdict(list)
    paired: dict[str, list[float]] = defaultdict(list)
    first_minus_second: list[float] = []  # two seats: lineup[0] minus lineup[1]
    label_points: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    times: dict[str, list[float]] = defaultdict(list)
    main_games: list[Played] = []
    main_deals = 0
    for unit in units:
        mains = {g.rotation: g for g in unit.games if g.substitute is None}
        main_games.extend(mains.values())
        sums: dict[str, list[float]] = defaultdict(list)
        gaps: list[float] = []
        for g in mains.values():
            main_deals += len(g.deals)
            for s, level in enumerate(g.levels):
                sums[level].append(g.scores[s] / len(g.deals))
            for deal in g.deals:
                for s, level in enumerate(g.levels):
                    label_points[level][deal.label].append(deal.points[s])
            if setup.seats == 2:
                me = g.rotation  # the seat of lineup[0]
                gaps.append((g.scores[me] - g.scores[1 - me]) / len(g.deals))
        for level, xs in sums.items():
            per_unit[level].append(math.fsum(xs) / len(xs))
        if gaps:
            first_minus_second.append(math.fsum(gaps) / len(gaps))
        diffs: dict[str, list[float]] = defaultdict(list)
        for g in unit.games:
            for s, level in enumerate(g.levels):
                times[level].extend(g.cpu_ms[s] if g.cpu_ms else ())
            if g.substitute is None:
                continue
            main = mains[g.rotation]
            s = g.substitute
            diffs[main.levels[s]].append((main.scores[s] - g.scores[s]) / len(g.deals))
        for level, xs in diffs.items():
            paired[level].append(math.fsum(xs) / len(xs))
    if setup.seats == 2 and setup.lineup[0] != setup.baseline:
        paired[setup.lineup[0]] = first_minus_second
    ratings = elo(main_games, levels, setup.baseline, game.teams)
    bots: dict[str, Any] = {}
    for level in levels:
        entry = interval(per_unit[level])
        entry["elo"] = ratings[level]
        entry["per_contract"] = {
            label: interval(xs) for label, xs in sorted(label_points[level].items())
        }
        entry["paired_vs_baseline"] = None if level == setup.baseline else interval(paired[level])
        bots[level] = entry
    count = len(units)
    out: dict[str, Any] = {
        "game": setup.game,
        "bots": bots,
        "lineup": list(setup.lineup),
        "baseline": setup.baseline,
        "mode": "matches" if setup.matches else "deals",
        "deals": round(main_deals / setup.seats) if setup.matches else count,
        "seed": setup.seed,
        "games": sum(len(u.games) for u in units),
        "options": game.parse_options(setup.options).to_json(),
        "contract": setup.contract,
    }
    if setup.matches:
        out["matches"] = count
    if setup.seats == 2:
        out["paired"] = interval(first_minus_second)
    if setup.timing:
        out["timing"] = {level: _spread(times[level]) for level in levels}
    return out


def records_of(units: Sequence[Unit]) -> Iterator[dict[str, Any]]:
    for unit in units:
        for g in unit.games:
            if g.record is not None:
                yield g.record


def print_report(rep: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    def ci(entry: dict[str, Any] | None) -> str:
        if not entry or entry["mean"] is None:
            return "-"
        lo, hi = entry["ci95"]
        return f"{entry['mean']:+.1f} [{lo:+.1f}, {hi:+.1f}]"

    what = f"{rep['matches']} matches" if rep["mode"] == "matches" else f"{rep['deals']} deals"
    forced = f", contract {rep['contract']}" if rep["contract"] else ""
    title = (
        f"arena {rep['game']} {','.join(rep['lineup'])}: {what}, seed {rep['seed']}{forced}, "
        f"{rep['games']} games; baseline {rep['baseline']}"
    )
    timing = rep.get("timing")
    table = Table(title=title)
    table.add_column("bot")
    table.add_column("points/deal [95% CI]", justify="right")
    table.add_column(f"vs {rep['baseline']} same seat [95% CI]", justify="right")
    table.add_column("Elo", justify="right")
    if timing:
        table.add_column("CPU ms/decision median, p95", justify="right")
    for level, entry in rep["bots"].items():
        row = [level, ci(entry), ci(entry["paired_vs_baseline"]), f"{entry['elo']:.0f}"]
        if timing:
            t = timing[level]
            row.append(f"{t.get('median_ms', 0):.2f}, {t.get('p95_ms', 0):.2f}")
        table.add_row(*row)
    labels = Table(title="points per deal, by deal label (contract) [95% CI]")
    labels.add_column("label")
    names = sorted({c for e in rep["bots"].values() for c in e["per_contract"]})
    for level in rep["bots"]:
        labels.add_column(level, justify="right")
    for c in names:
        labels.add_row(c, *(ci(e["per_contract"].get(c)) for e in rep["bots"].values()))
    console = Console()
    console.print(table)
    if len(names) > 1:
        console.print(labels)
    if "paired" in rep:
        first, second = rep["lineup"]
        console.print(
            f"{first} minus {second}, same cards, points per deal: {ci(rep['paired'])} (95% CI)"
        )


# --- the command -----------------------------------------------------------------------


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument(
        "--game",
        default=registry.FLAGSHIP,
        help=f"a registered game (default {registry.FLAGSHIP})",
    )
    parser.add_argument(
        "--bots",
        default="club,beginner",
        help="comma-separated levels (beginner, club, expert), at most one per seat, "
        "rotated over the seats; the last is the baseline and fills missing seats "
        "(default: club,beginner)",
    )
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (default 100)")
    parser.add_argument(
        "--matches", type=int, default=0, help="play N whole matches instead of deals"
    )
    parser.add_argument(
        "--contract",
        help="keep only the legal actions X or X:… wherever there are some (contracts such "
        "as queens, trumps, trumps:S…); default: the bots choose",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option, the value in JSON (--option key=true); repeatable",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: all cores)")
    parser.add_argument(
        "--samples", type=int, default=0, help="Budget.samples for the bots (0: defaults)"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=30.0,
        help="Budget.seconds, the bots' wall-clock cap per decision (default 30: high, so "
        "that a busy machine cannot change a result)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--records", metavar="FILE", help="write every game as JSON Lines")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument(
        "--timing", action="store_true", help="add each bot's CPU time per decision"
    )


def _options(game: registry.AnyGame, items: Sequence[str]) -> dict[str, Any]:
    """``key=value`` items (the value in JSON, else a string) as the game's options."""
    return dict(game.parse_options(option_pairs(items)).to_json())


def _contract(game: registry.AnyGame, text: str, start: Any) -> str:
    """``--contract``'s text form, if some legal action at the start of a game matches it."""
    try:
        contract = str(game.parse_action(text.strip()))
    except RecordError:
        contract = text.strip()
    for seat in game.to_move(start):
        if any(_forced(str(a), contract) for a in game.legal_actions(start, seat)):
            return contract
    raise RecordError(f"--contract {text} matched no action of {game.name}")


def setup_of(args: argparse.Namespace) -> Setup:
    """The run an ``arena`` command line asks for; bad values raise :class:`RecordError`."""
    game = registry.find(str(getattr(args, "game", None) or registry.FLAGSHIP).strip().lower())
    names = [n.strip().lower() for n in str(args.bots).split(",") if n.strip()]
    options = _options(game, getattr(args, "option", None) or [])
    seats = game.seat_count(game.parse_options(options))
    if not 1 <= len(names) <= seats:
        raise RecordError(f"--bots takes 1 to {seats} comma-separated levels for {game.name}")
    for n in names:
        if n not in LEVELS:
            raise RecordError(f"unknown bot level {n!r} (known: {', '.join(LEVELS)})")
        make_bot(game.name, n)  # a level without a bot for this game fails here, clearly
    lineup = (*names, *[names[-1]] * (seats - len(names)))
    matches = int(getattr(args, "matches", 0) or 0)
    deals = int(getattr(args, "deals", 0) or 0)
    if matches < 0 or (not matches and deals < 1):
        raise RecordError("--deals and --matches must be positive")
    seconds = float(getattr(args, "seconds", 30.0))
    if seconds <= 0:
        raise RecordError("--seconds must be positive")
    seed = int(args.seed)
    contract = None
    if getattr(args, "contract", None):
        if matches:
            raise RecordError("--contract is for single deals, not --matches")
        contract = _contract(game, args.contract, deal_start(seed, 0, options, game.name))
    return Setup(
        lineup=lineup,
        seed=seed,
        game=game.name,
        matches=matches > 0,
        contract=contract,
        samples=max(0, int(getattr(args, "samples", 0) or 0)),
        seconds=seconds,
        records=bool(getattr(args, "records", None)),
        timing=bool(getattr(args, "timing", False)),
        options=options,
    )


def run(args: argparse.Namespace) -> int:
    try:
        setup = setup_of(args)
    except RecordError as e:
        print(f"bolola arena: {e}", file=sys.stderr)
        return 2
    with contextlib.ExitStack() as stack:
        records: TextIO | None = None
        if args.records:
            try:  # a file that cannot be written fails now, not after the run
                records = stack.enter_context(open(args.records, "w", encoding="utf-8"))
            except OSError as e:
                print(f"bolola arena: cannot write {args.records}: {e}", file=sys.stderr)
                return 2
        count = args.matches if setup.matches else args.deals
        jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
        shown = not args.no_progress and sys.stderr.isatty()
        units = play_units(setup, count, min(jobs, count), progress=shown)
        if records is not None:
            for record in records_of(units):
                records.write(json.dumps(record) + "\n")
    rep = report(setup, units)
    if args.json:
        print(json.dumps(rep))
    else:
        print_report(rep)
    return 0
