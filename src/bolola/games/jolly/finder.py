"""The meld finder: the most points a hand can put down this turn, exactly.

Given a hand (faces; jokers as ``JK``) and, once its player has opened, the melds on the
table, :func:`best` finds the plan (new melds, lay-offs, joker swaps) that puts down the
most points (JO-15) while keeping at least ``keep`` cards for the discard (JO-11), and
:func:`going_out` the best plan that leaves exactly one card (JO-13), :func:`closing`
whether the hand goes out this turn, and :func:`can_open` whether its melds reach 40
(JO-8).

>>> from bolola.cards import parse_cards
>>> hand = parse_cards("8D 9D TD JH QH KH 3C 4C 5C 6C QS KS".split())
>>> plan = best(hand)
>>> plan.points, [str(m) for m in plan.melds], [str(c) for c in plan.left]
(75, ['JH,QH,KH', '8D,9D,TD', '3C,4C,5C,6C'], ['QS', 'KS'])
>>> can_open(hand), going_out(hand) is None
(True, True)

How: cards are counted two bits per face, and a search takes the lowest card left
(suit by suit, the ace first): it stays in hand, or goes into a set of its rank with
cards of later suits, or into a run in which it is the lowest natural card (a joker may
stand just below it; an ace high is the top of its run), or onto a meld of the table.
Results are memoised by what is left, and each is a triple: the most points with 0,
exactly 1, or 2 or more cards left. Joker swaps are tried first, every subset of them,
since the jokers they free may serve any card. Nothing is greedy: every way to use each
card is tried.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import NamedTuple

from bolola.cards import JOKER, Card, Suit
from bolola.games.jolly.meld import RUN, Piece, Spec, TableMeld, normalize

NEG = -(1 << 40)
OPENING = 40  # JO-8
# Points by run position (1 = the low ace … 14 = the high ace) and, for sets, by the
# index k of a rank within its suit (k = 0 the ace, k = 1..12 the ranks 2..K).
POS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10)
SETV = (25, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

Triple = tuple[int, int, int]


def rank_index(card: Card) -> int:
    """The index k of a card's rank within its suit: 0 the ace, 1..12 the ranks 2..K."""
    return 0 if card.rank == 14 else card.rank - 1


def run_face(suit: int, pos: int) -> Card:
    return Card.of(14 if pos in (1, 14) else pos, Suit(suit))


@dataclass(frozen=True, slots=True)
class Plan:
    """What to put down: new melds, lay-offs ``(meld id, piece)`` and joker swaps
    ``(meld id, natural card)``; the points they score, the faces left in hand, and the
    whole as actions in an order the rules allow (``actions``)."""

    melds: tuple[Spec, ...]
    lays: tuple[tuple[int, Piece], ...]
    swaps: tuple[tuple[int, Card], ...]
    points: int
    left: tuple[Card, ...]
    actions: tuple[str, ...]


def best(hand: Iterable[Card], table: Sequence[TableMeld] = (), keep: int = 1) -> Plan:
    """The plan putting down the most points with at least ``keep`` cards left (0, 1 or 2)."""
    plan = _Search(tuple(hand), table).plan(keep, exact=False)
    assert plan is not None
    return plan


def going_out(hand: Iterable[Card], table: Sequence[TableMeld] = ()) -> Plan | None:
    """The best plan that leaves exactly one card (to discard and close, JO-13), if any."""
    return _Search(tuple(hand), table).plan(1, exact=True)


def closing(hand: Iterable[Card], table: Sequence[TableMeld], opened: bool) -> Plan | None:
    """How to go out this turn, after a stock draw (JO-13), if the hand can: with the
    table's melds once opened; else all in one opening of 40 or more (JO-14).

    >>> from bolola.cards import parse_cards
    >>> hand = parse_cards("7H 8H 9H TH JH QS QD QC KS".split())
    >>> closing(hand, (), opened=False).actions
    ('open:7H,8H,9H,TH,JH|QS,QD,QC',)
    >>> closing(hand[3:], (), opened=False) is None  # 34 points: no opening
    True
    """
    if opened:
        return going_out(hand, table)
    plan = going_out(hand)
    if plan is None or plan.points < OPENING:
        return None
    # Not opened yet: the melds go down as one opening declaration (JO-8).
    return replace(plan, actions=("open:" + "|".join(sorted(str(m) for m in plan.melds)),))


def can_open(hand: Iterable[Card]) -> bool:
    """Whether the hand holds melds worth 40 or more, with a card left to discard (JO-8)."""
    return best(hand).points >= OPENING


def values(hand: Iterable[Card], table: Sequence[TableMeld] = ()) -> Triple:
    """The most points with 0, exactly 1, and 2 or more cards left (``NEG``: impossible)."""
    return _Search(tuple(hand), table).root()[0]


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


# -- the search ------------------------------------------------------------------------


class _Search:
    def __init__(self, hand: tuple[Card, ...], table: Sequence[TableMeld]) -> None:
        naturals = [c for c in hand if not c.is_joker]
        self.jokers = len(hand) - len(naturals)
        # The search takes suits in this order: first those of the cards that may swap a
        # joker off the table, so that the searches after each choice of swaps (which
        # differ only in those cards and the jokers) meet again, and share their memo, in
        # the suits after.
        swapping = {s.face.suit for m in table for s in m.slots if s.joker}
        swapping = {t for t in swapping if any(c.suit == t for c in naturals)}
        self.order = tuple(sorted(Suit, key=lambda t: (t not in swapping, t)))
        self.index = {t: i for i, t in enumerate(self.order)}
        self.cnt = sum(1 << (2 * self.slot(c)) for c in naturals)
        # Runs by suit, so that those of a suit are a slice (``self.first[suit]`` on).
        runs = [m for m in table if m.kind == RUN]
        self.runs = sorted(runs, key=lambda m: self.index[m.suit])
        self.sets = [m for m in table if m.kind != RUN]
        self.run_suit = [self.index[m.suit] for m in self.runs]
        self.first = [sum(1 for r in self.run_suit if r < s) for s in range(6)]
        self.set_k = [rank_index(m.slots[0].face) for m in self.sets]
        self.has_table = bool(table)
        # For each table set and each mask of natural suits it holds: the count's bits of
        # the cards of its rank in the suits it lacks (any of them left keeps it in reach).
        self.set_missing = [
            [
                sum(3 << (2 * (t * 13 + k)) for t in range(4) if not mask >> t & 1)
                for mask in range(16)
            ]
            for k in self.set_k
        ]
        self.spot_points: dict[RunState, tuple[int, ...]] = {}
        self.memo: dict[Hashable, Triple] = {}

    def slot(self, card: Card) -> int:
        """The card's place in the count: suit by suit in the search's order, the ace
        first in its suit."""
        return self.index[card.suit] * 13 + rank_index(card)

    def card_at(self, g: int) -> Card:
        k = g % 13
        return Card.of(14 if k == 0 else k + 1, self.order[g // 13])

    def suit_mask(self, suits: Iterable[Suit]) -> int:
        return sum(1 << self.index[t] for t in set(suits))

    # -- the table's starting state and the swaps tried before the search -------------

    def start_state(self) -> TableState:
        runs = tuple(
            (m.low, m.high, m.slots[0].joker, m.slots[-1].joker, False, False) for m in self.runs
        )
        sets = []
        for m in self.sets:
            mask = self.suit_mask(s.face.suit for s in m.slots if not s.joker)
            sets.append((mask, len(m.slots), any(s.joker for s in m.slots)))
        return runs, tuple(sets)

    def swap_options(self) -> list[tuple[int, int, RunSwap | SetSwap]]:
        """Each swap the table allows: (the naturals it takes, as count bits; points;
        what). A 3-card set with a joker is one option when both its missing suits are
        in hand: lay one natural off, swap the other in."""
        out: list[tuple[int, int, RunSwap | SetSwap]] = []
        for i, m in enumerate(self.runs):
            for pos, s in enumerate(m.slots, start=m.low):
                if s.joker:
                    out.append((1 << (2 * self.slot(s.face)), POS[pos], RunSwap(i, s.face, pos)))
        for j, m in enumerate(self.sets):
            joker = next((s for s in m.slots if s.joker), None)
            if joker is None:
                continue
            points = SETV[self.set_k[j]]
            if len(m.slots) == 4:
                bits = 1 << (2 * self.slot(joker.face))
                out.append((bits, points, SetSwap(j, joker.face, None)))
            else:
                have = {s.face.suit for s in m.slots if not s.joker}
                other = next(t for t in Suit if t not in have and t != joker.face.suit)
                first = Card.of(m.rank, other)
                bits = (1 << (2 * self.slot(first))) + (1 << (2 * self.slot(joker.face)))
                out.append((bits, 2 * points, SetSwap(j, joker.face, first)))
        return out

    def root(self) -> tuple[Triple, list[Start]]:
        """The best triple over every subset of swaps, and each subset's start."""
        runs0, sets0 = self.start_state()
        starts: list[Start] = []
        options = [o for o in self.swap_options() if _has(self.cnt, o[0])]
        for n in range(len(options) + 1):
            for chosen in combinations(options, n):
                cnt, jok, value = self.cnt, self.jokers, 0
                runs, sets = list(runs0), list(sets0)
                for bits, points, what in chosen:
                    if not _has(cnt, bits):
                        break
                    cnt -= bits
                    jok += 1
                    value += points
                    if isinstance(what, RunSwap):
                        lo, hi, lo_j, hi_j, lo_u, hi_u = runs[what.which]
                        pos = what.pos
                        runs[what.which] = (
                            lo,
                            hi,
                            lo_j and pos != lo,
                            hi_j and pos != hi,
                            lo_u,
                            hi_u,
                        )
                    else:
                        sets[what.which] = FULL_SET
                else:
                    state = (tuple(runs), tuple(sets))
                    starts.append((cnt, jok, state, value, tuple(o[2] for o in chosen)))
        top = [NEG, NEG, NEG]
        for cnt, jok, state, value, _ in starts:
            t = self.solve(cnt, jok, state)
            for c in range(3):
                if t[c] >= 0 and t[c] + value > top[c]:
                    top[c] = t[c] + value
        return (top[0], top[1], top[2]), starts

    # -- the memoised search ----------------------------------------------------------

    def key(self, cnt: int, jok: int, ts: TableState) -> Hashable:
        """What the best values from here depend on. Melds of the table that no card
        left in hand can reach any more (runs of suits already passed, or whose ends are
        below the lowest card left of their suit; sets whose missing suits are gone)
        matter only by the lone jokers they still take, so they count only by the points
        of the best such spots: states that differ only there are one state."""
        if not self.has_table:
            return cnt << 3 | jok
        runs, sets = ts
        g = ((cnt & -cnt).bit_length() - 1) >> 1 if cnt else 52
        suit, k = divmod(g, 13)
        start, end = self.first[suit], self.first[suit + 1]
        live_runs = list(runs[end:])  # suits to come: as they are
        done: list[int] = []
        for st in runs[start:end]:  # this suit: as they are while a card may reach them
            if _reachable(st, k):
                live_runs.append(st)
            elif jok:
                done += self._spot_points(st)
        if jok:
            for st in runs[:start]:  # suits passed: only their joker spots count
                done += self._spot_points(st)
        live_sets: list[SetState] = []
        for j, one in enumerate(sets):
            mask, size, has_j = one
            if size < 4 and cnt & self.set_missing[j][mask]:
                live_sets.append(one)
            elif jok and size == 3 and not has_j:
                done.append(SETV[self.set_k[j]])
        # No more than ``jok`` jokers are left to lay off: only the best such spots count.
        if len(done) > 1:
            done.sort(reverse=True)
        return (cnt << 3 | jok, tuple(live_runs), tuple(live_sets), tuple(done[:jok]))

    def _spot_points(self, st: RunState) -> tuple[int, ...]:
        got = self.spot_points.get(st)
        if got is None:
            got = self.spot_points[st] = tuple(spot[0] for spot in _run_spots(st))
        return got

    def solve(self, cnt: int, jok: int, ts: TableState) -> Triple:
        key = self.key(cnt, jok, ts)
        got = self.memo.get(key)
        if got is not None:
            return got
        if cnt == 0:
            out = self._jokers_only(jok, ts)
        else:
            g = ((cnt & -cnt).bit_length() - 1) >> 1
            a0, a1, a2 = self.solve(cnt - (1 << (2 * g)), jok, ts)
            b0, b1, b2 = NEG, a0, max(a1, a2)  # the card stays in hand
            for c2, j2, t2, v, _ in self.moves(g, cnt, jok, ts):
                s0, s1, s2 = self.solve(c2, j2, t2)
                if s0 + v > b0:
                    b0 = s0 + v
                if s1 + v > b1:
                    b1 = s1 + v
                if s2 + v > b2:
                    b2 = s2 + v
            # Impossible stays exactly NEG, however many points were added to it.
            out = (b0 if b0 >= 0 else NEG, b1 if b1 >= 0 else NEG, b2 if b2 >= 0 else NEG)
        self.memo[key] = out
        return out

    def spots(self, ts: TableState) -> list[Spot]:
        """Where lone jokers may still be laid off, the most points first."""
        out: list[Spot] = []
        for i, st in enumerate(ts[0]):
            out += [Spot(points, side, i, at) for points, side, at in _run_spots(st)]
        for j, (mask, size, has_j) in enumerate(ts[1]):
            if size == 3 and not has_j:
                out.append(Spot(SETV[self.set_k[j]], "set", j, mask))
        out.sort(key=lambda s: -s.points)
        return out

    def _jokers_only(self, jok: int, ts: TableState) -> Triple:
        out = [NEG, NEG, NEG]
        points = [s.points for s in self.spots(ts)] if self.has_table else []
        total = 0
        for m in range(min(jok, len(points)) + 1):
            if m:
                total += points[m - 1]
            left = jok - m
            cat = 0 if left == 0 else 1 if left == 1 else 2
            out[cat] = max(out[cat], total)
        return (out[0], out[1], out[2])

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
        stack: list[tuple[int, int, int, tuple[bool, ...], int]] = [
            (cnt, jok, start + len(pattern) - 1, pattern, value)
        ]
        while stack:
            c, j, p, pat, v = stack.pop()
            if len(pat) >= 3:
                out.append((c, j, ts, v, RunMove(suit, start, pat)))
            q = p + 1
            if q > top:
                continue
            if q <= 13:
                u = 1 << (2 * (base + q - 1))
                if c & (3 * u):
                    stack.append((c - u, j, q, (*pat, False), v + POS[q]))
            if j and not pat[-1]:
                stack.append((c, j - 1, q, (*pat, True), v + POS[q]))

    def _runs_down(self, out: list[Move], base: int, cnt: int, jok: int, ts: TableState) -> None:
        """New runs ending with this ace high (…Q-K-A), grown downwards."""
        suit = base // 13
        stack: list[tuple[int, int, int, tuple[bool, ...], int]] = [
            (cnt, jok, 14, (False,), POS[14])
        ]
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
        stack: list[tuple[int, int, int, tuple[bool, ...], int]] = []
        if pos0 == hi + 1:
            stack.append((cnt, jok, pos0, (False,), POS[pos0]))
        elif pos0 == hi + 2 and jok and not hi_j:
            stack.append((cnt, jok - 1, pos0, (True, False), POS[pos0] + POS[hi + 1]))
        while stack:
            c, j, p, pat, v = stack.pop()
            out.append((c, j, v, p, pat[-1], pat))
            q = p + 1
            if q > top:
                continue
            if q <= 13:
                u = 1 << (2 * (base + q - 1))
                if c & (3 * u):
                    stack.append((c - u, j, q, (*pat, False), v + POS[q]))
            if j and not pat[-1]:
                stack.append((c, j - 1, q, (*pat, True), v + POS[q]))
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
        # up-blocks (see _walk), so the run's high end is still the table's.
        if pos0 >= lo or (pos0 == 1 and hi >= 13):
            return out
        for c, j, v, pat in self._fills(base, cnt, jok, pos0 + 1, lo - 1, False, not lo_j):
            points = v + POS[pos0]
            out.append((c, j, points, pos0, False, (False, *pat)))
            below = pos0 - 1
            if j and below >= 1 and not (below == 1 and (hi == 14 or (hi == 13 and not hi_j))):
                out.append((c, j - 1, points + POS[below], below, True, (True, False, *pat)))
        return out

    # -- the plan behind a value ----------------------------------------------------------

    def plan(self, keep: int, exact: bool) -> Plan | None:
        """The plan behind the best value with ``keep`` cards left (exactly, or at least)."""
        top, starts = self.root()
        cats = (keep,) if exact else tuple(c for c in (0, 1, 2) if c >= keep)
        target = max(top[c] for c in cats)
        if target < 0:
            if exact:
                return None
            # Fewer cards than ``keep``: nothing may go down.
            return Plan((), (), (), 0, self._left(self.cnt, self.jokers), ())
        for cnt, jok, state, value, swaps in starts:
            t = self.solve(cnt, jok, state)
            for cat in cats:
                if t[cat] >= 0 and t[cat] + value == target:
                    return self._walk(cnt, jok, state, cat, target - value, swaps, target)
        raise AssertionError("the best value has no start behind it")

    def _left(self, cnt: int, jok: int) -> tuple[Card, ...]:
        out: list[Card] = []
        for g in range(52):
            out += [self.card_at(g)] * (cnt >> (2 * g) & 3)
        return (*out, *[JOKER] * jok)

    def _walk(
        self,
        cnt: int,
        jok: int,
        ts: TableState,
        cat: int,
        need: int,
        swaps: tuple[RunSwap | SetSwap, ...],
        points: int,
    ) -> Plan:
        """Follow the memo down from a start: at each lowest card, a choice whose value
        makes up what is still needed."""
        first: list[str] = []  # swaps, and a set's lay-off that must come before its swap
        lays_first: list[tuple[int, Piece]] = []
        swap_out: list[tuple[int, Card]] = []
        for sw in swaps:
            meld = self.runs[sw.which] if isinstance(sw, RunSwap) else self.sets[sw.which]
            if isinstance(sw, SetSwap) and sw.lay_first is not None:
                lays_first.append((meld.id, Piece(sw.lay_first)))
                first.append(f"lay:{meld.id}:{sw.lay_first}")
            swap_out.append((meld.id, sw.card))
            first.append(f"swap:{meld.id}:{sw.card}")
        melds: list[Spec] = []
        low_side: list[tuple[int, Piece]] = []  # down-blocks and set lay-offs, laid first
        high_side: list[tuple[int, Piece]] = []  # up-blocks
        left: list[Card] = []
        while cnt:
            g = ((cnt & -cnt).bit_length() - 1) >> 1
            rest = cnt - (1 << (2 * g))
            if cat >= 1:
                sub = self.solve(rest, jok, ts)
                hit = next((c for c in ((0,) if cat == 1 else (1, 2)) if sub[c] == need), None)
                if hit is not None:
                    left.append(self.card_at(g))
                    cnt, cat = rest, hit
                    continue
            for c2, j2, t2, v, what in self.moves(g, cnt, jok, ts):
                if self.solve(c2, j2, t2)[cat] + v == need:
                    self._record(what, melds, low_side, high_side)
                    cnt, jok, ts, need = c2, j2, t2, need - v
                    break
            else:
                raise AssertionError("the plan's value has no move behind it")
        spots = self.spots(ts) if self.has_table else []
        if cat < 2:
            down = jok - cat
        else:  # two or more left: as many jokers down as make up the value
            down, total = 0, 0
            while total < need:
                total += spots[down].points
                down += 1
        for spot in spots[:down]:
            side, meld_id, piece = self._joker_lay(spot)
            (low_side if side == "lo" else high_side).append((meld_id, piece))
        left += [JOKER] * (jok - down)
        actions = (
            *first,
            *(f"meld:{m}" for m in melds),
            *(f"lay:{m}:{p}" for m, p in (*low_side, *high_side)),
        )
        return Plan(
            tuple(melds),
            (*lays_first, *low_side, *high_side),
            tuple(swap_out),
            points,
            tuple(left),
            actions,
        )

    def _record(
        self,
        what: What,
        melds: list[Spec],
        low_side: list[tuple[int, Piece]],
        high_side: list[tuple[int, Piece]],
    ) -> None:
        if isinstance(what, SetMove):
            rank = self.card_at(what.g).rank
            suits = [self.order[t] for t in (what.g // 13, *what.others)]
            pieces = [Piece(Card.of(rank, t)) for t in suits]
            if what.joker:
                missing = next(t for t in Suit if t not in suits)
                pieces.append(Piece(Card.of(rank, missing), True))
            melds.append(Spec(normalize(tuple(pieces))))
        elif isinstance(what, RunMove):
            run = (
                Piece(run_face(self.order[what.suit], what.start + n), j)
                for n, j in enumerate(what.pattern)
            )
            melds.append(Spec(tuple(run)))
        elif isinstance(what, SetLay):
            low_side.append((self.sets[what.which].id, Piece(self.card_at(what.g))))
        else:
            meld = self.runs[what.which]
            cards = [
                (meld.id, Piece(run_face(meld.suit, what.start + n), j))
                for n, j in enumerate(what.pattern)
            ]
            if what.up:
                high_side.extend(cards)
            else:
                low_side.extend(reversed(cards))  # from the run's end outwards

    def _joker_lay(self, spot: Spot) -> tuple[str, int, Piece]:
        if spot.side == "set":
            meld = self.sets[spot.which]
            missing = next(t for t in self.order if not spot.at >> self.index[t] & 1)
            return "lo", meld.id, Piece(Card.of(meld.rank, missing), True)
        meld = self.runs[spot.which]
        return spot.side, meld.id, Piece(run_face(meld.suit, spot.at), True)


def _reachable(st: RunState, k: int) -> bool:
    """Whether cards of the run's suit from rank index ``k`` up (the lowest left; 0 the
    ace) may still be laid off on it: a block at the high end starts at hi+1 or hi+2,
    one at the low end holds a card below lo."""
    if k == 0:
        return True
    lo, hi, _, _, lo_used, hi_used = st
    pos = k + 1
    return (not hi_used and hi < 14 and pos <= hi + 2) or (not lo_used and pos < lo)


def _run_spots(st: RunState) -> list[tuple[int, str, int]]:
    """Where a run still takes a lone joker: (points, side, position)."""
    lo, hi, lo_j, hi_j, lo_used, hi_used = st
    down = not lo_used and lo > 1 and not lo_j and not (lo == 2 and hi == 14)
    up = not hi_used and hi < 14 and not hi_j and not (hi == 13 and lo == 1)
    if down and up and lo == 2 and hi == 13:
        down = False  # an ace goes high when it can (meld.run_spot)
    out = []
    if down:
        out.append((POS[lo - 1], "lo", lo - 1))
    if up:
        out.append((POS[hi + 1], "hi", hi + 1))
    return out


def _has(cnt: int, bits: int) -> bool:
    """Whether the count holds every card of ``bits`` (two bits a face)."""
    while bits:
        if (cnt & 3) < (bits & 3):
            return False
        bits >>= 2
        cnt >>= 2
    return True
