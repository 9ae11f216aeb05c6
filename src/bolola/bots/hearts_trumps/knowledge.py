"""What one seat knows in a hand of Hearts Are Trumps, read from its view only.

Every attacker and defender is shown (the view's ``pile``), and a seat knows its own
hand, its own placement and the loot cards it placed itself; every other card of the
54 is *unseen*: in the opponent's hand or placement, among the opponent's loot this
deal, or not dealt yet. Nothing narrows where an unseen card is (HT-8 hides captured
loot until the deal's end), so the opponent's cards this round are any ``opponent_cards``
of them. Cards are deck ints with both jokers as 52 (they are alike, HT-1).

>>> from bolola.games.hearts_trumps import GAME
>>> state = GAME.new(GAME.default_options(), 3)
>>> k = Knowledge.from_view(GAME.view(state, 0))
>>> len(k.hand), len(k.unseen), k.opponent_cards, k.battles_left
(6, 48, 6, 18)
"""

from __future__ import annotations

from dataclasses import dataclass

from bolola.cards import Card
from bolola.games.hearts_trumps.battle import strength
from bolola.games.hearts_trumps.deal import HANDS_PER_DEAL, JOKER_POINTS
from bolola.games.hearts_trumps.deck import is_heart, is_joker, rank
from bolola.games.hearts_trumps.placement import Place
from bolola.games.hearts_trumps.view import HeartsTrumpsView
from bolola.memo import memo

JOKER = 52
Triple = tuple[int, int, int]
"""A placement as deck ints: (loot, attacker, defender)."""

STRENGTH: tuple[int, ...] = tuple(strength(c) for c in range(53))
"""Battle strength by deck int (52: a joker): the higher card wins the battle (HT-9 …
HT-12), except joker against joker (HT-10)."""
POINTS: tuple[int, ...] = tuple(
    JOKER_POINTS if is_joker(c) else rank(c) if is_heart(c) else 0 for c in range(53)
)
"""What a loot card scores its taker (HT-13)."""


def card_int(card: Card) -> int:
    return min(card.index, JOKER)


def triple_of(place: Place) -> Triple:
    return (card_int(place.loot), card_int(place.attacker), card_int(place.defender))


@memo(maxsize=8192)
def triples(hand: tuple[int, ...]) -> tuple[Triple, ...]:
    """Every placement of 3 cards of ``hand`` (sorted, jokers as 52), each once."""
    out: dict[Triple, None] = {}
    n = len(hand)
    for i in range(n):
        for j in range(n):
            if j == i:
                continue
            for m in range(n):
                if m not in (i, j):
                    out[(hand[i], hand[j], hand[m])] = None
    return tuple(out)


def without(hand: tuple[int, ...], cards: Triple) -> tuple[int, ...]:
    """``hand`` (sorted) less the three placed cards, one copy each."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's knowledge at its placement (see the module docstring)."""

    seat: int
    hand: tuple[int, ...]  # own unplaced cards, sorted
    unseen: tuple[int, ...]  # sorted; a joker may appear twice
    hidden: tuple[int, ...]  # own cards the opponent has not seen: hand, placement, loot
    opponent_cards: int  # the opponent's cards this hand: in hand or already placed
    lead: int  # own loot cards taken minus the opponent's, this deal
    battles_left: int  # counting this hand's two
    hand_no: int

    @property
    def is_round_start(self) -> bool:
        """A first hand of a 6-card round: the 3 cards kept play the next hand."""
        return len(self.hand) == 6

    @classmethod
    def from_view(cls, view: HeartsTrumpsView) -> Knowledge:
        if view.seat is None or view.hand is None:
            raise TypeError("a bot plays Hearts Are Trumps from a seat's view")
        seat = view.seat
        other = 1 - seat
        hand = tuple(sorted(card_int(c) for c in view.hand))
        hidden = [*hand, *(card_int(m.card) for m in view.my_loot)]
        if view.my_placement is not None:
            hidden += triple_of(view.my_placement)
        seen = [*hidden, *(card_int(c) for c in view.pile)]
        jokers = sum(1 for c in seen if c == JOKER)
        known = set(seen)
        unseen = [c for c in range(52) if c not in known] + [JOKER] * (2 - jokers)
        opponent = view.hand_counts[other] + (3 if view.placed[other] else 0)
        taken = view.loot_taken
        return cls(
            seat=seat,
            hand=hand,
            unseen=tuple(unseen),
            hidden=tuple(sorted(hidden)),
            opponent_cards=opponent,
            lead=taken[seat] - taken[other],
            battles_left=2 * (HANDS_PER_DEAL - view.hand_no + 1),
            hand_no=view.hand_no,
        )
