"""The ``club`` bot's rules of thumb for playing a card, as one cost per legal card.

Each card is priced by what it risks now and what it leaves in the hand::

    cost(card) = sign * (P(win this trick with it) * value of the trick
                         - P(it would win a later trick) * value of a later trick)

with ``sign`` +1 in the negative contracts (taking is bad) and -1 in the positive ones.
Everything a probability needs comes from :class:`Knowledge` (the cards still out, who
may hold each): an opponent is assumed to hold each unseen card it may hold with equal
chance, and to duck when taking is bad (to beat us only when it must) and to beat us
when taking is good. That one formula gives the habits a club player has: duck under
the winning card with the highest card that still ducks, shed a penalty card when void,
win a trick as last player with the highest card when it costs nothing, keep low cards
for the end of ``last-two``, cash sure winners and draw trumps in ``trumps``. A few small
terms on top say what the formula cannot: go void in a short suit, draw trumps early.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bolola.cards import SUIT_MASKS, indices
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import HEARTS, JACKS_KINGS, KING_OF_HEARTS, QUEENS
from bolola.games.king_bolola.view import KingBololaView

from .knowledge import Knowledge


def _penalty(contract: Contract, card: int) -> int:
    bit = 1 << card
    if contract is Contract.JACKS_KINGS:
        return 60 if bit & JACKS_KINGS else 0
    if contract is Contract.QUEENS:
        return 100 if bit & QUEENS else 0
    if contract is Contract.HEARTS:
        return 30 if bit & HEARTS else 0
    if contract is Contract.KING_OF_HEARTS:
        return 320 if bit & KING_OF_HEARTS else 0
    if contract in (Contract.BOLOLA_NEGATIVE, Contract.BOLOLA_POSITIVE):
        return (
            (20 if bit & JACKS_KINGS else 0)
            + (30 if bit & QUEENS else 0)
            + (10 if bit & HEARTS else 0)
            + (95 if bit & KING_OF_HEARTS else 0)
        )
    return 0


def trick_base(contract: Contract, trick_no: int) -> int:
    """The points a trick is worth by itself, whatever is in it (``trick_no`` 1-based)."""
    if contract in (Contract.TRICKS, Contract.TRUMPS):
        return 50
    if contract is Contract.LAST_TWO:
        return 120 if trick_no == 12 else 240 if trick_no == 13 else 0
    if contract in (Contract.BOLOLA_NEGATIVE, Contract.BOLOLA_POSITIVE):
        return 15 + (40 if trick_no == 12 else 60 if trick_no == 13 else 0)
    return 0


_PENALTIES = tuple(tuple(_penalty(c, i) for i in range(52)) for c in Contract)


def card_penalty(contract: Contract, card: int) -> int:
    """The points a card is worth to whoever takes it (KB-41 … KB-48, sign dropped)."""
    return _PENALTIES[contract][card]


PENALTY_CARDS = {
    c: sum(1 << i for i in range(52) if card_penalty(c, i)) for c in Contract
}  # per contract, the mask of cards worth points


@dataclass(frozen=True, slots=True)
class Table:
    """The current trick from the deciding seat's chair."""

    seat: int
    trick_no: int  # 1-based
    cards: tuple[int, ...]  # played so far, from the leader
    later: tuple[int, ...]  # the seats still to play after us
    led: int  # the led suit, -1 when we lead
    winner: int  # the card winning so far, -1 when we lead


def table_of(view: KingBololaView) -> Table:
    assert view.seat is not None
    seat = view.seat
    trick = view.trick
    cards = () if trick is None else tuple(c.index for c in trick.cards)
    n = len(cards)
    later = tuple((seat + k) & 3 for k in range(1, 4 - n))
    led = cards[0] // 13 if cards else -1
    winner = -1
    if cards:
        trump = -1 if view.trump is None else int(view.trump)
        mask = 0
        for c in cards:
            mask |= 1 << c
        suit = trump if trump >= 0 and mask & SUIT_MASKS[trump] else led
        winner = (mask & SUIT_MASKS[suit]).bit_length() - 1
    return Table(seat, len(view.tricks) + 1, cards, later, led, winner)


class Odds:
    """Chances about the hidden hands: each unseen card equally likely in every hand that
    may hold it."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        # The unseen cards by how many seats may hold them: a card one seat may hold is
        # surely there, one of two or three seats is there with chance 1/2 or 1/3.
        a, b, c = (k.possible[s] for s in range(4) if s != k.seat)
        self.three = a & b & c
        self.two = (a & b | a & c | b & c) & ~self.three
        self.one = (a | b | c) & ~self.two & ~self.three
        self._expected: dict[tuple[int, int, int], float] = {}

    def none_of(self, seat: int, mask: int) -> float:
        """P(``seat`` holds no card of ``mask``)."""
        m = mask & self.k.possible[seat]
        if m & self.one:
            return 0.0
        return 0.5 ** (m & self.two).bit_count() * _TWO_THIRDS ** (m & self.three).bit_count()

    def share(self, card: int) -> float:
        """P(a seat that may hold ``card`` holds it)."""
        bit = 1 << card
        return 1.0 if bit & self.one else 0.5 if bit & self.two else 1 / 3

    def expected(self, seat: int, mask: int, contract: Contract) -> float:
        """The most a seat could shed on a trick from ``mask``, weighted by the chance
        it holds each card (an upper-bounded guess of what it will drop)."""
        m = mask & self.k.possible[seat]
        key = (m, seat, contract)
        if key not in self._expected:
            total = 0.0
            top = 0
            for x in indices(m):
                pen = _PENALTIES[contract][x]
                total += self.share(x) * pen
                top = max(top, pen)
            self._expected[key] = min(total, float(top))
        return self._expected[key]


_TWO_THIRDS = 2 / 3


def _above(card: int) -> int:
    """The cards of ``card``'s suit ranked above it."""
    return SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1)


def _below(card: int) -> int:
    return SUIT_MASKS[card // 13] & ((1 << card) - 1)


class Pricer:
    """Prices each legal card of one decision (see the module docstring). The class
    attributes are the weights of the small terms, points each."""

    void_bonus = 8.0  # playing our last card of a suit we can then shed or ruff in
    short_lead = 1.5  # per card left in the suit we lead: short suits first
    sure_bonus = 5.0  # a sure trick now (positive contracts)
    draw_bonus = 25.0  # leading a sure trump while others may hold trumps
    keep_floor = 0.25  # the least chance a kept penalty card ends in our tricks
    giveaway = 0.5  # share of a penalty card's points we count when handing it over
    follow_weight = 1.0  # share of a follower's penalty cards of the suit it drops under ours
    void_shed_positive = 0.3  # share of a void seat's penalty cards we expect it to give

    def __init__(self, contract: Contract, trump: int, k: Knowledge, table: Table) -> None:
        self.contract = contract
        self.positive = contract.is_positive
        self.trump = trump
        self.k = k
        self.odds = Odds(k)
        self.table = table
        self.tricks_left = 14 - self.table.trick_no
        self.penalty_mask = PENALTY_CARDS[self.contract]
        self.later_value = self._later_trick_value()

    # -- the chance a card wins ---------------------------------------------------------

    def beats(self, card: int, winner: int) -> bool:
        """Whether ``card`` played now would beat the table's ``winner``."""
        if winner < 0:
            return True
        cs, ws = card // 13, winner // 13
        if cs == ws:
            return card > winner
        return cs == self.trump

    def p_hold(self, card: int, seats: Sequence[int], led: int) -> float:
        """P(no seat of ``seats`` takes the trick from ``card``), the card winning now."""
        odds = self.odds
        p = 1.0
        unseen = self.k.unseen
        suit = card // 13
        for s in seats:
            if s == self.k.seat:
                continue
            led_cards = unseen & SUIT_MASKS[led]
            if suit == led:
                higher = unseen & _above(card)
                if self.positive:
                    beat = 1.0 - odds.none_of(s, higher)
                else:
                    # It ducks if it can: it beats us only holding nothing lower.
                    lower = unseen & _below(card)
                    beat = odds.none_of(s, lower) - odds.none_of(s, led_cards)
                if self.trump >= 0 and suit != self.trump:
                    void = odds.none_of(s, led_cards)
                    beat += (1.0 - beat) * void * (1.0 - odds.none_of(s, SUIT_MASKS[self.trump]))
            else:  # we ruff: only a seat void in the led suit with a higher trump beats it
                void = odds.none_of(s, led_cards)
                beat = void * (1.0 - odds.none_of(s, unseen & _above(card)))
            p *= 1.0 - min(1.0, max(0.0, beat))
        return p

    def p_win(self, card: int) -> float:
        t = self.table
        if not self.beats(card, t.winner):
            return 0.0
        led = t.led if t.led >= 0 else card // 13
        return self.p_hold(card, t.later, led)

    def p_wins_later(self, card: int) -> float:
        """How likely ``card``, kept, takes a trick later: as if we led it next."""
        others = tuple(s for s in range(4) if s != self.k.seat)
        return self.p_hold(card, others, card // 13)

    # -- what tricks are worth -----------------------------------------------------------

    def _later_trick_value(self) -> float:
        """What a later trick is worth on average, the cards' penalties included."""
        c = self.contract
        n = max(1, self.tricks_left)
        if c is Contract.LAST_TWO:
            left = (120 if self.table.trick_no <= 12 else 0) + 240
            return left / n
        pens = sum(card_penalty(c, x) for x in indices(self.k.unseen & self.penalty_mask))
        base = sum(trick_base(c, t) for t in range(self.table.trick_no, 14)) / n
        return base + pens / n

    def trick_value(self, card: int) -> float:
        """The points in this trick if ``card`` wins it: the table, our card, and what the
        seats after us may shed."""
        c = self.contract
        t = self.table
        value = float(trick_base(c, t.trick_no) + card_penalty(c, card))
        for x in t.cards:
            value += card_penalty(c, x)
        led = t.led if t.led >= 0 else card // 13
        led_cards = self.k.unseen & SUIT_MASKS[led]
        # A follower that cannot beat our card drops its best penalty card of the suit
        # under it (KB-20, KB-22 and KB-29 even force that), a void one any penalty card.
        under = led_cards & _below(card) & self.penalty_mask
        for s in t.later:
            void = self.odds.none_of(s, led_cards)
            shed = self.odds.expected(s, self.k.unseen & self.penalty_mask, c)
            if self.positive:  # a void seat keeps its points from us when it can
                value += self.void_shed_positive * void * shed
            else:
                follow = self.odds.expected(s, under, c)
                value += void * shed + (1.0 - void) * self.follow_weight * follow
        return value

    # -- the price -----------------------------------------------------------------------

    def cost(self, card: int) -> float:
        c = self.contract
        p_now = self.p_win(card)
        now = p_now * self.trick_value(card)
        p_later = self.p_wins_later(card)
        later = p_later * self.later_value
        if self.positive:
            price = -(now - later)
            if p_now > 0.9:
                price -= self.sure_bonus  # a sure trick now cannot be ruffed later
                if self.trump >= 0 and card // 13 == self.trump and not self.table.cards:
                    rest = self.k.unseen & SUIT_MASKS[self.trump]
                    if rest:
                        price -= self.draw_bonus  # draw the trumps that could ruff our winners
            elif p_now == 0.0 and card_penalty(c, card):
                price += self.giveaway * card_penalty(c, card)  # don't hand points over
        else:
            # Keeping a penalty card risks taking it ourselves, at least sometimes.
            keep_pen = card_penalty(c, card) * max(p_later, self.keep_floor)
            price = now - later - keep_pen * (1.0 - p_now)
        # Going void in a suit lets us shed (negative) or ruff (trumps) later on.
        suit_left = self.k.hand & SUIT_MASKS[card // 13]
        can_use_void = not self.positive or (
            self.trump >= 0 and card // 13 != self.trump and self.k.hand & SUIT_MASKS[self.trump]
        )
        if suit_left.bit_count() == 1 and self.tricks_left > 2 and can_use_void:
            price -= self.void_bonus
        if not self.table.cards:  # leading: a short suit first
            price += self.short_lead * suit_left.bit_count()
        return price


def best_card(view: KingBololaView, legal: Sequence[int], pricing: type[Pricer] = Pricer) -> int:
    """The legal card index with the lowest cost (ties: the lower card)."""
    if len(legal) == 1:
        return legal[0]
    assert view.contract is not None
    trump = -1 if view.trump is None else int(view.trump)
    pricer = pricing(view.contract, trump, Knowledge.from_view(view), table_of(view))
    return min(legal, key=lambda c: (pricer.cost(c), c))
