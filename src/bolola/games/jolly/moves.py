"""The moves of the meld finder's search: the table as the search keeps it, what each
move puts down, and every move of the lowest card left (:class:`Moves`).

The search itself, which tries these moves and remembers what they are worth, is
:mod:`bolola.games.jolly.search`.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from bolola.cards import Card, Suit

# Points by run position (1 = the low ace … 14 = the high ace) and, for sets, by the
# index k of a rank within its suit (k = 0 the ace, k = 1..12 the ranks 2..K).
POS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10)
SETV = (25, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def rank_index(card: Card) -> int:
    """The index k of a card's rank within its suit: 0 the ace, 1..12 the ranks 2..K."""
    return 0 if card.rank == 14 else card.rank - 1


def run_face(suit: int, pos: int) -> Card:
    return Card.of(14 if pos in (1, 14) else pos, Suit(suit))


# -- the search's values ---------------------------------------------------------------

# A table run while searching: (lo, hi, lo is a joker, hi is a joker, lo end used, hi end
# used); an end is used once a block of cards has been laid off there in this plan. A
# table set: (natural suits as a mask, size, holds a joker).
RunState = tuple[int, int, bool, bool, bool, bool]
SetState = tuple[int, int, bool]
TableState = tuple[tuple[RunState, ...], tuple[SetState, ...]]
NO_TABLE: TableState = ((), ())
FULL_SET: SetState = (15, 4, False)


class SetMove(NamedTuple):
    """The card at ``g`` in a new set with cards of the suits ``others`` (and a joker)."""

    g: int
    others: tuple[int, ...]
    joker: bool


class RunMove(NamedTuple):
    """A new run of ``suit`` from position ``start``; ``pattern`` marks its jokers."""

    suit: int
    start: int
    pattern: tuple[bool, ...]


class SetLay(NamedTuple):
    """The card at ``g`` laid off on the ``which``-th set of the table."""

    which: int
    g: int


class Block(NamedTuple):
    """Cards laid off at one end of the ``which``-th run, from position ``start``."""

    which: int
    start: int
    pattern: tuple[bool, ...]
    up: bool


class RunSwap(NamedTuple):
    which: int
    card: Card
    pos: int


class SetSwap(NamedTuple):
    """The set's joker swapped out; ``lay_first``: a card laid off before, for a
    three-card set."""

    which: int
    card: Card
    lay_first: Card | None


class Spot(NamedTuple):
    """Where a lone joker may still be laid off: ``side`` lo, hi (a run) or set."""

    points: int
    side: str
    which: int
    at: int  # the run position, or the set's natural suits as a mask


What = SetMove | RunMove | SetLay | Block
Move = tuple[int, int, TableState, int, What]
Start = tuple[int, int, TableState, int, tuple[RunSwap | SetSwap, ...]]
Grown = tuple[int, int, int, tuple[bool, ...], int]  # (hand, jokers, top, pattern, value)


# -- the moves of the lowest card left ------------------------------------------------


class Moves:
    """The part of :class:`bolola.games.jolly.search.Search` that lists the moves from a
    state (a class of its own to keep each module small); it reads only these of the
    search's fields."""

    has_table: bool
    set_k: list[int]
    run_suit: list[int]

    def moves(self, g: int, cnt: int, jok: int, ts: TableState) -> list[Move]:
        """Every way to put down the card at ``g`` (the lowest left) with others: (count
        left, jokers left, table state, points, what)."""
        out: list[Move] = []
        s, k = divmod(g, 13)
        rest = cnt - (1 << (2 * g))
        # Sets of its rank with cards of later suits (earlier suits are all decided).
        sv = SETV[k]
        others = [t for t in range(s + 1, 4) if rest >> (2 * (t * 13 + k)) & 3]
        for n in range(1, len(others) + 1):
            for sub in combinations(others, n):
                c2 = rest
                for t in sub:
                    c2 -= 1 << (2 * (t * 13 + k))
                size = n + 1
                if size >= 3:
                    out.append((c2, jok, ts, size * sv, SetMove(g, sub, False)))
                if jok and size <= 3:
                    out.append((c2, jok - 1, ts, (size + 1) * sv, SetMove(g, sub, True)))
        base = s * 13
        if k:
            pos0 = k + 1
            self._runs_up(out, base, rest, jok, ts, pos0, (False,), POS[pos0])
            if jok:
                value = POS[pos0] + POS[pos0 - 1]
                self._runs_up(out, base, rest, jok - 1, ts, pos0 - 1, (True, False), value)
        else:
            self._runs_up(out, base, rest, jok, ts, 1, (False,), POS[1])
            self._runs_down(out, base, rest, jok, ts)
        if self.has_table:
            self._table_moves(out, g, s, k, rest, jok, ts)
        return out

    def _runs_up(
        self,
        out: list[Move],
        base: int,
        cnt: int,
        jok: int,
        ts: TableState,
        start: int,
        pattern: tuple[bool, ...],
        value: int,
    ) -> None:
        """New runs from ``start`` beginning with ``pattern`` (True: a joker); each of 3
        cards or more is a move."""
        suit = base // 13
        top = 13 if start == 1 else 14
        stack: list[Grown] = [(cnt, jok, start + len(pattern) - 1, pattern, value)]
        while stack:
            c, j, p, pat, v = stack.pop()
            if len(pat) >= 3:
                out.append((c, j, ts, v, RunMove(suit, start, pat)))
            _grow_up(stack, base, top, c, j, p, pat, v)

    def _runs_down(self, out: list[Move], base: int, cnt: int, jok: int, ts: TableState) -> None:
        """New runs ending with this ace high (…Q-K-A), grown downwards."""
        suit = base // 13
        stack: list[Grown] = [(cnt, jok, 14, (False,), POS[14])]
        while stack:
            c, j, p, pat, v = stack.pop()
            if len(pat) >= 3:
                out.append((c, j, ts, v, RunMove(suit, p, pat)))
            q = p - 1
            if q < 2:
                continue
            u = 1 << (2 * (base + q - 1))
            if c & (3 * u):
                stack.append((c - u, j, q, (False, *pat), v + POS[q]))
            if j and not pat[0]:
                stack.append((c, j - 1, q, (True, *pat), v + POS[q]))

    def _fills(
        self, base: int, cnt: int, jok: int, a: int, b: int, prev_joker: bool, last_free: bool
    ) -> list[tuple[int, int, int, tuple[bool, ...]]]:
        """Every way to fill run positions ``a..b`` with the hand's cards and jokers, no
        two jokers side by side (``prev_joker``: position ``a - 1`` holds one); a joker at
        ``b`` only if ``last_free``. (count, jokers, points, pattern)."""
        states: list[tuple[int, int, int, tuple[bool, ...]]] = [(cnt, jok, 0, ())]
        for p in range(a, b + 1):
            nxt: list[tuple[int, int, int, tuple[bool, ...]]] = []
            u = 1 << (2 * (base + p - 1))
            for c, j, v, pat in states:
                if c & (3 * u):
                    nxt.append((c - u, j, v + POS[p], (*pat, False)))
                last = pat[-1] if pat else prev_joker
                if j and not last and (p < b or last_free):
                    nxt.append((c, j - 1, v + POS[p], (*pat, True)))
            states = nxt
            if not states:
                break
        return states

    def _table_moves(
        self, out: list[Move], g: int, s: int, k: int, rest: int, jok: int, ts: TableState
    ) -> None:
        runs, sets = ts
        # Lay-offs on sets of its rank that lack its suit.
        seen: set[SetState] = set()
        for j, sk in enumerate(self.set_k):
            st = sets[j]
            mask, size, has_j = st
            if sk != k or mask >> s & 1 or size >= 4 or st in seen:
                continue
            seen.add(st)  # two sets alike: laying on either is the same
            new_sets = (*sets[:j], (mask | 1 << s, size + 1, has_j), *sets[j + 1 :])
            out.append((rest, jok, (runs, new_sets), SETV[k], SetLay(j, g)))
        # Blocks laid off at either end of runs of its suit, this card the lowest natural
        # in the block (or, for an ace high, its top).
        base = s * 13
        for i, (lo, hi, lo_j, hi_j, lo_used, hi_used) in enumerate(runs):
            if self.run_suit[i] != s:
                continue
            if not hi_used and hi < 14:
                top = 13 if lo == 1 else 14
                for c, j, v, new_hi, new_j, pat in self._up_blocks(
                    base, rest, jok, k, hi, hi_j, top
                ):
                    st2 = (lo, new_hi, lo_j, new_j, lo_used, True)
                    t2 = ((*runs[:i], st2, *runs[i + 1 :]), sets)
                    out.append((c, j, t2, v, Block(i, hi + 1, pat, True)))
            if not lo_used and lo > 1:
                for c, j, v, new_lo, new_j, pat in self._down_blocks(
                    base, rest, jok, k, lo, lo_j, hi, hi_j
                ):
                    st2 = (new_lo, hi, new_j, hi_j, True, hi_used)
                    t2 = ((*runs[:i], st2, *runs[i + 1 :]), sets)
                    out.append((c, j, t2, v, Block(i, new_lo, pat, False)))

    def _up_blocks(
        self, base: int, cnt: int, jok: int, k: int, hi: int, hi_j: bool, top: int
    ) -> list[tuple[int, int, int, int, bool, tuple[bool, ...]]]:
        """Blocks hi+1… holding this card: (count, jokers, points, new hi, whether that
        is a joker, pattern)."""
        out: list[tuple[int, int, int, int, bool, tuple[bool, ...]]] = []
        if k == 0:  # the ace, high: fill hi+1..13 and put it at 14
            if top == 14:
                for c, j, v, pat in self._fills(base, cnt, jok, hi + 1, 13, hi_j, True):
                    out.append((c, j, v + POS[14], 14, False, (*pat, False)))
            return out
        pos0 = k + 1
        if pos0 > top:
            return out
        stack: list[Grown] = []
        if pos0 == hi + 1:
            stack.append((cnt, jok, pos0, (False,), POS[pos0]))
        elif pos0 == hi + 2 and jok and not hi_j:
            stack.append((cnt, jok - 1, pos0, (True, False), POS[pos0] + POS[hi + 1]))
        while stack:
            c, j, p, pat, v = stack.pop()
            out.append((c, j, v, p, pat[-1], pat))
            _grow_up(stack, base, top, c, j, p, pat, v)
        return out

    def _down_blocks(
        self, base: int, cnt: int, jok: int, k: int, lo: int, lo_j: bool, hi: int, hi_j: bool
    ) -> list[tuple[int, int, int, int, bool, tuple[bool, ...]]]:
        """Blocks …lo-1 holding this card as their lowest natural: (count, jokers,
        points, new lo, whether that is a joker, pattern)."""
        out: list[tuple[int, int, int, int, bool, tuple[bool, ...]]] = []
        pos0 = 1 if k == 0 else k + 1
        # An ace that fits a run 2…K at both ends goes high (meld.run_spot): the low
        # place is open to it only when the high one is not. Down-blocks are laid before
        # up-blocks (see Search._walk), so the run's high end is still the table's.
        if pos0 >= lo or (pos0 == 1 and hi >= 13):
            return out
        for c, j, v, pat in self._fills(base, cnt, jok, pos0 + 1, lo - 1, False, not lo_j):
            points = v + POS[pos0]
            out.append((c, j, points, pos0, False, (False, *pat)))
            below = pos0 - 1
            if j and below >= 1 and not (below == 1 and (hi == 14 or (hi == 13 and not hi_j))):
                out.append((c, j - 1, points + POS[below], below, True, (True, False, *pat)))
        return out


def _grow_up(
    stack: list[Grown], base: int, top: int, c: int, j: int, p: int, pat: tuple[bool, ...], v: int
) -> None:
    """Push a run ending at ``p`` one place higher, up to ``top``: with that card from the
    hand, or with a joker when the place before is not one."""
    q = p + 1
    if q > top:
        return
    if q <= 13:
        u = 1 << (2 * (base + q - 1))
        if c & (3 * u):
            stack.append((c - u, j, q, (*pat, False), v + POS[q]))
    if j and not pat[-1]:
        stack.append((c, j - 1, q, (*pat, True), v + POS[q]))
