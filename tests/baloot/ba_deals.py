"""Helpers for the Baloot tests: cards from text, decks laid out for given hands, and
deals set up at the start of play."""

from __future__ import annotations

from dataclasses import replace

from bolola.cards import Card, Suit
from bolola.games.baloot.bid import Contract
from bolola.games.baloot.deal import Deal, step
from bolola.games.baloot.deck import DECK, hand_order
from bolola.games.baloot.options import BalootOptions


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def deck_for(dealer: int, hands: list[str], buyer: int, bid_card: str) -> tuple[Card, ...]:
    """The deck (deal order, BA-10) that gives each seat its 8 cards once ``buyer`` buys
    ``bid_card`` (which must be in the buyer's hand)."""
    held = [list(cards(h)) for h in hands]
    bid = Card.parse(bid_card)
    assert bid in held[buyer] and sorted(c for h in held for c in h) == sorted(DECK)
    held[buyer].remove(bid)
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    first = [c for s in order for c in held[s][:5]]
    rest = [c for s in order for c in held[s][5:]]
    return (*first, bid, *rest)


def playing(
    hands: list[str], kind: str = "hokum", trump: str | None = "S", buyer: int = 0, **extra: object
) -> Deal:
    """A deal at its first card: these hands, this contract bought by ``buyer``."""
    t = None if trump is None else Suit.parse(trump)
    contract = Contract(kind, t, buyer, buyer)
    deal = Deal.new(3, DECK)
    held = tuple(hand_order(cards(h)) for h in hands)
    return replace(deal, contract=contract, hands=held, stock=(), leader=buyer, **extra)  # type: ignore[arg-type]


def run(
    deal: Deal, texts: str, options: BalootOptions | None = None, totals=(0, 0)
) -> tuple[Deal, list]:
    """Apply each action (by whoever is to act); return the deal and every event."""
    from bolola.games.baloot.actions import parse_action

    events: list = []
    for text in texts.split():
        seat = deal.to_move
        assert seat is not None, f"{text}: the deal is over"
        deal, ev = step(deal, seat, parse_action(text), options or BalootOptions(), totals)
        events += ev
    return deal, events


# Seat s holds suit s: 0 spades, 1 hearts, 2 diamonds, 3 clubs.
SUIT_HANDS = [" ".join(r + s for r in "789TJQKA") for s in "SHDC"]
