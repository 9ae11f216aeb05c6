"""``bolola analyse FILE``: every decision of a record judged, as text or JSON.

FILE (or ``-`` for stdin) holds one record (``{"game", "options", "seed", "moves"}``, the
engine's; a finished match's is the ``record`` of ``GET /api/matches/N/replay``, whose
whole answer is read too) or JSON Lines of records. Exit status, as the referee's: 2 if
any record was malformed, else 1 if any held an illegal move, else 0. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bolola import registry
from bolola.analysis.judgement import JudgeBudget
from bolola.analysis.report import report
from bolola.analysis.review import Review, review_record
from bolola.cli import read_input
from bolola.engine import IllegalAction, Record, RecordError
from bolola.referee import ILLEGAL, MALFORMED, OK, records

DEFAULTS = JudgeBudget()


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("file", metavar="FILE", help="a JSON record or JSON Lines; - for stdin")
    parser.add_argument("--json", action="store_true", help="one JSON object per record")
    parser.add_argument(
        "--seat", type=int, action="append", metavar="N", help="judge this seat only (repeatable)"
    )
    parser.add_argument(
        "--samples",
        type=_positive,
        default=DEFAULTS.samples,
        help=f"play-outs per alternative where no exact value is reached ({DEFAULTS.samples})",
    )
    parser.add_argument(
        "--nodes",
        type=_not_negative,
        default=DEFAULTS.exact_nodes,
        help=f"search nodes an exact solve may visit, 0: never ({DEFAULTS.exact_nodes})",
    )
    parser.add_argument(
        "--alternatives",
        type=_positive,
        default=DEFAULTS.alternatives,
        help=f"the most alternatives played out at one decision ({DEFAULTS.alternatives})",
    )
    parser.add_argument("--seed", type=int, default=0, help="the play-outs' seed (0)")
    parser.add_argument(
        "--min-loss",
        type=float,
        default=0.0,
        metavar="POINTS",
        help="list only decisions that lost at least this many points (0)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        text = read_input(args.file)
    except (OSError, UnicodeDecodeError) as e:
        _fail(args, f"cannot read {args.file}: {e}", None)
        return MALFORMED
    budget = JudgeBudget(args.samples, args.nodes, args.alternatives)
    worst = OK
    for n, raw in records(text):
        status, review, error = analyse_one(raw, args.seat, budget, args.seed)
        worst = max(worst, status)
        if review is None:
            prefix = f"line {n}: " if n > 1 and not error["error"].startswith("line ") else ""
            error["error"] = prefix + error["error"]
            _fail(args, error["error"], error.get("rule"))
        elif args.json:
            print(json.dumps(review.to_json(args.min_loss), separators=(", ", ": ")))
        else:
            sys.stdout.write(report(review, args.min_loss))
    return worst


def analyse_one(
    raw: Any, seats: list[int] | None, budget: JudgeBudget, seed: int
) -> tuple[int, Review | None, dict[str, Any]]:
    """The status and review (or error) for one parsed record."""
    try:
        if isinstance(raw, RecordError):
            raise raw
        record = Record.from_json(engine_record(raw))
        return OK, review_record(record, seats, budget, seed), {}
    except IllegalAction as e:
        return ILLEGAL, None, {"error": e.message, "rule": e.rule}
    except RecordError as e:
        return MALFORMED, None, {"error": str(e)}
    except RecursionError:
        return MALFORMED, None, {"error": "the record is nested too deeply"}


# Keys of the referee's records (docs/records.md), none of which an engine record has.
MATCH_KEYS = ("deals", "rounds")
DEAL_KEYS = ("hands", "play", "placements", "deck", "actions")


def engine_record(raw: Any) -> Any:
    """The engine record in what was read: the record itself, or the answer of ``GET
    /api/matches/N/replay`` (its ``replay.record``). Raises :class:`RecordError` for a
    record of the referee's kind, saying where an engine record comes from, and for an
    unknown game, before any other field of the record is looked at.

    >>> from bolola.registry import registered
    >>> game = registered()[0].name
    >>> engine_record({"replay": {"versions": 0, "record": {"game": game}}}) == {"game": game}
    True
    >>> engine_record({"game": game, "players": [], "deals": []})
    Traceback (most recent call last):
    ...
    bolola.engine.RecordError: this is a match record (the table's download, ...
    >>> engine_record({"game": "nope"})
    Traceback (most recent call last):
    ...
    bolola.engine.RecordError: unknown game 'nope' (known: ...)
    """
    if isinstance(raw, dict) and isinstance(raw.get("replay"), dict):
        raw = raw["replay"]
    if isinstance(raw, dict) and "moves" not in raw and isinstance(raw.get("record"), dict):
        raw = raw["record"]
    if not isinstance(raw, dict):
        return raw  # Record.from_json says what a record is
    if "moves" not in raw:
        kind = (
            "a match record (the table's download, /api/tables/N/record)"
            if any(k in raw for k in MATCH_KEYS)
            else "a deal record (the referee's)"
            if any(k in raw for k in DEAL_KEYS)
            else None
        )
        if kind is not None:
            raise RecordError(
                f"this is {kind}; analyse replays an engine record "
                '({"game", "options", "seed", "moves"}): a finished match\'s is the "record" '
                "of /api/matches/N/replay"
            )
    name = raw.get("game")
    if isinstance(name, str):
        registry.entry(name)  # an unknown game is said first, as it is
    return raw


def _fail(args: argparse.Namespace, message: str, rule: str | None) -> None:
    if args.json:
        out: dict[str, Any] = {"error": message}
        if rule:
            out["rule"] = rule
        print(json.dumps(out))
    else:
        print(f"bolola analyse: {message}" + (f" ({rule})" if rule else ""), file=sys.stderr)


def _positive(text: str) -> int:
    value = _not_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text!r}")
    return value


def _not_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {text!r}")
    return value
