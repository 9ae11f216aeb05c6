"""A King Bolola match: 24 deals, rotating declarers, contract quotas (KB-4 … KB-10).

The match is the registered game ``king-bolola``; each deal is played by
:mod:`bolola.games.king_bolola.deal`, and between deals the declarer chooses a contract.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from bolola.cards import CARDS, SUIT_MASKS, Card, Suit, cards_of, indices
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
from bolola.fairness import Deals, FairDeals
from bolola.games.king_bolola.actions import Action, Declare, parse_action
from bolola.games.king_bolola.contract import CLASS_DUTY, Contract, ContractClass
from bolola.games.king_bolola.deal import (
    Deal,
    Hands,
    hands_from_seed,
    hands_of_deck,
    new_deal,
    play,
)
from bolola.games.king_bolola.events import ContractDeclared, DealStarted, MatchEnded
from bolola.games.king_bolola.options import KingBololaOptions, first_declarer
from bolola.games.king_bolola.view import DealSummary, KingBololaView, make_view
from bolola.memo import memo

DEALS = 24
_new = tuple.__new__
_CLASS_INDEX = {ContractClass.NEGATIVE: 0, ContractClass.TRUMPS: 1, ContractClass.BOLOLA: 2}
_DUTY = tuple(CLASS_DUTY[k] for k in _CLASS_INDEX)


class Match(NamedTuple):
    """A match between deals (``deal`` is None: the declarer is choosing) or in a deal."""

    options: KingBololaOptions
    seed: Deals
    deal_no: int  # 0-based; DEALS once the match is over
    dealt: Hands  # the current deal's hands
    deal: Deal | None
    used: tuple[int, ...]  # per Contract: times chosen so far
    declared: tuple[tuple[int, int, int], ...]  # per seat: negative, trumps, bolola chosen
    history: tuple[DealSummary, ...]
    totals: tuple[int, int, int, int]

    @property
    def declarer(self) -> int:
        return (self.options.first_seat + self.deal_no) & 3

    @property
    def is_over(self) -> bool:
        return self.deal_no >= DEALS


def deal_hands(seed: Deals, deal_no: int) -> Hands:
    """The hands of deal ``deal_no`` (0-based) of the match with this seed: a fair table's
    deal ``deal_no + 1`` of its chain, 13 cards a seat from the top (KB-4)."""
    if isinstance(seed, FairDeals):
        return hands_of_deck(seed.deck(range(52), deal_no + 1))
    return hands_from_seed(f"king-bolola:{seed}:{deal_no}")


def offered(match: Match, seat: int | None = None) -> tuple[Contract, ...]:
    """The contracts open to a declarer: quota left, class still owed (KB-7, KB-8)."""
    seat = match.declarer if seat is None else seat
    return _open(match.used, match.declared[seat])


@memo(maxsize=4096)
def _open(used: tuple[int, ...], owed: tuple[int, int, int]) -> tuple[Contract, ...]:
    # Every view carries the declarer's offer, and it changes only between deals: a
    # memo of the few (quotas used, classes owed) pairs the room's matches are at.
    return tuple(
        c
        for c in Contract
        if used[c] < c.quota and owed[_CLASS_INDEX[c.klass]] < _DUTY[_CLASS_INDEX[c.klass]]
    )


def declare_actions(match: Match) -> tuple[Declare, ...]:
    out: list[Declare] = []
    for c in offered(match):
        if c is Contract.TRUMPS:
            out.extend(Declare(c, suit) for suit in Suit)
        else:
            out.append(Declare(c))
    return tuple(out)


class KingBolola:
    """The registered game ``king-bolola`` (see :class:`bolola.engine.Game`)."""

    name = "king-bolola"
    title = "King Bolola"
    seats = 4
    teams: tuple[tuple[Seat, ...], ...] | None = None

    def default_options(self) -> KingBololaOptions:
        return KingBololaOptions()

    def parse_options(self, raw: Mapping[str, Any]) -> KingBololaOptions:
        return KingBololaOptions.from_json(raw)

    def new(self, options: KingBololaOptions, seed: Deals) -> Match:
        return Match(
            options,
            seed,
            0,
            deal_hands(seed, 0),
            None,
            (0,) * len(Contract),
            ((0, 0, 0),) * 4,
            (),
            (0, 0, 0, 0),
        )

    def to_move(self, state: Match) -> tuple[Seat, ...]:
        deal = state.deal
        if deal is None:
            return () if state.deal_no >= DEALS else (state.declarer,)
        return () if deal.done else ((deal.leader + len(deal.trick)) & 3,)

    def legal_actions(self, state: Match, seat: Seat) -> tuple[Action, ...]:
        deal = state.deal
        if deal is None:
            if state.deal_no >= DEALS or seat != state.declarer:
                return ()
            return declare_actions(state)
        if (deal.leader + len(deal.trick)) & 3 != seat:
            return ()
        return cards_of(deal.legal)

    def apply(self, state: Match, seat: Seat, action: Action) -> tuple[Match, tuple[Any, ...]]:
        if state.deal_no >= DEALS:
            raise IllegalAction("KB-4", "the match is over after 24 deals")
        if isinstance(action, Card):
            return self._play(state, seat, action)
        if isinstance(action, Declare):
            return self._declare(state, seat, action)
        raise IllegalAction("KB-6", f"{action!r} is not a King Bolola action")

    def _declare(self, state: Match, seat: Seat, action: Declare) -> tuple[Match, tuple[Any, ...]]:
        if state.deal is not None:
            raise IllegalAction("KB-6", "the contract of this deal is already chosen")
        if seat != state.declarer:
            raise IllegalAction(
                "KB-5", f"seat {state.declarer} declares deal {state.deal_no + 1}, not seat {seat}"
            )
        c = action.contract
        if (c is Contract.TRUMPS) != (action.trump is not None):
            raise IllegalAction(
                "KB-6", "name a trump suit with trumps (trumps:S) and only with trumps"
            )
        if state.used[c] >= c.quota:
            raise IllegalAction("KB-7", f"{c} has been chosen {c.quota} times this match")
        k = _CLASS_INDEX[c.klass]
        if state.declared[seat][k] >= _DUTY[k]:
            raise IllegalAction(
                "KB-8", f"seat {seat} has made all {_DUTY[k]} of their {c.klass.value} declarations"
            )
        used = list(state.used)
        used[c] += 1
        declared = list(state.declared)
        mine = list(declared[seat])
        mine[k] += 1
        declared[seat] = (mine[0], mine[1], mine[2])
        trump = None if action.trump is None else int(action.trump)
        deal = new_deal(c, trump, seat, state.dealt, king_under_ace=state.options.king_under_ace)
        new = state._replace(deal=deal, used=tuple(used), declared=tuple(declared))
        return new, (ContractDeclared(seat, c, action.trump),)

    def _play(self, state: Match, seat: Seat, action: Card) -> tuple[Match, tuple[Any, ...]]:
        deal = state.deal
        if deal is None:
            raise IllegalAction(
                "KB-6", f"seat {state.declarer} must choose the contract before a card is played"
            )
        deal, events = play(deal, seat, action.index)
        if not deal.done:
            options, seed, deal_no, dealt, _, used, declared, history, totals = state
            return _new(
                Match, (options, seed, deal_no, dealt, deal, used, declared, history, totals)
            ), events
        summary = DealSummary.of(state.deal_no + 1, deal)
        t = state.totals
        p = deal.points
        totals = (t[0] + p[0], t[1] + p[1], t[2] + p[2], t[3] + p[3])
        deal_no = state.deal_no + 1
        over = deal_no >= DEALS
        new = Match(
            state.options,
            state.seed,
            deal_no,
            state.dealt if over else deal_hands(state.seed, deal_no),
            None,
            state.used,
            state.declared,
            (*state.history, summary),
            totals,
        )
        tail = MatchEnded(totals) if over else DealStarted(deal_no + 1, new.declarer)
        return new, (*events, tail)

    def view(self, state: Match, seat: Seat | None) -> KingBololaView:
        legal = tuple(str(a) for a in self.legal_actions(state, seat)) if seat is not None else ()
        return make_view(
            state, seat, self.to_move(state), legal, offered(state) if not state.is_over else ()
        )

    def outcome(self, state: Match) -> Outcome | None:
        if state.deal_no < DEALS:
            return None
        return outcome_of(state.totals)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def resample(self, state: Match, seat: Seat, rng: random.Random) -> Match:
        deal = state.deal
        if deal is None:
            hands = _redeal(state.dealt, seat, (0, 0, 0, 0), rng)
            return state._replace(dealt=hands)
        played = [0, 0, 0, 0]
        barred = [0, 0, 0, 0]  # cards a seat cannot hold: suits it has shown void in
        for leader, cards in (*deal.tricks, (deal.leader, deal.trick)):
            led = SUIT_MASKS[cards[0] // 13] if cards else 0
            for k, c in enumerate(cards):
                s = (leader + k) & 3
                played[s] |= 1 << c
                if not led >> c & 1:
                    barred[s] |= led
        hands = _redeal(deal.hands, seat, (barred[0], barred[1], barred[2], barred[3]), rng)
        dealt: Hands = (
            hands[0] | played[0],
            hands[1] | played[1],
            hands[2] | played[2],
            hands[3] | played[3],
        )
        return state._replace(deal=deal._replace(hands=hands, dealt=dealt), dealt=dealt)

    # -- hooks for the room (see bolola.engine.Game) --------------------------------------

    def seat_count(self, options: KingBololaOptions) -> int:
        return self.seats

    def seat_options(
        self, options: KingBololaOptions, players: Sequence[Seated]
    ) -> KingBololaOptions:
        # KB-5, PL-16: unless the table fixed it, the best-ranked player declares first.
        if options.first_declarer is not None:
            return options
        return KingBololaOptions(options.king_under_ace, first_declarer(players))

    def deal_scores(self, state: Match) -> tuple[DealScore, ...]:
        return tuple(DealScore(str(d.contract), d.points) for d in state.history)

    def match_record(self, state: Match, players: Sequence[str]) -> dict[str, Any]:
        from bolola.games.king_bolola import records

        return records.match_record(state, players)

    def deal_record(self, state: Match, deal: int) -> dict[str, Any]:
        from bolola.games.king_bolola import records

        return records.summary_record(state.history[deal - 1], state.options)

    def check_record(self, raw: Any) -> dict[str, Any]:
        from bolola.games.king_bolola import records

        return records.legal(raw)

    def score_record(self, raw: Any) -> dict[str, Any]:
        from bolola.games.king_bolola import records

        return records.score(raw)

    def canonical_deck(self, options: KingBololaOptions) -> tuple[str, ...]:
        return _DECK

    def dealt(self, options: KingBololaOptions, deal: int, deck: Sequence[str]) -> Dealt:
        from bolola.games.king_bolola import records

        return records.dealt_of_deck(deck)

    def record_dealt(self, raw: Any) -> tuple[Dealt, ...]:
        from bolola.games.king_bolola import records

        return records.record_dealt(raw)

    def deals_done(self, state: Match) -> int:
        return len(state.history)

    def describe(self, view: KingBololaView) -> str:
        from bolola.games.king_bolola.text import describe

        return describe(view)

    def benchmarks(self) -> Mapping[str, Bench]:
        from bolola.games.king_bolola.benchmarks import benchmarks

        return benchmarks()

    def option_examples(self) -> tuple[KingBololaOptions, ...]:
        return (
            KingBololaOptions(),
            KingBololaOptions(king_under_ace=True, first_declarer=1),
            KingBololaOptions(first_declarer=3),
        )

    def census(self, state: Match) -> Census:
        deal = state.deal
        if deal is None:
            return Census(tuple(_texts(h) for h in state.dealt), (), _DECK)
        played = [c for _, trick in deal.tricks for c in trick] + list(deal.trick)
        return Census(
            tuple(_texts(h) for h in deal.hands), tuple(str(CARDS[c]) for c in played), _DECK
        )

    def audit(self, state: Match) -> tuple[str, ...]:
        problems = []
        for d in state.history:
            if sum(d.points) != d.contract.total:
                problems.append(f"deal {d.deal_no}: {d.contract} gave {sum(d.points)}")
        totals = tuple(sum(d.points[s] for d in state.history) for s in range(4))
        if totals != state.totals:
            problems.append(f"totals {state.totals} are not the deals' sum {totals}")
        if state.is_over and len(state.history) != DEALS:
            problems.append(f"a finished match of {len(state.history)} deals")
        return tuple(problems)


def _texts(hand: int) -> tuple[str, ...]:
    return tuple(str(c) for c in cards_of(hand))


_DECK = tuple(str(c) for c in CARDS[:52])


def _redeal(hidden: Hands, seat: int, barred: Hands, rng: random.Random) -> Hands:
    """Deal the cards of every seat but ``seat`` anew, each seat keeping its hand size
    and getting none of its ``barred`` cards. The real deal is always one answer, so the
    rare dead end retries, and after many retries falls back to it."""
    others = [s for s in range(4) if s != seat]
    pool = [i for s in others for i in indices(hidden[s])]
    for _ in range(200):
        rng.shuffle(pool)
        # Most constrained cards first: those fewest seats may hold.
        pool.sort(key=lambda c: sum(1 for s in others if barred[s] >> c & 1), reverse=True)
        room = {s: hidden[s].bit_count() for s in others}
        hands = list(hidden)
        for s in others:
            hands[s] = 0
        for c in pool:
            seats = [s for s in others if room[s] and not barred[s] >> c & 1]
            if not seats:
                break
            s = rng.choice(seats)
            hands[s] |= 1 << c
            room[s] -= 1
        else:
            return (hands[0], hands[1], hands[2], hands[3])
    return hidden


def skip_deal(match: Match) -> Match:
    """Close a deal whose cards are not known (a record without hands): it counts for
    the quotas, not for points."""
    return match._replace(deal_no=match.deal_no + 1, deal=None)


def close_deal(match: Match, deal: Deal) -> Match:
    """Close a deal played elsewhere (a record's deal, replayed from its own hands):
    its points join the totals and it joins the history."""
    t, p = match.totals, deal.points
    return match._replace(
        deal_no=match.deal_no + 1,
        deal=None,
        history=(*match.history, DealSummary.of(match.deal_no + 1, deal)),
        totals=(t[0] + p[0], t[1] + p[1], t[2] + p[2], t[3] + p[3]),
    )


def outcome_of(totals: tuple[int, ...]) -> Outcome:
    """KB-10: a positive total wins, zero draws, negative loses; rank by total."""
    results = tuple(Result.WIN if t > 0 else Result.DRAW if t == 0 else Result.LOSS for t in totals)
    return Outcome(tuple(totals), results, rank_scores(totals))


GAME = KingBolola()
