"""``bolola arena``: King Bolola bots against each other over duplicate deals
(``--game hearts-trumps``: see :mod:`bolola.arena_hearts_trumps`).

    bolola arena --bots expert,club,club,club --deals 200 --seed 1
    bolola arena --bots club,beginner --deals 400 --contract queens --json
    bolola arena --bots club,beginner --matches 20 --records games.jsonl

Duplicate play: every deal (or match) is played once per rotation of the bots over the
four seats, so each bot holds every hand and the luck of the cards cancels. The last bot
of ``--bots`` is the *baseline* (a shorter list is padded with it); every game is also
replayed with the baseline in place of each other bot, seat by seat, and the report gives
each bot's *paired* difference with the baseline on the very same cards.

Each deal's hands and declarer (deal ``i`` is declared by seat ``i % 4``) come from the
seed and the deal's number only, and every bot decision gets a seed made of the same, so
the report depends on ``--seed`` and nothing else: not on ``--jobs``, not on timing.
Bots see only ``game.view(state, seat)`` and ``game.legal_actions(state, seat)``; their
wall-clock cap (``--seconds``, ``Budget.seconds``) is set high so that only
``Budget.samples`` bounds their effort and a loaded machine cannot change a result.

The report gives, per bot level, its mean points per deal with a 95% confidence interval
(the unit of sampling is the deal: its rotations are averaged first), the same per
contract, the paired difference with the baseline, and an Elo estimate from which seat
scored more in each game (baseline = 1500). ``--json`` prints it as one object::

    {"bots": {"club": {"mean": -12.5, "ci95": [-20.1, -4.9], "n": 200, "elo": 1580.2,
                       "per_contract": {"queens": {"mean": …, "ci95": […], "n": …}, …},
                       "paired_vs_baseline": {"mean": …, "ci95": […], "n": …}}, …},
     "baseline": "beginner", "mode": "deals", "deals": 200, "seed": 1, …}

``--records FILE`` writes every game as JSON Lines in the referee's format (deal records,
or match records with ``--matches``), each with an ``arena`` key saying where it came
from; ``bolola score FILE`` replays and scores them.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from bolola.bots.base import LEVELS, Bot, Budget, make_bot
from bolola.cards import Card, Suit
from bolola.engine import RecordError
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import hands_from_seed
from bolola.games.king_bolola.match import DEALS, GAME, Match
from bolola.games.king_bolola.options import KingBololaOptions
from bolola.games.king_bolola.records import match_record

GAME_NAME = "king-bolola"
S = TypeVar("S")
U = TypeVar("U")


@dataclass(frozen=True, slots=True)
class Setup:
    """What an arena run plays: the four seats' bots (rotated), the baseline, the mode."""

    lineup: tuple[str, str, str, str]
    seed: int
    matches: bool = False
    contract: Contract | None = None  # forced contract (deal mode)
    trump: int | None = None  # forced trump suit with a forced ``trumps``
    samples: int = 0  # the bots' Budget.samples (0: each level's default)
    seconds: float = 30.0  # the bots' wall-clock cap: high, so that it never binds
    records: bool = False
    king_under_ace: bool = False  # the table option

    @property
    def baseline(self) -> str:
        return self.lineup[3]


@dataclass(frozen=True, slots=True)
class Played:
    """One game: which level sat where, what each seat scored, per contract too."""

    rotation: int
    levels: tuple[str, ...]  # per seat
    scores: tuple[int, ...]  # per seat, the game's total
    deals: int  # deals in the game: 1, or 24 for a match
    contracts: tuple[tuple[str, tuple[int, ...]], ...]  # (contract, points per seat) per deal
    substitute: int | None  # the seat where the baseline replaced the lineup's bot
    record: dict[str, Any] | None = None


@dataclass(slots=True)
class Unit:
    """Every game of one deal (or match) number: the rotations and their substitutions."""

    index: int
    games: list[Played] = field(default_factory=list)


# --- playing ---------------------------------------------------------------------------

_BOTS: dict[tuple[str, str, int, float], Bot] = {}


def _bot(level: str, samples: int, seconds: float, game: str = GAME_NAME) -> Bot:
    """One bot per (game, level, budget) in each process: bots keep caches worth reusing."""
    key = (game, level, samples, seconds)
    if key not in _BOTS:
        _BOTS[key] = make_bot(game, level, Budget(samples=samples, seconds=seconds))
    return _BOTS[key]


def _mix(*parts: int) -> int:
    """A decision seed from numbers, the same in every process (``hash`` is not)."""
    h = 0x9E3779B97F4A7C15
    for p in parts:
        h = (h ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0x100000001B3 & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 29
    return h & 0x7FFFFFFFFFFFFFFF


def rotation_levels(lineup: Sequence[str], rotation: int) -> tuple[str, ...]:
    """Seat ``s`` holds ``lineup[(s - rotation) % 4]``."""
    return tuple(lineup[(s - rotation) % 4] for s in range(4))


def deal_start(seed: int, index: int, king_under_ace: bool = False) -> Match:
    """Deal ``index`` of a run with this seed, before its contract: a match's first deal
    with the arena's hands for it, declared by seat ``index % 4``."""
    options = KingBololaOptions(king_under_ace, first_declarer=index % 4)
    state = GAME.new(options, _mix(seed, index))
    return state._replace(dealt=hands_from_seed(f"arena:{seed}:{index}"))


def _play(setup: Setup, index: int, levels: Sequence[str], rotation: int) -> Match:
    """Play one deal (or, with ``setup.matches``, one match) from its start to its end."""
    if setup.matches:
        options = KingBololaOptions(setup.king_under_ace, first_declarer=index % 4)
        state = GAME.new(options, _mix(setup.seed, index))
        end = DEALS
    else:
        state = deal_start(setup.seed, index, setup.king_under_ace)
        end = 1
    step = 0
    while state.deal_no < end:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        if state.deal is None and setup.contract is not None:
            legal = tuple(
                a
                for a in legal
                if isinstance(a, Declare)
                and a.contract is setup.contract
                and (setup.trump is None or a.trump == setup.trump)
            )
        bot = _bot(levels[seat], setup.samples, setup.seconds)
        view = GAME.view(state, seat)
        action = cast(
            Card | Declare, bot.choose(view, legal, _mix(setup.seed, index, rotation, step))
        )
        state, _ = GAME.apply(state, seat, action)
        step += 1
    return state


def _played(
    setup: Setup, index: int, rotation: int, levels: tuple[str, ...], sub: int | None
) -> Played:
    state = _play(setup, index, levels, rotation)
    history = state.history
    scores = tuple(sum(h.points[s] for h in history) for s in range(4))
    contracts = tuple((str(h.contract), tuple(h.points)) for h in history)
    record = None
    if setup.records:
        record = _record(setup, index, rotation, levels, sub, state)
    return Played(rotation, levels, scores, len(history), contracts, sub, record)


def _record(
    setup: Setup,
    index: int,
    rotation: int,
    levels: tuple[str, ...],
    sub: int | None,
    state: Match,
) -> dict[str, Any]:
    """The referee's record of a finished game (see the rules' "Records" section)."""
    where = {
        "seed": setup.seed,
        "index": index,
        "rotation": rotation,
        "bots": list(levels),
        "substitute": sub,
    }
    record = match_record(state, list(levels))
    if setup.matches:
        return {**record, "arena": where}
    return {"game": GAME_NAME, **record["deals"][0], "options": record["options"], "arena": where}


def play_unit(setup: Setup, index: int) -> Unit:
    """Every game of deal (or match) ``index``: one per rotation, and for each seat not
    held by the baseline, the same game with the baseline there."""
    unit = Unit(index)
    for rotation in range(4):
        levels = rotation_levels(setup.lineup, rotation)
        unit.games.append(_played(setup, index, rotation, levels, None))
        for seat in range(4):
            if levels[seat] != setup.baseline:
                swapped = tuple(setup.baseline if s == seat else levels[s] for s in range(4))
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


def elo(games: Sequence[Played], levels: Sequence[str], baseline: str) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale from every pair of seats of different
    levels in each game (more points wins the pair, equal points half each); one drawn
    game between each level and the baseline is added as a prior so ratings stay finite."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for g in games:
        for a in range(4):
            for b in range(a + 1, 4):
                la, lb = g.levels[a], g.levels[b]
                if la == lb:
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


def report(setup: Setup, units: Sequence[Unit]) -> dict[str, Any]:
    levels = list(dict.fromkeys(setup.lineup))
    per_unit: dict[str, list[float]] = defaultdict(list)
    paired: dict[str, list[float]] = defaultdict(list)
    contract_points: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    main_games: list[Played] = []
    for unit in units:
        mains = {g.rotation: g for g in unit.games if g.substitute is None}
        main_games.extend(mains.values())
        sums: dict[str, list[float]] = defaultdict(list)
        for g in mains.values():
            for s, level in enumerate(g.levels):
                sums[level].append(g.scores[s] / g.deals)
            for contract, points in g.contracts:
                for s, level in enumerate(g.levels):
                    contract_points[level][contract].append(points[s])
        for level, xs in sums.items():
            per_unit[level].append(math.fsum(xs) / len(xs))
        diffs: dict[str, list[float]] = defaultdict(list)
        for g in unit.games:
            if g.substitute is None:
                continue
            main = mains[g.rotation]
            s = g.substitute
            diffs[main.levels[s]].append((main.scores[s] - g.scores[s]) / g.deals)
        for level, xs in diffs.items():
            paired[level].append(math.fsum(xs) / len(xs))
    ratings = elo(main_games, levels, setup.baseline)
    bots: dict[str, Any] = {}
    for level in levels:
        entry = interval(per_unit[level])
        entry["elo"] = ratings[level]
        entry["per_contract"] = {
            c: interval(xs) for c, xs in sorted(contract_points[level].items())
        }
        entry["paired_vs_baseline"] = None if level == setup.baseline else interval(paired[level])
        bots[level] = entry
    count = len(units)
    out: dict[str, Any] = {
        "bots": bots,
        "lineup": list(setup.lineup),
        "baseline": setup.baseline,
        "mode": "matches" if setup.matches else "deals",
        "deals": count * DEALS if setup.matches else count,
        "seed": setup.seed,
        "games": sum(len(u.games) for u in units),
        "options": {"king-under-ace": setup.king_under_ace},
        "contract": None
        if setup.contract is None
        else str(Declare(setup.contract, None if setup.trump is None else Suit(setup.trump))),
    }
    if setup.matches:
        out["matches"] = count
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
        f"arena {','.join(rep['lineup'])}: {what}, seed {rep['seed']}{forced}, "
        f"{rep['games']} games; baseline {rep['baseline']}"
    )
    table = Table(title=title)
    table.add_column("bot")
    table.add_column("points/deal [95% CI]", justify="right")
    table.add_column(f"vs {rep['baseline']} same seat [95% CI]", justify="right")
    table.add_column("Elo", justify="right")
    for level, entry in rep["bots"].items():
        table.add_row(level, ci(entry), ci(entry["paired_vs_baseline"]), f"{entry['elo']:.0f}")
    contracts = Table(title="points per deal, by contract [95% CI]")
    contracts.add_column("contract")
    names = sorted({c for e in rep["bots"].values() for c in e["per_contract"]})
    for level in rep["bots"]:
        contracts.add_column(level, justify="right")
    for c in names:
        contracts.add_row(c, *(ci(e["per_contract"].get(c)) for e in rep["bots"].values()))
    console = Console()
    console.print(table)
    console.print(contracts)


# --- the command -----------------------------------------------------------------------


GAMES = ("king-bolola", "hearts-trumps")


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument(
        "--game",
        default=GAME_NAME,
        help="king-bolola (default) or hearts-trumps (two bots, each deal played with "
        "the seats swapped; see bolola.arena_hearts_trumps)",
    )
    parser.add_argument(
        "--bots",
        default="club,beginner",
        help="up to 4 comma-separated levels (beginner, club, expert) for seats 0..3, "
        "rotated; the last is the baseline and fills missing seats (default: club,beginner)",
    )
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (default 100)")
    parser.add_argument(
        "--matches", type=int, default=0, help="play N whole 24-deal matches instead of deals"
    )
    parser.add_argument(
        "--contract",
        help="force every deal's contract (queens, trumps, trumps:S…); default: the "
        "declaring bot chooses",
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
    parser.add_argument(
        "--king-under-ace", action="store_true", help="the table option king-under-ace"
    )
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--records", metavar="FILE", help="write every game as JSON Lines")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument(
        "--timing",
        action="store_true",
        help="hearts-trumps: add each bot's CPU time per decision to the report",
    )


def setup_of(args: argparse.Namespace) -> Setup:
    """The run an ``arena`` command line asks for; bad values raise :class:`RecordError`."""
    names = [n.strip().lower() for n in str(args.bots).split(",") if n.strip()]
    if not 1 <= len(names) <= 4:
        raise RecordError("--bots takes 1 to 4 comma-separated levels")
    for n in names:
        if n not in LEVELS:
            raise RecordError(f"unknown bot level {n!r} (known: {', '.join(LEVELS)})")
        make_bot(GAME_NAME, n)  # a level without a King Bolola bot fails here, clearly
    lineup = (*names, *[names[-1]] * (4 - len(names)))
    contract = trump = None
    if args.contract:
        if args.matches:
            raise RecordError("--contract is for single deals, not --matches")
        action = GAME.parse_action(args.contract)
        if not isinstance(action, Declare):
            raise RecordError(f"--contract takes a contract id, not {args.contract!r}")
        if action.trump is not None and action.contract is not Contract.TRUMPS:
            raise RecordError("only trumps takes a suit (trumps:S)")
        contract = action.contract
        trump = None if action.trump is None else int(action.trump)
    if args.seconds <= 0:
        raise RecordError("--seconds must be positive")
    if args.matches < 0 or (not args.matches and args.deals < 1):
        raise RecordError("--deals and --matches must be positive")
    return Setup(
        lineup=(lineup[0], lineup[1], lineup[2], lineup[3]),
        seed=args.seed,
        matches=args.matches > 0,
        contract=contract,
        trump=trump,
        samples=max(0, args.samples),
        seconds=args.seconds,
        records=bool(args.records),
        king_under_ace=bool(getattr(args, "king_under_ace", False)),
    )


def run(args: argparse.Namespace) -> int:
    game = str(getattr(args, "game", GAME_NAME)).strip().lower()
    if game == "hearts-trumps":
        from bolola import arena_hearts_trumps

        return arena_hearts_trumps.run(args)
    try:
        if game != GAME_NAME:
            raise RecordError(f"unknown game {game!r} (arena games: {', '.join(GAMES)})")
        if getattr(args, "timing", False):
            raise RecordError("--timing is for --game hearts-trumps")
        setup = setup_of(args)
    except RecordError as e:
        print(f"bolola arena: {e}", file=sys.stderr)
        return 2
    count = args.matches or args.deals
    jobs = args.jobs if args.jobs > 0 else os.cpu_count() or 1
    shown = not args.no_progress and sys.stderr.isatty()
    units = play_units(setup, count, min(jobs, count), progress=shown)
    rep = report(setup, units)
    if args.records:
        try:
            with open(args.records, "w", encoding="utf-8") as f:
                for record in records_of(units):
                    f.write(json.dumps(record) + "\n")
        except OSError as e:
            print(f"bolola arena: cannot write {args.records}: {e}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(rep))
    else:
        print_report(rep)
    return 0
