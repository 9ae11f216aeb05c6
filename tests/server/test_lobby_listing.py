"""The lobby of one process hearing another's private table, without Redis: the owner's
broadcasts, and the whole read of the lobby hash that mends a broadcast this process
missed. Whoever the table's listing leaves out (an invitation ended) hears it is
unlisted; whoever it still admits hears the table; a stranger hears nothing."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import orjson

from bolola.server.cluster import Cluster
from bolola.server.protocol import dumps
from bolola.server.remote import Remote
from bolola.server.room import Room
from bolola.server.settings import Settings
from bolola.store.store import PlayerInfo, Store

TABLE = 9
HOST, FRIEND, OTHER, STRANGER = 1, 2, 3, 4


@dataclass
class Hash:
    """The lobby hash as another process ``p1`` wrote it."""

    me: str = "p2"
    entries: dict[int, str] = field(default_factory=dict)

    async def shared(self) -> dict[int, str]:
        return dict(self.entries)


@dataclass(eq=False)
class Lobby:
    player: PlayerInfo
    fold_acks: bool = False
    frames: list[dict[str, Any]] = field(default_factory=list)

    def send(self, message: dict[str, Any] | str) -> None:
        self.frames.append(orjson.loads(message) if isinstance(message, str) else message)

    def heard(self) -> list[Any]:
        """What it heard of the table since last asked: its status, or ``unlisted``."""
        out = [f["table"]["status"] if "table" in f else "unlisted" for f in self.frames]
        self.frames.clear()
        return out


def shared(invited: list[int], status: str = "open") -> dict[str, Any]:
    summary = {"id": TABLE, "access": "invited", "status": status, "free": 2}
    return {"o": "p1", "s": summary, "h": HOST, "i": invited}


def room_of(hash_: Hash) -> tuple[Room, dict[int, Lobby]]:
    # No table here, so no database: only the memory trim names the store.
    room = Room(cast(Store, SimpleNamespace(forget=lambda: None)), Settings(trim_seconds=0))
    room.cluster = cast(Cluster, hash_)
    room.remote = cast(Remote, object())  # nothing here is forwarded
    lobbies = {
        p: Lobby(PlayerInfo(p, f"p{p}", True, 0, 0)) for p in (HOST, FRIEND, OTHER, STRANGER)
    }
    room.lobby.update(lobbies.values())
    return room, lobbies


def heard(lobbies: dict[int, Lobby]) -> dict[int, list[Any]]:
    return {p: lobby.heard() for p, lobby in lobbies.items()}


def test_an_invitation_ended_on_the_owner_unlists_the_table_here() -> None:
    room, lobbies = room_of(Hash())
    room._heard("L" + dumps(shared([FRIEND, OTHER])))
    assert heard(lobbies) == {HOST: ["open"], FRIEND: ["open"], OTHER: ["open"], STRANGER: []}
    room._heard("L" + dumps(shared([OTHER])))  # FRIEND declined
    assert heard(lobbies) == {HOST: ["open"], FRIEND: ["unlisted"], OTHER: ["open"], STRANGER: []}
    assert [t["id"] for t in room.open_tables(lobbies[OTHER].player)] == [TABLE]
    assert room.open_tables(lobbies[FRIEND].player) == []


def test_the_whole_read_mends_a_missed_end_of_an_invitation_and_a_missed_end() -> None:
    hash_ = Hash()
    room, lobbies = room_of(hash_)
    hash_.entries[TABLE] = dumps(shared([FRIEND, OTHER]))

    async def mend() -> None:
        await room._lobby_from_redis()

    asyncio.run(mend())
    assert heard(lobbies) == {HOST: ["open"], FRIEND: ["open"], OTHER: ["open"], STRANGER: []}
    hash_.entries[TABLE] = dumps(shared([OTHER]))  # its broadcast lost
    asyncio.run(mend())
    assert heard(lobbies) == {HOST: ["open"], FRIEND: ["unlisted"], OTHER: ["open"], STRANGER: []}
    del hash_.entries[TABLE]  # over or gone, its broadcast lost too
    asyncio.run(mend())
    assert heard(lobbies) == {HOST: ["unlisted"], FRIEND: [], OTHER: ["unlisted"], STRANGER: []}
    asyncio.run(mend())  # nothing changed since: nothing told
    assert heard(lobbies) == {HOST: [], FRIEND: [], OTHER: [], STRANGER: []}
