"""Checklist item 2: in a phase where several seats act at once, an action made on an
older version is not stale when every action since was another seat's, taken while this
seat was also to move. (Hearts Are Trumps' placements will exercise this end to end; no
registered game has such a phase yet, so the table's rule is checked on its own.)"""

from __future__ import annotations

from dataclasses import dataclass, field

from bolola.server.update import Update, stale


@dataclass
class Log:
    """The two things ``stale`` reads of a table: its version and its recent updates."""

    version: int = 0
    updates: list[Update] = field(default_factory=list)

    def accept(self, seat: int, to_move_before: tuple[int, ...]) -> None:
        self.version += 1
        self.updates.append(Update(self.version, seat, to_move_before, ()))


def is_stale(log: Log, seat: int, version: int) -> bool:
    return stale(log.updates, log.version, seat, version)


def test_both_seats_placing_at_once_are_both_accepted() -> None:
    log = Log()
    log.accept(seat=1, to_move_before=(0, 1))  # seat 1 placed first, both were to move
    assert not is_stale(log, seat=0, version=0)


def test_an_action_after_ones_own_move_or_outside_the_phase_is_stale() -> None:
    log = Log()
    log.accept(seat=0, to_move_before=(0, 1))
    assert is_stale(log, seat=0, version=0)  # this seat acted since: its view is old
    log = Log()
    log.accept(seat=1, to_move_before=(1,))  # an ordinary turn of seat 1
    assert is_stale(log, seat=0, version=0)
    assert not is_stale(log, seat=0, version=1)
    assert is_stale(log, seat=0, version=2)  # a version from the future
