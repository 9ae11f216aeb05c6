"""One deal (a round): the cards, the bidding, the doubling and the play (BA-4 … BA-25).

A :class:`Deal` is immutable; :func:`step` gives the next one and the events. The deck
is in deal order (BA-10): cards 1-20 five at a time from the player after the dealer,
card 21 the bid card, cards 22-32 the rest, dealt once the bid card is bought.

>>> d = Deal.new(3, DECK)
>>> d.to_move, str(d.bid_card), [str(c) for c in d.hands[0]]
(0, 'JD', ['7S', '8S', '9S', 'TS', 'JS'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from bolola.cards import Card, Suit
from bolola.engine import IllegalAction
from bolola.fairness import Deals, FairDeals
from bolola.games.baloot.bid import Bidding, Call, Contract, Pass, Said
from bolola.games.baloot.deck import DECK, LAST_TRICK, abnat, hand_order
from bolola.games.baloot.doubling import Doubling, Raise, sun_may_double
from bolola.games.baloot.events import (
    BalootShown,
    Bought,
    Declared,
    PassedOut,
    Played,
    ProjectsShown,
    Raised,
    Spoke,
    TrickTaken,
)
from bolola.games.baloot.options import BalootOptions
from bolola.games.baloot.projects import Project, declarable, why_not
from bolola.games.baloot.scoring import RoundScore, score_round
from bolola.games.baloot.trick import Trick, legal_cards, winner
from bolola.games.baloot.trick import why_not as why_not_card

Action = Pass | Call | Raise | Project | Card
Hands = tuple[tuple[Card, ...], ...]
NO_PROJECTS: tuple[tuple[Project, ...], ...] = ((), (), (), ())


def shuffled(seed: Deals, deal_no: int) -> tuple[Card, ...]:
    """Deal ``deal_no``'s deck in deal order, from the seed alone."""
    if isinstance(seed, FairDeals):
        return tuple(seed.deck(DECK, deal_no))
    cards = list(DECK)
    random.Random(f"baloot:{seed}:{deal_no}").shuffle(cards)
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class TrickDone:
    leader: int
    cards: Trick
    winner: int


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: int
    deck: tuple[Card, ...]  # as dealt (records)
    hands: Hands
    stock: tuple[Card, ...]  # cards 22-32 until the bid card is bought
    bid_card: Card
    bidding: Bidding
    contract: Contract | None = None
    doubling: Doubling | None = None
    level: int = 1
    gahwa: bool = False
    raised: tuple[tuple[int, str], ...] = ()  # doubling: who said what
    leader: int = 0
    trick: Trick = ()
    tricks: tuple[TrickDone, ...] = ()
    projects: tuple[tuple[Project, ...], ...] = NO_PROJECTS
    shown: bool = False
    baloot: int | None = None
    actions: tuple[str, ...] = ()
    score: RoundScore | None = None
    passed_out: bool = False

    @classmethod
    def new(cls, dealer: int, deck: tuple[Card, ...]) -> Deal:
        """BA-4: five cards each, the 21st face up."""
        hands = tuple(hand_order(deck[5 * k : 5 * k + 5]) for k in range(4))
        # Position k of the deck's first 20 goes to the k-th seat after the dealer.
        by_seat = tuple(hands[(s - dealer - 1) % 4] for s in range(4))
        return cls(dealer, deck, by_seat, deck[21:], deck[20], Bidding(dealer, deck[20].suit))

    @property
    def phase(self) -> str:
        if self.passed_out or self.score is not None:
            return "over"
        if self.contract is None:
            return "bid"
        if self.doubling is not None:
            return "double"
        return "play"

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == "over":
            return None
        if phase == "bid":
            return self.bidding.to_move
        if phase == "double":
            assert self.doubling is not None
            return self.doubling.to_move
        return (self.leader + len(self.trick)) % 4

    @property
    def trump(self) -> Suit | None:
        return None if self.contract is None else self.contract.trump

    @property
    def locked(self) -> bool:
        """BA-13: Double and Four lock the lead; Triple and Gahwa do not."""
        return self.level in (2, 4) and not self.gahwa

    def legal(self, seat: int, options: BalootOptions) -> tuple[Action, ...]:
        if seat != self.to_move:
            return ()
        if self.phase == "bid":
            return self.bidding.legal()
        if self.doubling is not None:
            return self.doubling.legal()
        hand = self.hands[seat]
        cards: tuple[Action, ...] = legal_cards(
            hand, self.trick, self.trump, self.locked, options.strict_trumping
        )
        if self.tricks or self.contract is None:
            return cards
        return cards + tuple(declarable(hand, self.contract.is_sun, self.projects[seat]))


def deal_rest(
    hands: Hands, stock: tuple[Card, ...], bid_card: Card, dealer: int, buyer: int
) -> Hands:
    """BA-10: the buyer takes the bid card and 2 more, every other player 3, from the
    player after the dealer, in seat order, taken in turn from the top."""
    out = list(hands)
    at = 0
    for k in range(1, 5):
        seat = (dealer + k) % 4
        n = 2 if seat == buyer else 3
        extra = stock[at : at + n] + ((bid_card,) if seat == buyer else ())
        out[seat] = hand_order((*out[seat], *extra))
        at += n
    return tuple(out)


def _without(hands: Hands, seat: int, card: Card) -> Hands:
    return tuple(tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(hands))


def _turn_rule(deal: Deal) -> str:
    if deal.phase == "bid":
        b = deal.bidding
        if b.stage == "claim":
            return "BA-7"
        if b.stage == "confirm":
            return "BA-6"
        return "BA-5" if b.round_no == 1 else "BA-8"
    if deal.phase == "double":
        return "BA-11"
    return "BA-14"


def step(
    deal: Deal, seat: int, action: object, options: BalootOptions, team_points: tuple[int, int]
) -> tuple[Deal, tuple[Any, ...]]:
    """The deal after ``seat``'s ``action``; raises :class:`IllegalAction`."""
    if deal.phase == "over":
        raise IllegalAction("BA-26", "this deal is over")
    if seat != deal.to_move:
        raise IllegalAction(
            _turn_rule(deal), f"it is seat {deal.to_move}'s turn, not seat {seat}'s"
        )
    deal = replace(deal, actions=(*deal.actions, str(action)))
    if deal.phase == "bid":
        return _bid(deal, seat, action, team_points)
    if deal.phase == "double":
        return _double(deal, seat, action)
    if isinstance(action, Project):
        return _declare(deal, seat, action)
    return _play(deal, seat, action, options)


def _bid(
    deal: Deal, seat: int, action: object, team_points: tuple[int, int]
) -> tuple[Deal, tuple[Any, ...]]:
    after = deal.bidding.apply(action)
    events: tuple[Any, ...] = (Spoke(seat, str(action)),)
    if after is None:
        bidding = _logged(deal.bidding, seat, str(action))
        return replace(deal, bidding=bidding, passed_out=True), (*events, PassedOut(deal.dealer))
    if isinstance(after, Bidding):
        return replace(deal, bidding=after), events
    c = after
    hands = deal_rest(deal.hands, deal.stock, deal.bid_card, deal.dealer, c.buyer)
    doubles = not c.is_sun or sun_may_double(team_points, c.team)
    deal = replace(
        deal,
        bidding=_logged(deal.bidding, seat, str(action)),
        contract=c,
        hands=hands,
        stock=(),
        doubling=Doubling.start(c) if doubles else None,
        leader=c.buyer,
    )
    return deal, (*events, Bought(c))


def _logged(b: Bidding, seat: int, text: str) -> Bidding:
    return replace(b, said=(*b.said, Said(b.round_no, seat, b.stage, text)))


def _double(deal: Deal, seat: int, action: object) -> tuple[Deal, tuple[Any, ...]]:
    assert deal.doubling is not None
    after, level = deal.doubling.apply(action)
    events: tuple[Any, ...] = (Spoke(seat, str(action)),)
    deal = replace(deal, doubling=after, raised=(*deal.raised, (seat, str(action))))
    if level is not None:
        gahwa = isinstance(action, Raise) and action.step == "gahwa"
        deal = replace(deal, level=level, gahwa=gahwa)
        events = (*events, Raised(level, gahwa))
    return deal, events


def _declare(deal: Deal, seat: int, project: Project) -> tuple[Deal, tuple[Any, ...]]:
    assert deal.contract is not None
    if deal.tricks:
        raise IllegalAction("BA-17", f"{project}: projects are declared in the first trick only")
    why = why_not(project, deal.hands[seat], deal.contract.is_sun, deal.projects[seat])
    if why:
        raise IllegalAction("BA-17", f"{project}: {why}")
    projects = tuple((*ps, project) if s == seat else ps for s, ps in enumerate(deal.projects))
    return replace(deal, projects=projects), (Declared(seat, project, frozenset({seat})),)


def _play(
    deal: Deal, seat: int, card: object, options: BalootOptions
) -> tuple[Deal, tuple[Any, ...]]:
    hand = deal.hands[seat]
    strict = options.strict_trumping
    if not isinstance(card, Card):
        raise IllegalAction("BA-15", f"{card}: the play is on; play a card from your hand")
    if card not in legal_cards(hand, deal.trick, deal.trump, deal.locked, strict):
        raise IllegalAction(*why_not_card(card, hand, deal.trick, deal.trump, deal.locked, strict))
    trick = (*deal.trick, (seat, card))
    events: tuple[Any, ...] = (Played(seat, card),)
    deal = replace(deal, hands=_without(deal.hands, seat, card), trick=trick)
    trump = deal.trump
    if trump is not None and card.suit == trump and str(card)[0] in "KQ":
        other = Card.parse(("Q" if str(card)[0] == "K" else "K") + trump.letter)
        mine = [c for t in deal.tricks for s, c in t.cards if s == seat]
        mine += [c for s, c in trick if s == seat]
        if other in mine:
            deal = replace(deal, baloot=seat)
            events = (*events, BalootShown(seat))
    if len(trick) < 4:
        return deal, events
    won = winner(trick, trump)
    done = TrickDone(deal.leader, trick, won)
    tricks = (*deal.tricks, done)
    points = sum(abnat(c, trump) for _, c in trick) + (LAST_TRICK if len(tricks) == 8 else 0)
    events = (*events, TrickTaken(won, tuple(c for _, c in trick), points, len(tricks)))
    deal = replace(deal, trick=(), tricks=tricks, leader=won)
    if len(tricks) == 1:
        deal = replace(deal, shown=True)
        events = (*events, ProjectsShown(deal.projects))
    if len(tricks) == 8:
        deal = replace(deal, score=_score(deal, options))
    return deal, events


def team_abnat(deal: Deal) -> tuple[int, int]:
    out = [0, 0]
    for k, t in enumerate(deal.tricks):
        out[t.winner % 2] += sum(abnat(c, deal.trump) for _, c in t.cards)
        if k == 7:
            out[t.winner % 2] += LAST_TRICK
    return out[0], out[1]


def _score(deal: Deal, options: BalootOptions) -> RoundScore:
    assert deal.contract is not None
    won = [0, 0]
    for t in deal.tricks:
        won[t.winner % 2] += 1
    first = deal.tricks[0].leader
    return score_round(
        deal.contract,
        team_abnat(deal),
        (won[0], won[1]),
        deal.projects,
        [(first + k) % 4 for k in range(4)],
        deal.baloot,
        deal.level,
        deal.gahwa,
        str(deal.bid_card)[0] == "A",
        options.hokum_kaboot_25,
    )
