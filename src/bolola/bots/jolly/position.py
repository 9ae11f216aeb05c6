"""What one seat knows at its turn, as the bots read it: from its view, or (inside the
expert's play-outs) from a sampled round, keeping only what that seat could see.

>>> from bolola.games.jolly import GAME
>>> pos = from_view(GAME.view(GAME.new(GAME.default_options(), 1), 0))
>>> pos.seat, len(pos.hand), pos.phase, pos.next_seat
(0, 13, 'draw', 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from bolola.cards import Card
from bolola.games.jolly.deck import face
from bolola.games.jolly.meld import TableMeld
from bolola.games.jolly.round import Round
from bolola.games.jolly.view import JollyView


@dataclass(frozen=True, slots=True)
class Position:
    seat: int
    players: int
    hand: tuple[Card, ...]  # faces; jokers are JOKER
    table: tuple[TableMeld, ...]
    pile: tuple[Card, ...]  # oldest first: take:N takes the last N
    opened: tuple[bool, ...]
    known: tuple[tuple[Card, ...], ...]  # per seat: cards seen going into that hand
    hand_counts: tuple[int, ...]
    stock: int
    drew: str | None  # None: yet to draw; "stock" or "pile"
    opened_now: bool  # opened in this turn: only the discard is left (JO-8)

    @property
    def phase(self) -> str:
        return "draw" if self.drew is None else "play"

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % self.players

    @property
    def keep(self) -> int:
        """Cards a meld must leave: one to discard, two after a pile draw (JO-11, JO-13)."""
        return 2 if self.drew == "pile" else 1


def from_view(view: JollyView) -> Position:
    assert view.seat is not None and view.hand is not None, "a seat's view"
    return Position(
        seat=view.seat,
        players=view.players,
        hand=tuple(face(c) for c in view.hand),
        table=view.table,
        pile=tuple(face(c) for c in view.pile),
        opened=view.opened,
        known=tuple(tuple(face(c) for c in k) for k in view.known),
        hand_counts=view.hand_counts,
        stock=view.stock,
        drew=view.drew,
        opened_now=view.opened_now,
    )


def from_round(r: Round, seat: int) -> Position:
    """What ``seat`` sees of ``r`` (its own hand, and only what is public of the rest)."""
    return Position(
        seat=seat,
        players=r.players,
        hand=tuple(face(c) for c in r.hands[seat]),
        table=r.table,
        pile=tuple(face(c) for c in r.pile),
        opened=r.opened,
        known=tuple(tuple(face(c) for c in k) for k in r.known),
        hand_counts=tuple(len(h) for h in r.hands),
        stock=len(r.stock),
        drew=r.turn.drew if r.turn.seat == seat else None,
        opened_now=r.turn.opened if r.turn.seat == seat else False,
    )
