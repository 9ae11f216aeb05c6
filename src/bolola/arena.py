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

A unit is scored, and the report made, by :mod:`bolola.arena_report` (its JSON form is
described there); the command line is :mod:`bolola.arena_cli`.

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
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bolola import registry
from bolola.arena_report import report as report  # re-exported: ``arena.report(setup, units)``
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


# --- the setup of a command line -------------------------------------------------------


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
    if matches < 0:
        raise RecordError("--matches must be positive")
    if not matches and deals < 1:
        raise RecordError("--deals must be positive")
    seconds = float(getattr(args, "seconds", 30.0))
    if seconds <= 0:
        raise RecordError("--seconds must be positive")
    samples = int(getattr(args, "samples", 0) or 0)
    if samples < 0:
        raise RecordError("--samples must be 0 (each level's default) or more")
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
        samples=samples,
        seconds=seconds,
        records=bool(getattr(args, "records", None)),
        timing=bool(getattr(args, "timing", False)),
        options=options,
    )
