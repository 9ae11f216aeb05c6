"""Rounds a seat cannot tell from the one it sees: the hidden cards dealt anew.

What a view shows binds the deal as the engine's ``resample`` does: the seat's own hand,
the pile and the table stay; the cards each seat was seen to take (the view's ``known``:
taken from the pile, a joker swapped out) stay in that hand; the others' hands keep
their sizes; the stock keeps its size, and after a rebuild (JO-12) holds only cards of
the rebuilt stock (the view's ``rebuilt``). Everything else unseen is shuffled among the
other hands and the stock.

What the others did not do is a softer clue: a player who has opened melded what its
hand held (so its hand holds no meld now), and one who has played a turn without opening
could not reach 40. :func:`world` redeals up to :data:`TRIES` times for a deal in which
every other hand agrees (club players, and most people, play so), then takes the last.

>>> import random
>>> from bolola.games.jolly import GAME
>>> state = GAME.new(GAME.default_options(), 1)
>>> r = world(GAME.view(state, 0), random.Random(2))
>>> r.hands[0] == state.round.hands[0], len(r.stock) == len(state.round.stock)
(True, True)
"""

from __future__ import annotations

import random

from bolola.games.jolly.deck import DECK, face, hand_order
from bolola.games.jolly.finder import OPENING, best
from bolola.games.jolly.round import HAND_SIZE, Round, Turn
from bolola.games.jolly.view import JollyView

TRIES = 12


def unseen(view: JollyView) -> list[int]:
    """The cards the seat cannot place: in another hand (not seen taken) or the stock."""
    assert view.hand is not None
    seen = set(view.hand) | set(view.pile) | {s.card for m in view.table for s in m.slots}
    for k in view.known:
        seen |= set(k)
    return [c for c in DECK if c not in seen]


def played(view: JollyView) -> tuple[bool, ...]:
    """Which seats have ended a turn this round (the draws from the stock tell, since the
    first turns, before anyone opens, all draw from it)."""
    n = view.players
    if view.rebuilt is not None:
        return (True,) * n
    first = (view.dealer + 1) % n
    done = len(DECK) - HAND_SIZE * n - view.stock - (view.drew == "stock")
    return tuple((s - first) % n < done for s in range(n))


def plausible(view: JollyView, r: Round) -> bool:
    """Whether every other hand agrees with what its player did not do: no meld in the
    hand of one who has opened, no opening of 40 in that of one who has played."""
    ended = played(view)
    for s in range(view.players):
        if s == view.seat or not (view.opened[s] or ended[s]):
            continue
        plan = best(tuple(face(c) for c in r.hands[s]))
        if plan.melds if view.opened[s] else plan.points >= OPENING:
            return False
    return True


def world(view: JollyView, rng: random.Random, tries: int = TRIES) -> Round:
    """A round agreeing with everything ``view`` shows, hidden cards dealt at random
    (redealt up to ``tries`` times until :func:`plausible`)."""
    r = deal_hidden(view, rng)
    for _ in range(tries - 1):
        if plausible(view, r):
            break
        r = deal_hidden(view, rng)
    return r


def deal_hidden(view: JollyView, rng: random.Random) -> Round:
    """A round agreeing with everything ``view`` shows, hidden cards dealt at random."""
    assert view.seat is not None and view.hand is not None and view.turn_seat is not None
    me = view.seat
    pool = unseen(view)
    rng.shuffle(pool)
    if view.rebuilt is None:
        stock = pool[: view.stock]
    else:
        fresh = set(view.rebuilt)
        stock = [c for c in pool if c in fresh][: view.stock]
    in_stock = set(stock)
    rest = [c for c in pool if c not in in_stock]
    hands: list[tuple[int, ...]] = []
    at = 0
    for s in range(view.players):
        if s == me:
            hands.append(view.hand)
            continue
        n = view.hand_counts[s] - len(view.known[s])
        hands.append(hand_order((*view.known[s], *rest[at : at + n])))
        at += n
    return Round(
        players=view.players,
        dealer=view.dealer,
        deck=(),
        hands=tuple(hands),
        stock=tuple(stock),
        pile=view.pile,
        table=view.table,
        opened=view.opened,
        turn=Turn(view.turn_seat, view.drew, view.opened_now),
        known=tuple(frozenset(k) for k in view.known),
        fresh=None if view.rebuilt is None else frozenset(view.rebuilt),
    )
