"""``bolola serve``: the card room server.

    bolola serve                                  # 127.0.0.1:8000, ./bolola.db
    bolola serve --port 9000 --database-url postgresql://bolola@localhost/bolola

Settings come from ``BOLOLA_*`` environment variables (see settings.py); the options
here override them. SIGINT/SIGTERM stop it gracefully: connections are closed, queued
writes committed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pydantic import ValidationError

from bolola.server.settings import Settings

# On stopping, a connection still unable to close this long after being told is cut.
CUT_AFTER = 1.0


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


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from bolola.server import allocator, logs
    from bolola.server.app import make_app
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
    allocator.report()
    problem = database_problem(settings.database_url)
    if problem is not None:
        print(f"bolola serve: {problem}", file=sys.stderr, flush=True)
        return 1
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
    server = _announcing_server()(config)
    server.run()
    return 0 if server.started else 1


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
