"""The human-pace server benchmark with and without background analyses (issue 18).

Starts ``bolola serve`` as ``bolola bench server`` starts it (the same environment), on a
throwaway SQLite database; plays ``--matches`` King Bolola matches of four ``beginner``
bots there to their end; with ``--analyses``, asks for each match's analysis (the
server's worker then judges them one after the other, about 30 s of CPU a match); then
runs ``bolola bench server --url … --tables 1000 --pace 2 --seconds 60 --json`` against
that server and prints its report with the analyses' progress before and after::

    python scripts/bench_analysis_load.py --matches 6 --analyses
    python scripts/bench_analysis_load.py --matches 6
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx

from bolola.server.bench import _free_port, _serve

BOTS = [{"kind": "bot", "level": "beginner"}] * 4


def matches(http: httpx.Client, count: int) -> list[int]:
    """``count`` all-bot King Bolola matches, played to their end."""
    csrf = http.get("/api/csrf").json()["csrf"]
    token = http.post("/api/guest", headers={"x-csrf-token": csrf}).json()["token"]
    http.headers["authorization"] = f"Bearer {token}"
    ids = []
    for _ in range(count):
        made = http.post("/api/tables", json={"game": "king-bolola", "seats": BOTS})
        made.raise_for_status()
        ids.append(made.json()["table"]["id"])
    for table in ids:
        for _ in range(3000):  # the matches' wait: at most 10 minutes
            if http.get(f"/api/matches/{table}").status_code == 200:
                break
            time.sleep(0.2)
        else:
            raise SystemExit(f"match {table} did not end")
    return ids


def progress(http: httpx.Client, ids: list[int]) -> list[dict[str, Any]]:
    out = []
    for table in ids:
        answer = http.get(f"/api/matches/{table}/analysis").json()
        answer.pop("review", None)
        out.append(answer)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--analyses", action="store_true", help="judge the matches meanwhile")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        proc, _ = _serve(port, f"sqlite:///{tmp}/bench.db")
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
                ids = matches(http, args.matches)
                before = progress(http, ids) if args.analyses else None
                bench = subprocess.run(
                    [
                        *(sys.executable, "-m", "bolola.cli", "bench", "server"),
                        *("--url", f"ws://127.0.0.1:{port}", "--tables", str(args.tables)),
                        *("--pace", "2", "--seconds", str(args.seconds), "--json"),
                    ],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                after = progress(http, ids) if args.analyses else None
        finally:
            proc.terminate()
            proc.wait(timeout=60)
    report = json.loads(bench.stdout.strip().splitlines()[-1])
    print(json.dumps({"analyses_before": before, "analyses_after": after, "bench": report}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
