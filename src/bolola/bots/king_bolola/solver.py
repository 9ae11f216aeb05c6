"""Perfect-information search for King Bolola: every hand known, one seat against three.

The search is *paranoid*: the seat ``me`` maximises its own points from here to the end
of the deal, and the three others play to minimise them. Every contract hands out a fixed
total, so "my points" is also "my points against the field"; for the negative contracts
the paranoid reduction is the one known to beat max-n in Hearts.

It is alpha-beta on bitmask hands with make/unmake, a transposition table at trick
starts, and equivalent cards merged (two cards of one hand, next to each other among
the cards still in play and of the same kind for the contract, play alike)::

    pos = Position.of_deal(deal)
    Solver(pos.contract, pos.trump, pos.king_under_ace).solve(pos, me=0)   # exact value
    Solver(...).root_values(pos, me=0)                                    # per legal card

The rules are re-implemented here for speed (no events, no tuples per card); the tests
check them against the engine (:mod:`bolola.games.king_bolola.deal`) card for card.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from bolola.cards import FULL_DECK, SUIT_MASKS
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import (
    HEARTS,
    JACKS_KINGS,
    KING_OF_HEARTS,
    PENALTY,
    QUEENS,
    Deal,
    Hands,
    trick_points,
)
from bolola.games.king_bolola.deal import legal_for as legal

_TRUMPS = int(Contract.TRUMPS)
_KOH = int(Contract.KING_OF_HEARTS)
_RESTRICTS_HEARTS = tuple(c.restricts_heart_leads for c in Contract)
# Cards a follower must drop under a higher card of the led suit (KB-20, KB-22, KB-29).
_FOLLOW_FORCED = (0, JACKS_KINGS, QUEENS, 0, 0, KING_OF_HEARTS, JACKS_KINGS | QUEENS, 0, 0)
# What a void follower must play, first match wins (KB-21, KB-23, KB-25, KB-27, KB-30).
_VOID_FORCED: tuple[tuple[int, ...], ...] = (
    (),
    (JACKS_KINGS,),
    (QUEENS,),
    (HEARTS,),
    (),
    (KING_OF_HEARTS, HEARTS),
    (PENALTY,),
    (),
    (),
)
# Taking all of these ends the deal early (KB-41 … KB-45).
ENDS_WHEN_GONE = (
    FULL_DECK,
    JACKS_KINGS,
    QUEENS,
    HEARTS,
    FULL_DECK,
    KING_OF_HEARTS,
    FULL_DECK,
    FULL_DECK,
    FULL_DECK,
)


def _kind_bits(contract: Contract) -> tuple[int, ...]:
    """Per card, what makes it differ from a neighbour of its suit in this contract
    (its penalty and the forced plays it takes part in); equal kinds may merge."""
    if contract in (Contract.TRICKS, Contract.LAST_TWO, Contract.TRUMPS):
        return (0,) * 52
    marks: list[int] = []
    for c in range(52):
        bit = 1 << c
        k = 0
        if contract in (Contract.JACKS_KINGS, Contract.BOLOLA_NEGATIVE, Contract.BOLOLA_POSITIVE):
            k |= 1 if bit & JACKS_KINGS else 0
        if contract in (Contract.QUEENS, Contract.BOLOLA_NEGATIVE, Contract.BOLOLA_POSITIVE):
            k |= 2 if bit & QUEENS else 0
        if contract in (
            Contract.HEARTS,
            Contract.KING_OF_HEARTS,
            Contract.BOLOLA_NEGATIVE,
            Contract.BOLOLA_POSITIVE,
        ):
            k |= 4 if bit & HEARTS else 0
        if contract in (
            Contract.KING_OF_HEARTS,
            Contract.BOLOLA_NEGATIVE,
            Contract.BOLOLA_POSITIVE,
        ):
            k |= 8 if bit & KING_OF_HEARTS else 0
        marks.append(k)
    return tuple(marks)


_KINDS = tuple(_kind_bits(c) for c in Contract)
_BELOW_IN_SUIT = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))


class Position(NamedTuple):
    """A deal in play with every hand known: what the search starts from."""

    contract: Contract
    trump: int  # suit index, or -1
    king_under_ace: bool
    hands: Hands
    leader: int
    trick: tuple[int, ...]  # cards on the table, in play order from ``leader``
    gone: int  # cards of finished tricks

    @classmethod
    def of_deal(cls, d: Deal) -> Position:
        return cls(d.contract, d.trump, d.king_under_ace, d.hands, d.leader, d.trick, d.gone)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @property
    def cards_left(self) -> int:
        """Cards still in the four hands."""
        h = self.hands
        return h[0].bit_count() + h[1].bit_count() + h[2].bit_count() + h[3].bit_count()


def winner_of(trick: list[int] | tuple[int, ...], trick_mask: int, leader: int, trump: int) -> int:
    """The seat that takes a full trick (KB-13)."""
    if trump >= 0 and trick_mask & SUIT_MASKS[trump]:
        top = (trick_mask & SUIT_MASKS[trump]).bit_length() - 1
    else:
        top = (trick_mask & SUIT_MASKS[trick[0] // 13]).bit_length() - 1
    return (leader + trick.index(top)) & 3


def points_left(contract: int, gone: int, tricks_done: int) -> int:
    """The most points (in absolute value) the rest of the deal can hand one seat."""
    rest = FULL_DECK & ~gone
    tricks = 13 - tricks_done
    last_two = (tricks_done < 12) + (tricks_done < 13)
    if contract == 0 or contract == _TRUMPS:
        return 50 * tricks
    if contract == 1:
        return 60 * (rest & JACKS_KINGS).bit_count()
    if contract == 2:
        return 100 * (rest & QUEENS).bit_count()
    if contract == 3:
        return 30 * (rest & HEARTS).bit_count()
    if contract == 4:
        return (120 if tricks_done < 12 else 0) + (240 if last_two else 0)
    if contract == _KOH:
        return 320 if rest & KING_OF_HEARTS else 0
    return (
        15 * tricks
        + 20 * (rest & JACKS_KINGS).bit_count()
        + 30 * (rest & QUEENS).bit_count()
        + 10 * (rest & HEARTS).bit_count()
        + (95 if rest & KING_OF_HEARTS else 0)
        + (40 if tricks_done < 12 else 0)
        + (60 if last_two else 0)
    )


def kinds_of(contract: Contract) -> tuple[int, ...]:
    """Per card index, its kind in ``contract`` (cards of one suit and kind may merge)."""
    return _KINDS[contract]


def twins(legal_mask: int, gone: int, kinds: tuple[int, ...]) -> dict[int, int]:
    """Each legal card mapped to the lowest card of its run of equivalent cards."""
    out: dict[int, int] = {}
    live = FULL_DECK & ~gone
    m = legal_mask
    while m:  # ascending, so a card's lower twin is already mapped
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        below = live & _BELOW_IN_SUIT[c]
        b = below.bit_length() - 1
        out[c] = out[b] if below and legal_mask >> b & 1 and kinds[b] == kinds[c] else c
    return out


def representatives(legal_mask: int, gone: int, kinds: tuple[int, ...]) -> list[int]:
    """The legal cards, one per run of equivalent cards (the lowest of each run)."""
    out = []
    live = FULL_DECK & ~gone
    m = legal_mask
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        below = live & _BELOW_IN_SUIT[c]
        if below:
            b = below.bit_length() - 1
            if legal_mask >> b & 1 and kinds[b] == kinds[c]:
                continue  # plays exactly like card b, already listed
        out.append(c)
    return out


class SearchLimit(Exception):  # noqa: N818 (an expected outcome, not a failure)
    """The search visited ``max_nodes`` nodes without finishing."""


class Solver:
    """Exact paranoid alpha-beta for one contract; keeps its transposition table across
    calls (the key holds every hand, so samples of one decision share it safely).
    ``max_nodes`` (0: none) makes a search raise :class:`SearchLimit` once it has visited
    that many nodes in all, and ``deadline`` (a ``time.perf_counter()`` value) once that
    time has passed."""

    def __init__(
        self,
        contract: Contract,
        trump: int,
        king_under_ace: bool,
        max_nodes: int = 0,
        deadline: float = float("inf"),
    ) -> None:
        self.contract = contract
        self.trump = trump
        self.kua = king_under_ace
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self._table: dict[tuple[int, int, int, int, int, int], tuple[int, int, int]] = {}
        self._me = -1

    def reset(self) -> None:
        self._table.clear()

    def solve(self, pos: Position, me: int) -> int:
        """My exact points from here to the end of the deal, every seat playing perfectly
        (the other three against me)."""
        return self._run(pos, me, None)

    def root_values(self, pos: Position, me: int) -> dict[int, int]:
        """The exact value of each legal card of the seat to move (card index → points
        for ``me`` from here on); equivalent cards get their representative's value."""
        seat = pos.to_move
        tm = 0
        for c in pos.trick:
            tm |= 1 << c
        lm = legal(self.contract, self.trump, self.kua, pos.hands[seat], pos.trick, tm, pos.gone)
        reps = representatives(lm, pos.gone, _KINDS[self.contract])
        values = {c: self._run(pos, me, c) for c in reps}
        return {c: values[rep] for c, rep in twins(lm, pos.gone, _KINDS[self.contract]).items()}

    def _run(self, pos: Position, me: int, first: int | None) -> int:
        if me != self._me:
            self._table.clear()
            self._me = me
        contract = int(self.contract)
        trump = self.trump
        kua = self.kua
        kinds = _KINDS[contract]
        ends = ENDS_WHEN_GONE[contract]
        restricts = _RESTRICTS_HEARTS[contract]
        follow_forced = _FOLLOW_FORCED[contract] if contract != _KOH or kua else 0
        void_forced = _VOID_FORCED[contract]
        positive = Contract(contract).is_positive
        score = trick_points
        cobj = self.contract
        table = self._table
        hands = list(pos.hands)
        trick = list(pos.trick)
        tm0 = 0
        for c in trick:
            tm0 |= 1 << c
        state = [pos.leader, tm0, pos.gone]  # leader, trick mask, gone
        nodes = 0
        limit = self.max_nodes - self.nodes if self.max_nodes else 1 << 62
        deadline = self.deadline
        clock = time.perf_counter

        def legal_now(h: int, tmask: int, gone: int) -> int:
            if not trick:
                if restricts:
                    if not gone & HEARTS:
                        return h & ~HEARTS or h
                elif trump >= 0:
                    trumps = SUIT_MASKS[trump]
                    if not gone & trumps:
                        return h & ~trumps or h
                return h
            led = trick[0] // 13
            suit = SUIT_MASKS[led]
            f = h & suit
            if f:
                if contract == _TRUMPS:
                    if led == trump:
                        b = (tmask & suit).bit_length()
                        return f >> b << b or f
                    return f
                if follow_forced:
                    high = (tmask & suit).bit_length() - 1
                    return f & follow_forced & ((1 << high) - 1) or f
                return f
            if contract == _TRUMPS:
                t = h & SUIT_MASKS[trump]
                if not t:
                    return h
                on_table = tmask & SUIT_MASKS[trump]
                if on_table:
                    b = on_table.bit_length()
                    return t >> b << b or t
                return t
            for fm in void_forced:
                if h & fm:
                    return h & fm
            return h

        check_at = 500

        def search(alpha: int, beta: int, only: int) -> int:
            nonlocal nodes, check_at
            nodes += 1
            leader, tmask, gone = state
            n = len(trick)
            key = None
            best_first = -1
            if n == 0:
                if nodes > limit:
                    raise SearchLimit(f"more than {self.max_nodes} nodes")
                if nodes > check_at:
                    check_at = nodes + 500
                    if clock() > deadline:
                        raise SearchLimit("out of time")
                key = (hands[0], hands[1], hands[2], hands[3], leader, only)
                hit = table.get(key)
                if hit is not None:
                    lo, hi, best_first = hit
                    if lo >= beta or lo == hi:
                        return lo
                    if hi <= alpha:
                        return hi
                    alpha = max(alpha, lo)
                    beta = min(beta, hi)
                else:
                    span = points_left(contract, gone, gone.bit_count() >> 2)
                    lo, hi = (0, span) if positive else (-span, 0)
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
            a0, b0 = alpha, beta
            seat = (leader + n) & 3
            h = hands[seat]
            if only >= 0:
                moves = [only]
            else:
                moves = representatives(legal_now(h, tmask, gone), gone, kinds)
                if best_first >= 0 and best_first in moves:
                    moves.remove(best_first)
                    moves.insert(0, best_first)
            maximise = seat == me
            best = -100000 if maximise else 100000
            best_card = -1
            for c in moves:
                bit = 1 << c
                hands[seat] = h ^ bit
                if n == 3:
                    trick.append(c)
                    full = tmask | bit
                    if trump >= 0 and full & SUIT_MASKS[trump]:
                        top = (full & SUIT_MASKS[trump]).bit_length() - 1
                    else:
                        top = (full & SUIT_MASKS[trick[0] // 13]).bit_length() - 1
                    winner = (leader + trick.index(top)) & 3
                    new_gone = gone | full
                    done = new_gone.bit_count() >> 2
                    gain = score(cobj, full, done) if winner == me else 0
                    if done == 13 or new_gone & ends == ends:
                        v = gain
                    else:
                        saved = trick[:]
                        trick.clear()
                        state[0] = winner
                        state[1] = 0
                        state[2] = new_gone
                        v = gain + search(alpha - gain, beta - gain, -1)
                        trick[:] = saved
                        state[0] = leader
                        state[1] = tmask
                        state[2] = gone
                    trick.pop()
                else:
                    trick.append(c)
                    state[1] = tmask | bit
                    v = search(alpha, beta, -1)
                    state[1] = tmask
                    trick.pop()
                hands[seat] = h
                if maximise:
                    if v > best:
                        best, best_card = v, c
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best, best_card = v, c
                        if v < beta:
                            beta = v
                if alpha >= beta:
                    break
            if key is not None:
                old = table.get(key)
                lo, hi = (old[0], old[1]) if old is not None else (-100000, 100000)
                if best <= a0:
                    hi = min(hi, best)
                elif best >= b0:
                    lo = max(lo, best)
                else:
                    lo = hi = best
                table[key] = (lo, hi, best_card)
            return best

        first_card = -1 if first is None else first
        try:
            return search(-100000, 100000, first_card)
        finally:
            self.nodes += nodes
