"""Baloot's ``club``: a partner who knows the rules of thumb, no search.

- **Bidding** (:mod:`.hand_strength`): Hokum in a suit whose trumps (J, 9, A, length)
  and side aces are strong, the bid card counted in; Sun with aces and tens; Ashkal, as
  third or fourth speaker, when its own hand is nearly a Sun and the bid card, an ace or
  a ten, is better in the partner's hand (the partner leads and keeps it); in round two
  the strongest other suit. It never bids over its partner, and passes otherwise.
- **Doubling**: double (or four) only with a clearly strong defence, triple only with a
  very strong Hokum; never Gahwa.
- **Projects**: declares every project its hand holds, the best first.
- **Play**: follows the legal list; never overtakes a partner who is winning the trick,
  and feeds it points (tens, aces) when the partner's card is safe; wins a trick with
  its cheapest winning card when the trick is worth it (or when that card is sure to
  win); on the bidding side in Hokum draws trumps with the top trump or trump length;
  leads its masters, then low cards; discards its cheapest card otherwise.

It reads only the view and the legal actions (cards seen played, voids shown by not
following suit) and draws no random numbers: deterministic for any seed, well under a
millisecond a decision.

>>> bot = make_club(Budget())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bolola.bots.baloot import hand_strength as hs
from bolola.bots.base import Bot, Budget
from bolola.cards import Card, Suit
from bolola.engine import Action
from bolola.games.baloot.actions import parse_action
from bolola.games.baloot.deck import DECK, abnat, letter, power
from bolola.games.baloot.projects import Project
from bolola.games.baloot.trick import Trick, winning
from bolola.games.baloot.view import BalootView

CHEAP_TRICK = 10
"""An opponent's trick worth this many abnat is worth a high card (or a high trump)."""
LOW_TRUMPS = "78QK"
"""Trumps cheap enough to ruff any trick that carries points."""


@dataclass(frozen=True, slots=True)
class ClubBot:
    budget: Budget = field(default_factory=Budget)
    level: str = "club"

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        texts = [str(a) for a in legal]
        pick = decide(view, texts)
        return legal[texts.index(pick)]


def make_club(budget: Budget) -> Bot:
    return ClubBot(budget)


def decide(view: BalootView, legal: Sequence[str]) -> str:
    """The text of the legal action ``club`` takes in this view."""
    if view.phase == "bid":
        return bid(view, legal)
    if view.phase == "double":
        return double(view, legal)
    projects = [t for t in legal if t.startswith("project:")]
    if projects:
        return max(projects, key=lambda t: _project_rank(t))
    return Play(view).choose([t for t in legal if not t.startswith("project:")])


def _project_rank(text: str) -> tuple[int, int]:
    p = parse_action(text)
    assert isinstance(p, Project)
    return p.strength


# --- bidding ---------------------------------------------------------------------------


def bid(view: BalootView, legal: Sequence[str]) -> str:
    seat = view.seat
    assert seat is not None and view.hand is not None
    hand = list(view.hand)
    mine = [*hand, view.bid_card]  # the buyer takes the bid card (BA-10)
    partner = (seat + 2) % 4
    this_round = [b for b in view.bids if b.round_no == view.bid_round]
    sun_called = [b for b in this_round if b.text in ("sun", "ashkal")]
    hokum_by = [b.seat for b in this_round if b.text.startswith("hokum")]
    sun = hs.sun_score(mine)
    if "pass" not in legal:  # BA-6: confirm our Hokum or switch to Sun
        hokum = next(t for t in legal if t.startswith("hokum"))
        trump = _suit_of(hokum, view.bid_card.suit)
        return "sun" if sun >= hs.SUN_BID and sun > hs.hokum_score(mine, trump) else hokum
    if sun_called:  # BA-7: claim the Sun, never from the partner
        if sun_called[-1].seat == partner or "sun" not in legal:
            return "pass"
        return "sun" if sun >= hs.SUN_BID + 1.0 else "pass"
    if partner in hokum_by:
        return "pass"  # the partner's Hokum stands
    options: list[tuple[float, str]] = []
    if "sun" in legal and sun >= hs.SUN_BID:
        options.append((sun - hs.SUN_BID, "sun"))
    for t in legal:
        if t.startswith("hokum"):
            trump = _suit_of(t, view.bid_card.suit)
            score = hs.hokum_score(mine, trump)
            if score >= hs.HOKUM_BID:
                options.append((score - hs.HOKUM_BID, t))
    if "ashkal" in legal and letter(view.bid_card) in "AT" and not hokum_by:
        own = hs.sun_score(hand)
        if own >= hs.SUN_BID - 2.0 and sun < hs.SUN_BID + 1.0:
            options.append((own - hs.SUN_BID + 2.0, "ashkal"))
    if not options:
        return "pass"
    return max(options, key=lambda o: (o[0], o[1]))[1]


def _suit_of(text: str, bid_suit: Suit) -> Suit:
    """The trump of ``hokum`` (the bid card's suit) or ``hokum:S``."""
    return Suit.parse(text[6:]) if ":" in text else bid_suit


def double(view: BalootView, legal: Sequence[str]) -> str:
    """Double or Four only with a clearly strong defence; Triple only with a very strong
    Hokum; never Gahwa."""
    assert view.hand is not None and view.seat is not None
    step = next((t for t in legal if t != "pass"), "pass")
    trump = _trump(view)
    hand = list(view.hand)
    if step in ("double", "four"):
        if trump is None:
            strong = hs.sun_score(hand) >= hs.SUN_BID + 3.0
        else:
            strong = hs.defence_score(hand, trump) >= (hs.DOUBLE if step == "double" else hs.FOUR)
        return step if strong else "pass"
    if step == "triple":
        score = hs.sun_score(hand) if trump is None else hs.hokum_score(hand, trump)
        return step if score >= hs.TRIPLE else "pass"
    return "pass"


def _trump(view: BalootView) -> Suit | None:
    c = view.contract
    return Suit.parse(c[6:]) if c is not None and c.startswith("hokum:") else None


# --- play ------------------------------------------------------------------------------


class Play:
    """What the seat knows in the play: its hand, the cards gone, the voids shown."""

    def __init__(self, view: BalootView) -> None:
        assert view.seat is not None and view.hand is not None and view.buyer is not None
        self.seat = view.seat
        self.partner = (view.seat + 2) % 4
        self.trump = _trump(view)
        self.hand = list(view.hand)
        self.trick: Trick = view.trick
        self.bidding_side = view.buyer % 2 == view.seat % 2
        played = [c for t in view.tricks for _, c in t.cards] + [c for _, c in view.trick]
        gone = set(played) | set(self.hand)
        self.unseen = [c for c in DECK if c not in gone]
        self.void: list[set[Suit]] = [set(), set(), set(), set()]
        for t in [*(t.cards for t in view.tricks), view.trick]:
            if not t:
                continue
            led = t[0][1].suit
            for s, c in t[1:]:
                if c.suit != led:
                    self.void[s].add(led)

    # -- knowledge --

    def may_hold(self, seat: int, suit: Suit) -> bool:
        return suit not in self.void[seat] and any(c.suit == suit for c in self.unseen)

    def master(self, card: Card) -> bool:
        """No unseen card of its suit beats it."""
        p = power(card, self.trump)
        return not any(c.suit == card.suit and power(c, self.trump) > p for c in self.unseen)

    def still_to_play(self) -> list[int]:
        if not self.trick:
            return [(self.seat + k) % 4 for k in range(1, 4)]
        return [(self.trick[0][0] + k) % 4 for k in range(len(self.trick) + 1, 4)]

    def safe(self, trick: Trick) -> bool:
        """Whether the card winning ``trick`` cannot be beaten by an opponent still to play
        (as far as the seat knows: a higher unseen card of its suit, or a ruff by a seat
        known void in the suit led)."""
        best_seat, best = winning(trick, self.trump)
        led = trick[0][1].suit
        rest = [s for s in self.still_to_play() if s % 2 != best_seat % 2]
        rest = [s for s in rest if s not in {x for x, _ in trick}]
        for s in rest:
            if best.suit == led and self.may_hold(s, led) and not self.master(best):
                return False  # a higher card of the suit led
            over = best.suit == self.trump and led != self.trump and led in self.void[s]
            if over and self.may_hold(s, best.suit) and not self.master(best):
                return False  # an over-ruff
            if (
                self.trump is not None
                and best.suit != self.trump
                and led in self.void[s]
                and self.may_hold(s, self.trump)
            ):
                return False
        return True

    def cost(self, card: Card) -> tuple[int, int, int]:
        """How dear a card is to give away: trumps, then points, then rank."""
        return (
            int(card.suit == self.trump),
            abnat(card, self.trump) + (6 if self.master(card) and abnat(card, None) else 0),
            power(card, self.trump),
        )

    # -- choosing --

    def choose(self, legal: Sequence[str]) -> str:
        cards = [parse_action(t) for t in legal]
        assert all(isinstance(c, Card) for c in cards)
        pick = self.lead(cards) if not self.trick else self.follow(cards)  # type: ignore[arg-type]
        return str(pick)

    def lead(self, cards: list[Card]) -> Card:
        trump = self.trump
        trumps = [c for c in cards if c.suit == trump]
        side = [c for c in cards if c.suit != trump]
        opponents = [(self.seat + 1) % 4, (self.seat + 3) % 4]
        if trump is not None and trumps and self.bidding_side:
            out = any(self.may_hold(s, trump) for s in opponents)
            top = max(trumps, key=lambda c: power(c, trump))
            if out and (self.master(top) or len(trumps) >= 3):
                return top if self.master(top) else min(trumps, key=lambda c: power(c, trump))
        # Cash a master of a side suit the opponents cannot ruff.
        masters = [
            c
            for c in side
            if self.master(c)
            and not (
                trump is not None
                and any(c.suit in self.void[s] and self.may_hold(s, trump) for s in opponents)
            )
        ]
        if masters:
            return max(masters, key=lambda c: (abnat(c, trump), power(c, trump)))
        pool = side or cards
        # A low card from a suit where no ten waits for an unseen ace.
        return min(pool, key=lambda c: (*self._lead_risk(c), *self.cost(c)))

    def _lead_risk(self, card: Card) -> tuple[int]:
        """Leading from under an unguarded high card gives it away."""
        mine = [c for c in self.hand if c.suit == card.suit]
        exposed = any(abnat(c, self.trump) >= 10 and not self.master(c) for c in mine)
        return (int(exposed and len(mine) <= 2),)

    def follow(self, cards: list[Card]) -> Card:
        trump = self.trump
        best_seat, _ = winning(self.trick, trump)
        worth = sum(abnat(c, trump) for _, c in self.trick)
        wins = [c for c in cards if winning((*self.trick, (self.seat, c)), trump)[0] == self.seat]
        keeps = [c for c in cards if c not in wins]
        if best_seat == self.partner:
            if not keeps:  # every card overtakes: the cheapest one
                return min(cards, key=self.cost)
            if self.safe(self.trick):  # feed it points
                plain = [c for c in keeps if c.suit != trump] or keeps
                return max(plain, key=lambda c: (abnat(c, trump) - self._keep(c), -self.cost(c)[2]))
            return min(keeps, key=self.cost)
        # An opponent is winning.
        if wins:
            sure = [c for c in wins if self.safe((*self.trick, (self.seat, c)))]
            cheap = min(wins, key=self._win_cost)
            cheapest_sure = min(sure, key=self._win_cost) if sure else None
            if cheapest_sure is not None and (
                worth + abnat(cheapest_sure, trump) >= CHEAP_TRICK or not self._dear(cheapest_sure)
            ):
                return cheapest_sure
            if not self._dear(cheap) and worth > 0:
                return cheap
        return min(cards, key=self.cost)

    def _keep(self, card: Card) -> int:
        """A master of another suit than the one led wins a trick of its own later."""
        led = self.trick[0][1].suit
        return 8 if card.suit != led and self.master(card) else 0

    def _win_cost(self, card: Card) -> tuple[int, int, int]:
        return (int(card.suit == self.trump), power(card, self.trump), abnat(card, self.trump))

    def _dear(self, card: Card) -> bool:
        """A high trump, or a card whose points go to waste if it loses."""
        if card.suit == self.trump:
            return letter(card) not in LOW_TRUMPS
        return abnat(card, self.trump) >= 10 and not self.master(card)
