"""The frozen King Bolola matches and legal-move count files (tests/fixtures/frozen): what an
earlier version recorded still replays the same."""

from __future__ import annotations

import json

import kb_golden as golden
import pytest

from bolola.cards import FULL_DECK, mask_of, parse_cards
from bolola.engine import Record
from bolola.games.king_bolola.deal import legal_cards
from bolola.registry import replay

GOLDEN = golden.FROZEN
MATCH_NAMES = [name for name, _, _ in golden.MATCHES]
COUNTS = json.loads((GOLDEN / "counts.json").read_text(encoding="utf-8"))


def load(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def test_the_fixtures_on_disk_are_the_ones_the_script_writes():
    on_disk = {p.stem for p in GOLDEN.glob("*.json")}
    assert on_disk == {*MATCH_NAMES, "counts"}


@pytest.mark.parametrize("name", MATCH_NAMES)
def test_golden_match_replays_to_the_recorded_result(name):
    fixture = load(name)
    record = Record.from_json(fixture["record"])
    expected = {k: v for k, v in fixture.items() if k != "record"}
    assert golden.match_result(record) == expected
    assert len(expected["deals"]) == 24
    for deal in expected["deals"]:
        assert deal["tricks_played"] <= 13


@pytest.mark.parametrize(("name", "options", "seed"), golden.MATCHES)
def test_golden_match_records_what_the_script_plays(name, options, seed):
    """Random legal play with the script's seeds still gives the recorded moves: any change
    to legal actions, their order or the shuffle shows up here first."""
    record = Record.from_json(load(name)["record"])
    assert (record.options, record.seed) == (options, seed)
    assert golden.random_match(options, seed) == record


def test_golden_match_with_king_under_ace_has_the_option_on():
    record = Record.from_json(load("match-2-king-under-ace")["record"])
    _, state = replay(record)
    assert state.options.king_under_ace
    assert "king-of-hearts" in {d.contract.id for d in state.history}


def test_golden_match_replay_is_deterministic():
    record = Record.from_json(load(MATCH_NAMES[0])["record"])
    assert replay(record)[1] == replay(record)[1]


@pytest.mark.parametrize(
    "entry",
    COUNTS,
    ids=[
        f"{e['seed']}-{e['contract']}{':' + e['trump'] if e['trump'] else ''}"
        f"{'-kua' if e['king-under-ace'] else ''}"
        for e in COUNTS
    ],
)
def test_legal_move_counts(entry):
    hands = [mask_of(parse_cards(h.split())) for h in entry["hands"]]
    assert [h.bit_count() for h in hands] == [13] * 4
    assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK
    deal = golden.count_deal(entry)
    assert entry["perft"]["1"] == len(legal_cards(deal))
    assert golden.counts_of(entry) == {"perft": entry["perft"], "line": entry["line"]}


def test_count_file_covers_every_contract_and_trump_suit_for_each_seed():
    seen = {(e["seed"], e["contract"], e["trump"], e["king-under-ace"]) for e in COUNTS}
    for seed in golden.COUNT_SEEDS:
        for contract, trump, kua in golden.count_variants():
            letter = None if trump is None else trump.letter
            assert (seed, str(contract), letter, kua) in seen


def test_kb45_king_under_ace_changes_the_counts_where_it_applies():
    kua = [e for e in COUNTS if e["seed"] == 0]
    assert [e["king-under-ace"] for e in kua] == [False, True]
    off, on = kua
    # After AH is led, KH is seat 2's only card with the option, one of ten without it.
    assert off["perft"]["4"] - on["perft"]["4"] == 12 * 9
