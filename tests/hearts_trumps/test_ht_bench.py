"""`bolola bench engine` reports Hearts Are Trumps figures (measured, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_bench_engine_reports_hearts_trumps_hands_and_resamples() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bolola.cli", "bench", "engine", "--json", "--seconds", "0.02"],
        capture_output=True,
        text=True,
        check=True,
    )
    ht = json.loads(result.stdout)["hearts_trumps"]
    assert set(ht) == {"hands_per_second", "placements_per_second", "resamples_per_second"}
    assert ht["hands_per_second"] > 0 and ht["resamples_per_second"] > 0
    # Two placements a hand, each rounded once.
    assert abs(ht["placements_per_second"] - 2 * ht["hands_per_second"]) <= 2
