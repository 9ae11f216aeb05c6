"""King Bolola's hint: the ``expert``'s choice with the values that drove it.

The expert rates every candidate over deals sampled to agree with the seat's view
(:func:`~bolola.bots.king_bolola.expert.rate_cards`,
:func:`~bolola.bots.king_bolola.contract_choice.rate_contracts`) and breaks near-ties
with the ``club`` bot's rules of thumb; the hint runs the same steps with the same seed,
so it suggests exactly what the expert would play, and says by how much it beat the
runner-up. Only legal actions (the seat's own cards, the contracts it may declare) and
sample means appear in a reason: nothing hidden can leak through one. A card's hint adds
a fact counted from the view (:mod:`bolola.bots.trick_facts`): the best card of its
suit still out, a void shown, a higher card kept back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from bolola.bots.base import Budget
from bolola.bots.hint import ONLY_ACTION, Fact, Hint
from bolola.bots.king_bolola.club import make_club
from bolola.bots.king_bolola.contract_choice import rate_contracts, worth
from bolola.bots.king_bolola.expert import _SAFETY, DECLARE_SAMPLES, TIE, ExpertBot, rate_cards
from bolola.bots.king_bolola.sampler import NoConsistentDeal
from bolola.bots.trick_facts import Seen, fact
from bolola.cards import CARDS, Card
from bolola.engine import Action
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.view import KingBololaView, TrickView

CONTRACT = "kb_contract"
"""Declare it: its expected score, and the runner-up's."""
CARD = "kb_card"
"""Play it: its expected points this deal, and the runner-up's."""
LATER = "kb_contract_later"
"""Declare it: the runner-up would score as much or more, but is worth more on a later
hand (the declarations of its class still owed)."""
CLOSE = "kb_close"
"""Candidates within a point of each other: a rule of thumb picked this one."""
UNSURE = "kb_unsure"
"""No sampled deal agreed with the view: the rules of thumb alone."""


def hint(view: Any, legal: Sequence[Action], seed: int, budget: Budget) -> Hint:
    if len(legal) == 1:
        return Hint(legal[0], ONLY_ACTION)
    if not isinstance(view, KingBololaView) or view.seat is None:
        raise TypeError("a King Bolola hint is for a seat's view")
    bot = ExpertBot(budget)
    deadline = time.perf_counter() + budget.seconds * _SAFETY
    rng = random.Random(seed)  # drawn from in the order ``ExpertBot.choose`` draws
    if isinstance(legal[0], Declare):
        declares = [a for a in legal if isinstance(a, Declare)]
        samples = budget.samples or DECLARE_SAMPLES
        scores = rate_contracts(view, declares, samples, rng, deadline)
        weighed = worth(view, scores)
        chosen = bot._tie_break(view, weighed, seed)
        return _explain(chosen, weighed, scores, CONTRACT, samples)
    cards = [a for a in legal if isinstance(a, Card)]
    try:
        by_card = rate_cards(view, cards, budget.samples, rng, deadline)
    except NoConsistentDeal:
        club = make_club(budget).choose(view, legal, seed)
        return Hint(club, UNSURE).with_fact(_fact(view, club))
    chosen = bot._tie_break(view, by_card, seed)
    return _explain(chosen, by_card, by_card, CARD, None).with_fact(_fact(view, chosen))


def seen(view: KingBololaView) -> Seen:
    """What the seat sees of the deal in play, for its facts (KB-1: the ace high)."""
    assert view.seat is not None and view.hand is not None and view.trick is not None

    def played(t: TrickView) -> tuple[tuple[int, Card], ...]:
        return tuple((t.seat_of(k), c) for k, c in enumerate(t.cards))

    return Seen(
        seat=view.seat,
        players=len(view.hand_counts),
        hand=view.hand,
        tricks=tuple(played(t) for t in view.tricks),
        trick=played(view.trick),
        deck=CARDS,
        power=_rank,
        trump=view.trump,
        follow_rule="KB-11",
    )


def _rank(card: Card) -> int:
    return card.rank


def _fact(view: KingBololaView, card: Action) -> Fact | None:
    return fact(seen(view), card) if isinstance(card, Card) else None


def _explain(
    chosen: Action,
    rank: dict[Any, float],
    shown: dict[Any, float],
    key: str,
    samples: int | None,
) -> Hint:
    """The reason: the choice's mean points against the runner-up's, the runner-up by
    what chose (a contract's worth weighs the declarations still owed; its score is
    what is shown)."""
    expected = round(shown[chosen], 1)
    extra: dict[str, str | int | float] = {} if samples is None else {"deals": samples}
    others = [a for a in rank if a != chosen]
    if not others:
        return Hint(chosen, key, {"action": str(chosen), **extra}, expected)
    runner = max(others, key=lambda a: (rank[a], str(a)))
    if key == CARD and rank[chosen] - rank[runner] < TIE:
        return Hint(chosen, CLOSE, {"action": str(chosen), "next": str(runner)}, expected)
    if key == CONTRACT and shown[runner] > shown[chosen] - TIE:
        key = LATER  # the runner-up scores as much now, or more: the quotas owed chose
    vars_: dict[str, str | int | float] = {
        "action": str(chosen),
        "expected": expected,
        "next": str(runner),
        "next_expected": round(shown[runner], 1),
        **extra,
    }
    return Hint(chosen, key, vars_, expected)
