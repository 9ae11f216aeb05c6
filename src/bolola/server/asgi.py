"""The application built from ``BOLOLA_*`` alone, for ASGI servers other than uvicorn
(``bolola bench server --server granian`` starts granian on it)::

    BOLOLA_DATABASE_URL=sqlite:///bolola.db granian --interface asgi --factory \
        bolola.server.asgi:from_environment

``bolola serve`` (uvicorn) is the supported server: it checks the database before it
listens and stops the tables before the connections.
"""

from __future__ import annotations

from typing import Any

from starlette.types import ASGIApp

from bolola.server import logs
from bolola.server.app import make_app
from bolola.server.settings import Settings


def from_environment() -> ASGIApp:
    given: dict[str, Any] = {}  # every setting from the environment
    settings = Settings(**given)
    logs.setup(settings.log_level)
    return make_app(settings)
