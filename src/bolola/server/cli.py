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


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port (default 8000; 0 picks a free one)")
    parser.add_argument(
        "--database-url", help="sqlite:///FILE (default sqlite:///bolola.db) or postgresql://…"
    )
    parser.add_argument("--log-level", choices=["debug", "info", "warning", "error"])


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from bolola.server import logs
    from bolola.server.app import make_app
    from bolola.store.database import DatabaseUrlError, async_url

    given = {
        k: v
        for k, v in {
            "host": args.host,
            "port": args.port,
            "database_url": args.database_url,
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
    logs.setup(settings.log_level)
    config = uvicorn.Config(
        make_app(settings),
        host=settings.host,
        port=settings.port,
        log_config=None,
        access_log=False,
        ws="websockets-sansio",
        ws_max_size=1 << 20,
        ws_ping_interval=settings.ping_interval or None,
        ws_ping_timeout=settings.ping_timeout or None,
        timeout_graceful_shutdown=5,
        lifespan="on",
    )
    server = _announcing_server()(config)
    server.run()
    return 0 if server.started else 1


def _url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def _announcing_server() -> type[Any]:
    import uvicorn

    class Announcing(uvicorn.Server):
        """Says where to point a browser once the server is listening (port 0 included)."""

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started and self.servers and self.servers[0].sockets:
                port = self.servers[0].sockets[0].getsockname()[1]
                print(
                    f"\nBolola is running: open {_url(self.config.host, port)} "
                    "in your browser (Ctrl+C stops it).\n",
                    flush=True,
                )

    return Announcing
