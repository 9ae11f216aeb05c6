"""What one seat can know about the hidden cards of a King Bolola deal.

Everything here is read from a :class:`~bolola.games.king_bolola.view.KingBololaView`
(never from a state): the seat's own hand, the cards played, and what each play proves
about the hand it came from. A seat that did not follow suit is void in it; and because
the contracts force some cards (KB-20 … KB-34), a play that was *not* forced proves the
seat held none of the cards that would have been::

    k = Knowledge.from_view(view)
    k.unseen              # mask: the cards held by the other three seats
    k.possible[seat]      # mask: the cards that seat may still hold (its own hand if viewer)
    k.cannot_hold[seat]   # mask ⊆ unseen: the unseen cards that seat surely does not hold
    k.void[seat][suit]    # True: the seat holds no card of that suit
    k.hand_counts[seat]   # how many cards each seat holds now
    k.known[seat]         # mask: cards surely in that seat's hand (forced by counting)
    k.consistent(hands)   # do these hands (a sampled deal) agree with all of the above?

Inferences (each ``seat`` below is the one that played card ``c``, led suit ``L``):

* not following ``L``: void in ``L`` (KB-11); and, void, it had to play
  a J/K in ``jacks-kings`` (KB-21), a Q in ``queens`` (KB-23), a heart in ``hearts``
  (KB-25), KH then a heart in ``king-of-hearts`` (KB-27), a penalty card in
  ``bolola-negative`` (KB-30), a trump — over-ruffing if it could — in ``trumps`` (KB-34):
  not playing one proves it held none (none higher, for the over-ruff);
* following ``L`` under a higher card of ``L`` without dropping a J/K (KB-20), the Q
  (KB-22), a J/Q/K (KB-29) below that card, or KH under AH with ``king-under-ace``: it
  held none of them; following a trump lead without over-trumping (KB-32): no higher
  trump;
* leading a heart before hearts were broken where KB-14 applies, or a trump before
  trumps were played (KB-31): it held nothing else.

Masks are 52-bit ints over card indices (:mod:`bolola.cards`). The object is frozen and
cheap (a few microseconds per played card) so a search bot may build one per decision;
:meth:`Knowledge.build` takes raw indices for callers that have no view at hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bolola.cards import FULL_DECK, SUIT_MASKS, Card
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import (
    HEARTS,
    JACKS_KINGS,
    KING_OF_HEARTS,
    NO_TRUMP,
    PENALTY,
    QUEENS,
)
from bolola.games.king_bolola.view import KingBololaView

_ACE_OF_HEARTS = Card.parse("AH").index
_OTHER_THAN_HEARTS = FULL_DECK & ~HEARTS

RawTrick = tuple[int, Sequence[int]]
"""A trick as ``(leader, card indices in play order)``."""


def _below(high: int) -> int:
    """Every card index under ``high`` (same-suit filtering is the caller's)."""
    return (1 << high) - 1


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge of a deal; see the module docstring for every field."""

    seat: int
    contract: Contract | None
    trump: int  # suit index, or NO_TRUMP (-1)
    hand: int
    played: int  # every card played this deal, the current trick included
    played_by: tuple[int, int, int, int]
    unseen: int
    hand_counts: tuple[int, int, int, int]
    cannot_hold: tuple[int, int, int, int]
    possible: tuple[int, int, int, int]
    known: tuple[int, int, int, int]
    void: tuple[tuple[bool, bool, bool, bool], ...]

    @classmethod
    def from_view(cls, view: KingBololaView) -> Knowledge:
        """The knowledge of ``view.seat`` (which must not be a spectator)."""
        if view.seat is None or view.hand is None:
            raise ValueError("a spectator's view has no hand to reason from")
        hand = 0
        for card in view.hand:
            hand |= 1 << card.index
        tricks = [(t.leader, tuple(c.index for c in t.cards)) for t in view.tricks]
        current: RawTrick | None = None
        if view.trick is not None and view.trick.cards:
            current = (view.trick.leader, tuple(c.index for c in view.trick.cards))
        counts = view.hand_counts
        return cls.build(
            seat=view.seat,
            hand=hand,
            hand_counts=(counts[0], counts[1], counts[2], counts[3]),
            contract=view.contract,
            trump=NO_TRUMP if view.trump is None else int(view.trump),
            king_under_ace=view.king_under_ace,
            tricks=tricks,
            trick=current,
        )

    @classmethod
    def build(
        cls,
        *,
        seat: int,
        hand: int,
        hand_counts: tuple[int, int, int, int],
        contract: Contract | None,
        trump: int,
        king_under_ace: bool,
        tricks: Sequence[RawTrick],
        trick: RawTrick | None,
    ) -> Knowledge:
        """The same knowledge from raw masks and indices (``tricks``: finished ones)."""
        no = [0, 0, 0, 0]  # cards each seat is proven not to hold
        played_by = [0, 0, 0, 0]
        gone = 0  # cards of finished tricks: KB-14 and KB-31 look only at these
        every = [*tricks, trick] if trick is not None else list(tricks)
        for leader, cards in every:
            table = 0
            for k, c in enumerate(cards):
                s = (leader + k) & 3
                played_by[s] |= 1 << c
                if contract is not None:
                    no[s] |= _proof(contract, trump, king_under_ace, cards, k, c, table, gone)
                table |= 1 << c
            gone |= table
        played = played_by[0] | played_by[1] | played_by[2] | played_by[3]
        unseen = FULL_DECK & ~hand & ~played
        first = [hand if s == seat else unseen & ~no[s] for s in range(4)]
        known, possible = _known(seat, unseen, first, hand_counts)
        cannot = [unseen if s == seat else unseen & ~possible[s] for s in range(4)]
        void = tuple(
            (
                not possible[s] & SUIT_MASKS[0],
                not possible[s] & SUIT_MASKS[1],
                not possible[s] & SUIT_MASKS[2],
                not possible[s] & SUIT_MASKS[3],
            )
            for s in range(4)
        )
        return cls(
            seat=seat,
            contract=contract,
            trump=trump,
            hand=hand,
            played=played,
            played_by=_four(played_by),
            unseen=unseen,
            hand_counts=hand_counts,
            cannot_hold=_four(cannot),
            possible=possible,
            known=known,
            void=void,
        )

    def consistent(self, hands: Sequence[int]) -> bool:
        """Whether four current hands (masks) could be the real ones."""
        for s in range(4):
            h = hands[s]
            if h & ~self.possible[s] or h.bit_count() != self.hand_counts[s]:
                return False
            if h & self.known[s] != self.known[s]:
                return False
        return True

    def holders(self, card: int) -> tuple[int, ...]:
        """The seats that may hold card index ``card`` now (empty once it is played)."""
        bit = 1 << card
        return tuple(s for s in range(4) if self.possible[s] & bit)

    def out_in(self, suit: int) -> int:
        """The mask of cards of ``suit`` still held by the other seats."""
        return self.unseen & SUIT_MASKS[suit]


def _four(xs: Sequence[int]) -> tuple[int, int, int, int]:
    return (xs[0], xs[1], xs[2], xs[3])


def _proof(
    contract: Contract,
    trump: int,
    kua: bool,
    cards: Sequence[int],
    k: int,
    c: int,
    table: int,
    gone: int,
) -> int:
    """The cards the seat that played ``cards[k] == c`` is thereby proven not to hold."""
    bit = 1 << c
    if k == 0:  # a lead
        if contract.restricts_heart_leads:
            if bit & HEARTS and not gone & HEARTS:
                return _OTHER_THAN_HEARTS  # KB-14: it held nothing but hearts
        elif trump >= 0 and c // 13 == trump and not gone & SUIT_MASKS[trump]:
            return FULL_DECK & ~SUIT_MASKS[trump]  # KB-31
        return 0
    led = cards[0] // 13
    led_mask = SUIT_MASKS[led]
    if c // 13 != led:  # void in the led suit
        no = led_mask  # KB-11
        if contract is Contract.JACKS_KINGS:
            if not bit & JACKS_KINGS:
                no |= JACKS_KINGS  # KB-21
        elif contract is Contract.QUEENS:
            if not bit & QUEENS:
                no |= QUEENS  # KB-23
        elif contract is Contract.HEARTS:
            if not bit & HEARTS:
                no |= HEARTS  # KB-25
        elif contract is Contract.KING_OF_HEARTS:
            if not bit & KING_OF_HEARTS:
                no |= KING_OF_HEARTS  # KB-27
                if not bit & HEARTS:
                    no |= HEARTS
        elif contract is Contract.BOLOLA_NEGATIVE:
            if not bit & PENALTY:
                no |= PENALTY  # KB-30
        elif contract is Contract.TRUMPS and trump >= 0:
            trumps = SUIT_MASKS[trump]
            if not bit & trumps:
                no |= trumps  # KB-34: it had no trump
            else:
                top = (table & trumps).bit_length() - 1
                if top >= 0 and c < top:  # under-ruffed: it had no higher trump
                    no |= trumps & ~_below(top + 1)
        return no
    # Following: the forced cards are those under the highest card of the led suit so far,
    # so any other card (above it too) proves the seat held none of them.
    high = (table & led_mask).bit_length() - 1
    under = led_mask & _below(high)
    if contract is Contract.JACKS_KINGS:
        if not bit & JACKS_KINGS:
            return under & JACKS_KINGS  # KB-20
    elif contract is Contract.QUEENS:
        if not bit & QUEENS:
            return under & QUEENS  # KB-22
    elif contract is Contract.BOLOLA_NEGATIVE:
        if not bit & (JACKS_KINGS | QUEENS):
            return under & (JACKS_KINGS | QUEENS)  # KB-29
    elif contract is Contract.KING_OF_HEARTS:
        if kua and high == _ACE_OF_HEARTS:
            return KING_OF_HEARTS  # table option king-under-ace
    elif contract is Contract.TRUMPS and led == trump and c < high:
        return led_mask & ~_below(high + 1)  # KB-32: it could not over-trump
    return 0


def _known(
    seat: int, unseen: int, possible: Sequence[int], counts: Sequence[int]
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """Cards surely in each hand, and what each seat may hold once those are placed: a
    card only one seat may hold is in its hand, and so is every possibility of a hand
    with exactly as many possibilities as cards (repeated until nothing changes)."""
    known = [0, 0, 0, 0]
    known[seat] = possible[seat]
    poss = list(possible)
    others = [s for s in range(4) if s != seat]
    changed = True
    while changed:
        changed = False
        for s in others:
            elsewhere = 0
            for o in others:
                if o != s:
                    elsewhere |= poss[o]
            only_here = unseen & poss[s] & ~elsewhere
            sure = known[s] | only_here
            if poss[s].bit_count() == counts[s]:
                sure |= poss[s]
            if sure != known[s]:  # known only grows, so this ends
                known[s] = sure
                changed = True
                for o in others:
                    if o != s and poss[o] & sure:
                        poss[o] &= ~sure
    return _four(known), _four(poss)
