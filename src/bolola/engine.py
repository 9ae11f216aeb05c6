"""The engine contract every game implements.

A game is ``(options, seed, actions)``: :meth:`Game.new` resolves every chance event
from the seed (no global random, no clock, no I/O), and applying the same actions to
it replays the same states exactly. The server, the bots, the referee and the tests
speak to a game only through this contract::

    game = registry.find(name)
    state = game.new(game.default_options(), seed=7)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        action = game.legal_actions(state, seat)[0]
        state, events = game.apply(state, seat, action)

Phases where several seats act at once (placing cards in Hearts Are Trumps) fit the same
contract: :meth:`Game.to_move` names every seat that may act now, and each acts with its
own :meth:`Game.apply` call.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from bolola.fairness import Deals, FairDeals, Unrevealed

Seat = int


class IllegalAction(Exception):  # noqa: N818 (the rules' word; not an internal failure)
    """An action the rules forbid; ``rule`` is the rule id (``KB-22``) it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message


class RecordError(ValueError):
    """Input that is not a well-formed record, action or option (bad JSON, unknown card…)."""


class Result(Enum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: each seat's score and result, and the ranking (0 = first, ties equal)."""

    scores: tuple[int, ...]
    results: tuple[Result, ...]
    ranks: tuple[int, ...]


ACTION_TEXT_MAX = 1000
"""The longest text form of any game's action, which the wire and the event log accept.
Jolly's opening lists every card it lays down; with cards taken from the pile a hand can
hold most of the 110-card deck, at most ``len("JK=QC|")`` characters each."""


class Action(Protocol):
    """A small frozen value whose ``str`` is its one text form, at most
    :data:`ACTION_TEXT_MAX` characters."""

    def __str__(self) -> str: ...


class Event(Protocol):
    """What an accepted action changed, for the table and its log; public to every seat
    unless ``audience`` names the seats that may see it. Its ``str`` is its wire form."""

    @property
    def audience(self) -> frozenset[Seat] | None: ...

    def __str__(self) -> str: ...


class Options(Protocol):
    """A game's table options: a frozen value whose JSON form ``parse_options`` reads back."""

    def to_json(self) -> dict[str, Any]: ...


class View(Protocol):
    """What one seat may see of a state; its JSON form is what the wire carries. Every
    game's JSON has at least ``game``, ``seat`` (None: a spectator), ``to_move`` (the
    seats that may act) and ``legal`` (this seat's legal actions in text form), which the
    table shell reads whatever the game."""

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Seated:
    """A player in a seat, as a game may rank them for seat-dependent options."""

    name: str
    rating: float


@dataclass(frozen=True, slots=True)
class DealScore:
    """One finished deal: what it was (a contract's name, or ``deal``) and each seat's points.

    ``detail``: the deal in full, in the game's own text form, where the label leaves out
    what a reader of the match page wants (Baloot: the trump, the doubling, the buyer's
    seat); empty when the label says it all. The label stays short: the arena groups deals
    by it."""

    label: str
    points: tuple[int, ...]
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Census:
    """Where every card of a state is, by text form, for the invariant suite: each seat's
    hand, every other card (played, taken, undealt), and the whole deck. Every card of
    ``deck`` is in exactly one place."""

    held: tuple[tuple[str, ...], ...]
    elsewhere: tuple[str, ...]
    deck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """What one deal dealt, by text form, for ``bolola verify`` (``docs/fairness.md``):
    ``piles`` in a shape of the game's choosing that the deal's deck alone settles (King
    Bolola: each seat's hand; Baloot: the deck itself), and each pile the deal shuffled
    again, as it came out, in the order made (Jolly's rebuilt stocks, top first)."""

    piles: tuple[tuple[str, ...], ...]
    reshuffles: tuple[tuple[str, ...], ...] = ()


Bench = Callable[[random.Random], int]
"""One unit of a game's own benchmark work (a random deal of one contract…) driven by
the ``rng``; returns how many actions it took. ``bolola bench engine`` times it."""


S = TypeVar("S")
A = TypeVar("A", bound=Action)
V_co = TypeVar("V_co", bound=View, covariant=True)
Opt = TypeVar("Opt", bound=Options)


class Game(Protocol[S, A, V_co, Opt]):
    """One game's rules, and every hook the rest of the room needs from it.

    The first block is the rules. The rest is what the server, the referee, the arena,
    the benchmarks, the terminal and the tests ask of a game, so that none of them names
    one (``docs/architecture.md`` lists the hooks). Every method is pure.
    """

    name: str
    title: str  # for people: "King Bolola"
    seats: int  # the most seats a table of this game has (Jolly: 4)
    teams: tuple[tuple[Seat, ...], ...] | None  # partners (Baloot: (0, 2), (1, 3)); None: none

    # -- the rules ------------------------------------------------------------------------

    def default_options(self) -> Opt: ...

    def parse_options(self, raw: Mapping[str, Any]) -> Opt:
        """Options from their JSON form; unknown or ill-typed keys raise :class:`RecordError`."""
        ...

    def new(self, options: Opt, seed: Deals) -> S:
        """The game before its first action, its deals from ``seed``: an int (each game's
        own private shuffle) or a table's :class:`~bolola.fairness.FairDeals`."""
        ...

    def to_move(self, state: S) -> tuple[Seat, ...]:
        """The seats that may act now (empty once the game is over)."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]: ...

    def apply(self, state: S, seat: Seat, action: A) -> tuple[S, tuple[Event, ...]]:
        """The next state and what happened; raises :class:`IllegalAction`."""
        ...

    def view(self, state: S, seat: Seat | None) -> V_co:
        """What ``seat`` may see (``None``: a spectator). The only way out of a state."""
        ...

    def outcome(self, state: S) -> Outcome | None: ...

    def parse_action(self, text: str) -> A:
        """An action from its text form; raises :class:`RecordError`."""
        ...

    def resample(self, state: S, seat: Seat, rng: random.Random) -> S:
        """A state that ``seat`` cannot tell from ``state``: every card hidden from
        ``seat`` dealt anew among the places it could be."""
        ...

    # -- the table ------------------------------------------------------------------------

    def seat_count(self, options: Opt) -> int:
        """How many seats a table with these options has (Jolly: 2 to 4; most games:
        always ``seats``). Seats are numbered from 0 and never exceed ``seats``."""
        ...

    def seat_options(self, options: Opt, players: Sequence[Seated]) -> Opt:
        """The options once the players are seated: what depends on who sits where (King
        Bolola's first declarer goes by rank unless the table fixed it)."""
        ...

    def deal_scores(self, state: S) -> tuple[DealScore, ...]:
        """Every finished deal so far, in order: the arena's unit and the terminal's."""
        ...

    # -- records (the referee's formats: docs/records.md) ---------------------------------

    def match_record(self, state: S, players: Sequence[str]) -> dict[str, Any]:
        """The referee's record of the game so far, with the players' names."""
        ...

    def deal_record(self, state: S, deal: int) -> dict[str, Any]:
        """The referee's record of finished deal ``deal`` (1-based) on its own."""
        ...

    def check_record(self, raw: Any) -> dict[str, Any]:
        """``bolola legal``: the legal actions where a record stops."""
        ...

    def score_record(self, raw: Any) -> dict[str, Any]:
        """``bolola score``: the scores of a record."""
        ...

    # -- fair deals (docs/fairness.md) ---------------------------------------------------

    def canonical_deck(self, options: Opt) -> tuple[str, ...]:
        """Every card of a deal in the canonical order the fair shuffle starts from."""
        ...

    def dealt(self, options: Opt, deal: int, deck: Sequence[str]) -> Dealt:
        """What deal ``deal`` (1-based) of a match deals from ``deck`` (in deal order),
        shaped as :meth:`record_dealt` reads it from a record (no reshuffles)."""
        ...

    def record_dealt(self, raw: Any) -> tuple[Dealt, ...]:
        """What each deal of a match record (as ``match_record`` writes it) dealt; raises
        :class:`RecordError`."""
        ...

    def deals_done(self, state: S) -> int:
        """How many deals are over, passed-out ones included: the seeds a table reveals."""
        ...

    # -- text, benchmarks, tests ----------------------------------------------------------

    def describe(self, view: Any) -> str:
        """A seat's view as plain text, for the terminal."""
        ...

    def benchmarks(self) -> Mapping[str, Bench]:
        """The game's own units for ``bolola bench engine``, beside whole games through
        this contract and resamples, which every game gets."""
        ...

    def option_examples(self) -> tuple[Opt, ...]:
        """Option sets worth playing in tests and benchmarks, the default first."""
        ...

    def census(self, state: S) -> Census:
        """Where every card is: the invariant suite accounts for each one."""
        ...

    def audit(self, state: S) -> tuple[str, ...]:
        """Bookkeeping problems of a state (deal points that do not add up…); none: ``()``."""
        ...


@dataclass(frozen=True, slots=True)
class Move(Generic[A]):
    seat: Seat
    action: A

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game as its inputs: replaying it rebuilds every state exactly.

    Text form: ``{"game": …, "options": {…}, "seed": 7, "moves": ["0:queens", "0:7C", …]}``;
    a fair table's has ``"seed": null`` and a ``"fairness"`` object instead
    (``docs/fairness.md``: the commitment, the client seeds, the revealed deal seeds).
    """

    game: str
    options: Mapping[str, Any]
    seed: Deals
    moves: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        seed = self.seed
        out: dict[str, Any] = {
            "game": self.game,
            "options": dict(self.options),
            "seed": None if isinstance(seed, FairDeals) else seed,
            "moves": list(self.moves),
        }
        if isinstance(seed, FairDeals):
            out["fairness"] = fairness_json(seed)
        return out

    @classmethod
    def from_json(cls, raw: Any) -> Record:
        if not isinstance(raw, dict):
            raise RecordError("a record is a JSON object")
        game, options, seed, moves = (raw.get(k) for k in ("game", "options", "seed", "moves"))
        if not isinstance(game, str):
            raise RecordError("record.game must be a game name")
        if not isinstance(options, dict):
            raise RecordError("record.options must be an object")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("record.moves must be a list of 'seat:action' strings")
        if seed is None and "fairness" in raw:
            return cls(game, options, parse_fairness(raw["fairness"]), tuple(moves))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record.seed must be an integer")
        return cls(game, options, seed, tuple(moves))


def fairness_json(fair: FairDeals, revealed: int | None = None) -> dict[str, Any]:
    """A record's ``fairness`` object: the commitment, the client seeds and the seeds of
    deals ``1 … revealed`` (every known one if None), never a later one."""
    known = fair.seeds if revealed is None else fair.seeds[:revealed]
    return {
        "version": 2,
        "commitment": fair.commitment,
        "client_seeds": list(fair.client_seeds),
        "seeds": [None if s is None else s.hex() for s in known],
    }


def parse_fairness(raw: Any) -> FairDeals:
    """A record's ``fairness`` object read strictly; raises :class:`RecordError`."""
    if not isinstance(raw, dict):
        raise RecordError("record.fairness must be an object")
    version, commit, client, seeds = (
        raw.get(k) for k in ("version", "commitment", "client_seeds", "seeds")
    )
    if version not in (1, 2):
        raise RecordError(f"record.fairness.version must be 1 or 2, not {version!r}")
    if not isinstance(commit, str) or not _is_hex32(commit):
        raise RecordError("record.fairness.commitment must be 64 hex digits")
    if not isinstance(client, list) or not all(isinstance(c, str) for c in client):
        raise RecordError("record.fairness.client_seeds must be a list of strings")
    if not isinstance(seeds, list) or not all(s is None or _is_hex32(s) for s in seeds):
        raise RecordError("record.fairness.seeds must list 64-hex-digit seeds (or null)")
    try:
        return FairDeals.revealed(
            commit, client, [None if s is None else bytes.fromhex(s) for s in seeds]
        )
    except ValueError as e:
        raise RecordError(f"record.fairness: {e}") from None


def _is_hex32(value: Any) -> bool:
    return (
        isinstance(value, str)
        and len(value) == 64
        and all(c in "0123456789abcdefABCDEF" for c in value)
    )


def parse_move(game: Game[Any, A, Any, Any], text: str) -> Move[A]:
    seat_text, sep, action_text = text.partition(":")
    seat_text = seat_text.strip()
    # isdigit alone admits '²', which int() refuses: a seat is ASCII digits only.
    if not sep or not (seat_text.isascii() and seat_text.isdigit()):
        raise RecordError(f"a move is written 'seat:action', not {text!r}")
    seat = int(seat_text)
    if not 0 <= seat < game.seats:
        raise RecordError(f"seat {seat} out of 0..{game.seats - 1} in {text!r}")
    return Move(seat, game.parse_action(action_text))


def replay(game: Game[S, Any, Any, Any], record: Record) -> S:
    """The state after every move of the record (``registry.replay`` finds the game)."""
    if record.game != game.name:
        raise RecordError(f"a {record.game} record is not a {game.name} game")
    try:
        state = game.new(game.parse_options(record.options), record.seed)
        for text in record.moves:
            move = parse_move(game, text)
            state, _ = game.apply(state, move.seat, move.action)
    except Unrevealed as e:
        raise RecordError(str(e)) from None
    return state


def play_out(
    game: Game[S, A, Any, Any],
    state: S,
    choose: Callable[[S, Seat, tuple[A, ...]], A],
    moves: list[str] | None = None,
    pick_seat: Callable[[tuple[Seat, ...]], Seat] | None = None,
) -> S:
    """Play until the game ends, ``choose(state, seat, legal) -> action`` picking each move.

    Where several seats may act at once, ``pick_seat(seats)`` says which acts first (by
    default the first of them); the others act in later steps of the same phase.
    """
    while game.outcome(state) is None:
        movers = game.to_move(state)
        seat = movers[0] if pick_seat is None or len(movers) == 1 else pick_seat(movers)
        action = choose(state, seat, game.legal_actions(state, seat))
        if moves is not None:
            moves.append(f"{seat}:{action}")
        state, _ = game.apply(state, seat, action)
    return state


def random_play_out(
    game: Game[S, A, Any, Any], state: S, rng: random.Random, moves: list[str] | None = None
) -> S:
    """Play to the end at random: among several seats that may act, one at random; then
    one of its legal actions at random. The same ``rng`` gives the same game."""
    return play_out(
        game,
        state,
        lambda _s, _seat, legal: legal[rng.randrange(len(legal))],
        moves,
        lambda seats: seats[rng.randrange(len(seats))],
    )


def rank_scores(scores: Sequence[int]) -> tuple[int, ...]:
    """Competition ranking, highest score first: ``[10, 30, 10]`` → ``(1, 0, 1)``."""
    return tuple(sum(1 for other in scores if other > s) for s in scores)
