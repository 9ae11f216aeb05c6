"""What a judge says about one decision, and the hook a game's bots provide.

A *judge* values every legal action of a seat at a state with every hand known, on the
measure it names (King Bolola: the seat's points to the end of the deal). A value is
**exact** when a search reached the end of the measure; otherwise it is an **estimate**,
the mean of play-outs, with its standard error::

    valuation = judge.value(state, seat, legal, JudgeBudget(samples=8), random.Random(7), played)
    judgement = Judgement.of(index=12, seat=0, played="QS", valuation=valuation)
    judgement.loss, judgement.exact, judgement.best
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bolola.engine import Action, Seat


@dataclass(frozen=True, slots=True)
class JudgeBudget:
    """How hard a judge may look at one decision. Node and play-out counts, not time,
    bound it, so the same budget and seed give the same judgement on any machine."""

    samples: int = 8  # play-outs per alternative, each from its own seed
    exact_nodes: int = 200_000  # search nodes an exact solve may visit (0: never solve)
    alternatives: int = 12  # the most alternatives played out (the game's judge picks them)


@dataclass(frozen=True, slots=True)
class Value:
    """One alternative (``actions``: equivalent actions, the first standing for them all)
    and what it is worth. An estimate keeps its play-outs' results in ``draws``, one per
    seed, the same seeds for every alternative of a decision, so two alternatives can be
    compared play-out by play-out."""

    actions: tuple[str, ...]
    mean: float
    exact: bool
    draws: tuple[float, ...] = ()

    @property
    def samples(self) -> int:
        return len(self.draws)

    @property
    def spread(self) -> float:
        """The standard error of ``mean`` (0 when exact)."""
        return _standard_error(self.draws)

    @classmethod
    def estimate(cls, actions: Sequence[str], draws: Sequence[float]) -> Value:
        return cls(tuple(actions), sum(draws) / len(draws), False, tuple(draws))


@dataclass(frozen=True, slots=True)
class Valuation:
    """Legal actions of a decision valued on one ``measure``: all of them, or a shortlist
    of the ``legal`` ones where they are too many to play out."""

    measure: str
    values: tuple[Value, ...]
    legal: int

    def of(self, action: str) -> Value:
        for v in self.values:
            if action in v.actions:
                return v
        raise KeyError(action)


class Judge(Protocol):
    """A game's judge (``registry.Entry.judge``): pure, deterministic for ``rng``."""

    def value(
        self,
        state: Any,
        seat: Seat,
        legal: Sequence[Action],
        budget: JudgeBudget,
        rng: random.Random,
        played: Action | None = None,
    ) -> Valuation:
        """``legal`` (the actions of ``seat`` at ``state``) valued for ``seat``: all, or
        a shortlist of at most ``budget.alternatives`` that holds ``played``."""
        ...


JudgeFactory = Callable[[], Judge]
CLEAR = 2.0
"""Standard errors an estimated loss must clear to count as a clear mistake."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of a record judged: what was played, the best alternative, the loss.

    The loss of an estimate is measured play-out by play-out against the best (the same
    seeds), and ``spread`` is its standard error; an exact loss has no spread."""

    index: int  # of the move in the record
    seat: Seat
    played: str
    measure: str
    value: float
    best: str
    best_value: float
    loss: float
    exact: bool
    spread: float
    samples: int
    legal: int
    alternatives: tuple[Value, ...] = field(repr=False)

    @classmethod
    def of(cls, index: int, seat: Seat, played: str, valuation: Valuation) -> Judgement:
        mine = valuation.of(played)
        top = max(valuation.values, key=lambda v: v.mean)
        if top.mean <= mine.mean:
            top = mine  # a tie goes to the move played: no loss
        exact = mine.exact and top.exact
        if mine.draws and top.draws and len(mine.draws) == len(top.draws):
            diffs: tuple[float, ...] = tuple(
                b - a for a, b in zip(mine.draws, top.draws, strict=True)
            )
        else:
            diffs = ()
        spread = 0.0 if exact else math.hypot(mine.spread, top.spread)
        if diffs:
            spread = _standard_error(diffs)
        return cls(
            index=index,
            seat=seat,
            played=played,
            measure=valuation.measure,
            value=mine.mean,
            best=top.actions[0] if top is not mine else played,
            best_value=top.mean,
            loss=top.mean - mine.mean,
            exact=exact,
            spread=spread,
            samples=max(mine.samples, top.samples),
            legal=valuation.legal,
            alternatives=valuation.values,
        )

    def is_mistake(self, min_loss: float = 0.0) -> bool:
        return self.loss > 0 and self.loss >= min_loss

    @property
    def is_clear(self) -> bool:
        """A loss beyond doubt: exact, or an estimate at least :data:`CLEAR` spreads
        above zero (a single play-out, whose spread is unknown, never is)."""
        if self.exact:
            return self.loss > 0
        return self.samples > 1 and self.loss > 0 and self.loss >= CLEAR * self.spread

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "played": self.played,
            "measure": self.measure,
            "value": _round(self.value),
            "best": self.best,
            "best_value": _round(self.best_value),
            "loss": _round(self.loss),
            "clear": self.is_clear,
            "exact": self.exact,
            "spread": _spread(self.exact, self.spread, self.samples),
            "samples": self.samples,
            "legal": self.legal,
            "alternatives": [
                {
                    "actions": list(v.actions),
                    "value": _round(v.mean),
                    "exact": v.exact,
                    "spread": _spread(v.exact, v.spread, v.samples),
                    "samples": v.samples,
                }
                for v in self.alternatives
            ],
        }


def _standard_error(draws: Sequence[float]) -> float:
    n = len(draws)
    if n < 2:
        return 0.0
    mean = sum(draws) / n
    return math.sqrt(sum((d - mean) ** 2 for d in draws) / (n - 1) / n)


def _spread(exact: bool, spread: float, samples: int) -> float | None:
    """0 for an exact value; ``None`` (unknown) for an estimate of a single play-out."""
    if exact:
        return 0.0
    return _round(spread) if samples > 1 else None


def _round(x: float) -> float:
    return round(x, 2)
