"""What a seat cannot see, and a round it cannot tell apart (``resample``).

Hidden from a seat: the other hands and the stock. Public knowledge binds the redeal:
cards a seat took from the pile, and jokers it took back by a swap, stay in its hand
(JO-7, JO-9); once the stock has been rebuilt from the pile (JO-12), what is left of it
is among the rebuilt cards, since the old stock was empty then.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bolola.games.jolly.deck import hand_order
from bolola.games.jolly.round import Round


def resample_round(r: Round, seat: int, rng: random.Random) -> Round:
    """A round ``seat`` cannot tell from ``r``: the hidden cards dealt anew."""
    if r.over:
        return r
    others = [s for s in range(r.players) if s != seat]
    fixed = {s: [c for c in r.hands[s] if c in r.known[s]] for s in others}
    pool = [c for s in others for c in r.hands[s] if c not in r.known[s]] + list(r.stock)
    rng.shuffle(pool)
    if r.fresh is None:
        stock = pool[: len(r.stock)]
    else:
        stock = [c for c in pool if c in r.fresh][: len(r.stock)]
    in_stock = set(stock)
    rest = [c for c in pool if c not in in_stock]
    hands = list(r.hands)
    at = 0
    for s in others:
        n = len(r.hands[s]) - len(fixed[s])
        hands[s] = hand_order((*fixed[s], *rest[at : at + n]))
        at += n
    return replace(r, hands=tuple(hands), stock=tuple(stock))
