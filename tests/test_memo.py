"""Caches the server forgets when no table is live (bolola.memo): emptied, and the
rules answer the same after."""

from __future__ import annotations

from bolola import memo
from bolola.games.hearts_trumps import placement


def test_forget_empties_every_memo_and_registered_table() -> None:
    calls: list[int] = []

    @memo.memo(maxsize=8)
    def double(n: int) -> int:
        calls.append(n)
        return 2 * n

    assert double(4) == 8 and double(4) == 8
    assert calls == [4]
    cleared: list[bool] = []
    memo.forgettable(lambda: cleared.append(True))
    assert memo.forget() >= 2
    assert double.cache_info().currsize == 0 and cleared == [True]
    assert double(4) == 8 and calls == [4, 4]  # computed again


def test_hearts_trumps_placements_are_the_same_after_forgetting() -> None:
    hand = (0, 13, 26, 39, 52, 52)
    before = placement.placements(hand)
    assert any(p is not None for p in placement._PLACES)
    memo.forget()
    assert all(p is None for p in placement._PLACES)
    assert placement.placements.cache_info().currsize == 0
    after = placement.placements(hand)
    assert after == before and after is not before
