"""Table options of Jolly: ``players`` (2, 3 or 4; JO-1) and ``target`` (100, 250 or
500 points; JO-20).

>>> JollyOptions.from_json({"players": 3}).to_json()
{'players': 3, 'target': 100}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bolola.engine import RecordError

PLAYERS = (2, 3, 4)
TARGETS = (100, 250, 500)


@dataclass(frozen=True, slots=True)
class JollyOptions:
    """Four players to 100 by default: the rules name no default target, so the smallest."""

    players: int = 4
    target: int = 100

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> JollyOptions:
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise RecordError('options must be an object like {"players": 4, "target": 100}')
        unknown = set(raw) - {"players", "target"}
        if unknown:
            raise RecordError(f"unknown option(s) {sorted(unknown)} (known: players, target)")
        players = raw.get("players", 4)
        target = raw.get("target", 100)
        if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYERS:
            raise RecordError(f"option players must be 2, 3 or 4, not {players!r} (JO-1)")
        if not isinstance(target, int) or isinstance(target, bool) or target not in TARGETS:
            raise RecordError(f"option target must be 100, 250 or 500, not {target!r} (JO-20)")
        return cls(players, target)
