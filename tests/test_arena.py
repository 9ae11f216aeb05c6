"""``bolola arena``: duplicate deals, the report's JSON, determinism, records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bolola import arena
from bolola.cli import main
from bolola.games.king_bolola.contract import Contract

TINY = ["arena", "--bots", "club,beginner", "--deals", "3", "--seed", "5", "--no-progress"]


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert len(lines) == 1, "--json prints one object"
    result = json.loads(lines[0])
    assert isinstance(result, dict)
    return result


def test_report_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    rep = run_json(capsys, *TINY, "--jobs", "1")
    assert rep["deals"] == 3
    assert rep["seed"] == 5
    assert rep["baseline"] == "beginner"
    assert rep["lineup"] == ["club", "beginner", "beginner", "beginner"]
    # 3 deals x 4 rotations, each with one replay with the baseline in club's seat
    assert rep["games"] == 3 * 4 * 2
    assert set(rep["bots"]) == {"club", "beginner"}
    for level, entry in rep["bots"].items():
        assert isinstance(entry["mean"], float)
        lo, hi = entry["ci95"]
        assert lo <= entry["mean"] <= hi
        assert entry["n"] == 3
        assert isinstance(entry["elo"], float)
        assert entry["per_contract"]
        for contract, stats in entry["per_contract"].items():
            Contract.parse(contract)
            assert stats["n"] >= 1
        if level == "beginner":
            assert entry["paired_vs_baseline"] is None
    paired = rep["bots"]["club"]["paired_vs_baseline"]
    assert paired["n"] == 3
    assert paired["ci95"][0] <= paired["mean"] <= paired["ci95"][1]


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
    rep = run_json(capsys, *TINY, "--jobs", "1", "--contract", "trumps:H")
    assert rep["contract"] == "trumps:H"
    for entry in rep["bots"].values():
        assert set(entry["per_contract"]) == {"trumps"}


def test_duplicate_rotations_give_every_hand_to_every_bot() -> None:
    setup = arena.Setup(("club", "beginner", "beginner", "beginner"), seed=3)
    unit = arena.play_unit(setup, 0)
    mains = [g for g in unit.games if g.substitute is None]
    assert sorted(g.levels.index("club") for g in mains) == [0, 1, 2, 3]
    subs = [g for g in unit.games if g.substitute is not None]
    assert all(g.levels == ("beginner",) * 4 for g in subs)
    # A deal gives out its contract's points, whoever plays it.
    for g in unit.games:
        ((contract, points),) = g.contracts
        assert sum(points) == Contract.parse(contract).total


def test_deal_records_are_accepted_by_the_referee(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bolola.referee import answer

    path = tmp_path / "games.jsonl"
    run_json(capsys, *TINY, "--jobs", "1", "--records", str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 3 * 4 * 2
    for line in lines:
        record = json.loads(line)
        assert record["game"] == "king-bolola"
        contract = Contract.parse(record["contract"])
        assert (record["trump"] is None) == (contract is not Contract.TRUMPS)
        assert record["declarer"] in range(4)
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
    from bolola.referee import answer

    path = tmp_path / "matches.jsonl"
    rep = run_json(
        capsys,
        "arena",
        "--bots",
        "beginner",
        "--matches",
        "1",
        "--seed",
        "2",
        "--jobs",
        "1",
        "--no-progress",
        "--records",
        str(path),
    )
    assert rep["mode"] == "matches"
    assert rep["deals"] == 24
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


@pytest.mark.parametrize(
    "argv",
    [
        ["--bots", "club,grandmaster"],
        ["--bots", "a,b,c,d,e"],
        ["--deals", "0"],
        ["--contract", "QS"],
        ["--contract", "queens:S"],
        ["--contract", "bogus"],
        ["--matches", "1", "--contract", "queens"],
        ["--seconds", "0"],
    ],
)
def test_bad_arguments_get_a_clear_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *argv, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bolola arena: ")
    assert "Traceback" not in err


def test_text_report_names_each_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TINY, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "club" in out and "beginner" in out
    assert "95% CI" in out


def test_king_under_ace_option_reaches_the_games_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bolola.referee import answer

    path = tmp_path / "kua.jsonl"
    argv = [*TINY, "--jobs", "1", "--contract", "king-of-hearts", "--king-under-ace"]
    rep = run_json(capsys, *argv, "--records", str(path))
    assert rep["options"] == {"king-under-ace": True}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        assert record["options"] == {"king-under-ace": True}
        status, reply = answer(record, "score")
        assert status == 0 and reply["complete"], reply
