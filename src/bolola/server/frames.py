"""What a table sends a joining or resyncing client (a snapshot, or exactly what it
missed), and everyone at the end of a match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bolola.engine import Outcome, Seat

if TYPE_CHECKING:
    from bolola.progression.settlement import Progress
    from bolola.server.table import Table


def snapshot(table: Table, seat: Seat | None) -> dict[str, Any]:
    """The whole table as ``seat`` may see it (``None``: a spectator)."""
    return {
        "type": "snapshot",
        "table": table.id,
        "game": table.game.name,
        "version": table.version,
        "seat": seat,
        "status": table.status,
        "seats": table.seats_json(),
        "view": table.view_json(seat),
        "clock": table.clock_json(),
        "chat": list(table.chat_log.lines),
        "fairness": table.fair.frame(table.game, table.options, table.state),
    }


def catchup(table: Table, seat: Seat | None, since: int) -> dict[str, Any]:
    """Exactly the updates after ``since``, or a snapshot when they are no longer kept."""
    kept = table.updates
    oldest = kept[0].version if kept else table.version + 1
    if since > table.version or (since < table.version and since + 1 < oldest):
        return snapshot(table, seat)
    missed = [u for u in kept if u.version > since]
    return {
        "type": "catchup",
        "table": table.id,
        "since": since,
        "version": table.version,
        "seat": seat,
        "status": table.status,
        "updates": [{"version": u.version, "events": u.events_for(seat)} for u in missed],
        "seats": table.seats_json(),
        "view": table.view_json(seat),
        "clock": table.clock_json(),
        "fairness": table.fair.frame(table.game, table.options, table.state),
    }


def over(
    table: Table,
    outcome: Outcome,
    names: Sequence[str],
    progress: Sequence[Progress],
    unlocked: dict[int, tuple[str, ...]],
) -> dict[str, Any]:
    """The match's end: scores, ranks, where its record is, and each person's progress
    (rating, XP, league, what they unlocked)."""
    return {
        "type": "over",
        "table": table.id,
        "version": table.version,
        "scores": list(outcome.scores),
        "ranks": list(outcome.ranks),
        # Partners (Baloot): one side, one place; None: each seat alone.
        "teams": None if table.game.teams is None else [list(t) for t in table.game.teams],
        "record": f"/api/tables/{table.id}/record",
        "progress": {
            str(p.seat): {
                "name": names[p.seat],
                **p.to_json(),
                "achievements": list(unlocked.get(p.player_id, ())),
            }
            for p in progress
        },
    }
