"""The client's own gates, run with the rest of the suite: strict type checking
(svelte-check) and its unit tests (Vitest)."""

from __future__ import annotations

import os
import subprocess

from e2eserver import ROOT

CLIENT = ROOT / "client"


def npm(*args: str) -> subprocess.CompletedProcess[str]:
    assert (CLIENT / "node_modules").is_dir(), "run `make client` first"
    return subprocess.run(
        ["npm", "run", "--silent", *args],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "CI": "true", "NO_COLOR": "1"},
    )


def test_the_client_type_checks_strictly() -> None:
    done = npm("check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 errors and 0 warnings" in done.stdout


def test_the_client_unit_tests_pass() -> None:
    done = npm("test")
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "failed" not in done.stdout
