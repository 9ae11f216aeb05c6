"""``bolola serve``: the card room server.

    bolola serve                                  # 127.0.0.1:8000, ./bolola.db
    bolola serve --port 9000 --database-url postgresql://bolola@localhost/bolola

Settings come from ``BOLOLA_*`` environment variables (see settings.py); the options
here override them. SIGINT/SIGTERM stop it gracefully: connections are closed, queued
writes committed.

Before it migrates or restores anything, the server takes what no other process may
share with it, and says in one line why it cannot: its port (bound at once, served once
the room is ready), its SQLite database (one server per file: a lock beside it, held
while it runs), and with ``--redis-url`` its process id among the others
(``Cluster.claim``).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import socket
import sys
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from bolola.server.settings import Settings

# On stopping, a connection still unable to close this long after being told is cut.
CUT_AFTER = 1.0
# Beside a SQLite database ``x.db``: ``x.db.serve.lock``, locked by the server using it.
LOCK_SUFFIX = ".serve.lock"


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port (default 8000; 0 picks a free one)")
    parser.add_argument(
        "--database-url", help="sqlite:///FILE (default sqlite:///bolola.db) or postgresql://…"
    )
    parser.add_argument(
        "--redis-url", help="redis://HOST:PORT/DB: run as one of several processes (PostgreSQL)"
    )
    parser.add_argument("--process-id", help="this process's name among the others")
    parser.add_argument("--log-level", choices=["debug", "info", "warning", "error"])


class StartError(Exception):
    """Why the server does not start, in one line (exit status 1)."""


def run(args: argparse.Namespace) -> int:
    from bolola.server import allocator, logs
    from bolola.store.database import DatabaseUrlError, async_url

    given = {
        k: v
        for k, v in {
            "host": args.host,
            "port": args.port,
            "database_url": args.database_url,
            "redis_url": args.redis_url,
            "process_id": args.process_id,
            "log_level": args.log_level,
        }.items()
        if v is not None
    }
    try:
        settings = Settings(**given)
        async_url(settings.database_url)
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())
        print(f"bolola serve: bad setting: {problems}", file=sys.stderr)
        return 2
    except DatabaseUrlError as e:
        print(f"bolola serve: {e}", file=sys.stderr)
        return 2
    if settings.redis_url and settings.database_url.startswith("sqlite"):
        print(
            "bolola serve: several processes (--redis-url) share a PostgreSQL database, "
            "not SQLite; give --database-url postgresql://…",
            file=sys.stderr,
        )
        return 2
    logs.setup(settings.log_level)
    served = False
    with contextlib.ExitStack() as held:
        try:
            sockets = listening(settings.host, settings.port, held)
            lock_database(settings.database_url, held)
            if settings.redis_url:
                claim_process_id(settings)
                # A server that does not start lets its id go at once (one that started
                # did, as it stopped): the next start need not wait for it to lapse.
                held.callback(let_process_id_go, settings, lambda: served)
            allocator.report()
            problem = database_problem(settings.database_url)
            if problem is not None:
                raise StartError(problem)
        except StartError as e:
            print(f"bolola serve: {e}", file=sys.stderr, flush=True)
            return 1
        server = _server(settings)
        try:
            server.run(sockets=sockets)
        finally:
            served = server.started
        return 0 if server.started else 1
    raise AssertionError("unreachable")  # pragma: no cover (mypy: the with may swallow)


def _server(settings: Settings) -> Any:
    import uvicorn

    from bolola.server.app import make_app

    config = uvicorn.Config(
        make_app(settings),
        host=settings.host,
        port=settings.port,
        log_config=None,
        access_log=False,
        # uvicorn believes X-Forwarded-For from 127.0.0.1 by default; the app believes it
        # only from BOLOLA_TRUSTED_PROXIES (app.client_address), so the peer stays the peer.
        proxy_headers=False,
        ws=settings.websocket_protocol,
        ws_per_message_deflate=settings.websocket_compression,
        # libuv's event loop: the loop's own work per frame halves. HTTP stays on h11
        # (httptools did nothing for WebSocket frames, and raced a refused body's close).
        loop="uvloop",
        http="h11",
        ws_max_size=1 << 20,
        ws_ping_interval=settings.ping_interval or None,
        ws_ping_timeout=settings.ping_timeout or None,
        timeout_graceful_shutdown=5,
        lifespan="on",
    )
    return _announcing_server()(config)


def listening(host: str, port: int, held: contextlib.ExitStack) -> list[socket.socket]:
    """The server's sockets, bound now (before anything is migrated or restored: a port in
    use is known at once) as uvicorn would bind them (asyncio's ``create_server``: every
    address of ``host``, IPv6 ones IPv6 only, an address family the machine lacks
    skipped), and served once the room is ready; until then a connection is refused."""
    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as e:
        raise StartError(f"cannot listen on {host}: {e.strerror}") from None
    sockets: list[socket.socket] = []
    for family, kind, proto, _, address in dict.fromkeys(found):
        sock = held.enter_context(socket.socket(family, kind, proto))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        try:
            sock.bind(address)
        except OSError as e:
            if e.errno == errno.EADDRNOTAVAIL and len(found) > 1:
                continue  # that family is not enabled here (bpo-30945)
            if e.errno == errno.EADDRINUSE:
                raise StartError(f"port {port} is in use") from None
            raise StartError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
        sockets.append(sock)
    if not sockets:
        raise StartError(f"cannot listen on {host}:{port}: no address of it is this machine's")
    return sockets


def sqlite_file(url: str) -> str | None:
    """The file of a SQLite database URL, its symbolic links resolved; None for another
    database, or one in memory.

    >>> sqlite_file("sqlite:////srv/room/bolola.db"), sqlite_file("postgresql://h/db")
    ('/srv/room/bolola.db', None)
    >>> sqlite_file("sqlite:///file:/srv/b.db?mode=rwc&uri=true")
    '/srv/b.db'
    """
    from urllib.parse import unquote, urlsplit

    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    path = parsed.database or ""
    uri = str(parsed.query.get("uri", "")).lower() in ("true", "1", "yes", "on")
    if uri and path.startswith("file:"):
        split = urlsplit(path)
        if "mode=memory" in split.query:
            return None
        path = unquote(split.path)
    if path in ("", ":memory:"):
        return None
    return os.path.realpath(path)


def lock_database(url: str, held: contextlib.ExitStack) -> None:
    """One server per SQLite database: a second one would restore the same tables and
    play them too, each refused by the other's writes. The server holds an exclusive
    lock (``flock``) on ``LOCK_SUFFIX`` beside the file while it runs; the system lets
    it go when the process ends, however it ends. Other commands (``bolola password``,
    ``bolola achievements``) do not take it. PostgreSQL needs none: several processes
    share it through Redis (``--redis-url``)."""
    import fcntl

    path = sqlite_file(url)
    if path is None:
        return
    lock = path + LOCK_SUFFIX
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
    except FileNotFoundError:
        return  # no such folder: the database's own check says so
    except OSError as e:
        raise StartError(
            f"cannot lock the database {path} for this server ({lock}): {e.strerror}"
        ) from None
    held.callback(os.close, fd)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 20, 0).decode(errors="replace").strip()
        by = f" (process {holder})" if holder.isdigit() else ""
        raise StartError(
            f"another bolola serve{by} is running on {path}: one server per SQLite database"
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)


def claim_process_id(settings: Settings) -> None:
    """Redis answers, and the process id is this run's (``cluster.claim_id``)."""
    import asyncio

    from redis.exceptions import AuthenticationError, RedisError
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    from bolola.server.cluster import ProcessIdTakenError, claim_id

    try:
        asyncio.run(claim_id(settings.redis_url, settings.process_id, settings.lease_seconds))
    except ProcessIdTakenError as e:
        raise StartError(str(e)) from None
    except AuthenticationError as e:
        raise StartError(
            f"Redis at {shown_url(settings.redis_url)} refuses: {_reason(e)}"
        ) from None
    except (RedisConnectionError, RedisTimeoutError, OSError) as e:
        where = shown_url(settings.redis_url)
        raise StartError(f"Redis at {where} does not answer: {_reason(e)}") from None
    except RedisError as e:
        raise StartError(
            f"Redis at {shown_url(settings.redis_url)} refuses: {_reason(e)}"
        ) from None


def let_process_id_go(settings: Settings, served: Callable[[], bool]) -> None:
    """The id :func:`claim_process_id` took let go, unless the server started (its
    room's cluster let it go as it stopped)."""
    import asyncio

    from bolola.server.cluster import let_id_go

    if not served():
        asyncio.run(let_id_go(settings.redis_url, settings.process_id))


def shown_url(url: str) -> str:
    """A URL as it may be shown: its password hidden.

    >>> shown_url("redis://:s3cret@cache:6379/0"), shown_url("redis://127.0.0.1:1/0")
    ('redis://:***@cache:6379/0', 'redis://127.0.0.1:1/0')
    """
    from urllib.parse import urlsplit, urlunsplit

    try:
        split = urlsplit(url)
        if split.password is None:
            return url
        user = split.username or ""
        host = split.netloc.rpartition("@")[2]
        return urlunsplit(split._replace(netloc=f"{user}:***@{host}"))
    except ValueError:
        return url


def _reason(e: BaseException) -> str:
    return " ".join(str(e).split())[:300] or type(e).__name__


def database_problem(url: str) -> str | None:
    """Why the database cannot serve (migrations, a real read, a real write), or None;
    asked before a command uses it, so that a bad URL or path is one line, not a traceback."""
    import asyncio
    import logging

    from sqlalchemy.engine import make_url

    from bolola.store.store import Store

    async def check() -> None:
        store = await Store.open(url)
        try:
            await store.check_health()
        finally:
            await store.close()

    # The one line below says what failed; the writer's traceback would bury it.
    quiet = logging.getLogger("bolola.store")
    was = quiet.disabled
    quiet.disabled = True
    try:
        asyncio.run(check())
    except Exception as e:
        parsed = make_url(url)
        shown = url if parsed.password is None else parsed.render_as_string(hide_password=True)
        reason = " ".join(str(e).split())[:300] or type(e).__name__
        return f"the database {shown} cannot be read and written: {reason}"
    finally:
        quiet.disabled = was
    return None


def _url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def _announcing_server() -> type[Any]:
    import asyncio

    import uvicorn

    class Announcing(uvicorn.Server):
        """Says where to point a browser once the server is listening (port 0 included);
        stops the tables first when it stops, and cuts connections that cannot close."""

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started and self.servers and self.servers[0].sockets:
                port = self.servers[0].sockets[0].getsockname()[1]
                print(
                    f"\nBolola is running: open {_url(self.config.host, port)} "
                    "in your browser (Ctrl+C stops it).\n",
                    flush=True,
                )

        async def shutdown(self, sockets: Any = None) -> None:
            # Tables first: an all-bot table would go on playing, and sending to its
            # watchers, for as long as their connections take to close.
            server = getattr(getattr(self.config.app, "state", None), "server", None)
            if server is not None:
                await server.stop_tables()
            # A client that reads nothing cannot be sent the close: its connection would
            # hold the shutdown for uvicorn's whole graceful timeout.
            cut = asyncio.get_running_loop().call_later(CUT_AFTER, self._cut_stuck)
            try:
                await super().shutdown(sockets)
            finally:
                cut.cancel()

        def _cut_stuck(self) -> None:
            for connection in list(self.server_state.connections):
                transport = getattr(connection, "transport", None)
                if transport is not None and transport.is_closing():
                    transport.abort()  # closing for a second already, its data unsent

    return Announcing
