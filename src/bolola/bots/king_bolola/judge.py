"""King Bolola's judge for ``bolola analyse``: every hand known, each card valued for the
seat's points in the deal.

- **Exact** near the end of the deal: the solver's value of each card (paranoid: the
  points the seat is sure of whatever the other three do), once few enough cards are left
  (:data:`EXACT_CARDS`) and the search stays within ``JudgeBudget.exact_nodes``.
- **Estimate** earlier: the deal played on from the true hands, ``samples`` times, by the
  fast play-out policy (:mod:`~bolola.bots.king_bolola.playout`, each seat playing from
  its own hand and the cards played) but for a random card one time in ten (the generic
  judge's ``SLIP``: the policy alone would play one line every time), until the
  ``expert`` would solve (its ``EXACT_CARDS``); the rest is solved.
- **Declarations**: each offered contract played out the same way from the true hands
  (``samples`` times, with the same slips), then weighed as the ``expert`` weighs it
  against the declarations still owed
  (:func:`~bolola.bots.king_bolola.contract_choice.worth`).

Equivalent cards (neighbours in play of one kind for the contract) are valued once and
listed together::

    make_judge().value(state, seat, legal, JudgeBudget(), random.Random(7))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.analysis.generic import SLIP
from bolola.analysis.judgement import Judge, JudgeBudget, Valuation, Value
from bolola.bots.king_bolola.contract_choice import worth
from bolola.bots.king_bolola.expert import EXACT_CARDS as EXPERT_EXACT_CARDS
from bolola.bots.king_bolola.playout import choose, playout
from bolola.bots.king_bolola.solver import Position, SearchLimit, Solver, kinds_of, twins
from bolola.cards import CARDS, cards_of
from bolola.engine import Action, Seat
from bolola.games.king_bolola import GAME
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import Deal, play

MEASURE = "the seat's points in the deal"
DECLARE_MEASURE = (
    "the declarer's points in the deal, less what the contract's class is worth on a later hand"
)
EXACT_CARDS: dict[Contract, int] = {c: n + 4 for c, n in EXPERT_EXACT_CARDS.items()}
"""Cards left in the four hands at which the judge solves: one trick deeper than the
``expert``'s threshold, as the judge solves one deal where the expert solves dozens."""
TAIL_NODES = 20_000
"""Search nodes the solved end of one estimate's play-out may visit (at the ``expert``'s
threshold a deal takes about a thousand)."""


@dataclass(frozen=True, slots=True)
class KingBololaJudge:
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
        deal: Deal | None = state.deal
        if deal is None:
            return _declarations(state, seat, legal, budget, rng)
        pos = Position.of_deal(deal)
        so_far = deal.points[seat]
        groups: dict[int, list[int]] = {}
        for c, rep in twins(deal.legal, deal.gone, kinds_of(deal.contract)).items():
            groups.setdefault(rep, []).append(c)
        names = {rep: tuple(str(CARDS[c]) for c in cs) for rep, cs in groups.items()}
        if pos.cards_left <= EXACT_CARDS[deal.contract] and budget.exact_nodes > 0:
            solver = Solver(
                deal.contract, deal.trump, deal.king_under_ace, max_nodes=budget.exact_nodes
            )
            try:
                values = solver.root_values(pos, seat)
            except SearchLimit:
                pass
            else:
                return Valuation(
                    MEASURE,
                    tuple(Value(names[r], float(so_far + values[r]), True) for r in groups),
                    len(legal),
                )
        tail = Solver(deal.contract, deal.trump, deal.king_under_ace, max_nodes=TAIL_NODES)
        seeds = [rng.getrandbits(32) for _ in range(max(1, budget.samples))]
        out = []
        for rep in groups:
            after = play(deal, seat, rep)[0]
            draws = [float(_play_on(after, seat, tail, random.Random(s))) for s in seeds]
            out.append(Value.estimate(names[rep], draws))
        return Valuation(MEASURE, tuple(out), len(legal))


def _play_on(deal: Deal, seat: Seat, tail: Solver, rng: random.Random) -> int:
    """``seat``'s points in the deal: the policy (and its slips) plays until the tail is
    small, the solver the rest (the policy to the end if the tail search runs out of
    nodes)."""
    contract, trump = int(deal.contract), deal.trump
    while not deal.done and Position.of_deal(deal).cards_left > EXPERT_EXACT_CARDS[deal.contract]:
        mover = (deal.leader + len(deal.trick)) & 3
        if rng.random() < SLIP:
            deal = play(deal, mover, rng.choice(cards_of(deal.legal)).index)[0]
            continue
        card = choose(
            contract,
            trump,
            deal.hands[mover],
            deal.legal,
            list(deal.trick),
            deal.trick_mask,
            deal.gone,
        )
        deal = play(deal, mover, card)[0]
    if deal.done:
        return deal.points[seat]
    tail.nodes = 0  # the node limit counts from each play-out's own search
    try:
        return deal.points[seat] + tail.solve(Position.of_deal(deal), seat)
    except SearchLimit:
        end = playout(
            deal.contract,
            trump,
            deal.king_under_ace,
            list(deal.hands),
            deal.leader,
            list(deal.trick),
            deal.gone,
        )
        return deal.points[seat] + end[seat]


def _declarations(
    state: Any, seat: Seat, legal: Sequence[Action], budget: JudgeBudget, rng: random.Random
) -> Valuation:
    """Each declaration played out as a card's estimate is, then charged as the expert
    charges it: ``worth`` is the score less a constant per declaration, so each
    play-out's points take the same charge."""
    view = GAME.view(state, seat)
    seeds = [rng.getrandbits(32) for _ in range(max(1, budget.samples))]
    values = []
    for declare in legal:
        assert isinstance(declare, Declare)
        deal = GAME.apply(state, seat, declare)[0].deal
        assert deal is not None  # a declaration starts the deal
        tail = Solver(deal.contract, deal.trump, deal.king_under_ace, max_nodes=TAIL_NODES)
        charge = worth(view, {declare: 0.0})[declare]
        draws = [charge + _play_on(deal, seat, tail, random.Random(s)) for s in seeds]
        values.append(Value.estimate((str(declare),), draws))
    return Valuation(DECLARE_MEASURE, tuple(values), len(legal))


def make_judge() -> Judge:
    return KingBololaJudge()
