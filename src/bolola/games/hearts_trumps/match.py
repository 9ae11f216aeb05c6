"""A Hearts Are Trumps match: deal after deal until a seat reaches the target (HT-16).

The match is the registered game ``hearts-trumps``. Each hand both seats are in
``to_move`` and place in secret with their own ``apply`` (HT-6); the second placement
resolves both battles (HT-7 … HT-12). After the 9th hand the deal is scored (HT-13,
HT-14) and the next deal is dealt at once, unless the match is over.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from bolola.engine import (
    Bench,
    Census,
    DealScore,
    IllegalAction,
    Outcome,
    Result,
    Seat,
    Seated,
    rank_scores,
)
from bolola.engine import Dealt as FairDealt
from bolola.fairness import Deals
from bolola.games.hearts_trumps.battle import battles
from bolola.games.hearts_trumps.deal import (
    HANDS_PER_DEAL,
    ROUND_SIZES,
    DealSummary,
    Dealt,
    HandPlayed,
    deal_cards,
    is_round_start,
    round_of,
    rounds_dealt,
    score_deal,
)
from bolola.games.hearts_trumps.deck import DECK, cards_text
from bolola.games.hearts_trumps.events import (
    AUDIENCE,
    DealScored,
    DealStarted,
    MatchEnded,
    Placed,
    Placing,
    RoundStarted,
)
from bolola.games.hearts_trumps.options import HeartsTrumpsOptions
from bolola.games.hearts_trumps.placement import (
    Place,
    Placement,
    parse_action,
    placements,
)
from bolola.games.hearts_trumps.view import HeartsTrumpsView, make_view

Hands = tuple[tuple[int, ...], tuple[int, ...]]
_NO_PLACEMENTS: tuple[None, None] = (None, None)
_BOTH = (0, 1)


class Match(NamedTuple):
    """A match in play (or over). Cards are deck ints (see :mod:`.deck`)."""

    options: HeartsTrumpsOptions
    seed: Deals
    deal_no: int  # 1-based
    hand_no: int  # 1..9: the hand being placed
    hands: Hands  # each seat's cards not yet placed, sorted
    pending: tuple[Placement | None, Placement | None]  # placed this hand, unresolved
    undealt: Dealt  # each seat's cards of the later rounds of this deal, in dealing order
    played: tuple[HandPlayed, ...]  # the resolved hands of this deal
    last: HandPlayed | None  # the last resolved hand, kept into the next deal
    totals: tuple[int, int]
    history: tuple[DealSummary, ...]
    over: bool

    @property
    def round_no(self) -> int:
        return round_of(self.hand_no)


def start_deal(seed: Deals, deal_no: int) -> tuple[Hands, Dealt]:
    """The first round's hands and the rest of deal ``deal_no``'s cards."""
    dealt = deal_cards(seed, deal_no)
    n = ROUND_SIZES[0]
    return (tuple(sorted(dealt[0][:n])), tuple(sorted(dealt[1][:n]))), (
        dealt[0][n:],
        dealt[1][n:],
    )


def match_winner(totals: tuple[int, int], target: int) -> int | None:
    """HT-16: once a total reaches the target the higher total wins; an exact tie plays on."""
    a, b = totals
    if max(a, b) < target or a == b:
        return None
    return 0 if a > b else 1


def take(
    hand: tuple[int, ...], place: Place, seat: int, hand_no: int
) -> tuple[tuple[int, ...], Placement]:
    """``hand`` without the placed cards, and the placement as deck ints; raises
    :class:`IllegalAction` (HT-6) for a card the seat may not place."""
    rest = list(hand)
    out: list[int] = []
    for role, card in zip(("loot", "attacker", "defender"), place.cards, strict=True):
        i = card.index
        # Either joker int stands for a placed JK: take the lower one held.
        c = (52 if 52 in rest else 53 if 53 in rest else -1) if i >= 52 else i if i in rest else -1
        if c < 0:
            raise IllegalAction("HT-6", _why_missing(hand, place, seat, hand_no, role))
        rest.remove(c)
        out.append(c)
    return tuple(rest), (out[0], out[1], out[2])


def _why_missing(hand: tuple[int, ...], place: Place, seat: int, hand_no: int, role: str) -> str:
    card = getattr(place, role)
    held = sum(1 for c in hand if min(c, 52) == card.index)
    if held:
        return f"{place}: {card} is placed twice (each card takes one role)"
    if len(hand) == 3:
        left = ", ".join(cards_text(hand))
        return (
            f"{place}: {card} is not one of seat {seat}'s 3 cards left; hand {hand_no} "
            f"places exactly those: {left}"
        )
    return f"{place}: {card} is not in seat {seat}'s hand"


class HeartsTrumps:
    """The registered game ``hearts-trumps`` (see :class:`bolola.engine.Game`)."""

    name = "hearts-trumps"
    title = "Hearts Are Trumps"
    seats = 2
    teams: tuple[tuple[Seat, ...], ...] | None = None

    def default_options(self) -> HeartsTrumpsOptions:
        return HeartsTrumpsOptions()

    def parse_options(self, raw: Mapping[str, Any]) -> HeartsTrumpsOptions:
        return HeartsTrumpsOptions.from_json(raw)

    def new(self, options: HeartsTrumpsOptions, seed: Deals) -> Match:
        hands, undealt = start_deal(seed, 1)
        return Match(
            options, seed, 1, 1, hands, _NO_PLACEMENTS, undealt, (), None, (0, 0), (), False
        )

    def to_move(self, state: Match) -> tuple[Seat, ...]:
        if state.over:
            return ()
        p0, p1 = state.pending
        if p0 is None:
            return _BOTH if p1 is None else (0,)
        return (1,)

    def legal_actions(self, state: Match, seat: Seat) -> tuple[Place, ...]:
        if state.over or seat not in _BOTH or state.pending[seat] is not None:
            return ()
        return placements(state.hands[seat])

    def apply(self, state: Match, seat: Seat, action: Place) -> tuple[Match, tuple[Any, ...]]:
        if state.over:
            t = state.totals
            raise IllegalAction("HT-16", f"the match is over at {t[0]} to {t[1]}")
        if not isinstance(action, Place):
            raise IllegalAction("HT-6", f"{action!r} is not a placement LOOT/ATTACKER/DEFENDER")
        if seat not in _BOTH:
            raise IllegalAction("HT-1", f"two players: seat 0 or 1, not {seat!r}")
        pending = state.pending
        if pending[seat] is not None:
            raise IllegalAction(
                "HT-6",
                f"seat {seat} has already placed for hand {state.hand_no}; "
                f"waiting for seat {1 - seat}",
            )
        hand, placement = take(state.hands[seat], action, seat, state.hand_no)
        events: tuple[Any, ...] = (Placing(seat, action, AUDIENCE[seat]), Placed(seat))
        other = pending[1 - seat]
        if other is None:
            if seat == 0:
                return state._replace(
                    hands=(hand, state.hands[1]), pending=(placement, None)
                ), events
            return state._replace(hands=(state.hands[0], hand), pending=(None, placement)), events
        if seat == 0:
            p0, p1, hands = placement, other, (hand, state.hands[1])
        else:
            p0, p1, hands = other, placement, (state.hands[0], hand)
        a, b = battles(p0, p1)
        played = HandPlayed(state.deal_no, state.hand_no, (p0, p1), (a.winner, b.winner))
        return _after_hand(state, hands, played, (*events, a, b))

    def view(self, state: Match, seat: Seat | None) -> HeartsTrumpsView:
        legal = () if seat is None else tuple(str(p) for p in self.legal_actions(state, seat))
        return make_view(state, seat, self.to_move(state), legal)

    def outcome(self, state: Match) -> Outcome | None:
        if not state.over:
            return None
        t = state.totals
        results = (Result.WIN, Result.LOSS) if t[0] > t[1] else (Result.LOSS, Result.WIN)
        return Outcome(t, results, rank_scores(t))

    def parse_action(self, text: str) -> Place:
        return parse_action(text)

    def resample(self, state: Match, seat: Seat, rng: random.Random) -> Match:
        return resample(state, seat, rng)

    # -- hooks for the room (see bolola.engine.Game) --------------------------------------

    def seat_count(self, options: HeartsTrumpsOptions) -> int:
        return self.seats

    def seat_options(
        self, options: HeartsTrumpsOptions, players: Sequence[Seated]
    ) -> HeartsTrumpsOptions:
        return options

    def deal_scores(self, state: Match) -> tuple[DealScore, ...]:
        return tuple(DealScore("deal", d.points) for d in state.history)

    def match_record(self, state: Match, players: Sequence[str]) -> dict[str, Any]:
        from bolola.games.hearts_trumps import records

        return records.match_record(state, players)

    def deal_record(self, state: Match, deal: int) -> dict[str, Any]:
        from bolola.games.hearts_trumps import records

        return {
            "game": self.name,
            **records.deal_record(state.history[deal - 1]),
            "options": state.options.to_json(),
        }

    def check_record(self, raw: Any) -> dict[str, Any]:
        from bolola.games.hearts_trumps import records

        return records.legal(raw)

    def score_record(self, raw: Any) -> dict[str, Any]:
        from bolola.games.hearts_trumps import records

        return records.score(raw)

    def canonical_deck(self, options: HeartsTrumpsOptions) -> tuple[str, ...]:
        return tuple(cards_text(list(DECK)))

    def dealt(self, options: HeartsTrumpsOptions, deal: int, deck: Sequence[str]) -> FairDealt:
        seats: list[list[str]] = [[], []]
        at = 0
        for size in ROUND_SIZES:  # HT-4: each round, seat 0's cards first
            for seat in (0, 1):
                seats[seat].extend(deck[at : at + size])
                at += size
        return rounds_dealt(seats)

    def record_dealt(self, raw: Any) -> tuple[FairDealt, ...]:
        from bolola.games.hearts_trumps import records

        return records.record_dealt(raw)

    def deals_done(self, state: Match) -> int:
        return len(state.history)

    def describe(self, view: HeartsTrumpsView) -> str:
        from bolola.games.hearts_trumps.text import describe

        return describe(view)

    def benchmarks(self) -> Mapping[str, Bench]:
        return {}

    def option_examples(self) -> tuple[HeartsTrumpsOptions, ...]:
        return (HeartsTrumpsOptions(), HeartsTrumpsOptions(150), HeartsTrumpsOptions(1))

    def census(self, state: Match) -> Census:
        # The two jokers are alike (HT-1) but two cards: each int has one place.
        if state.over:
            last = state.history[-1]
            out = [c for h in last.hands for p in h.placements for c in p]
            return Census(((), ()), _texts(out), _DECK)
        held = tuple(_texts([*state.hands[s], *(state.pending[s] or ())]) for s in _BOTH)
        out = [c for u in state.undealt for c in u]
        out += [c for h in state.played for p in h.placements for c in p]
        return Census(held, _texts(out), _DECK)

    def audit(self, state: Match) -> tuple[str, ...]:
        problems = []
        for d in state.history:
            if len(d.hands) != HANDS_PER_DEAL or sum(d.score.loot_counts) != 18:
                problems.append(f"deal {d.deal_no}: not 9 hands of 18 loot cards")
            if sum(d.points) > 200:
                problems.append(f"deal {d.deal_no}: {sum(d.points)} points (HT-15: 200 at most)")
        totals = tuple(sum(d.points[s] for d in state.history) for s in _BOTH)
        if totals != state.totals:
            problems.append(f"totals {state.totals} are not the deals' sum {totals}")
        before = tuple(sum(d.points[s] for d in state.history[:-1]) for s in _BOTH)
        target = state.options.target
        if state.over and (
            match_winner(state.totals, target) is None
            or match_winner((before[0], before[1]), target) is not None
        ):
            problems.append("the match did not end at the first deal that decided it")
        return tuple(problems)


def _texts(cards: Sequence[int]) -> tuple[str, ...]:
    # JK twice for the two jokers: the deck lists it twice too.
    return tuple(cards_text(list(cards)))


_DECK = _texts(range(54))


def _after_hand(
    state: Match, hands: Hands, played: HandPlayed, events: tuple[Any, ...]
) -> tuple[Match, tuple[Any, ...]]:
    """The state after a hand's battles: the next hand, the next round, or the deal's score."""
    done = (*state.played, played)
    hand_no = state.hand_no + 1
    if hand_no <= HANDS_PER_DEAL:
        undealt = state.undealt
        if is_round_start(hand_no):
            r = round_of(hand_no)
            n = ROUND_SIZES[r - 1]
            hands = (tuple(sorted(undealt[0][:n])), tuple(sorted(undealt[1][:n])))
            undealt = (undealt[0][n:], undealt[1][n:])
            events = (*events, RoundStarted(r))
        return Match(
            state.options,
            state.seed,
            state.deal_no,
            hand_no,
            hands,
            _NO_PLACEMENTS,
            undealt,
            done,
            played,
            state.totals,
            state.history,
            False,
        ), events
    summary = score_deal(state.deal_no, done)
    t, p = state.totals, summary.points
    totals = (t[0] + p[0], t[1] + p[1])
    history = (*state.history, summary)
    events = (*events, DealScored(state.deal_no, p))
    if match_winner(totals, state.options.target) is not None:
        over = Match(
            state.options,
            state.seed,
            state.deal_no,
            HANDS_PER_DEAL,
            ((), ()),
            _NO_PLACEMENTS,
            ((), ()),
            (),
            played,
            totals,
            history,
            True,
        )
        return over, (*events, MatchEnded(totals))
    deal_no = state.deal_no + 1
    new_hands, undealt = start_deal(state.seed, deal_no)
    new = Match(
        state.options,
        state.seed,
        deal_no,
        1,
        new_hands,
        _NO_PLACEMENTS,
        undealt,
        (),
        played,
        totals,
        history,
        False,
    )
    return new, (*events, DealStarted(deal_no), RoundStarted(1))


def resample(state: Match, seat: Seat, rng: random.Random) -> Match:
    """Deal every card hidden from ``seat`` anew, each in a place of the same kind: the
    opponent's hand and unresolved placement, the opponent's loot placed this deal
    (whoever took it, HT-8), and both seats' cards of later rounds. Nothing constrains
    where a hidden card may be, so one shuffle does it."""
    if state.over:
        return state
    o = 1 - seat
    hand = state.hands[o]
    pending = state.pending[o]
    loot = [h.placements[o][0] for h in state.played]
    u0, u1 = state.undealt
    pool = [*hand, *(pending or ()), *loot, *u0, *u1]
    rng.shuffle(pool)
    at = len(hand)
    new_hand = tuple(sorted(pool[:at]))
    new_pending: Placement | None = None
    if pending is not None:
        new_pending = (pool[at], pool[at + 1], pool[at + 2])
        at += 3
    played = list(state.played)
    for k, h in enumerate(played):
        p = h.placements[o]
        moved: Placement = (pool[at], p[1], p[2])
        at += 1
        placements2 = (h.placements[0], moved) if o == 1 else (moved, h.placements[1])
        played[k] = h._replace(placements=placements2)
    n0 = len(u0)
    undealt = (tuple(pool[at : at + n0]), tuple(pool[at + n0 :]))
    hands = (state.hands[0], new_hand) if o == 1 else (new_hand, state.hands[1])
    pendings = (state.pending[0], new_pending) if o == 1 else (new_pending, state.pending[1])
    last = state.last
    if last is not None and played and last.deal_no == state.deal_no:
        last = played[-1]
    return state._replace(
        hands=hands, pending=pendings, undealt=undealt, played=tuple(played), last=last
    )


GAME = HeartsTrumps()
