"""A Jolly match: round after round until a total reaches the target (JO-20).

The match is the registered game ``jolly``. With ``n`` players the last seat, ``n - 1``,
deals the first round, so seat 0 plays first **[decision: the rules do not say who deals
first]**; the deal passes clockwise (JO-2). Round *k*'s deck comes from the seed alone
(``"jolly:{seed}:{k}"``), and its *j*-th rebuilt stock from ``"jolly:{seed}:{k}:stock:{j}"``;
at a fair table, from deal *k*'s streams (``docs/fairness.md``): the deck, and each
rebuilt stock's cards in canonical order shuffled with the salt ``reshuffle:{j}``.

Between rounds every seat says ``continue`` once it has read the scores (all at once, as
a simultaneous phase); the next round is dealt when the last one has. The table's move
clock bounds the wait, as for any move.
Seats beyond the table's ``players`` hold nothing and may do nothing.
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
    rank_scores,
)
from bolola.fairness import Deals, FairDeals, reshuffle_salt
from bolola.games.jolly.actions import CONTINUE, Action, Continue, parse_action
from bolola.games.jolly.deck import DECK, face, texts
from bolola.games.jolly.events import Continued, MatchEnded, RoundScored, RoundStarted
from bolola.games.jolly.hidden import resample_round
from bolola.games.jolly.options import JollyOptions
from bolola.games.jolly.round import MOST_HELD, Rebuild, Round, deal, legal, step
from bolola.games.jolly.view import JollyView, finding

SEATS = 4


def dealer_of(round_no: int, players: int) -> int:
    """The dealer of round ``round_no`` (1-based)."""
    return (players - 1 + round_no - 1) % players


def shuffled(seed: Deals, round_no: int) -> tuple[int, ...]:
    """Round ``round_no``'s deck in deal order, from the seed alone."""
    if isinstance(seed, FairDeals):
        return tuple(seed.deck(DECK, round_no))
    cards = list(DECK)
    random.Random(f"jolly:{seed}:{round_no}").shuffle(cards)
    return tuple(cards)


def reshuffle(seed: Deals, round_no: int) -> Rebuild:
    """The rebuilt stocks of a round (JO-12), each shuffled from the seed alone."""

    def rebuild(cards: tuple[int, ...], k: int) -> tuple[int, ...]:
        if isinstance(seed, FairDeals):
            # Ids are in canonical order, so sorting them is the doc's canonical start.
            return tuple(seed.deck(sorted(cards), round_no, reshuffle_salt(k)))
        out = list(cards)
        random.Random(f"jolly:{seed}:{round_no}:stock:{k}").shuffle(out)
        return tuple(out)

    return rebuild


def winner_of(totals: Sequence[int], target: int) -> int | None:
    """JO-20: once a total reaches the target, the highest wins; a tie for it plays on."""
    top = max(totals)
    if top < target or list(totals).count(top) > 1:
        return None
    return list(totals).index(top)


def label(r: Round) -> str:
    assert r.score is not None
    if r.score.closer is None:
        return "stock out"
    return "mano jolly" if r.score.mano else "closed"


@dataclass(frozen=True, slots=True)
class Match:
    options: JollyOptions
    seed: Deals
    round_no: int  # 1-based
    round: Round  # the round on: the last one once the match is over
    totals: tuple[int, ...]
    finished: tuple[Round, ...]  # every scored round
    winner: int | None = None
    waiting: tuple[int, ...] = ()  # between rounds: the seats yet to say continue

    @property
    def over(self) -> bool:
        return self.winner is not None


def start(options: JollyOptions, seed: Deals, round_no: int) -> Round:
    n = options.players
    return deal(n, dealer_of(round_no, n), shuffled(seed, round_no))


class Jolly:
    """The registered game ``jolly`` (see :class:`bolola.engine.Game`)."""

    name = "jolly"
    title = "Jolly"
    seats = SEATS
    teams: tuple[tuple[Seat, ...], ...] | None = None

    def default_options(self) -> JollyOptions:
        return JollyOptions()

    def parse_options(self, raw: Mapping[str, Any]) -> JollyOptions:
        return JollyOptions.from_json(raw)

    def new(self, options: JollyOptions, seed: Deals) -> Match:
        return Match(options, seed, 1, start(options, seed, 1), (0,) * options.players, ())

    def to_move(self, state: Match) -> tuple[Seat, ...]:
        if state.waiting:
            return state.waiting
        seat = None if state.over else state.round.to_move
        return () if seat is None else (seat,)

    def legal_actions(self, state: Match, seat: Seat) -> tuple[Action | Continue, ...]:
        if state.over:
            return ()
        if state.waiting:
            return (CONTINUE,) if seat in state.waiting else ()
        return legal(state.round, seat)

    def apply(
        self, state: Match, seat: Seat, action: Action | Continue
    ) -> tuple[Match, tuple[Any, ...]]:
        if state.over:
            raise IllegalAction("JO-20", f"the match is over: seat {state.winner} won")
        n = state.options.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise IllegalAction("JO-1", f"{n} players: seats 0 to {n - 1}, not {seat!r}")
        if state.waiting:
            if not isinstance(action, Continue):
                raise IllegalAction("JO-20", f"{action}: the round is over; say continue")
            if seat not in state.waiting:
                raise IllegalAction("JO-20", f"seat {seat} has already said continue")
            waiting = tuple(s for s in state.waiting if s != seat)
            if waiting:
                return replace(state, waiting=waiting), (Continued(seat),)
            k = state.round_no + 1
            nxt = start(state.options, state.seed, k)
            new = Match(state.options, state.seed, k, nxt, state.totals, state.finished)
            return new, (Continued(seat), RoundStarted(k, nxt.dealer, n))
        rebuild = reshuffle(state.seed, state.round_no)
        r, events = step(state.round, seat, action, rebuild)
        if r.score is None:
            return replace(state, round=r), events
        points = r.score.points
        totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
        finished = (*state.finished, r)
        events = (*events, RoundScored(state.round_no, r.score.closer, points, totals))
        winner = winner_of(totals, state.options.target)
        if winner is not None:
            over = replace(state, round=r, totals=totals, finished=finished, winner=winner)
            return over, (*events, MatchEnded(winner, totals))
        waiting = tuple(range(n))
        return replace(state, round=r, totals=totals, finished=finished, waiting=waiting), events

    def view(self, state: Match, seat: Seat | None) -> JollyView:
        r = state.round
        n = state.options.players
        mine = seat if seat is not None and 0 <= seat < n else None
        legal_texts = () if mine is None else tuple(str(a) for a in self.legal_actions(state, mine))
        live = not state.over and not r.over
        return JollyView(
            seat=seat,
            to_move=self.to_move(state),
            legal=legal_texts,
            players=n,
            target=state.options.target,
            round_no=state.round_no,
            dealer=r.dealer,
            phase="over" if state.over else "scored" if state.waiting else r.phase,
            turn_seat=r.turn.seat if live else None,
            drew=r.turn.drew if live else None,
            opened_now=r.turn.opened if live else False,
            hand=None if mine is None else r.hands[mine],
            hand_counts=tuple(len(h) for h in r.hands),
            stock=len(r.stock),
            pile=r.pile,
            table=r.table,
            opened=r.opened,
            known=tuple(tuple(sorted(k)) for k in r.known),
            rebuilt=None if r.fresh is None else tuple(sorted(r.fresh)),
            totals=state.totals,
            history=tuple(f.score.points for f in state.finished if f.score is not None),
            last_round=state.finished[-1].score if state.finished else None,
            winner=state.winner,
            finder=None
            if mine is None or not live
            else finding(tuple(sorted(face(c) for c in r.hands[mine])), r.opened[mine]),
        )

    def outcome(self, state: Match) -> Outcome | None:
        if state.winner is None:
            return None
        w = state.winner
        results = tuple(Result.WIN if s == w else Result.LOSS for s in range(len(state.totals)))
        return Outcome(state.totals, results, rank_scores(state.totals))

    def parse_action(self, text: str) -> Action | Continue:
        return parse_action(text)

    def resample(self, state: Match, seat: Seat, rng: random.Random) -> Match:
        if state.over or state.waiting:
            return state
        return replace(state, round=resample_round(state.round, seat, rng))

    # -- hooks for the room (see bolola.engine.Game) --------------------------------------

    def seat_count(self, options: JollyOptions) -> int:
        return options.players

    def seat_options(self, options: JollyOptions, players: Sequence[Seated]) -> JollyOptions:
        return options

    def deal_scores(self, state: Match) -> tuple[DealScore, ...]:
        return tuple(
            DealScore(label(r), r.score.points) for r in state.finished if r.score is not None
        )

    def match_record(self, state: Match, players: Sequence[str]) -> dict[str, Any]:
        from bolola.games.jolly import records

        return records.match_record(state, players)

    def deal_record(self, state: Match, deal: int) -> dict[str, Any]:
        from bolola.games.jolly import records

        return records.round_record(state, deal)

    def check_record(self, raw: Any) -> dict[str, Any]:
        from bolola.games.jolly import records

        return records.legal(raw)

    def score_record(self, raw: Any) -> dict[str, Any]:
        from bolola.games.jolly import records

        return records.score(raw)

    def canonical_deck(self, options: JollyOptions) -> tuple[str, ...]:
        return tuple(texts(DECK))

    def dealt(self, options: JollyOptions, deal: int, deck: Sequence[str]) -> Dealt:
        return Dealt((tuple(deck),))  # records keep the deck in deal order (JO-2)

    def record_dealt(self, raw: Any) -> tuple[Dealt, ...]:
        from bolola.games.jolly import records

        return records.record_dealt(raw)

    def deals_done(self, state: Match) -> int:
        return len(state.finished)

    def describe(self, view: JollyView) -> str:
        from bolola.games.jolly.text import describe

        return describe(view)

    def benchmarks(self) -> Mapping[str, Bench]:
        from bolola.games.jolly.bench import benchmarks

        return benchmarks()

    def option_examples(self) -> tuple[JollyOptions, ...]:
        return (JollyOptions(), JollyOptions(players=3), JollyOptions(players=2, target=250))

    def census(self, state: Match) -> Census:
        r = state.round
        held = [tuple(texts(h)) for h in r.hands]
        held += [()] * (SEATS - len(held))  # seats no one sits in hold nothing
        table = [s.card for m in r.table for s in m.slots]
        elsewhere = tuple(texts([*r.stock, *r.pile, *table]))
        return Census(tuple(held), elsewhere, tuple(texts(DECK)))

    def audit(self, state: Match) -> tuple[str, ...]:
        problems = []
        totals = [0] * state.options.players
        for k, r in enumerate(state.finished, start=1):
            assert r.score is not None
            for s, p in enumerate(r.score.points):
                totals[s] += p
            if r.score.closer is not None and r.hands[r.score.closer]:
                problems.append(f"round {k}: the closer still holds cards (JO-13)")
        if tuple(totals) != state.totals:
            problems.append(f"totals {state.totals} are not the rounds' sum {tuple(totals)}")
        r = state.round
        if any(len(h) > MOST_HELD for h in r.hands):
            problems.append(f"a hand of more than {MOST_HELD} cards (JO-7)")
        cards = [*r.stock, *r.pile, *(c for h in r.hands for c in h)]
        cards += [s.card for m in r.table for s in m.slots]
        if sorted(cards) != list(DECK):
            problems.append("the 110 cards are not each in one place")
        ids = [m.id for m in r.table]
        if ids != list(range(1, len(ids) + 1)):
            problems.append(f"meld ids {ids} are not 1, 2, …")
        return tuple(problems)


GAME = Jolly()
