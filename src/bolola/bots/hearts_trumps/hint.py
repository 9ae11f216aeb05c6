"""Hearts Are Trumps' hint: the ``expert``'s placement, with the value that chose it.

The expert rates every own placement against the opponent's likely ones over sampled
opponent hands (:func:`~bolola.bots.hearts_trumps.expert.rate`) and plays the best
against a blend of the matrix game's mix and a prior
(:func:`~bolola.bots.hearts_trumps.expert.placement_scores`); the hint runs the same
steps from the same seed, so it suggests the same placement, with that value (points
difference this hand, the loot-count race included, HT-14) against the runner-up's.

The reason says why, not where: the client shows the placement itself on the action line,
so the reason never spells it out again (``loot``, ``attacker`` and ``defender`` stay in
its variables for the server's tests and older clients). Its why is what the placement
wins and keeps: how often, over the same sampled opponent hands and the opponent's
placements weighted as the expert weighs them, the attacker takes the opponent's loot
(``attacker_wins``) and the defender keeps the seat's own (``defender_holds``), in percent.
A share is 100 (or 0) only when it is so in every sampled hand: a near-certainty rounds
to 99 (or 1), never to a certainty.

Its fact is a count over the cards the seat has not seen (:class:`Knowledge`: not in
its hand, placement or loot, and no attacker or defender shown): how many of them beat
the chosen attacker and defender (HT-9 … HT-12), and, over the same sampled hands as the
reason (``samples`` of them), in how many the opponent held one of those that beat the
attacker (``attacker_held``) and one of those that beat the defender (``defender_held``).
So a reason's "wins in 100% of the hands" beside "13 unseen cards beat it" reads as it is:
the opponent may hold such a card, but the placements it would likely make do not defend
with it. The fact names only the seat's own cards.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from bolola.bots.base import Budget
from bolola.bots.hearts_trumps.club import club_choice, legal_triples
from bolola.bots.hearts_trumps.expert import (
    _SAFETY,
    HAND_SAMPLES,
    ROUND_SAMPLES,
    opponent_placements,
    opponent_weights,
    placement_scores,
    rate,
)
from bolola.bots.hearts_trumps.knowledge import STRENGTH, Knowledge, Triple, card_int
from bolola.bots.hearts_trumps.race import battle_worth
from bolola.bots.hint import EXPERT_CHOICE, ONLY_ACTION, Fact, Hint, Var
from bolola.engine import Action
from bolola.games.hearts_trumps.placement import Place, parse_action
from bolola.games.hearts_trumps.view import HeartsTrumpsView

PLACE = "ht_place"
"""Lay it: how often it wins and keeps loot, its value in points difference this hand,
and the runner-up's."""
CLOSE = "ht_close"
"""The best placements are worth the same: the ``club`` price broke the tie (how often
it wins and keeps loot, as for :data:`PLACE`)."""
ODDS = "ht_odds"
"""The fact: of the cards unseen, how many beat the attacker, how many the defender, and
in how many of the sampled hands the opponent held one of either."""


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
    sampled = sample_battles(
        k, chosen, opponent_weights(matrix), samples, random.Random(seed), deadline
    )
    fact = odds(k, place, sampled)
    vars_: dict[str, Var] = {
        "action": str(action),
        "loot": str(place.loot),
        "attacker": str(place.attacker),
        "defender": str(place.defender),
        "attacker_wins": sampled.wins,
        "defender_holds": sampled.holds,
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


class Sampled(NamedTuple):
    """What a placement meets over the sampled opponent hands (:func:`sample_battles`)."""

    wins: int  # percent: the attacker takes the opponent's loot
    holds: int  # percent: the defender keeps the seat's own
    samples: int  # how many opponent hands were sampled
    attacker_held: int  # in how many the opponent held a card that beats the attacker
    defender_held: int  # in how many the opponent held a card that beats the defender


def sample_battles(
    k: Knowledge,
    chosen: Triple,
    weights: Sequence[float],
    samples: int,
    rng: random.Random,
    deadline: float = float("inf"),
) -> Sampled:
    """How ``chosen`` fares over the opponent hands :func:`rate` samples from the same
    ``rng``: in percent (:func:`percent`), how often its attacker takes the opponent's
    loot and its defender keeps the seat's own, the opponent's placements there each
    weighted as the expert weighs it (``weights``, :func:`opponent_weights`; joker against
    joker goes with the other battle, HT-10); and in how many of those hands the opponent
    held a card stronger than the attacker, and than the defender."""
    their_worth = battle_worth(-k.lead, k.battles_left)
    s_att, s_def = STRENGTH[chosen[1]], STRENGTH[chosen[2]]
    takes = keeps = 0.0
    done = att_held = def_held = 0
    for _ in range(max(1, samples)):
        theirs = tuple(sorted(rng.sample(k.unseen, k.opponent_cards)))
        placed = opponent_placements(k, theirs, their_worth, len(weights))
        for w, q in zip(weights, placed, strict=True):
            won, kept = battles(s_att, s_def, STRENGTH[q[1]], STRENGTH[q[2]])
            takes += w * won
            keeps += w * kept
        strongest = max((STRENGTH[c] for c in theirs), default=-1)
        att_held += strongest > s_att
        def_held += strongest > s_def
        done += 1
        if time.perf_counter() > deadline:
            break
    total = sum(weights) * done
    return Sampled(percent(takes, total), percent(keeps, total), done, att_held, def_held)


def battle_odds(
    k: Knowledge,
    chosen: Triple,
    weights: Sequence[float],
    samples: int,
    rng: random.Random,
    deadline: float = float("inf"),
) -> tuple[int, int]:
    """In percent: how often the attacker of ``chosen`` takes the opponent's loot and its
    defender keeps the seat's own (:func:`sample_battles`)."""
    sampled = sample_battles(k, chosen, weights, samples, rng, deadline)
    return sampled.wins, sampled.holds


def percent(part: float, whole: float) -> int:
    """``part`` of ``whole`` in whole percent; 100 only when it is all of it and 0 only
    when none (up to float noise): 99.6 % is said 99, not a certainty."""
    if whole <= 0:
        return 0
    share = part / whole
    if share >= 1 - 1e-9:
        return 100
    if share <= 1e-9:
        return 0
    return min(99, max(1, round(100 * share)))


def battles(own_att: int, own_def: int, their_att: int, their_def: int) -> tuple[bool, bool]:
    """(own attacker beats their defender, own defender beats their attacker), by
    strength; equal strengths (joker against joker) go with the other battle (HT-10)."""
    won = own_att > their_def if own_att != their_def else None
    kept = own_def > their_att if own_def != their_att else None
    if won is None:
        won = bool(kept)
    if kept is None:
        kept = won
    return won, kept


def odds(k: Knowledge, place: Place, sampled: Sampled) -> Fact:
    """How many unseen cards are stronger than the attacker and than the defender (a
    joker meeting a joker is settled by the other battle, HT-10: it is not counted), and
    in how many of the sampled opponent hands the opponent held one (``sampled``)."""

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
            "samples": sampled.samples,
            "attacker_held": sampled.attacker_held,
            "defender_held": sampled.defender_held,
        },
    )


def _place(action: Action) -> Place:
    return action if isinstance(action, Place) else parse_action(str(action))
