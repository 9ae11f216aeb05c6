"""The ``bolola`` command: one sub-command per module, each with ``configure`` and ``run``.

bolola legal FILE      legal moves for records (the referee)
bolola score FILE      scores for records (the referee)
bolola play            a match of any game in the terminal, against bots
bolola bench engine    random-playout speed
bolola arena …         bots against bots, duplicate deals
bolola serve           the card room server
bolola verify FILE     check a record's deals against its commitment (provably fair deals)
bolola analyse FILE    every decision of a record judged, with the points it cost
bolola achievements    find matches' feats; show a player's achievements
bolola password NAME   set a player's password (the operator, for one who forgot theirs)
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, Protocol, cast

from bolola.engine import RecordError

# name -> (module, one-line help). A module provides configure(parser) and run(args) -> int.
COMMANDS: dict[str, tuple[str, str]] = {
    "legal": ("bolola.referee", "legal moves for each record of FILE (or - for stdin)"),
    "score": ("bolola.referee", "scores for each record of FILE (or - for stdin)"),
    "play": ("bolola.terminal", "play a match in the terminal against bots (--game G)"),
    "bench": ("bolola.bench", "measure speed: engine, bots, solver, server or referee"),
    "arena": ("bolola.arena_cli", "bots against bots over duplicate deals, with a report"),
    "serve": ("bolola.server.cli", "start the card room server"),
    "verify": ("bolola.verify", "check every deal of a record against its revealed seeds"),
    "analyse": ("bolola.analysis.cli", "judge every decision of a record (JSON or text)"),
    "achievements": ("bolola.server.milestones", "find matches' feats; show achievements"),
    "password": ("bolola.server.password", "set a player's password (read from standard input)"),
}


def option_pairs(pairs: Sequence[str]) -> dict[str, Any]:
    """Table options given as ``--option KEY=VALUE`` (the value read as JSON, else kept
    as text), in their JSON form for ``Game.parse_options``; raises ``RecordError``.

    >>> option_pairs(["target=200", "king-under-ace=true", "name=x"])
    {'target': 200, 'king-under-ace': True, 'name': 'x'}
    """
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise RecordError(f"--option takes KEY=VALUE, not {pair!r}")
        try:
            out[key.strip()] = json.loads(value)
        except ValueError:
            out[key.strip()] = value
    return out


def read_input(path: str) -> str:
    """The text of a command's FILE argument (``-``: standard input); raises OSError or
    UnicodeDecodeError, which each command reports in its own form."""
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


class Command(Protocol):
    def configure(self, parser: argparse.ArgumentParser, name: str) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def main(argv: Sequence[str] | None = None) -> int:
    # Ctrl-C at any time, a command's imports included: "interrupted", as during its run.
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None = None) -> int:
    if argv is None and sys.argv[1:2] == ["serve"]:
        import signal

        # The server starts itself again on jemalloc (server/allocator.py) before it
        # imports anything more: every module loaded before would be loaded twice.
        # Meanwhile Ctrl-C is held (the block outlives the exec) until the new process
        # is here to take it as at any other time.
        from bolola.server.allocator import restart_on_jemalloc

        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            restart_on_jemalloc(os.environ.get("BOLOLA_ALLOCATOR", "jemalloc"))
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    parser = argparse.ArgumentParser(prog="bolola", description="Bolola, an online card room.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    # Only the command asked for is imported and given its options (a second or more of
    # imports saved: the server's and the database's for `bolola legal`); the others are
    # listed by name. Anything else (no command, --help, a typo) loads them all.
    given = sys.argv[1:] if argv is None else list(argv)
    wanted = given[0] if given and given[0] in COMMANDS else None
    modules: dict[str, Command] = {}
    for name, (module_name, help_text) in COMMANDS.items():
        if wanted is not None and name != wanted:
            sub.add_parser(name, help=help_text, description=help_text)
            continue
        try:
            module = cast(Command, importlib.import_module(module_name))
        except ModuleNotFoundError as e:
            if not (e.name or "").startswith("bolola"):
                raise
            continue
        modules[name] = module
        module.configure(sub.add_parser(name, help=help_text, description=help_text), name)
    args = parser.parse_args(argv)
    try:
        return modules[args.command].run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
