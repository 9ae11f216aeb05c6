"""A Baloot match: deal after deal until a team reaches 152 or wins a Gahwa (BA-26).

The match is the registered game ``baloot``. Seats 0 and 2 are team 0, seats 1 and 3
team 1 (BA-1). Seat 3 deals first, so seat 0 speaks first **[decision: the rules do not
say who deals first]**; the deal passes clockwise every deal, passed-out ones included
(BA-9). Deal *k*'s cards come from the seed alone (``"baloot:{seed}:{k}"``), or from a fair
table's deal *k* (``docs/fairness.md``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bolola.engine import (
    Bench,
    Census,
    DealScore,
    Dealt,
    IllegalAction,
    Outcome,
    Result,
    Seat,
    Seated,
)
from bolola.fairness import Deals
from bolola.games.baloot.actions import parse_action
from bolola.games.baloot.deal import Action, Deal, shuffled, step
from bolola.games.baloot.deck import DECK, texts
from bolola.games.baloot.events import DealScored, DealStarted, MatchEnded
from bolola.games.baloot.hidden import resample_deal
from bolola.games.baloot.options import BalootOptions
from bolola.games.baloot.scoring import HOKUM_TOTAL, SUN_TOTAL, match_winner
from bolola.games.baloot.view import BalootView, history_of, make_view
from bolola.memo import Last, Shared

# The four seats' views of a state share their public JSON (bolola.memo.Last).
_SHARED: Last[Shared[dict[str, Any]]] = Last()

FIRST_DEALER = 3
TEAMS = ((0, 2), (1, 3))


def dealer_of(deal_no: int) -> int:
    """The dealer of deal ``deal_no`` (1-based), passed-out deals counted (BA-1, BA-9)."""
    return (FIRST_DEALER + deal_no - 1) % 4


@dataclass(frozen=True, slots=True)
class Match:
    options: BalootOptions
    seed: Deals
    deal_no: int  # 1-based, every deal dealt (passed-out ones too)
    deal: Deal  # the deal on: the last one once the match is over
    totals: tuple[int, int]  # team 0, team 1
    finished: tuple[Deal, ...]  # every finished deal, passed-out ones too
    winner: int | None = None  # the team, once the match is over

    @property
    def over(self) -> bool:
        return self.winner is not None

    def scored(self) -> tuple[Deal, ...]:
        return tuple(d for d in self.finished if d.score is not None)


def start(seed: Deals, deal_no: int) -> Deal:
    return Deal.new(dealer_of(deal_no), shuffled(seed, deal_no))


class Baloot:
    """The registered game ``baloot`` (see :class:`bolola.engine.Game`)."""

    name = "baloot"
    title = "Baloot"
    seats = 4
    teams: tuple[tuple[Seat, ...], ...] | None = TEAMS

    def default_options(self) -> BalootOptions:
        return BalootOptions()

    def parse_options(self, raw: Mapping[str, Any]) -> BalootOptions:
        return BalootOptions.from_json(raw)

    def new(self, options: BalootOptions, seed: Deals) -> Match:
        return Match(options, seed, 1, start(seed, 1), (0, 0), ())

    def to_move(self, state: Match) -> tuple[Seat, ...]:
        if state.over:
            return ()
        seat = state.deal.to_move
        return () if seat is None else (seat,)

    def legal_actions(self, state: Match, seat: Seat) -> tuple[Action, ...]:
        if state.over:
            return ()
        return state.deal.legal(seat, state.options)

    def apply(self, state: Match, seat: Seat, action: Action) -> tuple[Match, tuple[Any, ...]]:
        if state.over:
            t = state.totals
            raise IllegalAction("BA-26", f"the match is over at {t[0]} to {t[1]}")
        if seat not in range(4):
            raise IllegalAction("BA-1", f"four players: seats 0 to 3, not {seat!r}")
        deal, events = step(state.deal, seat, action, state.options, state.totals)
        if deal.phase != "over":
            return replace(state, deal=deal), events
        finished = (*state.finished, deal)
        totals = state.totals
        winner = None
        if deal.score is not None:
            p = deal.score.points
            totals = (totals[0] + p[0], totals[1] + p[1])
            events = (*events, DealScored(state.deal_no, deal.score.contract, p, totals))
            winner = match_winner(totals, deal.score)
        if winner is not None:
            over = replace(state, deal=deal, totals=totals, finished=finished, winner=winner)
            return over, (*events, MatchEnded(winner, totals))
        n = state.deal_no + 1
        nxt = start(state.seed, n)
        new = Match(state.options, state.seed, n, nxt, totals, finished)
        return new, (*events, DealStarted(n, nxt.dealer, nxt.bid_card))

    def view(self, state: Match, seat: Seat | None) -> BalootView:
        legal = () if seat is None else tuple(str(a) for a in self.legal_actions(state, seat))
        return make_view(
            state.deal,
            seat,
            self.to_move(state),
            legal,
            state.deal_no,
            state.totals,
            history_of(state.finished),
            state.winner,
            state.options.to_json(),
            _SHARED.get(state, Shared),
        )

    def outcome(self, state: Match) -> Outcome | None:
        if state.winner is None:
            return None
        w = state.winner
        scores = tuple(state.totals[s % 2] for s in range(4))
        results = tuple(Result.WIN if s % 2 == w else Result.LOSS for s in range(4))
        ranks = tuple(0 if s % 2 == w else 2 for s in range(4))
        return Outcome(scores, results, ranks)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def resample(self, state: Match, seat: Seat, rng: random.Random) -> Match:
        if state.over:
            return state
        return replace(state, deal=resample_deal(state.deal, seat, state.options, rng))

    # -- hooks for the room (see bolola.engine.Game) --------------------------------------

    def seat_count(self, options: BalootOptions) -> int:
        return self.seats

    def seat_options(self, options: BalootOptions, players: Sequence[Seated]) -> BalootOptions:
        return options

    def deal_scores(self, state: Match) -> tuple[DealScore, ...]:
        out = []
        for d in state.scored():
            assert d.score is not None
            p = d.score.points
            points = tuple(p[s % 2] for s in range(4))
            out.append(DealScore(d.score.contract.kind, points, d.score.bought))
        return tuple(out)

    def match_record(self, state: Match, players: Sequence[str]) -> dict[str, Any]:
        from bolola.games.baloot import records

        return records.match_record(state, players)

    def deal_record(self, state: Match, deal: int) -> dict[str, Any]:
        from bolola.games.baloot import records

        return records.scored_deal_record(state, deal)

    def check_record(self, raw: Any) -> dict[str, Any]:
        from bolola.games.baloot import records

        return records.legal(raw)

    def score_record(self, raw: Any) -> dict[str, Any]:
        from bolola.games.baloot import records

        return records.score(raw)

    def canonical_deck(self, options: BalootOptions) -> tuple[str, ...]:
        return tuple(texts(DECK))

    def dealt(self, options: BalootOptions, deal: int, deck: Sequence[str]) -> Dealt:
        return Dealt((tuple(deck),))  # records keep the deck in deal order (BA-10)

    def record_dealt(self, raw: Any) -> tuple[Dealt, ...]:
        from bolola.games.baloot import records

        return records.record_dealt(raw)

    def deals_done(self, state: Match) -> int:
        return len(state.finished)

    def describe(self, view: BalootView) -> str:
        from bolola.games.baloot.text import describe

        return describe(view)

    def benchmarks(self) -> Mapping[str, Bench]:
        def random_deal(rng: random.Random) -> int:
            """One deal of random legal play, from the deal to its score."""
            deal = Deal.new(rng.randrange(4), shuffled(rng.getrandbits(32), 1))
            options = BalootOptions()
            n = 0
            while deal.phase != "over":
                seat = deal.to_move
                assert seat is not None
                legal = deal.legal(seat, options)
                deal, _ = step(deal, seat, legal[rng.randrange(len(legal))], options, (0, 0))
                n += 1
            return n

        return {"random deal": random_deal}

    def option_examples(self) -> tuple[BalootOptions, ...]:
        return (BalootOptions(), BalootOptions(strict_trumping=True), BalootOptions(False, True))

    def census(self, state: Match) -> Census:
        d = state.deal
        held = tuple(tuple(texts(h)) for h in d.hands)
        out = [*d.stock, *(c for t in d.tricks for _, c in t.cards), *(c for _, c in d.trick)]
        if d.contract is None:
            out.append(d.bid_card)
        return Census(held, tuple(texts(out)), tuple(texts(DECK)))

    def audit(self, state: Match) -> tuple[str, ...]:
        problems = []
        totals = [0, 0]
        for k, d in enumerate(state.scored(), start=1):
            s = d.score
            assert s is not None
            totals[0] += s.points[0]
            totals[1] += s.points[1]
            full = 130 if s.contract.is_sun else 162
            if len(d.tricks) != 8 or sum(s.abnat) != full:
                problems.append(f"deal {k}: {len(d.tricks)} tricks, {sum(s.abnat)} abnat")
            base = SUN_TOTAL if s.contract.is_sun else HOKUM_TOTAL
            if s.kaboot is None and sum(s.converted) != base:
                problems.append(f"deal {k}: converted points {s.converted} (BA-21)")
        if tuple(totals) != state.totals:
            problems.append(f"totals {state.totals} are not the deals' sum {tuple(totals)}")
        if sum(len(h) for h in state.deal.hands) + len(state.deal.stock) > 32:
            problems.append("more than 32 cards in hands")
        return tuple(problems)


GAME = Baloot()
