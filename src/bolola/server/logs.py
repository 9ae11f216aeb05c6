"""Structured logs: one JSON object per line, with the ``extra`` fields of each call.

>>> record = logging.makeLogRecord(
...     {"name": "bolola.table", "levelname": "INFO", "msg": "table started", "table": 7,
...      "created": 1796022000.0, "msecs": 0.0})
>>> print(JsonFormatter().format(record))  # doctest: +NORMALIZE_WHITESPACE
{"ts": "2026-11-30T07:00:00.000Z", "level": "info", "logger": "bolola.table",
 "msg": "table started", "table": 7}

uvicorn's ``color_message`` (its message with ANSI colours) is left out:

>>> record.color_message = "table started, in colour"
>>> "color_message" in JsonFormatter().format(record)
False
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

# Attributes every LogRecord has; anything else came in through ``extra``, but for
# uvicorn's ``color_message`` (its message again, with a terminal's ANSI colours).
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}
_DROPPED = _STANDARD | {"color_message"}
# The levels ``BOLOLA_LOG_LEVEL`` may name (settings.py refuses any other).
LEVELS = ("debug", "info", "warning", "error", "critical")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        at = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        out: dict[str, Any] = {
            "ts": f"{at}.{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _DROPPED and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def setup(level: str) -> None:
    """JSON lines on stderr, for every logger, at ``level`` (one of :data:`LEVELS`)."""
    if level.lower() not in LEVELS:
        raise ValueError(f"unknown log level {level!r} (known: {', '.join(LEVELS)})")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
