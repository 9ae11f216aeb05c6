"""The room's database for an operator's command (``bolola password``, ``bolola
achievements``): the one ``bolola serve`` would use, and only if it is there already.

The URL is found as the server finds it: ``--database-url``, else ``BOLOLA_DATABASE_URL``,
else the default (``sqlite:///bolola.db``), and checked as the server checks it. A SQLite
file that does not exist is not made, nor one without the room's tables filled with them:
a mistyped path would otherwise become an empty room where every player is "not found".
A database of the room's older version is migrated, as the server would at its start.

>>> database_url("sqlite:///x.db")
'sqlite:///x.db'
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from urllib.parse import quote

from pydantic import ValidationError
from pydantic_settings import BaseSettings

from bolola.server.settings import Settings

# The table every migrated database has (alembic's), whatever the room's version.
VERSION_TABLE = "alembic_version"


class RoomDatabaseError(Exception):
    """Why the command cannot use the database (one line), and its exit status: 2 for a
    URL that is not one, 1 for a database that is not there or cannot be used."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class _DatabaseSetting(BaseSettings):
    """The server's setting of its database alone (its variable, its default): another
    ``BOLOLA_*`` variable the server would refuse does not stop a password's reset."""

    model_config = Settings.model_config
    database_url: str = Settings.model_fields["database_url"].default


def database_url(given: str | None) -> str:
    """``--database-url`` when given, else what the server would take."""
    if given is not None:
        return given
    return _DatabaseSetting().database_url


def existing_database(given: str | None) -> str:
    """The URL of the room's database, checked to be one the server could serve (migrated
    to the newest version if it was older); raises :class:`RoomDatabaseError`."""
    from sqlalchemy.engine import make_url

    from bolola.server.cli import database_problem
    from bolola.store.database import DatabaseUrlError, async_url

    url = database_url(given)
    try:
        # The server's own checks of the setting, then of the URL, as `bolola serve` runs them.
        Settings.__pydantic_validator__.validate_assignment(
            Settings.model_construct(), "database_url", url
        )
        async_url(url)
    except ValidationError as e:
        raise RoomDatabaseError("; ".join(str(x["msg"]) for x in e.errors()), 2) from None
    except DatabaseUrlError as e:
        raise RoomDatabaseError(str(e), 2) from None
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        _sqlite_file(parsed.database or "", bool(parsed.query.get("uri")))
    problem = database_problem(url)
    if problem is not None:
        raise RoomDatabaseError(problem, 1)
    return url


def _sqlite_file(path: str, uri: bool) -> None:
    """Refuses a SQLite database that is not a file of the room's: none (in memory), a
    file that is not there, an empty one, or one without the room's tables."""
    if uri or path.startswith("file:"):
        return  # an SQLite URI filename: SQLite's own to read
    if path in ("", ":memory:"):
        raise RoomDatabaseError(
            "a SQLite database in memory is empty for every command; give the server's "
            "--database-url (sqlite:///FILE)",
            2,
        )
    full = os.path.abspath(path)
    if not os.path.exists(full):
        raise RoomDatabaseError(
            f"no database at {full} (start the server once to make it, or give --database-url)",
            1,
        )
    if os.path.isfile(full) and os.path.getsize(full) == 0:
        raise RoomDatabaseError(
            f"no database at {full}: the file is empty (start the server once to make it, "
            "or give --database-url)",
            1,
        )
    tables = _tables(full)
    if tables is not None and VERSION_TABLE not in tables:
        raise RoomDatabaseError(
            f"{full} is not the room's database (none of its tables are in it); "
            "give --database-url",
            1,
        )


def _tables(path: str) -> set[str] | None:
    """The tables of a SQLite file, read without writing to it; None when it cannot be
    read (the check that follows says why)."""
    try:
        db = sqlite3.connect(f"file:{quote(path)}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        with contextlib.closing(db.cursor()) as cursor:
            rows = cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            return {str(row[0]) for row in rows}
    except sqlite3.Error:
        return None
    finally:
        db.close()
