"""The browser client, served at ``/`` from the package's ``static/`` folder (``make client``
builds it there).

Client-side routes (``/table/7``) get ``index.html`` so a reload lands on the same screen;
``/api/…``, ``/ws`` and ``/healthz`` are never answered with the page.

Used as::

    app = make_app(settings)
    mount_static(app)   # after every other route
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

STATIC_DIR = Path(__file__).parent / "static"
MOUNT_NAME = "client"
NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>Bolola</title>
<p>The browser client is not built yet: run <code>make client</code> (or
<code>make setup</code>) and reload.</p>"""
# Paths the server owns: a missing one there is a real 404, never the client page.
SERVER_PREFIXES = ("api/", "ws", "healthz")
# A missing file the page itself asks for is a real 404 too; any other path is a client
# route, dots and all (``/player/ana.b``: player names may hold dots).
ASSET_SUFFIXES = (
    ".js",
    ".css",
    ".map",
    ".png",
    ".svg",
    ".ico",
    ".json",
    ".woff2",
    ".txt",
    ".wav",
    ".md",
)


class ClientFiles(StaticFiles):
    """StaticFiles with the single-page fallback: an unknown path serves ``index.html``."""

    async def check_config(self) -> None:
        # An unbuilt client is not an error of the server: the fallback page says what to do.
        if Path(str(self.directory)).is_dir():
            await super().check_config()

    async def get_response(self, path: str, scope: Scope) -> Response:
        try:
            return await super().get_response(path, scope)
        except HTTPException as e:
            if (
                e.status_code != 404
                or path.startswith(SERVER_PREFIXES)
                or path.startswith("assets/")
                or path.endswith(ASSET_SUFFIXES)
            ):
                raise
        index = Path(str(self.directory)) / "index.html"
        if not index.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        return await super().get_response("index.html", scope)


def mount_static(app: Starlette, directory: Path = STATIC_DIR) -> None:
    """Serve the client at ``/``; idempotent, and always the last route."""
    if any(getattr(r, "name", None) == MOUNT_NAME for r in app.router.routes):
        return
    files = ClientFiles(directory=directory, html=True, check_dir=False)
    app.router.routes.append(Mount("/", app=files, name=MOUNT_NAME))
