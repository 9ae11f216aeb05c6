"""`bolola bench engine` reports Hearts Are Trumps figures (measured, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_bench_engine_reports_hearts_trumps_games_and_resamples() -> None:
    argv = ["bench", "engine", "--json", "--seconds", "0.02", "--game", "hearts-trumps"]
    result = subprocess.run(
        [sys.executable, "-m", "bolola.cli", *argv],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout)
    assert set(report) == {"hearts-trumps"}
    ht = report["hearts-trumps"]
    whole = ht["whole_games"]
    assert whole["games_per_second"] > 0 and ht["resamples_per_second"] > 0
    # Both seats place each hand (9 hands a deal): at least 18 actions a deal.
    assert whole["actions_per_second"] >= 17 * whole["deals_per_second"]
