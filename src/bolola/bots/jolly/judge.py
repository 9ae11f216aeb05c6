"""Jolly's judge for ``bolola analyse``: play-outs as short as the ``expert``'s.

A Jolly round runs to dozens of turns, and every turn of a play-out asks the meld finder,
so playing each alternative to the end of the round (the generic judge) costs seconds a
decision. This judge plays on only until the seat has finished its next turn
(``expert.AHEAD``) and reads what the ``expert`` reads there (``rollout.worth``): the
seat's points down, plus what the finder puts down of its hand less the rest, less the
other seats' average of their points down less their hands; a round that ends on the
way is scored by the engine. The play-outs are the generic judge's: every seat's
``club`` bot choosing from its own view, a slip to a random action one move in ten, the
same seeds for every alternative, and a shortlist where the legal actions are many.
Jolly's values are never exact::

    make_judge().value(state, seat, legal, JudgeBudget(), random.Random(7))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.analysis.generic import SLIP, AnyGame, candidates, policy_bots
from bolola.analysis.judgement import Judge, JudgeBudget, Valuation, Value
from bolola.bots.base import Bot
from bolola.bots.jolly.expert import AHEAD, OTHERS
from bolola.bots.jolly.rollout import worth
from bolola.engine import Action, Seat
from bolola.games import jolly

GAME: AnyGame = jolly.GAME  # through the contract: actions of any type, as the judge gets them
MEASURE = (
    "the seat's outlook once its next turn is over (points down, plus its hand's best melds, "
    "less the others' average), or the round's points if it ends first"
)


@dataclass(frozen=True, slots=True)
class JollyJudge:
    """See the module docstring."""

    def value(
        self,
        state: Any,
        seat: Seat,
        legal: Sequence[Action],
        budget: JudgeBudget,
        rng: random.Random,
        played: Action | None = None,
    ) -> Valuation:
        bots = policy_bots(GAME, "club")
        shortlist = candidates(GAME, state, seat, legal, bots, budget, rng, played)
        seeds = [rng.getrandbits(32) for _ in range(max(1, budget.samples))]
        rounds = len(state.finished)
        out = []
        for action in shortlist:
            after, _ = GAME.apply(state, seat, action)
            draws = [_outlook(after, seat, rounds, bots, s) for s in seeds]
            out.append(Value.estimate((str(action),), draws))
        return Valuation(MEASURE, tuple(out), len(legal))


def _outlook(state: Any, seat: Seat, rounds: int, bots: dict[Seat, Bot], seed: int) -> float:
    """Play on until ``seat`` has ended :data:`AHEAD` more turns after the one in play
    (or the round is over) and read the outlook there."""
    rng = random.Random(seed)
    turns_left = AHEAD + (1 if state.round.turn.seat == seat else 0)
    while not state.over and len(state.finished) == rounds and turns_left:
        mover = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, mover)
        action = legal[0]
        if len(legal) > 1 and rng.random() < SLIP:
            action = legal[rng.randrange(len(legal))]
        elif len(legal) > 1:
            action = bots[mover].choose(GAME.view(state, mover), legal, rng.getrandbits(32))
        state, _ = GAME.apply(state, mover, action)
        if mover == seat and (state.round.turn.seat != seat or len(state.finished) > rounds):
            turns_left -= 1
    r = state.finished[rounds] if len(state.finished) > rounds else state.round
    return float(worth(r, seat, OTHERS))


def make_judge() -> Judge:
    return JollyJudge()
