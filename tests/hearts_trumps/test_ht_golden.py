"""The frozen Hearts Are Trumps matches and counts (tests/fixtures/frozen/hearts-trumps): what
an earlier version recorded still replays the same."""

from __future__ import annotations

import json

import ht_golden as golden
import pytest

from bolola.engine import Record
from bolola.games.hearts_trumps.records import score
from bolola.registry import replay

GOLDEN = golden.FROZEN
MATCH_NAMES = [name for name, _, _ in golden.HT_MATCHES]


def load(name: str):
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def test_the_fixtures_on_disk_are_the_ones_the_script_writes():
    assert {p.stem for p in GOLDEN.glob("*.json")} == {*MATCH_NAMES, "counts"}


@pytest.mark.parametrize("name", MATCH_NAMES)
def test_ht16_golden_match_replays_to_the_recorded_result(name):
    fixture = load(name)
    record = Record.from_json(fixture["record"])
    expected = {k: v for k, v in fixture.items() if k != "record"}
    assert golden.ht_match_result(record) == expected
    target = record.options.get("target", 500)
    assert max(expected["totals"]) >= target
    assert sum(d["points"][0] for d in expected["deals"]) == expected["totals"][0]


@pytest.mark.parametrize("name", MATCH_NAMES)
def test_golden_referee_record_scores_the_recorded_totals(name):
    fixture = load(name)
    answer = score(fixture["referee_record"])
    assert answer["totals"] == fixture["totals"] and answer["complete"]
    assert answer["winner"] == fixture["ranks"].index(0)


@pytest.mark.parametrize(("name", "options", "seed"), golden.HT_MATCHES)
def test_golden_match_records_what_the_script_plays(name, options, seed):
    """Random legal play with the script's seeds still gives the recorded moves: any change
    to legal placements, their order or the shuffle shows up here first."""
    record = Record.from_json(load(name)["record"])
    assert (record.options, record.seed) == (options, seed)
    assert golden.ht_random_match(options, seed) == record
    _, state = replay(record)
    assert state.over


def test_ht04_ht05_counts_of_legal_placements_and_first_deal_events():
    entries = load("counts")
    assert [e["seed"] for e in entries] == list(golden.HT_COUNT_SEEDS)
    for entry in entries:
        assert golden.ht_counts(entry["seed"]) == entry
        assert len(entry["legal"]) == 9
        # 120 ordered triples of 6 cards (fewer with both jokers), 6 of the 3 left.
        for k, counts in enumerate(entry["legal"]):
            for n in counts:
                assert n in ((120, 72) if k % 2 == 0 and k < 8 else (6, 3))
