"""``bolola password NAME``: the room's operator sets a player's password (PL-15).

The room sends no mail, so a person who forgot their password asks the operator, who
sets a new one here and tells them. The new password comes from standard input (asked
twice, unseen, at a terminal; the first line otherwise), never from the command line,
where other users of the machine could read it. Every session of the player is over.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys

from bolola.server import accounts
from bolola.store.store import Store


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("player", help="the player's name")
    parser.add_argument(
        "--database-url", help="sqlite:///FILE (default sqlite:///bolola.db) or postgresql://…"
    )


def run(args: argparse.Namespace) -> int:
    from bolola.server.cli import database_problem

    url = args.database_url or "sqlite:///bolola.db"
    try:
        password = accounts.check_password(_read_password())
    except ValueError as e:
        print(f"bolola password: {e}", file=sys.stderr)
        return 2
    problem = database_problem(url)
    if problem is not None:
        print(f"bolola password: {problem}", file=sys.stderr)
        return 1
    return asyncio.run(_set(url, args.player, password))


def _read_password() -> str:
    if not sys.stdin.isatty():
        return sys.stdin.readline().removesuffix("\n").removesuffix("\r")
    try:
        first = getpass.getpass("new password: ")
        again = getpass.getpass("the same again: ")
    except (EOFError, KeyboardInterrupt):
        raise ValueError("no password given") from None
    if first != again:
        raise ValueError("the two passwords differ")
    return first


async def _set(url: str, name: str, password: str) -> int:
    store = await Store.open(url)
    try:
        player = await store.player_named(name)
        if player is None:
            print(f"bolola password: no player named {name!r}", file=sys.stderr)
            return 1
        if player.is_guest:
            print(
                f"bolola password: {player.name} is a guest; a guest keeps their player "
                "from their profile page",
                file=sys.stderr,
            )
            return 1
        await store.set_password(player.id, await accounts.hash_password_async(password))
        print(f"the password of {player.name} is set; every session of theirs is over")
        return 0
    finally:
        await store.close()
