"""What happens in a King Bolola match, as frozen values with one text form.

Every King Bolola event is public (cards are dealt face down and shown only by being
played), so ``audience`` is ``None``; hands reach a seat only through ``view``. Events are
typed ``NamedTuple`` values: immutable, and cheap to build on the hot path.
"""

from __future__ import annotations

from typing import NamedTuple

from bolola.cards import CARDS, Card, Suit
from bolola.games.king_bolola.contract import Contract


class DealStarted(NamedTuple):
    deal_no: int  # 1-based
    declarer: int
    audience: None = None

    def __str__(self) -> str:
        return f"deal {self.deal_no} declarer {self.declarer}"


class ContractDeclared(NamedTuple):
    seat: int
    contract: Contract
    trump: Suit | None
    audience: None = None

    def __str__(self) -> str:
        trump = f":{self.trump.letter}" if self.trump is not None else ""
        return f"declare {self.seat} {self.contract}{trump}"


class CardPlayed(NamedTuple):
    seat: int
    card: Card
    audience: None = None

    def __str__(self) -> str:
        return f"play {self.seat} {self.card}"


class TrickTaken(NamedTuple):
    seat: int
    cards: tuple[Card, ...]  # in play order from the leader
    points: int
    trick_no: int
    audience: None = None

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"trick {self.trick_no} to {self.seat} [{cards}] {self.points:+d}"


class DealEnded(NamedTuple):
    points: tuple[int, ...]
    tricks_played: int
    audience: None = None

    def __str__(self) -> str:
        return f"deal over after {self.tricks_played} tricks {list(self.points)}"


class MatchEnded(NamedTuple):
    totals: tuple[int, ...]
    audience: None = None

    def __str__(self) -> str:
        return f"match over {list(self.totals)}"


# One CardPlayed per (seat, card), built once: playing a card is the hot path.
CARD_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(seat, card) for card in CARDS) for seat in range(4)
)
