"""Table options of Baloot: ``strict-trumping`` (BA-15), ``hokum-kaboot-25`` (BA-25)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bolola.engine import RecordError

KEYS = ("strict-trumping", "hokum-kaboot-25")


@dataclass(frozen=True, slots=True)
class BalootOptions:
    """Both off by default: the source's rules."""

    strict_trumping: bool = False
    hokum_kaboot_25: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"strict-trumping": self.strict_trumping, "hokum-kaboot-25": self.hokum_kaboot_25}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> BalootOptions:
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise RecordError('options must be an object like {"strict-trumping": false}')
        unknown = set(raw) - set(KEYS)
        if unknown:
            raise RecordError(f"unknown option(s) {sorted(unknown)} (known: {', '.join(KEYS)})")
        values = [raw.get(k, False) for k in KEYS]
        for key, v in zip(KEYS, values, strict=True):
            if not isinstance(v, bool):
                raise RecordError(f"option {key} must be true or false, not {v!r}")
        return cls(*values)
