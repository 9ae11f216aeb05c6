"""The meld finder's answers, remembered: a bot asks the same hand against the same table
many times (each step of a turn, each candidate of the expert's play-outs, whose worlds
share the expert's own hand), and the finder is exact, so an answer never changes.

A table is remembered by its cards (:func:`signature`), cheaper to hash than its melds.

>>> from bolola.cards import parse_cards
>>> hand = parse_cards("7H 8H 9H 2C".split())
>>> best(hand).points, best(tuple(reversed(hand))) is best(hand)
(24, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from bolola.cards import Card
from bolola.games.jolly import finder
from bolola.games.jolly.finder import Plan
from bolola.games.jolly.meld import TableMeld
from bolola.games.jolly.search import Search

MOST = 20_000
"""Answers kept; all are forgotten at once beyond that (a bot's memory stays bounded)."""

Signature = tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]

_memo: dict[Hashable, Plan | None] = {}


def signature(table: Sequence[TableMeld]) -> Signature:
    """The table as ints: each meld's id, first position, card ids and what they stand for
    (remembered for the last tables seen, by identity: a round's table is one tuple until
    a meld changes)."""
    got = _signatures.get(id(table))
    if got is not None and got[0] is table:
        return got[1]
    sig = tuple(
        (m.id, m.low, tuple(s.card for s in m.slots), tuple(s.face.index for s in m.slots))
        for m in table
    )
    if len(_signatures) >= 2000:
        _signatures.clear()
    _signatures[id(table)] = (table, sig)  # the table kept alive: its id stays its own
    return sig


_signatures: dict[int, tuple[Sequence[TableMeld], Signature]] = {}


def _key(kind: str, hand: Sequence[Card], table: Sequence[TableMeld], n: int) -> Hashable:
    return (kind, tuple(sorted(c.index for c in hand)), signature(table), n)


def _remember(key: Hashable, plan: Plan | None) -> None:
    if len(_memo) >= MOST:
        _memo.clear()
    _memo[key] = plan


def best(hand: Sequence[Card], table: Sequence[TableMeld] = (), keep: int = 1) -> Plan:
    """:func:`bolola.games.jolly.finder.best`, remembered."""
    key = _key("best", hand, table, keep)
    if key in _memo:
        plan = _memo[key]
        assert plan is not None
        return plan
    plan = finder.best(hand, table, keep)
    _remember(key, plan)
    return plan


def turn(hand: Sequence[Card], table: Sequence[TableMeld], keep: int, may_close: bool) -> Plan:
    """The plan of a turn: going out if ``may_close`` and the hand can (JO-13, the
    finder's ``going_out``), else the most points keeping ``keep`` cards (``best``), both
    from one search of the finder (they share its memo), remembered."""
    key = _key("best", hand, table, keep)
    if may_close:
        close_key = _key("close", hand, table, 1)
        if close_key in _memo:
            closes = _memo[close_key]
        else:
            search = Search(tuple(hand), table)
            closes = search.plan(1, exact=True)
            _remember(close_key, closes)
            if closes is None and key not in _memo:
                _remember(key, search.plan(keep, exact=False))
        if closes is not None:
            return closes
    return best(hand, table, keep)
