"""``bolola arena``: one arena for every game — duplicate deals, the report's JSON,
determinism, records, bad input."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from bolola import arena, registry
from bolola.cli import main
from bolola.games.king_bolola.contract import Contract
from bolola.referee import answer

TINY = ["arena", "--bots", "club,beginner", "--deals", "3", "--seed", "5", "--no-progress"]
HT = [
    "arena",
    "--game",
    "hearts-trumps",
    "--bots",
    "club,beginner",
    "--deals",
    "3",
    "--seed",
    "5",
    "--no-progress",
]


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert len(lines) == 1, "--json prints one object"
    result = json.loads(lines[0])
    assert isinstance(result, dict)
    return result


def check_interval(entry: dict[str, Any], n: int) -> None:
    assert entry["n"] == n
    lo, hi = entry["ci95"]
    assert lo <= entry["mean"] <= hi


# --- King Bolola (four seats) ------------------------------------------------------------


def test_report_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    rep = run_json(capsys, *TINY, "--jobs", "1")
    assert rep["game"] == registry.FLAGSHIP == "king-bolola"
    assert (rep["deals"], rep["seed"], rep["mode"]) == (3, 5, "deals")
    assert rep["baseline"] == "beginner"
    assert rep["lineup"] == ["club", "beginner", "beginner", "beginner"]
    assert rep["options"] == {"king-under-ace": False}
    assert rep["contract"] is None
    assert "matches" not in rep and "paired" not in rep and "timing" not in rep
    # 3 deals x 4 rotations, each with one replay with the baseline in club's seat
    assert rep["games"] == 3 * 4 * 2
    assert set(rep["bots"]) == {"club", "beginner"}
    for level, entry in rep["bots"].items():
        assert isinstance(entry["mean"], float)
        check_interval(entry, 3)
        assert isinstance(entry["elo"], float)
        assert entry["per_contract"]
        for contract, stats in entry["per_contract"].items():
            Contract.parse(contract)
            assert stats["n"] >= 1
        if level == "beginner":
            assert entry["paired_vs_baseline"] is None
            assert entry["elo"] == 1500.0
    check_interval(rep["bots"]["club"]["paired_vs_baseline"], 3)


def test_deterministic_for_a_seed_and_independent_of_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = run_json(capsys, *TINY, "--jobs", "1")
    again = run_json(capsys, *TINY, "--jobs", "1")
    two = run_json(capsys, *TINY, "--jobs", "2")
    assert one == again == two
    other_seed = run_json(capsys, *TINY[:-3], "--seed", "6", "--no-progress", "--jobs", "1")
    assert other_seed["bots"] != one["bots"]


def test_forced_contract(capsys: pytest.CaptureFixture[str]) -> None:
    rep = run_json(capsys, *TINY, "--jobs", "1", "--contract", "trumps:h")
    assert rep["contract"] == "trumps:H"
    for entry in rep["bots"].values():
        assert set(entry["per_contract"]) == {"trumps"}


def test_duplicate_rotations_give_every_hand_to_every_bot() -> None:
    setup = arena.Setup(("club", "beginner", "beginner", "beginner"), seed=3, records=True)
    unit = arena.play_unit(setup, 0)
    mains = [g for g in unit.games if g.substitute is None]
    assert sorted(g.levels.index("club") for g in mains) == [0, 1, 2, 3]
    subs = [g for g in unit.games if g.substitute is not None]
    assert all(g.levels == ("beginner",) * 4 for g in subs)
    # Every game of a unit is on the very same cards, declared by the same seat.
    records = [g.record for g in unit.games]
    assert all(r is not None for r in records)
    assert len({json.dumps(r["hands"]) for r in records if r}) == 1
    assert {r["declarer"] for r in records if r} == {0}
    # A deal gives out its contract's points, whoever plays it.
    for g in unit.games:
        (deal,) = g.deals
        assert sum(deal.points) == Contract.parse(deal.label).total
        assert g.scores == deal.points


def test_the_seed_deals_the_cards_and_the_declarer_rotates() -> None:
    game = registry.find(registry.FLAGSHIP)
    starts = [arena.deal_start(9, i) for i in range(5)]
    assert [game.to_move(s) for s in starts] == [(0,), (1,), (2,), (3,), (0,)]
    assert arena.deal_start(9, 2) == starts[2]  # the seed alone decides the deal
    census = [game.census(s).held for s in starts]
    assert len(set(census)) == 5  # each deal its own cards


def test_deal_records_are_accepted_by_the_referee(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    run_json(capsys, *TINY, "--jobs", "1", "--records", str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 3 * 4 * 2
    for line in lines:
        record = json.loads(line)
        assert record["game"] == "king-bolola"
        assert record["arena"]["seed"] == 5
        assert record["declarer"] == record["arena"]["index"] % 4
        contract = Contract.parse(record["contract"])
        assert (record["trump"] is None) == (contract is not Contract.TRUMPS)
        assert [len(h) for h in record["hands"]] == [13] * 4
        assert len({c for h in record["hands"] for c in h}) == 52
        assert record["play"] and len(record["play"]) % 4 == 0
        status, reply = answer(record, "score")
        assert status == 0, reply
        assert reply["complete"] is True
        assert sum(reply["points"]) == contract.total
        status, reply = answer(record, "legal")
        assert (status, reply) == (0, {"to_move": None, "legal": []})


def test_match_records_are_accepted_by_the_referee(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "matches.jsonl"
    argv = ["arena", "--bots", "beginner", "--matches", "1", "--seed", "2", "--jobs", "1"]
    rep = run_json(capsys, *argv, "--no-progress", "--records", str(path))
    assert rep["mode"] == "matches"
    assert (rep["matches"], rep["deals"]) == (1, 24)
    lines = path.read_text().splitlines()
    assert len(lines) == 4  # one match per rotation, no substitutions (all baseline)
    for line in lines:
        record = json.loads(line)
        assert len(record["players"]) == 4
        assert len(record["deals"]) == 24
        status, reply = answer(record, "score")
        assert status == 0, reply
        assert reply["complete"] is True
        totals = sum(Contract.parse(d["contract"]).total for d in record["deals"])
        assert sum(reply["totals"]) == totals


def test_table_options_reach_the_games_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kua.jsonl"
    argv = [*TINY, "--jobs", "1", "--contract", "king-of-hearts"]
    rep = run_json(capsys, *argv, "--option", "king-under-ace=true", "--records", str(path))
    assert rep["options"] == {"king-under-ace": True}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        assert record["options"] == {"king-under-ace": True}
        status, reply = answer(record, "score")
        assert status == 0 and reply["complete"], reply


def test_timing_is_reported_for_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bots", "club,beginner", "--deals", "1", "--no-progress", "--jobs", "1"]
    rep = run_json(capsys, *argv, "--timing")
    for level in ("club", "beginner"):
        t = rep["timing"][level]
        assert t["decisions"] > 0
        assert 0 <= t["median_ms"] <= t["p95_ms"] <= t["max_ms"]


def test_text_report_names_each_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TINY, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "club" in out and "beginner" in out
    assert "95% CI" in out


def test_a_command_line_without_the_newer_flags_still_makes_a_setup() -> None:
    # ``bolola bench bots`` builds its own Namespace, without --game, --option, --timing.
    ns = argparse.Namespace(
        bots="club,beginner",
        deals=2,
        matches=0,
        contract=None,
        seed=1,
        samples=0,
        seconds=30.0,
        records=None,
    )
    setup = arena.setup_of(ns)
    assert setup.game == registry.FLAGSHIP
    assert setup.lineup == ("club", "beginner", "beginner", "beginner")


# --- Hearts Are Trumps (two seats, placing at once) ---------------------------------------


def test_two_seat_report_keeps_the_paired_difference(capsys: pytest.CaptureFixture[str]) -> None:
    rep = run_json(capsys, *HT, "--jobs", "1")
    assert rep["game"] == "hearts-trumps"
    assert (rep["deals"], rep["seed"], rep["games"]) == (3, 5, 6)
    assert rep["lineup"] == ["club", "beginner"]
    assert rep["baseline"] == "beginner"
    assert rep["options"] == {"target": 500}
    assert set(rep["bots"]) == {"club", "beginner"}
    for entry in rep["bots"].values():
        check_interval(entry, 3)
        assert 0 <= entry["mean"] <= 200  # a deal gives at most 200 points (HT-15)
        assert set(entry["per_contract"]) == {"deal"}
    assert rep["bots"]["beginner"]["elo"] == 1500.0
    assert isinstance(rep["bots"]["club"]["elo"], float)
    paired = rep["paired"]
    check_interval(paired, 3)
    # The paired difference is the first bot's mean minus the second's, deal by deal...
    gap = rep["bots"]["club"]["mean"] - rep["bots"]["beginner"]["mean"]
    assert paired["mean"] == pytest.approx(gap, abs=0.01)
    # ...and, with two seats, the same as the difference with the baseline in its seat.
    assert rep["bots"]["club"]["paired_vs_baseline"] == paired
    assert "timing" not in rep  # CPU times are not deterministic: only on request


def test_two_seat_report_is_deterministic_and_independent_of_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = [*HT[:4], "expert,club", "--deals", "2", "--seed", "5", "--samples", "2"]
    one = run_json(capsys, *argv, "--no-progress", "--jobs", "1")
    two = run_json(capsys, *argv, "--no-progress", "--jobs", "2")
    assert one == two
    assert one["lineup"] == ["expert", "club"]
    other = run_json(capsys, *HT[:-3], "--seed", "6", "--no-progress", "--jobs", "1")
    mine = run_json(capsys, *HT, "--jobs", "1")
    assert other["bots"] != mine["bots"]


def test_each_deal_is_played_twice_on_the_same_cards_with_the_seats_swapped() -> None:
    setup = arena.Setup(("club", "beginner"), seed=3, game="hearts-trumps", records=True)
    unit = arena.play_unit(setup, 0)
    first, second = unit.games
    assert first.levels == ("club", "beginner") and second.levels == ("beginner", "club")
    assert first.substitute is None and second.substitute is None
    assert first.record is not None and second.record is not None
    assert first.record["hands"] == second.record["hands"]
    for g in unit.games:
        assert sum(g.scores) <= 200


def test_two_seat_records_are_accepted_by_the_referee(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ht.jsonl"
    run_json(capsys, *HT, "--jobs", "1", "--records", str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 3 * 2
    for line in lines:
        record = json.loads(line)
        assert record["game"] == "hearts-trumps"
        assert [len(h) for h in record["hands"]] == [27, 27]
        assert [len(p) for p in record["placements"]] == [9, 9]
        assert record["arena"]["seed"] == 5
        status, reply = answer(record, "score")
        assert status == 0, reply
        assert reply["complete"] is True
        assert sum(reply["loot_counts"]) == 18
        status, reply = answer(record, "legal")
        assert status == 0, reply
        assert reply["to_move"] == []


def test_two_seat_timing_reports_every_decision(capsys: pytest.CaptureFixture[str]) -> None:
    rep = run_json(capsys, *HT[:-5], "--deals", "2", "--no-progress", "--jobs", "1", "--timing")
    for level in ("club", "beginner"):
        t = rep["timing"][level]
        assert t["decisions"] == 2 * 2 * 9  # 2 deals, both seatings, 9 hands
        assert 0 <= t["median_ms"] <= t["p95_ms"] <= t["max_ms"]


def test_two_seat_whole_matches_with_a_table_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ht-matches.jsonl"
    argv = [*HT[:4], "beginner", "--matches", "1", "--option", "target=150", "--jobs", "1"]
    rep = run_json(capsys, *argv, "--no-progress", "--records", str(path))
    assert (rep["mode"], rep["matches"], rep["games"]) == ("matches", 1, 2)
    assert rep["options"] == {"target": 150}
    assert rep["deals"] >= 1
    lines = path.read_text().splitlines()
    assert len(lines) == 2
    for line in lines:
        record = json.loads(line)
        assert record["options"] == {"target": 150}
        status, reply = answer(record, "score")
        assert status == 0, reply


def test_two_seat_text_report_names_each_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*HT, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "club" in out and "beginner" in out and "95% CI" in out
    assert "club minus beginner" in out


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--bots", "club,grandmaster"],
        ["--bots", "a,b,c,d,e"],
        ["--bots", "club,club,club,club,club"],
        ["--deals", "0"],
        ["--matches", "-1"],
        ["--contract", "QS"],
        ["--contract", "queens:S"],
        ["--contract", "bogus"],
        ["--matches", "1", "--contract", "queens"],
        ["--seconds", "0"],
        ["--option", "bogus=1"],
        ["--option", "king-under-ace=3"],
        ["--option", "no-equals-sign"],
        ["--game", "poker"],
        ["--game", "hearts-trumps", "--bots", "club,grandmaster"],
        ["--game", "hearts-trumps", "--bots", "club,club,club"],
        ["--game", "hearts-trumps", "--deals", "0"],
        ["--game", "hearts-trumps", "--contract", "queens"],
        ["--game", "hearts-trumps", "--seconds", "-1"],
        ["--game", "hearts-trumps", "--samples", "-5"],
        ["--game", "hearts-trumps", "--option", "target=0"],
        ["--deals", "1", "--records", "/nonexistent-dir/x.jsonl"],
    ],
)
def test_bad_arguments_get_a_clear_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *argv, "--no-progress", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bolola arena: ")
    assert "Traceback" not in err


# --- a game registered by the tests (three seats, a simultaneous phase) -----------------


def test_the_arena_plays_a_test_registered_three_seat_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "toy.jsonl"
    argv = ["arena", "--game", "test-toy", "--bots", "club,beginner", "--deals", "4"]
    rep = run_json(capsys, *argv, "--seed", "2", "--jobs", "1", "--records", str(path))
    assert rep["game"] == "test-toy" and rep["lineup"] == ["club", "beginner", "beginner"]
    # Three rotations, each with the club's seat also played by the baseline.
    assert rep["games"] == 4 * 3 * 2
    # The club plays its highest card each round: it must beat random play on the same cards.
    assert rep["bots"]["club"]["paired_vs_baseline"]["mean"] > 0
    for line in path.read_text().splitlines():
        status, reply = answer(json.loads(line), "score")
        assert status == 0 and reply["complete"], reply
