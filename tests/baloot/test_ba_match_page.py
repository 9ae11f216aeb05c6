"""A finished Baloot match's page (issue 17): each row of its score sheet is the deal in
full, as the in-table sheet has it (the contract with Hokum's trump, the doubling, the
buyer's seat, BA-5, BA-10, BA-12), from the ``deal_scores`` hook's detail; any other game's
row keeps its label."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

from bolola import registry
from bolola.engine import Record, random_play_out
from bolola.server.match_page import summary
from bolola.store.values import SeatInfo, TableSetup

BOUGHT = re.compile(r"(hokum:[SHDC]|sun|ashkal) (x[1-4]|gahwa) by [0-3]")


class FinishedTable:
    """What the page asks a store of a bots-only table: its setup, record and leavers."""

    def __init__(self, record: Record, seats: int) -> None:
        self.record = record
        bots = tuple(SeatInfo(s, "bot", "beginner", None) for s in range(seats))
        self.setup = TableSetup(1, record.game, record.options, bots, "over", None, False)

    async def table_setup(self, table_id: int) -> TableSetup:
        return self.setup

    async def engine_record(self, table_id: int) -> Record:
        return self.record

    async def left_seats(self, table_id: int) -> frozenset[int]:
        return frozenset()  # bots: nobody left


def page_of(game_name: str, seed: int) -> tuple[dict[str, Any], list[Any]]:
    """A random whole match's page, and its deals as the game's hook gives them."""
    game = registry.find(game_name)
    options = game.option_examples()[0]
    moves: list[str] = []
    end = random_play_out(game, game.new(options, seed), random.Random(seed), moves)
    record = Record(game.name, options.to_json(), seed, tuple(moves))
    store = FinishedTable(record, game.seat_count(options))
    found = asyncio.run(summary(store, 1))  # type: ignore[arg-type]
    assert found is not None
    return found, list(game.deal_scores(end))


def test_ba12_each_row_of_a_baloot_match_page_is_its_deal_in_full():
    found, deals = page_of("baloot", 4)
    labels = [row["label"] for row in found["sheet"]]
    assert labels == [d.detail for d in deals] and len(labels) > 1
    assert all(BOUGHT.fullmatch(label) for label in labels), labels
    assert [row["points"] for row in found["sheet"]] == [list(d.points) for d in deals]


@pytest.mark.parametrize("game", [g.name for g in registry.registered() if g.name != "baloot"])
def test_any_other_games_rows_keep_their_labels(game: str):
    found, deals = page_of(game, 1)
    assert [row["label"] for row in found["sheet"]] == [d.label for d in deals]
    assert all(d.detail == "" for d in deals)
