"""Hearts Are Trumps' hint: the ``expert``'s placement, with the value that chose it.

The expert rates every own placement against the opponent's likely ones over sampled
opponent hands (:func:`~bolola.bots.hearts_trumps.expert.rate`) and plays the best
against a blend of the matrix game's mix and a prior
(:func:`~bolola.bots.hearts_trumps.expert.placement_scores`); the hint runs the same
steps from the same seed, so it suggests the same placement, with that value (points
difference this hand, the loot-count race included, HT-14) against the runner-up's.

Its fact is a count over the cards the seat has not seen (:class:`Knowledge`: not in
its hand, placement or loot, and no attacker or defender shown): how many of them beat
the chosen attacker and defender (HT-9 … HT-12). It names only the seat's own cards.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from bolola.bots.base import Budget
from bolola.bots.hearts_trumps.club import club_choice, legal_triples
from bolola.bots.hearts_trumps.expert import (
    _SAFETY,
    HAND_SAMPLES,
    ROUND_SAMPLES,
    placement_scores,
    rate,
)
from bolola.bots.hearts_trumps.knowledge import STRENGTH, Knowledge, card_int
from bolola.bots.hint import EXPERT_CHOICE, ONLY_ACTION, Fact, Hint, Var
from bolola.engine import Action
from bolola.games.hearts_trumps.placement import Place, parse_action
from bolola.games.hearts_trumps.view import HeartsTrumpsView

PLACE = "ht_place"
"""Lay it: its value in points difference this hand, and the runner-up's."""
CLOSE = "ht_close"
"""The best placements are worth the same: the ``club`` price broke the tie."""
ODDS = "ht_odds"
"""The fact: of the cards unseen, how many beat the attacker, how many the defender."""


def hint(view: Any, legal: Sequence[Action], seed: int, budget: Budget) -> Hint:
    if len(legal) == 1:
        return Hint(legal[0], ONLY_ACTION)
    if not isinstance(view, HeartsTrumpsView):
        raise TypeError("a Hearts Are Trumps hint is for a seat's view")
    deadline = time.perf_counter() + budget.seconds * _SAFETY
    k = Knowledge.from_view(view)
    samples = budget.samples or (ROUND_SAMPLES if k.is_round_start else HAND_SAMPLES)
    matrix = rate(k, samples, random.Random(seed), deadline)
    allowed = legal_triples(legal)
    try:
        scores = placement_scores(k, matrix, allowed)
        chosen = max(scores, key=lambda t: scores[t])
    except ValueError:  # ``legal`` holds none of the hand's placements: as the expert
        return Hint(club_choice(k, legal), EXPERT_CHOICE)
    action = allowed[chosen]
    place = _place(action)
    fact = odds(k, place)
    vars_: dict[str, Var] = {
        "action": str(action),
        "loot": str(place.loot),
        "attacker": str(place.attacker),
        "defender": str(place.defender),
    }
    expected = round(scores[chosen][0], 1)
    others = [t for t in scores if t != chosen]
    if not others:
        return Hint(action, PLACE, {**vars_, "expected": expected}, expected, fact)
    runner = max(others, key=lambda t: scores[t])
    if scores[runner][0] == scores[chosen][0]:
        vars_ |= {"expected": expected, "next": str(allowed[runner])}
        return Hint(action, CLOSE, vars_, expected, fact)
    vars_ |= {
        "expected": expected,
        "next": str(allowed[runner]),
        "next_expected": round(scores[runner][0], 1),
    }
    return Hint(action, PLACE, vars_, expected, fact)


def odds(k: Knowledge, place: Place) -> Fact:
    """How many unseen cards are stronger than the attacker and than the defender (a
    joker meeting a joker is settled by the other battle, HT-10: it is not counted)."""

    def over(card: int) -> int:
        return sum(1 for c in k.unseen if STRENGTH[c] > STRENGTH[card])

    return Fact(
        ODDS,
        {
            "attacker": str(place.attacker),
            "attacker_beaten": over(card_int(place.attacker)),
            "defender": str(place.defender),
            "defender_beaten": over(card_int(place.defender)),
            "unseen": len(k.unseen),
        },
    )


def _place(action: Action) -> Place:
    return action if isinstance(action, Place) else parse_action(str(action))
