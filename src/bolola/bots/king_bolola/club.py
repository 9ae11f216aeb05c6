"""King Bolola's ``club``: a player who knows the rules of thumb.

It plays the card :mod:`~bolola.bots.king_bolola.heuristics` prices cheapest (duck under
the winning card, shed penalty cards when void, count what is out, lead short suits,
draw trumps, take tricks when they are cheap), and declares the contract in which its
hand is worth most compared with an average hand (a long strong suit: ``trumps`` in it;
low cards and voids: a negative contract), its guess of a hand's worth calibrated on
hands played out by club bots (:data:`CALIBRATION`). It sees only the view and the
legal actions, and it draws no random numbers, so it is deterministic for any seed; a
card takes it well under a millisecond, a contract one to a few milliseconds.

>>> bot = make_club(Budget())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.bots.base import Bot, Budget
from bolola.cards import SUIT_MASKS, Card, indices
from bolola.engine import Action
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import NO_TRUMP
from bolola.games.king_bolola.view import KingBololaView
from bolola.memo import memo

from .heuristics import Pricer, Table, best_card, card_penalty
from .knowledge import Knowledge

# The declarer's points as a linear function of hand_value's raw guess (slope, intercept),
# and the declarer's mean points: fitted over 420 hands played in every contract by four
# club bots (`bolola bench bots --calibrate 420` prints this table).
CALIBRATION: dict[Contract, tuple[float, float, float]] = {
    Contract.TRICKS: (0.867, 159.4, -159.5),
    Contract.JACKS_KINGS: (1.021, 191.7, -127.1),
    Contract.QUEENS: (0.895, 129.3, -105.0),
    Contract.HEARTS: (1.308, 194.0, -101.0),
    Contract.LAST_TWO: (1.033, 123.3, -87.1),
    Contract.KING_OF_HEARTS: (0.469, 7.0, -89.1),
    Contract.BOLOLA_NEGATIVE: (0.971, 269.4, -202.2),
    Contract.TRUMPS: (0.847, 56.2, 157.9),
    Contract.BOLOLA_POSITIVE: (1.116, 87.6, 192.7),
}


def expected_points(hand: int, seat: int, contract: Contract, trump: int = NO_TRUMP) -> float:
    """The declarer's expected points, :func:`hand_value` calibrated."""
    slope, intercept, _ = CALIBRATION[contract]
    return slope * hand_value(hand, seat, contract, trump) + intercept


def declaring_gain(hand: int, seat: int, contract: Contract, trump: int = NO_TRUMP) -> float:
    """How much better than an average hand this one does as declarer of ``contract``:
    a declarer owes every class of contract over a match (KB-8), so the question is not
    which contract pays most but which one this hand suits best."""
    return expected_points(hand, seat, contract, trump) - CALIBRATION[contract][2]


@memo(maxsize=64)
def _opening(hand: int, seat: int) -> Knowledge:
    """What a declarer knows before the first card: its hand (the same for every
    contract it weighs, so built once)."""
    return Knowledge.build(
        seat=seat,
        hand=hand,
        hand_counts=(13, 13, 13, 13),
        contract=None,
        trump=NO_TRUMP,
        king_under_ace=False,
        tricks=(),
        trick=None,
    )


def _pricer(hand: int, seat: int, contract: Contract, trump: int) -> Pricer:
    others = tuple(s for s in range(4) if s != seat)
    return Pricer(contract, trump, _opening(hand, seat), Table(seat, 1, (), others, -1, -1))


@memo(maxsize=64)
def _card_odds(hand: int, seat: int, positive: bool, trump: int) -> tuple[float, ...]:
    """Each card's chance of taking a trick, lowest card first: the same for every
    contract of one kind, so computed once per kind while a declarer weighs them."""
    contract = (
        Contract.TRUMPS
        if trump >= 0
        else (Contract.BOLOLA_POSITIVE if positive else Contract.TRICKS)
    )
    pricer = _pricer(hand, seat, contract, trump)
    return tuple(pricer.p_wins_later(c) for c in indices(hand))


def hand_value(hand: int, seat: int, contract: Contract, trump: int = NO_TRUMP) -> float:
    """A raw guess of the points a declarer holding ``hand`` takes in ``contract``: each
    card's chance of taking a trick, as if it were led into three random hands (see
    :func:`expected_points` for the calibrated figure)."""
    pricer = _pricer(hand, seat, contract, trump)
    tricks = 0.0
    own_penalty = 0.0
    for c, p in zip(
        indices(hand), _card_odds(hand, seat, contract.is_positive, trump), strict=True
    ):
        tricks += p
        own_penalty += card_penalty(contract, c) * max(p, 0.25)
    if trump >= 0:
        # Long trumps win tricks by length and by ruffing the short side suits.
        length = (hand & SUIT_MASKS[trump]).bit_count()
        tricks += max(0, length - 3) * 0.7
        if length >= 3:
            for s in range(4):
                if s != trump:
                    n = (hand & SUIT_MASKS[s]).bit_count()
                    tricks += {0: 1.0, 1: 0.5, 2: 0.2}.get(n, 0.0)
    tricks = min(tricks, 13.0)
    if contract.is_positive:
        return tricks * pricer.later_value
    return -(tricks * pricer.later_value + own_penalty)


@dataclass(frozen=True, slots=True)
class ClubBot:
    """``club`` for King Bolola (see the module docstring)."""

    level: str = "club"
    pricing: type[Pricer] = Pricer  # the weights of the rules of thumb

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, KingBololaView) or view.seat is None:
            raise TypeError("the club bot plays King Bolola from a seat's view")
        if isinstance(legal[0], Declare):
            return self._declare(view, [a for a in legal if isinstance(a, Declare)])
        cards = {a.index: a for a in legal if isinstance(a, Card)}
        return cards[best_card(view, sorted(cards), self.pricing)]

    def _declare(self, view: KingBololaView, legal: Sequence[Declare]) -> Declare:
        assert view.hand is not None and view.seat is not None
        hand = 0
        for card in view.hand:
            hand |= card.bit
        # Cards taken never cost in bolola-positive and never pay in bolola-negative
        # (KB-46, KB-48), so with both open the positive one is never worse to declare.
        if any(d.contract is Contract.BOLOLA_POSITIVE for d in legal):
            legal = [d for d in legal if d.contract is not Contract.BOLOLA_NEGATIVE]

        def gain(d: Declare) -> tuple[float, int, int]:
            trump = NO_TRUMP if d.trump is None else int(d.trump)
            worth = declaring_gain(hand, view.seat or 0, d.contract, trump)
            return (worth, -int(d.contract), -trump)

        return max(legal, key=gain)


def make_club(budget: Budget) -> Bot:
    return ClubBot()
