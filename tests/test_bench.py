"""`bolola bench engine`: the report's shape (speed itself is measured, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from bolola import registry


def bench(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bolola.cli", "bench", "engine", *argv],
        capture_output=True,
        text=True,
        check=False,
    )


def check_game(game: registry.AnyGame, rep: dict[str, Any]) -> None:
    assert rep["title"] == game.title
    assert rep["seats"] == game.seats
    whole = rep["whole_games"]
    assert whole["games_per_second"] > 0
    # Deals per second are rounded to a whole number, games to two decimals.
    assert whole["deals_per_second"] >= int(whole["games_per_second"])
    assert whole["actions_per_second"] > whole["deals_per_second"]
    assert rep["resamples_per_second"] > 0
    assert rep["views_per_second"] > 0
    assert set(rep["units"]) == set(game.benchmarks())
    for rate in rep["units"].values():
        assert rate["units_per_second"] > 0 and rate["actions_per_second"] > 0


def test_bench_engine_json_reports_every_registered_game() -> None:
    result = bench("--json", "--seconds", "0.02")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    # Every game the command's own process has registered (tests may register toy games
    # in this one).
    names = subprocess.run(
        [
            sys.executable,
            "-c",
            "from bolola import registry\nprint(' '.join(g.name for g in registry.registered()))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert set(report) == set(names)
    assert registry.FLAGSHIP in report
    for name in names:
        check_game(registry.find(name), report[name])
    # King Bolola's own units: a random deal of each contract, and of them all mixed.
    assert len(report[registry.FLAGSHIP]["units"]) >= 2


def test_bench_engine_text_report_has_a_table_per_game() -> None:
    game = registry.find(registry.FLAGSHIP)
    result = bench("--game", game.name, "--seconds", "0.01")
    assert result.returncode == 0, result.stderr
    assert f"{game.title} ({game.name})" in result.stdout
    assert "whole games" in result.stdout and "resamples" in result.stdout
    assert "seat views, encoded" in result.stdout
    for unit in game.benchmarks():
        assert unit in result.stdout


def test_bench_engine_refuses_an_unknown_game() -> None:
    result = bench("--game", "poker", "--seconds", "0.01")
    assert result.returncode == 2
    assert result.stderr.startswith("bolola bench: unknown game")
    assert "Traceback" not in result.stderr


def test_bench_referee_answers_every_record_it_makes_and_writes_them(tmp_path: Any) -> None:
    from bolola import referee_bench

    # The room's games (the test-only toy's referee reads engine records, not its own).
    for game in (registry.find(g) for g in ("king-bolola", "hearts-trumps", "baloot")):
        records = referee_bench.sample(game, 6, seed=3)
        assert len(records) == 6
        assert all(r["game"] == game.name for r in records)
        rep = referee_bench.measure(records)
        assert rep["records"] == 6 and {"legal", "score"} <= set(rep)
    out = tmp_path / "records.jsonl"
    argv = ["bench", "referee", "--game", "baloot", "--records", "4", "--json"]
    done = subprocess.run(
        [sys.executable, "-m", "bolola.cli", *argv, "--write", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["baloot"]["records"] == 4
    lines = out.read_text().splitlines()
    assert len(lines) == 4 and json.loads(lines[0])["game"] == "baloot"
