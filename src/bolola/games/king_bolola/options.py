"""Table options of King Bolola and the first declarer (KB-5, PL-16)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bolola.engine import RecordError, Seated


@dataclass(frozen=True, slots=True)
class KingBololaOptions:
    """``king_under_ace``: KH must drop under AH when hearts are led (off by default).
    ``first_declarer``: the seat that declares deal 1; ``None`` until the players are
    seated, when the table ranks them (:func:`first_declarer`); a game started without
    a table begins with seat 0."""

    king_under_ace: bool = False
    first_declarer: int | None = None

    @property
    def first_seat(self) -> int:
        return self.first_declarer or 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"king-under-ace": self.king_under_ace}
        if self.first_declarer is not None:
            out["first-declarer"] = self.first_declarer
        return out

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
        first = raw.get("first-declarer")
        if not isinstance(kua, bool):
            raise RecordError("option king-under-ace must be true or false")
        if first is not None and (
            not isinstance(first, int) or isinstance(first, bool) or not 0 <= first <= 3
        ):
            raise RecordError("option first-declarer must be a seat 0..3")
        return cls(kua, first)


def first_declarer(players: Sequence[Seated]) -> int:
    """The seat of the highest-rated player; equal ratings go to the name first in
    case-insensitive alphabetical order (KB-5)."""
    order = sorted(
        range(len(players)),
        key=lambda s: (-players[s].rating, players[s].name.casefold(), players[s].name, s),
    )
    return order[0]
