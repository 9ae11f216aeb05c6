"""Cosmetic rewards of levels (issue 17)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bolola.progression.cosmetics import (
    CATALOGUE,
    DEFAULT,
    Kind,
    LockedError,
    choose,
    unlocked,
    unlocked_between,
)


def test_everyone_has_one_of_each_kind_and_names_are_unique() -> None:
    assert DEFAULT == {Kind.BACK: "classic", Kind.FELT: "green"}
    assert {c.name for c in unlocked(Kind.BACK, 1)} == {"classic"}
    assert {c.name for c in unlocked(Kind.FELT, 1)} == {"green"}
    names = [(c.kind, c.name) for c in CATALOGUE]
    assert len(names) == len(set(names))


def test_levels_unlock_in_order_and_a_jump_of_levels_unlocks_everything_between() -> None:
    assert [c.level for c in CATALOGUE] == sorted(c.level for c in CATALOGUE)
    assert [c.name for c in unlocked_between(2, 5)] == ["crimson", "blue", "lattice"]
    assert unlocked_between(5, 5) == ()


def test_a_player_may_choose_only_what_their_level_unlocked() -> None:
    assert choose(Kind.BACK, "crimson", 3) == "crimson"
    with pytest.raises(LockedError, match="unlocks at level 3"):
        choose(Kind.BACK, "crimson", 2)
    with pytest.raises(LockedError, match="no felt named 'crimson'"):
        choose(Kind.FELT, "crimson", 99)


def test_the_client_draws_every_design_of_the_catalogue() -> None:
    source = (Path(__file__).parents[1] / "client/src/lib/cosmetics.svelte.ts").read_text()
    backs = re.search(r"BACKS: readonly string\[\] = \[([^\]]*)\]", source)
    felts = re.search(r"FELTS: [^=]*= \{(.*?)\n\};", source, re.S)
    assert backs and felts
    assert re.findall(r"'(\w+)'", backs.group(1)) == [
        c.name for c in CATALOGUE if c.kind is Kind.BACK
    ]
    assert re.findall(r"^\s+(\w+): \{", felts.group(1), re.M) == [
        c.name for c in CATALOGUE if c.kind is Kind.FELT
    ]
