"""The engine contract every game implements.

A game is ``(options, seed, actions)``: :meth:`Game.new` resolves every chance event
from the seed (no global random, no clock, no I/O), and applying the same actions to
it replays the same states exactly. The server, the bots, the referee and the tests
speak to a game only through this contract::

    game = games.find("king-bolola")
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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

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


class Action(Protocol):
    """A small frozen value whose ``str`` is its one text form."""

    def __str__(self) -> str: ...


class Event(Protocol):
    """What an accepted action changed, for the table and its log; public to every seat
    unless ``audience`` names the seats that may see it."""

    @property
    def audience(self) -> frozenset[Seat] | None: ...

    def __str__(self) -> str: ...


S = TypeVar("S")
A = TypeVar("A", bound=Action)
V_co = TypeVar("V_co", covariant=True)
Opt = TypeVar("Opt")


class Game(Protocol[S, A, V_co, Opt]):
    """One game's rules. Every method is pure."""

    name: str
    seats: int

    def default_options(self) -> Opt: ...

    def parse_options(self, raw: Mapping[str, Any]) -> Opt:
        """Options from their JSON form; unknown or ill-typed keys raise :class:`RecordError`."""
        ...

    def new(self, options: Opt, seed: int) -> S: ...

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


_REGISTRY: dict[str, Game[Any, Any, Any, Any]] = {}


def register(game: Game[Any, Any, Any, Any]) -> None:
    _REGISTRY[game.name] = game


def find(name: str) -> Game[Any, Any, Any, Any]:
    """The registered game of that name; raises :class:`RecordError` for an unknown one."""
    import bolola.games  # noqa: F401  (registers every game)

    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise RecordError(f"unknown game {name!r} (known: {known})") from None


def registered() -> tuple[Game[Any, Any, Any, Any], ...]:
    import bolola.games  # noqa: F401

    return tuple(_REGISTRY[name] for name in sorted(_REGISTRY))


@dataclass(frozen=True, slots=True)
class Move(Generic[A]):
    seat: Seat
    action: A

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game as its inputs: replaying it rebuilds every state exactly.

    Text form: ``{"game": …, "options": {…}, "seed": 7, "moves": ["0:queens", "0:7C", …]}``.
    """

    game: str
    options: Mapping[str, Any]
    seed: int
    moves: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": list(self.moves),
        }

    @classmethod
    def from_json(cls, raw: Any) -> Record:
        if not isinstance(raw, dict):
            raise RecordError("a record is a JSON object")
        game, options, seed, moves = (raw.get(k) for k in ("game", "options", "seed", "moves"))
        if not isinstance(game, str):
            raise RecordError("record.game must be a game name")
        if not isinstance(options, dict):
            raise RecordError("record.options must be an object")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record.seed must be an integer")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("record.moves must be a list of 'seat:action' strings")
        return cls(game, options, seed, tuple(moves))


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


def replay(record: Record) -> tuple[Game[Any, Any, Any, Any], Any]:
    """The game and its state after every move of the record."""
    game = find(record.game)
    state = game.new(game.parse_options(record.options), record.seed)
    for text in record.moves:
        move = parse_move(game, text)
        state, _ = game.apply(state, move.seat, move.action)
    return game, state


def play_out(
    game: Game[S, A, Any, Any],
    state: S,
    choose: Any,
    moves: list[str] | None = None,
) -> S:
    """Play until the game ends, ``choose(state, seat, legal) -> action`` picking each move."""
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        action = choose(state, seat, game.legal_actions(state, seat))
        if moves is not None:
            moves.append(f"{seat}:{action}")
        state, _ = game.apply(state, seat, action)
    return state


def rank_scores(scores: Sequence[int]) -> tuple[int, ...]:
    """Competition ranking, highest score first: ``[10, 30, 10]`` → ``(1, 0, 1)``."""
    return tuple(sum(1 for other in scores if other > s) for s in scores)
