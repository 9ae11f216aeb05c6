"""``bolola serve`` with the browser client mounted at ``/``, for the end-to-end tests.

Until ``make_app`` mounts the client itself, this wraps it with ``mount_static`` (which is
idempotent, so it stays correct once it does) and then runs the real ``serve`` command.

    python tests/e2e/serve_client.py serve --port 8123 --database-url sqlite:///x.db
"""

from __future__ import annotations

import sys

from starlette.applications import Starlette

import bolola.server.app as app_module
from bolola.cli import main
from bolola.server.settings import Settings
from bolola.server.static_site import mount_static

_make_app = app_module.make_app


def make_app(settings: Settings) -> Starlette:
    app = _make_app(settings)
    mount_static(app)
    return app


app_module.make_app = make_app

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
