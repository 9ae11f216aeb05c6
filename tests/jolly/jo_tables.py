"""Helpers for the Jolly tests: rounds set up at a given moment (hands, pile, stock, melds
on the table), decks laid out for given hands, and actions applied."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bolola.cards import Card
from bolola.games.jolly.actions import parse_action
from bolola.games.jolly.deck import DECK, JOKERS, face, hand_order, ids_of, text
from bolola.games.jolly.meld import Spec, TableMeld, put_down
from bolola.games.jolly.round import Round, Turn, deal, step


class Ids:
    """Card ids for faces, each copy given once, the lower id first."""

    def __init__(self) -> None:
        self.free = set(DECK)

    def take(self, f: str) -> int:
        options = JOKERS if f.upper() == "JK" else ids_of(Card.parse(f))
        cid = next(c for c in options if c in self.free)
        self.free.remove(cid)
        return cid

    def rest(self) -> list[int]:
        return sorted(self.free)


def situation(
    hands: list[str],
    *,
    pile: str = "",
    stock: str = "",
    table: tuple[tuple[int, str], ...] = (),
    opened: tuple[bool, ...] | None = None,
    seat: int = 0,
    drew: str | None = None,
    opened_now: bool = False,
) -> Round:
    """A round at ``seat``'s turn: these hands (faces, ``JK`` for a joker), pile (oldest
    first), stock (top first, every other card after), melds on the table (owner, meld
    text), who has opened (by default: whoever owns a meld)."""
    players = len(hands)
    ids = Ids()
    held = tuple(hand_order(ids.take(f) for f in h.split()) for h in hands)
    piled = tuple(ids.take(f) for f in pile.split())
    melds: list[TableMeld] = []
    for k, (owner, meld) in enumerate(table, start=1):
        spec = Spec.parse(meld)
        cards = tuple(ids.take("JK" if p.joker else str(p.face)) for p in spec.pieces)
        melds.append(put_down(spec, cards, k, owner))
    stocked = (*(ids.take(f) for f in stock.split()), *ids.rest())
    if opened is None:
        opened = tuple(any(m.owner == s for m in melds) for s in range(players))
    r = deal(players, (seat - 1) % players, DECK)
    return replace(
        r,
        hands=held,
        stock=stocked,
        pile=piled,
        table=tuple(melds),
        opened=opened,
        turn=Turn(seat, drew, opened_now),
    )


def deck_for(players: int, dealer: int, hands: list[str], stock: str = "") -> tuple[int, ...]:
    """The deck, in deal order (JO-2), that deals these hands, the stock starting with
    ``stock`` (the other cards after it)."""
    ids = Ids()
    held = [[ids.take(f) for f in h.split()] for h in hands]
    assert all(len(h) == 13 for h in held)
    deck = [0] * (13 * players)
    for s, h in enumerate(held):
        for j, c in enumerate(h):
            deck[j * players + (s - dealer - 1) % players] = c
    return (*deck, *(ids.take(f) for f in stock.split()), *ids.rest())


def in_order(cards: tuple[int, ...]) -> tuple[int, ...]:
    """A rebuilt stock in the pile's order: tests need no shuffle (JO-12)."""
    return cards


def run(r: Round, *actions: str) -> tuple[Round, list[Any]]:
    """Apply each action, by whoever is to act; the round and every event."""
    events: list[Any] = []
    for a in actions:
        seat = r.to_move
        assert seat is not None, f"{a}: the round is over"
        r, ev = step(r, seat, parse_action(a), lambda cards, k: in_order(cards))
        events += ev
    return r, events


def faces(cards: tuple[int, ...]) -> list[str]:
    return [str(face(c)) for c in cards]


def names(cards: tuple[int, ...]) -> list[str]:
    return [text(c) for c in cards]


def meld_faces(r: Round, meld_id: int) -> str:
    """A table meld as its pieces (``9H,JK=TH,JH``)."""
    return ",".join(f"JK={s.face}" if s.joker else str(s.face) for s in r.table[meld_id - 1].slots)
