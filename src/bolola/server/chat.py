"""A table's chat (PL-6): each line checked and rate-limited, the last ones kept."""

from __future__ import annotations

from collections import deque
from datetime import datetime
from typing import Any

from bolola.server.limits import Buckets
from bolola.server.protocol import ProtocolError
from bolola.server.settings import Settings

KEPT = 50  # lines a newcomer's snapshot carries


class Chat:
    def __init__(self, settings: Settings) -> None:
        self.lines: deque[dict[str, Any]] = deque(maxlen=KEPT)
        self.buckets = Buckets(settings.chat_per_second, settings.chat_burst)
        self.max_chars = settings.chat_max_chars

    def check(self, player_id: int, text: str) -> str:
        """The line as it will be said, or the reason it is refused."""
        text = text.strip()
        if not text:
            raise ProtocolError("chat_empty")
        if len(text) > self.max_chars:
            raise ProtocolError("chat_too_long", f"a chat line has at most {self.max_chars} chars")
        if not self.buckets.take(player_id):
            # Its own code: the page keeps a refused line in the box and says so, to be
            # sent again in a moment (a line dropped unsaid was lost to the player).
            raise ProtocolError("chat_too_fast", "chat: too many lines; wait a moment")
        return text

    def add(self, name: str, seat: int | None, text: str, at: datetime) -> dict[str, Any]:
        line = {"from": name, "seat": seat, "text": text, "at": at.isoformat()}
        self.lines.append(line)
        return line

    def load(self, rows: list[tuple[str, str, datetime]]) -> None:
        """Lines from the database, after a restart."""
        for name, text, at in rows:
            self.lines.append({"from": name, "seat": None, "text": text, "at": at.isoformat()})
