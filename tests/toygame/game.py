"""Toy high card (rules: ``tests/toygame/rules.md``, TY-1 … TY-4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bolola.bots.base import Bot, Budget
from bolola.cards import Card, CardError
from bolola.engine import (
    Bench,
    Census,
    DealScore,
    Dealt,
    IllegalAction,
    Outcome,
    Record,
    RecordError,
    Result,
    Seat,
    Seated,
    rank_scores,
    replay,
)
from bolola.fairness import Deals, FairDeals

SEATS = 3
DECK = tuple(Card.parse(f"{r}S") for r in "23456789TJQK")
ROUNDS = 4


@dataclass(frozen=True, slots=True)
class ToyOptions:
    deals: int = 2

    def to_json(self) -> dict[str, Any]:
        return {"deals": self.deals}


@dataclass(frozen=True, slots=True)
class Shown:
    """The public event once a round's cards are all chosen (TY-3)."""

    cards: tuple[Card, ...]
    winner: Seat
    audience: None = None

    def __str__(self) -> str:
        return f"shown {' '.join(map(str, self.cards))} to {self.winner}"


@dataclass(frozen=True, slots=True)
class Chosen:
    """A seat chose: the card for that seat only, the fact for everyone."""

    seat: Seat
    card: Card | None
    audience: frozenset[Seat] | None

    def __str__(self) -> str:
        return f"chosen {self.seat}" + ("" if self.card is None else f" {self.card}")


@dataclass(frozen=True, slots=True)
class ToyState:
    options: ToyOptions
    seed: Deals
    deal_no: int  # 0-based; options.deals once over
    hands: tuple[tuple[Card, ...], ...]
    chosen: tuple[Card | None, ...]
    taken: tuple[Card, ...]  # cards of finished rounds of this deal
    points: tuple[int, ...]  # this deal
    history: tuple[tuple[int, ...], ...]  # points of each finished deal
    dealt: tuple[tuple[tuple[Card, ...], ...], ...]  # every finished deal's hands


@dataclass(frozen=True, slots=True)
class ToyView:
    seat: Seat | None
    to_move: tuple[Seat, ...]
    hand: tuple[Card, ...] | None
    chosen: tuple[bool, ...]
    mine: Card | None
    points: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    legal: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "test-toy",
            "seat": self.seat,
            "to_move": list(self.to_move),
            "hand": None if self.hand is None else [str(c) for c in self.hand],
            "chosen": list(self.chosen),
            "mine": None if self.mine is None else str(self.mine),
            "points": list(self.points),
            "history": [list(h) for h in self.history],
            "legal": list(self.legal),
        }


def _deal(seed: Deals, deal_no: int) -> tuple[tuple[Card, ...], ...]:
    if isinstance(seed, FairDeals):
        cards = seed.deck(DECK, deal_no + 1)
    else:
        cards = list(DECK)
        random.Random(f"toy:{seed}:{deal_no}").shuffle(cards)
    return tuple(tuple(sorted(cards[4 * s : 4 * s + 4])) for s in range(SEATS))


class ToyGame:
    name = "test-toy"
    title = "Toy high card"
    seats = SEATS
    teams: tuple[tuple[Seat, ...], ...] | None = None

    def default_options(self) -> ToyOptions:
        return ToyOptions()

    def parse_options(self, raw: Mapping[str, Any]) -> ToyOptions:
        if not isinstance(raw, Mapping) or set(raw) - {"deals"}:
            raise RecordError("the toy's only option is deals")
        deals = raw.get("deals", 2)
        if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= 5:
            raise RecordError("option deals must be 1..5")
        return ToyOptions(deals)

    def new(self, options: ToyOptions, seed: Deals) -> ToyState:
        no = (None,) * SEATS
        return ToyState(options, seed, 0, _deal(seed, 0), no, (), (0,) * SEATS, (), ())

    def to_move(self, state: ToyState) -> tuple[Seat, ...]:
        if state.deal_no >= state.options.deals:
            return ()
        return tuple(s for s in range(SEATS) if state.chosen[s] is None)

    def legal_actions(self, state: ToyState, seat: Seat) -> tuple[Card, ...]:
        return state.hands[seat] if seat in self.to_move(state) else ()

    def apply(self, state: ToyState, seat: Seat, action: Card) -> tuple[ToyState, tuple[Any, ...]]:
        if state.deal_no >= state.options.deals:
            raise IllegalAction("TY-4", "the match is over")
        if seat not in self.to_move(state):
            raise IllegalAction("TY-2", f"seat {seat} has chosen this round")
        if not isinstance(action, Card) or action not in state.hands[seat]:
            raise IllegalAction("TY-1", f"{action}: not in seat {seat}'s hand")
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action)
        chosen = list(state.chosen)
        chosen[seat] = action
        events: tuple[Any, ...] = (
            Chosen(seat, action, frozenset({seat})),
            Chosen(seat, None, None),
        )
        state = replace(state, hands=tuple(hands), chosen=tuple(chosen))
        if any(c is None for c in chosen):
            return state, events
        cards = tuple(c for c in chosen if c is not None)
        ranks = [c.rank for c in cards]
        winner = ranks.index(max(ranks))
        points = list(state.points)
        points[winner] += max(ranks) - min(ranks)
        state = replace(
            state, chosen=(None,) * SEATS, taken=(*state.taken, *cards), points=tuple(points)
        )
        events = (*events, Shown(cards, winner))
        if state.hands[0]:
            return state, events
        dealt = _deal(state.seed, state.deal_no)
        deal_no = state.deal_no + 1
        over = deal_no >= state.options.deals
        return ToyState(
            state.options,
            state.seed,
            deal_no,
            tuple(() for _ in range(SEATS)) if over else _deal(state.seed, deal_no),
            (None,) * SEATS,
            (),
            (0,) * SEATS,
            (*state.history, state.points),
            (*state.dealt, dealt),
        ), events

    def view(self, state: ToyState, seat: Seat | None) -> ToyView:
        legal = () if seat is None else tuple(str(c) for c in self.legal_actions(state, seat))
        return ToyView(
            seat,
            self.to_move(state),
            None if seat is None else state.hands[seat],
            tuple(c is not None for c in state.chosen),
            None if seat is None else state.chosen[seat],
            state.points,
            state.history,
            legal,
        )

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.deal_no < state.options.deals:
            return None
        totals = tuple(sum(h[s] for h in state.history) for s in range(SEATS))
        best = max(totals)
        results = tuple(
            Result.LOSS if t < best else Result.DRAW if totals.count(best) > 1 else Result.WIN
            for t in totals
        )
        return Outcome(totals, results, rank_scores(totals))

    def parse_action(self, text: str) -> Card:
        try:
            card = Card.parse(text)
        except CardError as e:
            raise RecordError(f"not a card: {text!r} ({e})") from None
        if card not in DECK:
            raise RecordError(f"{text!r} is not in the toy's deck")
        return card

    def resample(self, state: ToyState, seat: Seat, rng: random.Random) -> ToyState:
        # Hidden from ``seat``: the others' hands and their chosen (unshown) cards.
        others = [s for s in range(SEATS) if s != seat]
        pool = [c for s in others for c in (*state.hands[s], state.chosen[s]) if c is not None]
        rng.shuffle(pool)
        hands = list(state.hands)
        chosen = list(state.chosen)
        for s in others:
            if chosen[s] is not None:
                chosen[s] = pool.pop()
            hands[s] = tuple(sorted(pool.pop() for _ in state.hands[s]))
        return replace(state, hands=tuple(hands), chosen=tuple(chosen))

    # -- hooks ----------------------------------------------------------------------------

    def seat_count(self, options: ToyOptions) -> int:
        return self.seats

    def seat_options(self, options: ToyOptions, players: Sequence[Seated]) -> ToyOptions:
        return options

    def deal_scores(self, state: ToyState) -> tuple[DealScore, ...]:
        return tuple(DealScore("deal", h) for h in state.history)

    def match_record(self, state: ToyState, players: Sequence[str]) -> dict[str, Any]:
        return {
            "game": self.name,
            "options": state.options.to_json(),
            "players": list(players),
            "deals": [[[str(c) for c in h] for h in d] for d in state.dealt],
            "points": [list(h) for h in state.history],
        }

    def deal_record(self, state: ToyState, deal: int) -> dict[str, Any]:
        return {
            "game": self.name,
            "options": state.options.to_json(),
            "deals": [[[str(c) for c in h] for h in state.dealt[deal - 1]]],
            "points": [list(state.history[deal - 1])],
        }

    def check_record(self, raw: Any) -> dict[str, Any]:
        # The toy's referee records are engine records: (options, seed, moves).
        state = replay(self, Record.from_json(raw))
        movers = self.to_move(state)
        return {
            "to_move": list(movers),
            "legal": [str(c) for c in state.hands[movers[0]]] if movers else [],
        }

    def score_record(self, raw: Any) -> dict[str, Any]:
        if isinstance(raw, dict) and "points" in raw:
            totals = [sum(p[s] for p in raw["points"]) for s in range(SEATS)]
            return {"totals": totals, "complete": True}
        state = replay(self, Record.from_json(raw))
        totals = [sum(h[s] for h in state.history) for s in range(SEATS)]
        return {"totals": totals, "complete": self.outcome(state) is not None}

    def canonical_deck(self, options: ToyOptions) -> tuple[str, ...]:
        return tuple(str(c) for c in DECK)

    def dealt(self, options: ToyOptions, deal: int, deck: Sequence[str]) -> Dealt:
        return Dealt(tuple(_sorted(deck[4 * s : 4 * s + 4]) for s in range(SEATS)))

    def record_dealt(self, raw: Any) -> tuple[Dealt, ...]:
        deals = raw.get("deals") if isinstance(raw, Mapping) else None
        if not isinstance(deals, list):
            raise RecordError("record: deals must be a list of deals")
        try:
            return tuple(Dealt(tuple(_sorted(h) for h in d)) for d in deals)
        except (TypeError, CardError) as e:
            raise RecordError(f"record: a deal is a list of hands of cards ({e})") from None

    def deals_done(self, state: ToyState) -> int:
        return len(state.history)

    def describe(self, view: ToyView) -> str:
        hand = " ".join(c.pretty for c in view.hand or ())
        return f"Your cards: {hand}. Points this deal: {view.points}"

    def benchmarks(self) -> Mapping[str, Bench]:
        def one_deal(rng: random.Random) -> int:
            state = self.new(ToyOptions(1), rng.getrandbits(32))
            n = 0
            while self.outcome(state) is None:
                seat = self.to_move(state)[0]
                state, _ = self.apply(state, seat, rng.choice(self.legal_actions(state, seat)))
                n += 1
            return n

        return {"one deal": one_deal}

    def option_examples(self) -> tuple[ToyOptions, ...]:
        return (ToyOptions(), ToyOptions(1), ToyOptions(5))

    def census(self, state: ToyState) -> Census:
        held = tuple(
            tuple(str(c) for c in (*state.hands[s], state.chosen[s]) if c is not None)
            for s in range(SEATS)
        )
        if state.deal_no >= state.options.deals:
            return Census(held, tuple(str(c) for c in DECK), tuple(str(c) for c in DECK))
        return Census(held, tuple(str(c) for c in state.taken), tuple(str(c) for c in DECK))

    def audit(self, state: ToyState) -> tuple[str, ...]:
        return () if len(state.history) <= state.options.deals else ("too many deals",)


@dataclass(frozen=True, slots=True)
class HighestBot:
    """``club``: its highest card, every time (it sees only its view)."""

    level: str = "club"

    def choose(self, view: Any, legal: Sequence[Any], seed: int) -> Any:
        return max(legal, key=lambda c: c.rank)


def make_highest(budget: Budget) -> Bot:
    return HighestBot()


GAME = ToyGame()
BOTS = {"club": make_highest}


def _sorted(cards: Sequence[Any]) -> tuple[str, ...]:
    return tuple(str(c) for c in sorted(Card.parse(str(t)) for t in cards))
