"""Fast playouts: a deal with every hand known, played to its end by a cheap rule of thumb.

The ``expert`` rates a card early in a deal, and a contract before the deal, by playing
sampled deals out with this policy (too early for exact search in pure Python). As a bot
of its own it plays worse than ``club`` (it reads no odds), but a card costs it a few
microseconds, and a playout only has to rank one card against another. The policy sees
only the hand it plays from and the cards already played, never the other hands, so a
playout is a plausible game rather than a double-dummy one::

    points = playout(Contract.QUEENS, -1, False, [h0, h1, h2, h3], leader=0, trick=[], gone=0)

Negative contracts: duck under the card winning the trick with your highest card that
stays under it; if every card wins, win with the highest when last to play, else the
lowest; void, throw your most costly card; lead the low card the others can least duck
under. Positive contracts: lead a card nobody can beat in its suit if you hold one, else
your lowest; win as cheaply as you can when last, otherwise play your top card only if it
is the top card still out; void, ruff as low as the rules let you, or throw your
cheapest card.
"""

from __future__ import annotations

from bolola.bots.king_bolola.solver import ENDS_WHEN_GONE
from bolola.cards import SUIT_MASKS
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import (
    HEARTS,
    JACKS_KINGS,
    KING_OF_HEARTS,
    QUEENS,
    trick_points,
)
from bolola.games.king_bolola.deal import legal_for as legal

_SUIT = SUIT_MASKS
_FULL = (1 << 52) - 1


def _costs(contract: Contract) -> tuple[int, ...]:
    """Per card, what taking it costs (or earns) in the contract, times 16, plus its rank:
    the order in which a void player throws cards (most costly first)."""
    out = []
    for c in range(52):
        bit = 1 << c
        if contract is Contract.JACKS_KINGS:
            w = 60 if bit & JACKS_KINGS else 0
        elif contract is Contract.QUEENS:
            w = 100 if bit & QUEENS else 0
        elif contract is Contract.HEARTS:
            w = 30 if bit & HEARTS else 0
        elif contract is Contract.KING_OF_HEARTS:
            w = 320 if bit & KING_OF_HEARTS else 1 if bit & HEARTS else 0
        elif contract in (Contract.BOLOLA_NEGATIVE, Contract.BOLOLA_POSITIVE):
            w = (
                20 * bool(bit & JACKS_KINGS)
                + 30 * bool(bit & QUEENS)
                + 10 * bool(bit & HEARTS)
                + 95 * bool(bit & KING_OF_HEARTS)
            )
        else:
            w = 0
        out.append(w * 16 + c % 13)
    return tuple(out)


COSTS = tuple(_costs(c) for c in Contract)


def _highest(m: int) -> int:
    return m.bit_length() - 1


def _lowest(m: int) -> int:
    return (m & -m).bit_length() - 1


def _lowest_rank(m: int) -> int:
    """The card of lowest rank in ``m`` (any suit; the first suit on equal ranks)."""
    best = -1
    best_rank = 99
    for suit in _SUIT:
        s = m & suit
        if s:
            c = (s & -s).bit_length() - 1
            r = c % 13
            if r < best_rank:
                best, best_rank = c, r
    return best


def _safest_lead(lm: int, out: int) -> int:
    """The lowest card of the suit where the others hold fewest cards under it (they
    cannot duck under it), then most cards over it (someone must take it)."""
    best, key = -1, (99, 0)
    for suit in _SUIT:
        s = lm & suit
        if s:
            c = (s & -s).bit_length() - 1
            below = (out & suit & ((1 << c) - 1)).bit_count()
            above = (out & suit).bit_count() - below
            k = (below, -above) if above else (99, 0)
            if best < 0 or k < key:
                best, key = c, k
    return best


def choose(
    contract: int,
    trump: int,
    h: int,
    legal_mask: int,
    trick: list[int],
    trick_mask: int,
    gone: int,
) -> int:
    """The policy's card (an index in ``legal_mask``) for the hand ``h``."""
    lm = legal_mask
    if lm & (lm - 1) == 0:
        return lm.bit_length() - 1
    positive = contract == 7 or contract == 8
    if not trick:
        out = _FULL & ~gone & ~h  # cards the others still hold
        if positive:
            for suit in _SUIT:
                mine = lm & suit
                if mine and _highest(mine) > _highest(out & suit):
                    return _highest(mine)
            return _lowest_rank(lm)
        return _safest_lead(lm, out)
    led_suit = _SUIT[trick[0] // 13]
    if lm & led_suit:
        if trump >= 0 and trick_mask & _SUIT[trump] and not led_suit & _SUIT[trump]:
            return _lowest(lm)  # ruffed: a follower cannot win
        top = _highest(trick_mask & led_suit)
        if positive:
            above = lm >> (top + 1) << (top + 1)
            if not above:
                return _lowest(lm)
            if len(trick) == 3:
                return _lowest(above)
            high = _highest(above)
            if high > _highest(~gone & ~h & ~trick_mask & led_suit):
                return high
            return _lowest(lm)
        under = lm & ((1 << top) - 1)
        if under:
            return _highest(under)
        return _highest(lm) if len(trick) == 3 else _lowest(lm)
    costs = COSTS[contract]
    if positive:
        if trump >= 0 and lm & _SUIT[trump]:
            return _lowest(lm & _SUIT[trump])
        best, cost = -1, 1 << 30
        m = lm
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if costs[c] < cost:
                best, cost = c, costs[c]
        return best
    best, cost = -1, -1
    m = lm
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if costs[c] > cost:
            best, cost = c, costs[c]
    return best


def playout(
    contract: Contract,
    trump: int,
    kua: bool,
    hands: list[int],
    leader: int,
    trick: list[int],
    gone: int,
    first: int = -1,
) -> list[int]:
    """Each seat's points from here to the end of the deal, the policy playing every
    seat except that the seat to move plays ``first`` if given. ``hands`` and ``trick``
    are consumed (pass copies)."""
    ci = int(contract)
    ends = ENDS_WHEN_GONE[ci]
    points = [0, 0, 0, 0]
    tmask = 0
    for c in trick:
        tmask |= 1 << c
    while True:
        seat = (leader + len(trick)) & 3
        h = hands[seat]
        if first >= 0:
            c, first = first, -1
        else:
            lm = legal(ci, trump, kua, h, trick, tmask, gone)
            c = choose(ci, trump, h, lm, trick, tmask, gone)
        hands[seat] = h ^ (1 << c)
        trick.append(c)
        tmask |= 1 << c
        if len(trick) == 4:
            if trump >= 0 and tmask & _SUIT[trump]:
                top = (tmask & _SUIT[trump]).bit_length() - 1
            else:
                top = (tmask & _SUIT[trick[0] // 13]).bit_length() - 1
            leader = (leader + trick.index(top)) & 3
            gone |= tmask
            done = gone.bit_count() >> 2
            points[leader] += trick_points(contract, tmask, done)
            if done == 13 or gone & ends == ends:
                return points
            trick.clear()
            tmask = 0
