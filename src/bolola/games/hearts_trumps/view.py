"""What one seat of a Hearts Are Trumps match may see (``view`` is the only way out of a state).

A seat sees its own cards and placement, that the opponent has placed (not what), every
attacker and defender shown, and of the loot only the cards it placed itself and how many
each seat took (HT-8), until the deal's score names them all in ``history``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bolola.cards import Card
from bolola.games.hearts_trumps.battle import Battle, battles
from bolola.games.hearts_trumps.deal import DealScore, HandPlayed, round_of
from bolola.games.hearts_trumps.deck import card_of, rank
from bolola.games.hearts_trumps.placement import Place, place_of

if TYPE_CHECKING:
    from bolola.games.hearts_trumps.match import Match

GAME_NAME = "hearts-trumps"


@dataclass(frozen=True, slots=True)
class LastHand:
    """The last resolved hand: both battles, and the loot card this seat placed in it."""

    deal_no: int
    hand_no: int
    my_loot: Card | None
    battles: tuple[Battle, Battle]

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal_no,
            "hand_no": self.hand_no,
            "my_loot": None if self.my_loot is None else str(self.my_loot),
            "battles": [b.to_json() for b in self.battles],
        }


@dataclass(frozen=True, slots=True)
class OwnLoot:
    """A loot card this seat placed this deal, and who took it."""

    card: Card
    taken_by: int

    def to_json(self) -> dict[str, Any]:
        return {"card": str(self.card), "taken_by": self.taken_by}


@dataclass(frozen=True, slots=True)
class HeartsTrumpsView:
    """One seat's view; ``seat`` is None for a spectator, who sees no hand and no loot."""

    seat: int | None
    deal_no: int  # 1-based
    round_no: int  # 1..5
    hand_no: int  # 1..9 within the deal
    phase: str  # "place" or "over"
    to_move: tuple[int, ...]
    placed: tuple[bool, bool]
    legal: tuple[str, ...]  # this seat's legal placements, in text form
    hand: tuple[Card, ...] | None  # own cards not yet placed, ace low in each suit
    hand_counts: tuple[int, int]
    my_placement: Place | None  # placed this hand, not yet resolved
    last_hand: LastHand | None
    loot_taken: tuple[int, int]  # loot cards each seat took this deal, face down
    my_loot: tuple[OwnLoot, ...]
    pile: tuple[Card, ...]  # attackers and defenders shown this deal
    totals: tuple[int, int]
    target: int
    history: tuple[DealScore, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_NAME,
            "seat": self.seat,
            "deal": self.deal_no,
            "round": self.round_no,
            "hand_no": self.hand_no,
            "phase": self.phase,
            "to_move": list(self.to_move),
            "placed": list(self.placed),
            "legal": list(self.legal),
            "hand": None if self.hand is None else [str(c) for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "my_placement": None if self.my_placement is None else self.my_placement.to_json(),
            "last_hand": None if self.last_hand is None else self.last_hand.to_json(),
            "loot_taken": list(self.loot_taken),
            "my_loot": [m.to_json() for m in self.my_loot],
            "pile": [str(c) for c in self.pile],
            "totals": list(self.totals),
            "target": self.target,
            "history": [h.to_json() for h in self.history],
            "options": {"target": self.target},
        }


def display_order(c: int) -> int:
    """Hands are shown by suit (spades, hearts, diamonds, clubs), ace low (HT-2), jokers last."""
    return 100 if c >= 52 else c // 13 * 13 + rank(c)


def last_hand_of(hand: HandPlayed, seat: int | None) -> LastHand:
    return LastHand(
        hand.deal_no,
        hand.hand_no,
        None if seat is None else card_of(hand.placements[seat][0]),
        battles(*hand.placements),
    )


def pile_of(played: tuple[HandPlayed, ...]) -> tuple[Card, ...]:
    """Attackers and defenders shown, hand by hand: battle A's pair, then battle B's."""
    out: list[Card] = []
    for hand in played:
        p0, p1 = hand.placements
        out += (card_of(p0[1]), card_of(p1[2]), card_of(p1[1]), card_of(p0[2]))
    return tuple(out)


def make_view(
    match: Match, seat: int | None, to_move: tuple[int, ...], legal: tuple[str, ...]
) -> HeartsTrumpsView:
    taken = [0, 0]
    for hand in match.played:
        taken[hand.winners[0]] += 1
        taken[hand.winners[1]] += 1
    pending = match.pending
    if seat is None:
        hand_cards: tuple[Card, ...] | None = None
        mine: Place | None = None
        my_loot: tuple[OwnLoot, ...] = ()
    else:
        hand_cards = tuple(card_of(c) for c in sorted(match.hands[seat], key=display_order))
        own = pending[seat]
        mine = None if own is None else place_of(own)
        my_loot = tuple(
            OwnLoot(card_of(h.placements[seat][0]), h.taken_by(seat)) for h in match.played
        )
    return HeartsTrumpsView(
        seat=seat,
        deal_no=match.deal_no,
        round_no=round_of(match.hand_no),
        hand_no=match.hand_no,
        phase="over" if match.over else "place",
        to_move=to_move,
        placed=(pending[0] is not None, pending[1] is not None),
        legal=legal,
        hand=hand_cards,
        hand_counts=(len(match.hands[0]), len(match.hands[1])),
        my_placement=mine,
        last_hand=None if match.last is None else last_hand_of(match.last, seat),
        loot_taken=(taken[0], taken[1]),
        my_loot=my_loot,
        pile=pile_of(match.played),
        totals=match.totals,
        target=match.options.target,
        history=tuple(h.score for h in match.history),
    )
