"""A record reviewed: every decision of the chosen seats judged, in record order.

Pure functions of a record (or a state), a budget and a seed; :func:`judge_moves` yields
one judgement at a time, so a caller can stop between decisions (a server task that must
yield the CPU, a viewer that wants the first ones soon)::

    review = review_record(record, budget=JudgeBudget(samples=8), seed=1)
    review.judgements[0].loss, review.summary(0).lost

Each decision's randomness comes from ``(seed, its index in the record)`` alone, so a
decision is judged the same whether the review starts at the first move or skips to it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bolola.analysis.generic import GenericJudge
from bolola.analysis.judgement import Judge, JudgeBudget, Judgement, Valuation
from bolola.engine import Game, Record, RecordError, Seat, parse_move
from bolola.fairness import Unrevealed

AnyGame = Game[Any, Any, Any, Any]


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's decisions judged, its mistakes (a loss above zero and at least
    ``min_loss``), those of them that are clear (:attr:`Judgement.is_clear`), and the
    points the mistakes cost, split into exact and estimated losses."""

    seat: Seat
    decisions: int
    mistakes: int
    clear: int
    lost: float
    lost_exact: float
    lost_estimated: float

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "mistakes": self.mistakes,
            "clear": self.clear,
            "lost": round(self.lost, 2),
            "lost_exact": round(self.lost_exact, 2),
            "lost_estimated": round(self.lost_estimated, 2),
        }


@dataclass(frozen=True, slots=True)
class Review:
    """Every judged decision of a record (forced moves, a single legal action, are not)."""

    game: str
    seed: int
    budget: JudgeBudget
    seats: tuple[Seat, ...]
    judgements: tuple[Judgement, ...]

    def summary(self, seat: Seat, min_loss: float = 0.0) -> SeatSummary:
        mine = [j for j in self.judgements if j.seat == seat]
        lost = [j for j in mine if j.is_mistake(min_loss)]
        return SeatSummary(
            seat=seat,
            decisions=len(mine),
            mistakes=len(lost),
            clear=sum(j.is_clear for j in lost),
            lost=sum(j.loss for j in lost),
            lost_exact=sum(j.loss for j in lost if j.exact),
            lost_estimated=sum(j.loss for j in lost if not j.exact),
        )

    def to_json(self, min_loss: float = 0.0) -> dict[str, Any]:
        """The review; ``decisions`` lists those whose loss is at least ``min_loss``."""
        return {
            "game": self.game,
            "seed": self.seed,
            "budget": {
                "samples": self.budget.samples,
                "exact_nodes": self.budget.exact_nodes,
                "alternatives": self.budget.alternatives,
            },
            "seats": [self.summary(s, min_loss).to_json() for s in self.seats],
            "decisions": [j.to_json() for j in self.judgements if j.loss >= min_loss],
        }


def judge_of(game: AnyGame) -> Judge:
    """The game's own judge (its registry entry's ``judge``), else the generic one."""
    from bolola import registry

    factory = registry.entry(game.name).judge
    return factory() if factory is not None else GenericJudge(game)


def decision_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"analyse:{seed}:{index}")


def judge_state(game: AnyGame, state: Any, seat: Seat, budget: JudgeBudget, seed: int) -> Valuation:
    """Every legal action of ``seat`` at ``state`` valued (a hint, a position of a test)."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise RecordError(f"seat {seat} has no decision to make here")
    return judge_of(game).value(state, seat, legal, budget, decision_rng(seed, -1))


def judge_moves(
    game: AnyGame,
    record: Record,
    seats: Collection[Seat] | None = None,
    budget: JudgeBudget | None = None,
    seed: int = 0,
    start: int = 0,
) -> Iterator[Judgement]:
    """Each decision of ``seats`` (all by default) judged, in record order, from move
    ``start`` on (a review stopped between decisions resumes there and judges the rest
    as it would have). Raises :class:`RecordError` or
    :class:`~bolola.engine.IllegalAction` at a bad move."""
    budget = budget or JudgeBudget()
    judge = judge_of(game)
    if record.game != game.name:
        raise RecordError(f"a {record.game} record is not a {game.name} game")
    try:
        state = game.new(game.parse_options(record.options), record.seed)
    except Unrevealed as e:
        raise RecordError(str(e)) from None
    for index, text in enumerate(record.moves):
        move = parse_move(game, text)
        legal = game.legal_actions(state, move.seat)
        try:
            after, _ = game.apply(state, move.seat, move.action)  # an illegal move raises
        except Unrevealed as e:
            raise RecordError(f"move {index}: {e}") from None
        if index >= start and len(legal) > 1 and (seats is None or move.seat in seats):
            rng = decision_rng(seed, index)
            try:
                valuation = judge.value(state, move.seat, legal, budget, rng, move.action)
            except Unrevealed as e:
                # A play-out that ends the deal deals the next one, whose seed a record
                # of a table still playing has not revealed.
                raise RecordError(f"move {index} cannot be judged: {e}") from None
            yield Judgement.of(index, move.seat, str(move.action), valuation)
        state = after


def review_record(
    record: Record,
    seats: Sequence[Seat] | None = None,
    budget: JudgeBudget | None = None,
    seed: int = 0,
) -> Review:
    """:func:`judge_moves` over the whole record, collected."""
    from bolola import registry

    game = registry.find(record.game)
    count = game.seat_count(game.parse_options(record.options))
    chosen = tuple(seats) if seats is not None else tuple(range(count))
    for s in chosen:
        if not 0 <= s < count:
            raise RecordError(f"seat {s} out of 0..{count - 1} for this {game.name} table")
    budget = budget or JudgeBudget()
    judged = tuple(judge_moves(game, record, chosen, budget, seed))
    return Review(game.name, seed, budget, chosen, judged)
