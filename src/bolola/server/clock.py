"""The move timer of one version (PL-5): armed for that version only."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from bolola.engine import Seat


@dataclass(slots=True)
class Clock:
    """The move timer of one version (PL-5)."""

    version: int
    seats: tuple[Seat, ...]
    deadline: float  # wall clock, seconds
    limit: float
    handle: asyncio.TimerHandle | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "deadline_ms": int(self.deadline * 1000),
            "remaining_ms": max(0, int((self.deadline - time.time()) * 1000)),
            "limit_ms": int(self.limit * 1000),
        }
