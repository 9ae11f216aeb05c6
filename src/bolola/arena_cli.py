"""``bolola arena``'s command line: its options, and a run from them to the report.

The arena itself, and what the options mean, are in :mod:`bolola.arena`; the report in
:mod:`bolola.arena_report`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from typing import TextIO

from bolola import registry
from bolola.arena import play_units, setup_of
from bolola.arena_report import print_report, records_of, report
from bolola.engine import RecordError


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument(
        "--game",
        default=registry.FLAGSHIP,
        help=f"a registered game (default {registry.FLAGSHIP})",
    )
    parser.add_argument(
        "--bots",
        default="club,beginner",
        help="comma-separated levels (beginner, club, expert), at most one per seat, "
        "rotated over the seats; the last is the baseline and fills missing seats "
        "(default: club,beginner)",
    )
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (default 100)")
    parser.add_argument("--matches", type=int, help="play N whole matches instead of deals")
    parser.add_argument(
        "--contract",
        help="keep only the legal actions X or X:… wherever there are some (contracts such "
        "as queens, trumps, trumps:S…); default: the bots choose",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option, the value in JSON (--option key=true); repeatable",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, help="worker processes (default: all cores)")
    parser.add_argument(
        "--samples", type=int, default=0, help="Budget.samples for the bots (0: defaults)"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=30.0,
        help="Budget.seconds, the bots' wall-clock cap per decision (default 30: high, so "
        "that a busy machine cannot change a result)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--records", metavar="FILE", help="write every game as JSON Lines")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument(
        "--timing", action="store_true", help="add each bot's CPU time per decision"
    )


def run(args: argparse.Namespace) -> int:
    try:
        # Given, they count: 0 is not "the default" (--deals 0 is refused likewise).
        if args.matches is not None and args.matches < 1:
            raise RecordError("--matches must be positive (leave it out to play --deals)")
        if args.jobs is not None and args.jobs < 1:
            raise RecordError("--jobs must be positive (leave it out to use every core)")
        setup = setup_of(args)
    except RecordError as e:
        print(f"bolola arena: {e}", file=sys.stderr)
        return 2
    with contextlib.ExitStack() as stack:
        records: TextIO | None = None
        if args.records:
            try:  # a file that cannot be written fails now, not after the run
                records = stack.enter_context(open(args.records, "w", encoding="utf-8"))
            except OSError as e:
                print(f"bolola arena: cannot write {args.records}: {e}", file=sys.stderr)
                return 2
        count = args.matches if setup.matches else args.deals
        jobs = args.jobs or os.cpu_count() or 1
        shown = not args.no_progress and sys.stderr.isatty()
        units = play_units(setup, count, min(jobs, count), progress=shown)
        if records is not None:
            for record in records_of(units):
                records.write(json.dumps(record) + "\n")
    rep = report(setup, units)
    if args.json:
        print(json.dumps(rep))
    else:
        print_report(rep)
    return 0
