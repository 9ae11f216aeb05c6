"""``bolola password NAME``: the room's operator sets a player's password (PL-15).

The room sends no mail, so a person who forgot their password asks the operator, who
sets a new one here and tells them. The new password comes from standard input (asked
twice, unseen, at a terminal; the first line otherwise), never from the command line,
where other users of the machine could read it. Every session of the player is over.
The database is the server's (``--database-url``, else ``BOLOLA_DATABASE_URL``, else
``sqlite:///bolola.db``), and only one that is there: see :mod:`bolola.server.room_database`.
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
        "--database-url",
        help="the server's database: sqlite:///FILE or postgresql://… (default "
        "$BOLOLA_DATABASE_URL, else sqlite:///bolola.db)",
    )


def run(args: argparse.Namespace) -> int:
    from bolola.server.room_database import RoomDatabaseError, existing_database

    # The database first: a wrong one is said before the password is asked for.
    try:
        url = existing_database(args.database_url)
    except RoomDatabaseError as e:
        print(f"bolola password: {e}", file=sys.stderr)
        return e.status
    try:
        password = accounts.check_password(_read_password())
    except ValueError as e:
        print(f"bolola password: {e}", file=sys.stderr)
        return 2
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
