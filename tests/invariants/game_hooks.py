"""What the generic invariant suite needs to know about each game beyond the contract.

The engine contract has no card accessor (a state leaves a game only through ``view``),
so each game names here how to account for its cards, which option sets to try and
what a finished game must satisfy. A game registered without an entry fails the suite.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bolola.cards import CARDS, Card, cards_of
from bolola.engine import Game


@dataclass(frozen=True)
class Hooks:
    deck: tuple[Card, ...]
    cards: Callable[[Any], tuple[Sequence[Sequence[Card]], Sequence[Card]]]
    """(cards each seat holds, cards played or otherwise out of the hands)."""
    finished: Callable[[Any], None]
    """Asserts what a finished game must satisfy (scores add up…)."""
    options: tuple[Mapping[str, Any], ...]
    """Option sets, in their JSON form, that the playouts try."""
    max_actions: int


def _kb_cards(state: Any) -> tuple[Sequence[Sequence[Card]], Sequence[Card]]:
    deal = state.deal
    if deal is None:
        return [cards_of(h) for h in state.dealt], []
    played = [CARDS[c] for _, trick in deal.tricks for c in trick]
    played += [CARDS[c] for c in deal.trick]
    return [cards_of(h) for h in deal.hands], played


def _kb_finished(state: Any) -> None:
    assert len(state.history) == 24
    for deal in state.history:
        assert sum(deal.points) == deal.contract.total, f"deal {deal.deal_no}"
    totals = tuple(sum(d.points[s] for d in state.history) for s in range(4))
    assert state.totals == totals


def _ht_card(c: int) -> Card:
    # The two jokers are alike (HT-1) but are two cards: the second one gets its own index
    # here so that every one of the 54 cards has exactly one place.
    return Card(c)


def _ht_cards(state: Any) -> tuple[Sequence[Sequence[Card]], Sequence[Card]]:
    if state.over:
        last = state.history[-1]
        return [[], []], [_ht_card(c) for h in last.hands for p in h.placements for c in p]
    held = [[_ht_card(c) for c in (*state.hands[s], *(state.pending[s] or ()))] for s in (0, 1)]
    out = [_ht_card(c) for u in state.undealt for c in u]
    out += [_ht_card(c) for h in state.played for p in h.placements for c in p]
    return held, out


def _ht_finished(state: Any) -> None:
    from bolola.games.hearts_trumps.match import match_winner

    assert state.history
    for deal in state.history:
        assert len(deal.hands) == 9
        assert sum(deal.score.loot_counts) == 18
        assert sum(deal.points) <= 200  # HT-15
    totals = tuple(sum(d.points[s] for d in state.history) for s in (0, 1))
    assert state.totals == totals
    assert match_winner(totals, state.options.target) is not None
    before = tuple(sum(d.points[s] for d in state.history[:-1]) for s in (0, 1))
    assert match_winner(before, state.options.target) is None


HOOKS: dict[str, Hooks] = {
    "king-bolola": Hooks(
        deck=CARDS,
        cards=_kb_cards,
        finished=_kb_finished,
        options=(
            {},
            {"king-under-ace": True},
            {"king-under-ace": False, "first-declarer": 3},
        ),
        max_actions=24 * (1 + 52),
    ),
    "hearts-trumps": Hooks(
        deck=(*CARDS, Card(52), Card(53)),
        cards=_ht_cards,
        finished=_ht_finished,
        options=({}, {"target": 150}, {"target": 1}),
        # A deal gives both seats 58 points or more (HT-14), so 500 falls within 18 deals.
        max_actions=40 * 18,
    ),
}

RULES = Path(__file__).resolve().parents[2] / ".." / "shared" / "rules"


def known_rule_ids() -> frozenset[str]:
    ids: set[str] = set()
    for path in RULES.glob("*.md"):
        ids |= set(re.findall(r"\b[A-Z]{2}-\d+\b", path.read_text(encoding="utf-8")))
    assert ids, f"no rule ids found under {RULES.resolve()}"
    return frozenset(ids)


@dataclass(frozen=True)
class Step:
    state: Any
    seat: int
    legal: tuple[Any, ...]
    action: Any


def playout(
    game: Game[Any, Any, Any, Any], options: Mapping[str, Any], seed: int
) -> Iterator[Step | Any]:
    """Random legal play from ``new(options, seed)``: yields each Step, then the final state.

    Fails if a live state has no seat to move, a seat to move has no legal action, or the
    game outlasts its hook's ``max_actions``.
    """
    hooks = HOOKS[game.name]
    rng = random.Random(seed)
    state = game.new(game.parse_options(options), seed)
    for _ in range(hooks.max_actions + 1):
        if game.outcome(state) is not None:
            yield state
            return
        movers = game.to_move(state)
        assert movers, "a live state with no seat to move"
        seat = rng.choice(movers)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is to move with no legal action"
        action = rng.choice(legal)
        yield Step(state, seat, legal, action)
        state, _ = game.apply(state, seat, action)
    raise AssertionError(f"{game.name} still going after {hooks.max_actions} actions")
