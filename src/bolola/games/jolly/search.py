"""The meld finder's search: the most points a hand can put down with 0, exactly 1, or 2
or more cards left, and the plan behind such a value (:class:`Plan`). The entry points
are :mod:`bolola.games.jolly.finder`'s; the moves tried, :mod:`bolola.games.jolly.moves`.

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
from dataclasses import dataclass
from itertools import combinations

from bolola.cards import JOKER, Card, Suit
from bolola.games.jolly.meld import RUN, Piece, Spec, TableMeld, normalize
from bolola.games.jolly.moves import (
    FULL_SET,
    POS,
    SETV,
    Moves,
    RunMove,
    RunState,
    RunSwap,
    SetLay,
    SetMove,
    SetState,
    SetSwap,
    Spot,
    Start,
    TableState,
    What,
    rank_index,
    run_face,
)

NEG = -(1 << 40)

Triple = tuple[int, int, int]


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


# -- the search ------------------------------------------------------------------------


class Search(Moves):
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
        # A live set by its place too: its state does not say its rank, and two sets of
        # the same state but of other ranks take other cards.
        live_sets: list[tuple[int, SetState]] = []
        for j, one in enumerate(sets):
            mask, size, has_j = one
            if size < 4 and cnt & self.set_missing[j][mask]:
                live_sets.append((j, one))
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
