"""Baloot's hint: the ``expert``'s choice, with the values the simulation gives it.

- **Cards**: the expert plays every legal card out on the same sampled worlds
  (:func:`~bolola.bots.baloot.expert.card_means`) and keeps ``club``'s card unless
  another is better by more than a tie; the hint makes the same draws from the same seed,
  so it names the same card, with its mean game points for the seat's team against the
  runner-up's, and a fact counted from the view (:mod:`bolola.bots.trick_facts`).
- **Bids and doubling**: the expert says what the club rules say (the simulation measured
  worse, :data:`~bolola.bots.baloot.expert.SIMULATE_BIDS`); the hint keeps that choice
  and shows what the simulation expects of it (:func:`~bolola.bots.baloot.expert.bid_means`,
  :func:`~bolola.bots.baloot.expert.double_means`), so a reader sees the bid's worth even
  though the rules, not the number, picked it.
- **Projects**: declared as ``club`` does (BA-17), the project named.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from bolola.bots.baloot import club
from bolola.bots.baloot.expert import (
    _SAFETY,
    BID_SAMPLES,
    DOUBLE_SAMPLES,
    SIMULATE_BIDS,
    SIMULATE_DOUBLES,
    TIE,
    ExpertBot,
    bid_means,
    card_means,
    contract_of,
    double_means,
    parse_card,
    pick_card,
)
from bolola.bots.baloot.sampler import NoConsistentDeal
from bolola.bots.base import Budget
from bolola.bots.hint import EXPERT_CHOICE, ONLY_ACTION, Fact, Hint, Var
from bolola.bots.trick_facts import Seen, fact
from bolola.cards import Card
from bolola.engine import Action
from bolola.games.baloot.actions import parse_action
from bolola.games.baloot.deck import DECK, power
from bolola.games.baloot.projects import Project
from bolola.games.baloot.view import BalootView

CARD = "ba_card"
"""Play it: the team's mean game points this round, and the runner-up's."""
CLOSE = "ba_close"
"""The best cards score alike: ``club``'s rules of thumb picked this one."""
BID = "ba_bid"
"""Say it (the club's bidding rules): the team's mean game points over simulated deals."""
DOUBLE = "ba_double"
"""Double, triple, four or pass (the club's rules): the mean game points of the step
taken and of the other."""
PROJECT = "ba_project"
"""Declare the project before the first card (BA-17)."""
UNSURE = "ba_unsure"
"""No sampled deal agreed with the view: the rules of thumb alone."""


def hint(view: Any, legal: Sequence[Action], seed: int, budget: Budget) -> Hint:
    if len(legal) == 1:
        return Hint(legal[0], ONLY_ACTION)
    if not isinstance(view, BalootView) or view.seat is None:
        raise TypeError("a Baloot hint is for a seat's view")
    texts = [str(a) for a in legal]

    def action(text: str) -> Action:
        return legal[texts.index(text)]

    rng = random.Random(seed)  # drawn from in the order ``ExpertBot.decide`` draws
    deadline = time.perf_counter() + budget.seconds * _SAFETY
    simulated = (view.phase == "bid" and SIMULATE_BIDS) or (
        view.phase == "double" and SIMULATE_DOUBLES
    )
    if view.phase != "play" or simulated or any(t.startswith("project:") for t in texts):
        # The expert's own choice (the club's, unless a simulation is switched on): the
        # numbers below come from a simulation of their own, after it.
        chosen = ExpertBot(budget).decide(view, texts, seed)
        if view.phase == "bid":
            return _bid(action(chosen), view, texts, budget, rng, deadline)
        if view.phase == "double":
            return _double(action(chosen), view, texts, budget, rng, deadline)
        return _project(action(chosen), view)
    fallback = club.decide(view, texts)
    try:
        means = card_means(view, texts, budget.samples, rng, deadline)
    except NoConsistentDeal:
        return Hint(action(fallback), UNSURE).with_fact(card_fact(view, fallback))
    chosen = pick_card(means, fallback)
    return _explain(action(chosen), means, fallback).with_fact(card_fact(view, chosen))


def _explain(chosen: Action, means: dict[str, float], fallback: str) -> Hint:
    text = str(chosen)
    expected = round(means[text], 1)
    runner = max((t for t in means if t != text), key=lambda t: (means[t], t))
    if text == fallback and means[runner] >= means[text] - TIE:
        # Kept as club's card within a tie of the runner-up (or a hair below it).
        return Hint(chosen, CLOSE, {"action": text, "next": runner}, expected)
    vars_: dict[str, Var] = {
        "action": text,
        "expected": expected,
        "next": runner,
        "next_expected": round(means[runner], 1),
    }
    return Hint(chosen, CARD, vars_, expected)


def _bid(
    chosen: Action,
    view: BalootView,
    legal: Sequence[str],
    budget: Budget,
    rng: random.Random,
    deadline: float,
) -> Hint:
    try:
        means, deals = bid_means(view, legal, budget.samples or BID_SAMPLES, rng, deadline)
    except NoConsistentDeal:
        means, deals = {}, 0
    if str(chosen) not in means:
        return Hint(chosen, EXPERT_CHOICE)
    expected = round(means[str(chosen)], 1)
    vars_: dict[str, Var] = {"action": str(chosen), "expected": expected, "deals": deals}
    return Hint(chosen, BID, vars_, expected)


def _double(
    chosen: Action,
    view: BalootView,
    legal: Sequence[str],
    budget: Budget,
    rng: random.Random,
    deadline: float,
) -> Hint:
    samples = budget.samples * 2 or DOUBLE_SAMPLES
    try:
        means = double_means(view, legal, samples, rng, deadline)
    except NoConsistentDeal:
        means = {}
    text = str(chosen)
    other = next((t for t in means if t != text), None)
    if text not in means or other is None:
        return Hint(chosen, EXPERT_CHOICE)
    expected = round(means[text], 1)
    vars_: dict[str, Var] = {
        "action": text,
        "expected": expected,
        "next": other,
        "next_expected": round(means[other], 1),
        "deals": samples,
    }
    return Hint(chosen, DOUBLE, vars_, expected)


def _project(chosen: Action, view: BalootView) -> Hint:
    text = str(chosen)
    if not text.startswith("project:"):
        return Hint(chosen, EXPERT_CHOICE).with_fact(card_fact(view, text))
    project = parse_action(text)
    assert isinstance(project, Project)
    return Hint(chosen, PROJECT, {"action": text, "project": project.kind, "rule": "BA-17"})


def seen(view: BalootView) -> Seen:
    """What the seat sees of the round in play, for its facts (BA-2: the order of a suit,
    the trump's own in Hokum)."""
    assert view.seat is not None and view.hand is not None
    trump = contract_of(view).trump

    def strength(card: Card) -> int:
        return power(card, trump)

    return Seen(
        seat=view.seat,
        players=4,
        hand=view.hand,
        tricks=tuple(t.cards for t in view.tricks),
        trick=view.trick,
        deck=DECK,
        power=strength,
        trump=trump,
        follow_rule="BA-15",
    )


def card_fact(view: BalootView, text: str) -> Fact | None:
    """The fact behind playing the card ``text`` (``None`` for any other action)."""
    if text.startswith("project:"):
        return None
    return fact(seen(view), parse_card(text))
