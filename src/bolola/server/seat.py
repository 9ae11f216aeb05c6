"""Who holds a seat at a table, and a connection as the table sees it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bolola.progression.leagues import league_of
from bolola.progression.levels import level_of
from bolola.progression.rating import BOT_RATINGS, START
from bolola.store.store import PlayerInfo, SeatInfo


class Listener(Protocol):
    """A connection as a table sees it."""

    player: PlayerInfo
    fold_acks: bool  # its own actions' acks ride in their updates (hello's fold_acks)

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message: a dict, or its JSON text (encoded once for many listeners)."""


class Session(Listener, Protocol):
    """A connection as the room sees it: a listener, and the session it said hello with."""

    made: float  # when that session was made (a password changed ends those before)

    def end(self, message: dict[str, Any]) -> None:
        """The session is over: tell the client why and close the socket."""


@dataclass(frozen=True, slots=True)
class Awaited:
    """A friend a challenge invited to the table, as its free seats show them: who the seat
    is kept for and how the challenge stands for them (``pending``, ``declined``,
    ``expired``; once ``accepted`` they sit). ``seat``: the one a rematch keeps for them."""

    player_id: int
    name: str
    answer: str
    seat: int | None = None


@dataclass(slots=True)
class Holder:
    """Who holds a seat: a bot of ``level``, or a human (``player_id`` None while free).
    ``rating``: the holder's rating in the table's game (a bot's is its level's)."""

    kind: str
    level: str | None
    player_id: int | None = None
    name: str | None = None
    rating: float = 1500.0
    xp_level: int | None = None  # a human's level (PL-11); bots have none
    away: bool = False  # PL-5: a bot plays for this human until they come back
    online: int = 0  # live connections of this seat's player at this table

    @classmethod
    def of(cls, s: SeatInfo, players: dict[int, PlayerInfo], game: str) -> Holder:
        """The holder of a stored seat (``players``: the table's, by id)."""
        p = players.get(s.player_id) if s.player_id is not None else None
        if s.kind == "bot":
            rating = BOT_RATINGS.get(s.level or "", START)
            return cls("bot", s.level, name=f"bot-{s.level}-{s.seat}", rating=rating)
        return cls(
            "human",
            None,
            s.player_id,
            None if p is None else p.name,
            START if p is None else p.rating_in(game).rating,
            None if p is None else level_of(p.xp).number,
        )

    @property
    def is_free(self) -> bool:
        return self.kind == "human" and self.player_id is None

    @property
    def by_bot(self) -> bool:
        return self.kind == "bot" or self.away

    def to_json(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "kind": self.kind,
            "level": self.level,
            "player": self.name,
            "online": self.kind == "bot" or self.online > 0,
            "away": self.away,
            "rating": None if self.is_free else round(self.rating),
            "league": None if self.is_free else str(league_of(self.rating)),
            "xp_level": None if self.is_free else self.xp_level,
        }
