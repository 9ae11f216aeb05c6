"""Explicit Hearts Are Trumps deals for the rule tests.

A test names each seat's first cards (in dealing order: round 1's six first); the rest
of the 54 cards fill each seat up to 27, lowest first, so a test names only the cards
that matter to it.
"""

from __future__ import annotations

import random

import playing
from bolola.cards import Card
from bolola.games.hearts_trumps.deck import DECK
from bolola.games.hearts_trumps.match import GAME, Match


def ints(text: str, jokers: list[int] | None = None) -> list[int]:
    """Deck ints of card texts; ``JK`` takes the next joker int of ``jokers``."""
    jokers = [52, 53] if jokers is None else jokers
    out = []
    for t in text.split():
        card = Card.parse(t)
        out.append(jokers.pop(0) if card.is_joker else card.index)
    return out


def rigged(seat0: str, seat1: str = "", *, target: int = 500, seed: int = 0) -> Match:
    """A new match whose first deal deals these cards first (each seat 27 in all)."""
    jokers = [52, 53]
    given = [ints(seat0, jokers), ints(seat1, jokers)]
    assert not set(given[0]) & set(given[1]), "a card given to both seats"
    spare = [c for c in DECK if c not in given[0] and c not in given[1]]
    dealt = []
    for cards in given:
        need = 27 - len(cards)
        dealt.append(tuple(cards + spare[:need]))
        spare = spare[need:]
    assert not spare
    state = GAME.new(GAME.parse_options({"target": target}), seed)
    return state._replace(
        hands=(tuple(sorted(dealt[0][:6])), tuple(sorted(dealt[1][:6]))),
        undealt=(dealt[0][6:], dealt[1][6:]),
    )


def place(state: Match, p0: str, p1: str) -> tuple[Match, list[str]]:
    """Both seats place (seat 0 first); the state after the hand and the event texts."""
    state, e0 = GAME.apply(state, 0, GAME.parse_action(p0))
    state, e1 = GAME.apply(state, 1, GAME.parse_action(p1))
    return state, [str(e) for e in (*e0, *e1)]


def play_random(state: Match, rng: random.Random, hands: int) -> Match:
    """``hands`` hands of random legal placements, the seats in random order."""
    for _ in range(hands):
        seats = list(GAME.to_move(state))
        rng.shuffle(seats)
        for seat in seats:
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def random_match(seed: int, target: int = 500):
    """Every state of a random match and the events of each action."""
    return playing.random_steps(GAME, seed, target=target)
