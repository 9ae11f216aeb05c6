"""The referee: ``bolola legal FILE`` and ``bolola score FILE``.

FILE (or ``-`` for stdin) holds one JSON record, or JSON Lines of records; each record gets
one JSON answer line. An illegal card, contract or placement answers
``{"error": …, "rule": "KB-22"}``, a malformed record ``{"error": …}``. Exit status: 2 if
any record was malformed, else 1 if any was illegal, else 0. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from bolola.cli import read_input
from bolola.engine import IllegalAction, RecordError
from bolola.registry import registered

OK, ILLEGAL, MALFORMED = 0, 1, 2


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("file", metavar="FILE", help="a JSON record or JSON Lines; - for stdin")


def run(args: argparse.Namespace) -> int:
    try:
        text = read_input(args.file)
    except (OSError, UnicodeDecodeError) as e:
        print(json.dumps({"error": f"cannot read {args.file}: {e}"}))
        return MALFORMED
    return referee(text, args.command, sys.stdout)


def records(text: str) -> Iterator[tuple[int, Any]]:
    """``(line number, parsed record or the RecordError)`` for each record of the text."""
    stripped = text.strip()
    if not stripped:
        yield 0, RecordError("no record: the input is empty")
        return
    try:
        yield 1, json.loads(stripped)
        return
    except json.JSONDecodeError:
        pass
    except RecursionError:
        yield 1, RecordError("the record is nested too deeply")
        return
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield n, json.loads(line)
        except json.JSONDecodeError as e:
            yield n, RecordError(f"line {n}: bad JSON: {e.msg} at column {e.colno}")
        except RecursionError:
            yield n, RecordError(f"line {n}: the record is nested too deeply")


def answer(raw: Any, command: str) -> tuple[int, dict[str, Any]]:
    """The status and answer for one parsed record."""
    try:
        if isinstance(raw, RecordError):
            raise raw
        if not isinstance(raw, dict):
            raise RecordError("a record is a JSON object")
        name = raw.get("game")
        games = {g.name: g for g in registered()}
        game = games.get(name) if isinstance(name, str) else None
        if game is None:
            known = ", ".join(sorted(games))
            raise RecordError(f"record.game must name a game ({known}), not {name!r}")
        return OK, game.check_record(raw) if command == "legal" else game.score_record(raw)
    except IllegalAction as e:
        return ILLEGAL, {"error": e.message, "rule": e.rule}
    except RecordError as e:
        return MALFORMED, {"error": str(e)}
    except RecursionError:
        return MALFORMED, {"error": "the record is nested too deeply"}


def referee(text: str, command: str, out: TextIO) -> int:
    worst = OK
    lines = []
    for n, raw in records(text):
        status, reply = answer(raw, command)
        if status != OK and n > 1 and "error" in reply:
            reply["error"] = (
                f"line {n}: {reply['error']}"
                if not reply["error"].startswith("line ")
                else reply["error"]
            )
        worst = max(worst, status)
        lines.append(json.dumps(reply, separators=(", ", ": ")))
    out.write("\n".join(lines) + "\n")
    return worst
