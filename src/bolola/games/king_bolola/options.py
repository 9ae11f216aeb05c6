"""Table options of King Bolola and the first declarer (KB-5, PL-16)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bolola.engine import RecordError


@dataclass(frozen=True, slots=True)
class KingBololaOptions:
    """``king_under_ace``: KH must drop under AH when hearts are led (off by default).
    ``first_declarer``: the seat that declares deal 1 (see :func:`first_declarer`)."""

    king_under_ace: bool = False
    first_declarer: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"king-under-ace": self.king_under_ace, "first-declarer": self.first_declarer}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> KingBololaOptions:
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise RecordError('options must be an object like {"king-under-ace": false}')
        unknown = set(raw) - {"king-under-ace", "first-declarer"}
        if unknown:
            raise RecordError(
                f"unknown option(s) {sorted(unknown)} (known: king-under-ace, first-declarer)"
            )
        kua = raw.get("king-under-ace", False)
        first = raw.get("first-declarer", 0)
        if not isinstance(kua, bool):
            raise RecordError("option king-under-ace must be true or false")
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first <= 3:
            raise RecordError("option first-declarer must be a seat 0..3")
        return cls(kua, first)


@dataclass(frozen=True, slots=True)
class Ranked:
    """A seated player as KB-5 ranks them."""

    name: str
    rating: float


def first_declarer(players: Sequence[Ranked]) -> int:
    """The seat of the highest-rated player; equal ratings go to the name first in
    case-insensitive alphabetical order (KB-5)."""
    order = sorted(
        range(len(players)),
        key=lambda s: (-players[s].rating, players[s].name.casefold(), players[s].name, s),
    )
    return order[0]
