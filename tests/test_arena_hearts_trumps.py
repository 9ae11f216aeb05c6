"""``bolola arena --game hearts-trumps``: duplicate deals, the report, determinism, records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bolola import arena_hearts_trumps
from bolola.cli import main
from bolola.referee import answer

TINY = [
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
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1, "--json prints one object"
    result = json.loads(lines[0])
    assert isinstance(result, dict)
    return result


def test_report_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    rep = run_json(capsys, *TINY, "--jobs", "1")
    assert rep["game"] == "hearts-trumps"
    assert (rep["deals"], rep["seed"], rep["games"]) == (3, 5, 6)
    assert rep["lineup"] == ["club", "beginner"]
    assert rep["baseline"] == "beginner"
    assert set(rep["bots"]) == {"club", "beginner"}
    for entry in rep["bots"].values():
        assert entry["n"] == 3
        lo, hi = entry["ci95"]
        assert lo <= entry["mean"] <= hi
        assert 0 <= entry["mean"] <= 200  # a deal gives at most 200 points (HT-15)
    assert rep["bots"]["beginner"]["elo"] == 1500.0
    assert isinstance(rep["bots"]["club"]["elo"], float)
    paired = rep["paired"]
    assert paired["n"] == 3
    assert paired["ci95"][0] <= paired["mean"] <= paired["ci95"][1]
    # The paired difference is the first bot's mean minus the second's, deal by deal.
    gap = rep["bots"]["club"]["mean"] - rep["bots"]["beginner"]["mean"]
    assert paired["mean"] == pytest.approx(gap, abs=0.01)
    assert "timing" not in rep  # CPU times are not deterministic: only on request


def test_deterministic_for_a_seed_and_independent_of_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = [*TINY[:4], "expert,club", "--deals", "2", "--seed", "5", "--samples", "2"]
    one = run_json(capsys, *argv, "--no-progress", "--jobs", "1")
    again = run_json(capsys, *argv, "--no-progress", "--jobs", "1")
    two = run_json(capsys, *argv, "--no-progress", "--jobs", "2")
    assert one == again == two
    assert one["lineup"] == ["expert", "club"]
    other = run_json(capsys, *TINY[:-3], "--seed", "6", "--no-progress", "--jobs", "1")
    mine = run_json(capsys, *TINY, "--jobs", "1")
    assert other["bots"] != mine["bots"]


def test_each_deal_is_played_twice_on_the_same_cards_with_the_seats_swapped() -> None:
    setup = arena_hearts_trumps.Setup(("club", "beginner"), seed=3, records=True)
    unit = arena_hearts_trumps.play_unit(setup, 0)
    first, second = unit.games
    assert first.levels == ("club", "beginner") and second.levels == ("beginner", "club")
    assert first.record is not None and second.record is not None
    assert first.record["hands"] == second.record["hands"]
    for g in unit.games:
        assert sum(g.points) <= 200


def test_records_are_accepted_by_the_referee(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ht.jsonl"
    run_json(capsys, *TINY, "--jobs", "1", "--records", str(path))
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


def test_timing_reports_every_decision(capsys: pytest.CaptureFixture[str]) -> None:
    rep = run_json(capsys, *TINY[:-5], "--deals", "2", "--no-progress", "--jobs", "1", "--timing")
    for level in ("club", "beginner"):
        t = rep["timing"][level]
        assert t["decisions"] == 2 * 2 * 9  # 2 deals, both seatings, 9 hands
        assert 0 <= t["median_ms"] <= t["p95_ms"] <= t["max_ms"]


def test_text_report_names_each_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TINY, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "club" in out and "beginner" in out and "95% CI" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "hearts-trumps", "--bots", "club,grandmaster"],
        ["--game", "hearts-trumps", "--bots", "club,club,club"],
        ["--game", "hearts-trumps", "--deals", "0"],
        ["--game", "hearts-trumps", "--contract", "queens"],
        ["--game", "hearts-trumps", "--matches", "2"],
        ["--game", "hearts-trumps", "--seconds", "-1"],
        ["--game", "poker"],
        ["--timing"],
    ],
)
def test_bad_arguments_get_a_clear_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *argv, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bolola arena: ")
    assert "Traceback" not in err
