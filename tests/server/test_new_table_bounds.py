"""The New table form's number box for a target (client/src/lib/lobby.svelte.ts,
TARGET_RANGE) holds the bounds the game's options accept on the server: a host who types
20000 is told the range in their language before anything is sent, and every number the
box lets through the server takes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bolola.engine import RecordError
from bolola.registry import find

LOBBY_TS = Path(__file__).resolve().parents[2] / "client" / "src" / "lib" / "lobby.svelte.ts"


def ranges() -> dict[str, tuple[int, int]]:
    text = LOBBY_TS.read_text(encoding="utf-8")
    start = text.index("TARGET_RANGE")
    block = text[start : text.index("};", start)]
    found = re.findall(r"'([a-z-]+)': \[(\d+), (\d+)\]", block)
    return {game: (int(low), int(high)) for game, low, high in found}


def test_the_form_bounds_the_target_of_hearts_are_trumps() -> None:
    assert "hearts-trumps" in ranges()


@pytest.mark.parametrize("game", sorted(ranges()))
def test_each_bound_is_the_servers(game: str) -> None:
    low, high = ranges()[game]
    g = find(game)
    for target in (low, high):
        assert g.parse_options({"target": target}).to_json()["target"] == target
    for target in (low - 1, high + 1):
        with pytest.raises(RecordError):
            g.parse_options({"target": target})
