"""Table options of Hearts Are Trumps: the target score that ends the match (HT-16)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bolola.engine import RecordError

MAX_TARGET = 10_000
"""A deal gives at most 200 points (HT-15): this bounds a match to about a hundred deals."""


@dataclass(frozen=True, slots=True)
class HeartsTrumpsOptions:
    """``target``: the total that wins the match after a deal (HT-16; 500 by default)."""

    target: int = 500

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> HeartsTrumpsOptions:
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise RecordError('options must be an object like {"target": 500}')
        unknown = set(raw) - {"target"}
        if unknown:
            raise RecordError(f"unknown option(s) {sorted(unknown)} (known: target)")
        target = raw.get("target", 500)
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_TARGET:
            raise RecordError(
                f"option target must be a whole number 1..{MAX_TARGET}, not {target!r}"
            )
        return cls(target)
