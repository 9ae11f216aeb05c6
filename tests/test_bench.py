"""`bolola bench engine`: the report's shape (speed itself is measured, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys

from bolola.games.king_bolola.contract import Contract


def test_bench_engine_json_reports_every_contract_and_the_headline() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bolola.cli", "bench", "engine", "--json", "--seconds", "0.02"],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout)
    assert report["deals_per_second"] > 0
    assert set(report["per_contract"]) == {str(c) for c in Contract}
    assert report["matches"]["deals_per_second"] > 0
