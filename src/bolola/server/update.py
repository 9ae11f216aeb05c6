"""One accepted action as a table keeps it for reconnects."""

from __future__ import annotations

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
