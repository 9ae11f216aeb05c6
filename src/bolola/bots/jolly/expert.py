"""Jolly's ``expert``: ``club``'s candidates weighed by play-outs over sampled hands.

- **Candidates** (a few, from ``club``'s own pricing): at the draw, the stock and the
  ``take:N`` whose deepest card melds at once, the best :data:`TAKES` of them by what they
  gain now (even below ``club``'s margin); at the discard, the :data:`DISCARDS` cards
  ``club`` would most readily let go (never a joker while another card will do). Melds,
  lay-offs and swaps follow ``club`` (the exact finder's plan), as does any decision
  with one candidate.
- **Worlds** (:mod:`.sampler`): the hidden cards dealt anew to agree with the view (what
  each seat was seen to take from the pile stays in its hand, hand and stock sizes, the
  rebuilt stock), and with what the others did not do (no meld left in an opened hand,
  no 40 in the hand of one who has played without opening); every candidate is tried on
  the same worlds, with the same stock order and the same reshuffles.
- **Play-outs** (:mod:`.rollout`): the candidate, the rest of the turn by ``club``'s
  rules, then every seat by the same rules until the expert has played its next turn
  (:data:`AHEAD`); a round that ends on the way is scored by the engine, else the
  expert's outlook (points down, plus what the finder puts down of its hand less a
  quarter of what the rest costs, :data:`~bolola.bots.jolly.rollout.LEFT`) less the
  others' average (points down less a quarter of their hands' cost).
- The best mean wins if it beats ``club``'s own choice by :data:`TIE` points and
  :data:`SURE` standard errors of the difference, world by world; else ``club``'s.

Deterministic for a seed; ``Budget.samples`` fixes the worlds (by default as many as
:data:`TURNS` play-out turns allow); ``Budget.seconds`` only cuts their number short on
a slow machine.

>>> bot = make_expert(Budget(samples=4))
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.bots.base import Bot, Budget
from bolola.bots.jolly import club
from bolola.bots.jolly.position import Position, from_view
from bolola.bots.jolly.rollout import act, finish_turn, play_until, rebuilder, worth
from bolola.bots.jolly.sampler import world
from bolola.cards import Card
from bolola.engine import Action
from bolola.games.jolly.view import JollyView

TURNS = 330
"""Play-out turns per decision at the default budget: the worlds sampled are as many as
this allows, every candidate played out on each for about :data:`AHEAD` times the
players, plus one, turns (about 0.8 ms a turn on one core)."""
MIN_WORLDS = 6
MAX_WORLDS = 40
TAKES = 2
DISCARDS = 3
AHEAD = 1
"""The expert's own turns played out after the decision's, before its outlook is read
(none, the outlook read when it is to draw again, measured worse: it misses what the
hand does with its next card)."""
TIE = 1.0
"""A candidate must beat ``club``'s choice by this many points (mean) to be taken…"""
SURE = 0.5
"""… and by this many standard errors of the difference."""
HOLD = False
"""Weigh holding the turn's melds back (discarding at once) against putting them down?
Off: long play-outs (100 worlds to the round's end, 108 positions) price ``club``'s
choice 2.1 points below the better of the two, but the expert's own play-outs won back
only 0.3 ± 0.8 of it, while searching every step of every turn's melds."""
OTHERS = 1.0
"""How the other seats' average weighs against the expert's own points."""
_SAFETY = 0.85


@dataclass(frozen=True, slots=True)
class ExpertBot:
    budget: Budget
    level: str = "expert"

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, JollyView) or view.seat is None:
            raise TypeError("the Jolly expert plays from a seat's Jolly view")
        texts = [str(a) for a in legal]
        pick = self.decide(view, texts, seed)
        return legal[texts.index(pick)]

    def decide(self, view: JollyView, legal: Sequence[str], seed: int) -> str:
        pos = from_view(view)
        fallback = club.decide(pos, legal)
        options = candidates(pos, legal, fallback)
        if len(options) < 2:
            return fallback
        worlds = self.budget.samples or world_count(view.players, len(options))
        deadline = time.perf_counter() + self.budget.seconds * _SAFETY
        values = rate(view, options, worlds, random.Random(seed), deadline)
        return pick(values, fallback)


def make_expert(budget: Budget) -> Bot:
    return ExpertBot(budget)


def world_count(players: int, options: int) -> int:
    """Worlds for a decision at the default budget (see :data:`TURNS`)."""
    per_world = (AHEAD * players + 1) * options
    return max(MIN_WORLDS, min(MAX_WORLDS, round(TURNS / per_world)))


def candidates(pos: Position, legal: Sequence[str], fallback: str) -> list[str]:
    """The actions worth a play-out, ``club``'s choice first (empty: follow ``club``)."""
    if pos.drew is None:
        takes = [int(t[5:]) for t in legal if t.startswith("take:")]
        if not takes:
            return []
        gains = club.take_gains(pos, takes)
        ranked = sorted(gains, key=lambda n: (-gains[n], n))[:TAKES]
        options = ["draw", *(f"take:{n}" for n in ranked)]
    elif fallback.startswith("discard:"):
        cards = [Card.parse(t[8:]) for t in legal if t.startswith("discard:")]
        scores = club.keep_scores(pos, cards)
        plain = [c for c in cards if not c.is_joker] or cards
        ranked_cards = sorted(plain, key=lambda c: (scores[c], c.index))[:DISCARDS]
        options = [f"discard:{c}" for c in ranked_cards]
    elif HOLD and not going_out(pos):
        # Melds held back this turn: the discard club would make, keeping them.
        cards = [Card.parse(t[8:]) for t in legal if t.startswith("discard:")]
        if not cards:
            return []
        options = [f"discard:{club.discard_choice(pos, cards)}"]
    else:
        return []
    options = [t for t in dict.fromkeys([fallback, *options]) if t in legal]
    return options


def going_out(pos: Position) -> bool:
    """Whether ``club``'s melds this turn leave one card, to discard and close."""
    plan = club.meld_plan(pos)
    return plan is not None and len(plan.left) == 1


def pick(values: dict[str, list[float]], fallback: str) -> str:
    """The option of best mean, if it beats ``fallback`` by :data:`TIE` and by
    :data:`SURE` standard errors of the difference (paired world by world)."""
    means = {t: sum(v) / len(v) for t, v in values.items()}
    top = max(values, key=lambda t: (means[t], t == fallback))
    if top == fallback:
        return fallback
    gaps = [a - b for a, b in zip(values[top], values[fallback], strict=True)]
    gap = means[top] - means[fallback]
    n = len(gaps)
    spread = statistics.stdev(gaps) / math.sqrt(n) if n > 1 else math.inf
    return top if gap >= TIE and gap >= SURE * spread else fallback


def rate(
    view: JollyView,
    options: Sequence[str],
    worlds: int,
    rng: random.Random,
    deadline: float,
) -> dict[str, list[float]]:
    """Each option's worth in each of the same sampled worlds and play-outs."""
    me = view.seat
    assert me is not None
    out: dict[str, list[float]] = {t: [] for t in options}
    for done in range(worlds):
        if done and time.perf_counter() > deadline:
            break
        base = world(view, rng)
        luck = rng.getrandbits(32)
        for text in options:
            rebuild = rebuilder(random.Random(luck))
            r = act(base, text, rebuild)
            if r.score is None and r.turn.seat == me:
                r = finish_turn(r, rebuild)
            r = play_until(r, me, rebuild, AHEAD)
            out[text].append(worth(r, me, OTHERS))
    return out
