"""One accepted action as a table keeps it for reconnects."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bolola.engine import Event, Seat


@dataclass(frozen=True, slots=True)
class Update:
    """One accepted action as the log keeps it for reconnects."""

    version: int
    seat: Seat
    to_move_before: tuple[Seat, ...]
    events: tuple[Event, ...]

    def events_for(self, seat: Seat | None) -> list[str]:
        # An event hidden from this seat leaves only its version behind (the gap is visible).
        return [str(e) for e in self.events if e.audience is None or seat in e.audience]


def stale(kept: Iterable[Update], now: int, seat: Seat, version: int) -> bool:
    """An action of ``seat`` made on ``version`` while the table is at ``now``: stale
    unless every action since (``kept``: the recent updates) was another seat's while
    this seat was also to move (a phase where seats act at once)."""
    if version == now:
        return False
    if version > now:
        return True
    missed = [u for u in kept if u.version > version]
    if len(missed) != now - version:
        return True
    return any(u.seat == seat or seat not in u.to_move_before for u in missed)
