"""King Bolola's ``expert``: search over deals sampled to agree with its view.

A card: sample deals of the hidden cards consistent with everything the view reveals
(:mod:`~bolola.bots.king_bolola.knowledge`, :mod:`~bolola.bots.king_bolola.sampler`) and
rate each legal card on every sample, then play the best mean. Near the end of the deal
(few enough cards for pure Python) a sample is solved exactly by paranoid alpha-beta
(:mod:`~bolola.bots.king_bolola.solver`); earlier, each card is followed by a fast playout
(:mod:`~bolola.bots.king_bolola.playout`). A contract: every offered declaration is played
out on the same sampled deals and weighed against the quotas still open
(:mod:`~bolola.bots.king_bolola.contract_choice`).

Cards (or contracts) the samples rate equal, equivalent cards included, go to the ``club``
bot's rules of thumb, so a deal already decided is still played sensibly. Everything
random comes from ``seed``; ``Budget.samples`` fixes the work, ``Budget.seconds`` only
cuts it short on a slow machine::

    bot = make_expert(Budget(samples=24))
    action = bot.choose(view, legal, seed=7)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.bots.base import Bot, Budget
from bolola.bots.king_bolola.club import make_club
from bolola.bots.king_bolola.contract_choice import rate_contracts, worth
from bolola.bots.king_bolola.knowledge import Knowledge
from bolola.bots.king_bolola.playout import playout
from bolola.bots.king_bolola.sampler import DealSampler, NoConsistentDeal
from bolola.bots.king_bolola.solver import Position, SearchLimit, Solver, kinds_of, twins
from bolola.cards import CARDS, Card
from bolola.engine import Action
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.view import KingBololaView

PLAY_SAMPLES = 40
"""Deals sampled per card decision at the default budget, when playing out."""
EXACT_SAMPLES = 24
"""Deals sampled per card decision at the default budget, when solving exactly (each
sample is worth more, and costs more, than a playout)."""
EXACT_NODES = 30_000
"""Search nodes one decision may spend on exact solves; past that (a bushy position) the
samples solved so far decide, or, if none was, samples are played out instead. Node
counts, unlike time, are the same on every machine, so this keeps the bot deterministic."""
DECLARE_SAMPLES = 48
"""Deals sampled per contract decision at the default budget (each played out once for
every offered declaration still in the running)."""
EXACT_CARDS: dict[Contract, int] = {
    Contract.TRICKS: 16,
    Contract.JACKS_KINGS: 20,
    Contract.QUEENS: 24,
    Contract.HEARTS: 20,
    Contract.LAST_TWO: 16,
    Contract.KING_OF_HEARTS: 24,
    Contract.BOLOLA_NEGATIVE: 20,
    Contract.TRUMPS: 20,
    Contract.BOLOLA_POSITIVE: 16,
}
"""Cards left in the four hands at which samples are solved exactly instead of played
out: 4 tricks, 5 or 6 where the contract's search stays small (measured with the
solver's node counts on random positions: under about 1,000 nodes a sample)."""
TIE = 1.0
"""Mean scores this close (in points) count as equal and go to the ``club`` tie-break."""
_SAFETY = 0.85  # stop sampling at this share of Budget.seconds: the last sample still fits


@dataclass(frozen=True, slots=True)
class ExpertBot:
    """``expert`` for King Bolola (see the module docstring)."""

    budget: Budget
    level: str = "expert"

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, KingBololaView) or view.seat is None:
            raise TypeError("the expert bot plays King Bolola from a seat's view")
        deadline = time.perf_counter() + self.budget.seconds * _SAFETY
        rng = random.Random(seed)
        if isinstance(legal[0], Declare):
            declares = [a for a in legal if isinstance(a, Declare)]
            samples = self.budget.samples or DECLARE_SAMPLES
            rated = worth(view, rate_contracts(view, declares, samples, rng, deadline))
            return self._tie_break(view, rated, seed)
        cards = [a for a in legal if isinstance(a, Card)]
        try:
            by_card = rate_cards(view, cards, self.budget.samples, rng, deadline)
        except NoConsistentDeal:
            # No deal agrees with the view (the engine never makes one): still a sound card.
            return make_club(self.budget).choose(view, legal, seed)
        return self._tie_break(view, by_card, seed)

    def _tie_break(self, view: KingBololaView, rated: dict[Any, float], seed: int) -> Action:
        best = max(rated.values())
        tied = [a for a, v in rated.items() if v >= best - TIE]
        if len(tied) == 1:
            action: Action = tied[0]
            return action
        return make_club(self.budget).choose(view, tied, seed)


def rate_cards(
    view: KingBololaView,
    legal: Sequence[Card],
    samples: int,
    rng: random.Random,
    deadline: float = float("inf"),
) -> dict[Card, float]:
    """Each legal card's mean points for the seat to move, over sampled deals
    (``samples`` 0: the defaults, :data:`PLAY_SAMPLES` or :data:`EXACT_SAMPLES`)."""
    assert view.seat is not None and view.contract is not None and view.trick is not None
    seat = view.seat
    contract = view.contract
    trump = -1 if view.trump is None else int(view.trump)
    kua = view.king_under_ace
    gone = 0
    for t in view.tricks:
        for card in t.cards:
            gone |= card.bit
    leader = view.trick.leader
    trick = [card.index for card in view.trick.cards]
    legal_mask = 0
    for card in legal:
        legal_mask |= card.bit
    rep_of = twins(legal_mask, gone, kinds_of(contract))
    reps = sorted(set(rep_of.values()))
    sampler = DealSampler.from_knowledge(Knowledge.from_view(view))
    exact = sum(view.hand_counts) <= EXACT_CARDS[contract]
    if exact:
        solver = Solver(contract, trump, kua, max_nodes=EXACT_NODES, deadline=deadline)
        sums = dict.fromkeys(reps, 0)
        done = 0
        try:
            for _ in range(max(1, samples or EXACT_SAMPLES)):
                hands = sampler.sample(rng)
                pos = Position(contract, trump, kua, hands, leader, tuple(trick), gone)
                values = solver.root_values(pos, seat)
                for c in reps:
                    sums[c] += values[c]
                done += 1
        except SearchLimit:
            pass  # too bushy, or out of time: what is solved stands, else play out
        if done:
            return {CARDS[c]: sums[rep] / done for c, rep in rep_of.items()}
    sums = dict.fromkeys(reps, 0)
    done = 0
    for _ in range(max(1, samples or PLAY_SAMPLES)):
        hands = sampler.sample(rng)
        for c in reps:
            end = playout(contract, trump, kua, list(hands), leader, list(trick), gone, c)
            sums[c] += end[seat]
        done += 1
        if time.perf_counter() > deadline:
            break
    return {CARDS[c]: sums[rep] / done for c, rep in rep_of.items()}


def make_expert(budget: Budget) -> Bot:
    return ExpertBot(budget)
