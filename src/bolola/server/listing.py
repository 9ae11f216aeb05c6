"""Whom the lobby lists a table to (PL-2), and what a lobby hears when a table changes:
its summary where it is listed now, ``unlisted`` where it was listed and may be no
longer (a challenge declined, lapsed or withdrawn takes the invitation with it).

The same for this process's tables (:meth:`Room._changed`) and for another process's,
as its owner shared them (:meth:`Room._tell_lobby`): who could see the table before is
the audience the last change was told to.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from bolola.server.protocol import dumps
from bolola.server.seat import Listener
from bolola.store.store import PlayerInfo


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may see a table in the lobby: anyone, or (``access: invited``) its host and
    its invited."""

    access: str
    host_id: int | None
    invited: frozenset[int]

    def admits(self, player: PlayerInfo | None) -> bool:
        return admits(player, self.access, self.host_id, self.invited)

    @classmethod
    def shared(cls, shared: dict[str, Any] | None) -> Audience | None:
        """The audience of another process's table, from its entry in the lobby hash."""
        if shared is None:
            return None
        return cls(shared["s"]["access"], shared["h"], frozenset(shared["i"]))


def admits(
    player: PlayerInfo | None, access: str, host_id: int | None, invited: Collection[int]
) -> bool:
    """PL-2: a table for invited players only is listed to its host and its invited."""
    if access != "invited":
        return True
    return player is not None and (player.id == host_id or player.id in invited)


def tell(
    lobby: Iterable[Listener],
    table_id: int,
    summary: dict[str, Any] | None,
    now: Audience | None,
    before: Audience | None,
) -> None:
    """A table changed (``summary`` None: it left every listing unseen, a lost broadcast
    mended): its summary to the lobbies ``now`` admits, ``unlisted`` to those ``before``
    admitted and ``now`` does not. Each frame encoded once, however many hear it."""
    listed = None if summary is None else dumps({"type": "lobby", "table": summary})
    gone: str | None = None
    for conn in lobby:
        if listed is not None and now is not None and now.admits(conn.player):
            conn.send(listed)
        elif before is not None and before.admits(conn.player):
            gone = gone or dumps({"type": "lobby", "unlisted": table_id})
            conn.send(gone)
