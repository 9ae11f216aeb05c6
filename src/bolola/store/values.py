"""The values the store hands out: plain frozen records of players, seats, tables and
results (no ORM object leaves the store), with their JSON forms for the wire."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from bolola.engine import Result
from bolola.progression.cosmetics import DEFAULT, Kind
from bolola.progression.leagues import league_of
from bolola.progression.levels import level_of
from bolola.progression.rating import START, is_provisional
from bolola.registry import FLAGSHIP, registered


@dataclass(frozen=True, slots=True)
class GameRating:
    """A player's rating and results in one game (PL-12, PL-13)."""

    game: str
    rating: float = START
    rated: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": round(self.rating),
            "league": str(league_of(self.rating)),
            "provisional": is_provisional(self.rated),
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
        }


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A player with their progression: ``ratings`` holds the games they have played."""

    id: int
    name: str
    is_guest: bool
    xp: int
    games: int
    ratings: tuple[GameRating, ...] = ()
    password_hash: str | None = None
    back: str = DEFAULT[Kind.BACK]  # the card back and felt worn (issue 17)
    felt: str = DEFAULT[Kind.FELT]
    # Sessions signed before this (seconds since the epoch) are over; None: every one.
    sessions_from: float | None = None

    def rating_in(self, game: str) -> GameRating:
        for r in self.ratings:
            if r.game == game:
                return r
        return GameRating(game)

    @property
    def rating(self) -> float:
        """The flagship game's rating, for places that show one number."""
        return self.rating_in(FLAGSHIP).rating

    def to_json(self, game: str = FLAGSHIP) -> dict[str, Any]:
        """The public part: never the password hash. ``rating``/``league`` are ``game``'s."""
        level = level_of(self.xp)
        main = self.rating_in(game)
        return {
            "id": self.id,
            "name": self.name,
            "guest": self.is_guest,
            "xp": self.xp,
            "level": level.number,
            "level_xp": level.xp_in,
            "next_level_xp": level.needed,
            "games": self.games,
            "ratings": {g.name: self.rating_in(g.name).to_json() for g in registered()},
            "rating": round(main.rating),
            "league": str(league_of(main.rating)),
            "back": self.back,
            "felt": self.felt,
        }


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: str  # "human" | "bot"
    level: str | None
    player_id: int | None


@dataclass(frozen=True, slots=True)
class LoggedAction:
    version: int
    seat: int
    action: str
    player_id: int | None
    client_id: str | None


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: int
    game: str
    options: dict[str, Any]
    seed: int
    access: str
    move_seconds: float | None
    rated: bool
    host_id: int | None
    status: str
    seats: tuple[SeatInfo, ...]
    invited: frozenset[int]
    log: tuple[LoggedAction, ...]
    seed_top: str | None = None  # hex; None: a table from before fair deals
    client_seeds: tuple[str, ...] | None = None  # once the match started


@dataclass(frozen=True, slots=True)
class TableSetup:
    """How a table was set up (a rematch copies it): its game, options, seats, access."""

    id: int
    game: str
    options: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    status: str
    move_seconds: float | None
    rated: bool
    finished_at: datetime | None = None
    access: str = "anyone"
    host_id: int | None = None
    invited: frozenset[int] = frozenset()

    def may_see(self, player_id: int | None) -> bool:
        """A private table's match (PL-3) only to its host, its invited and its seated."""
        if self.access != "invited":
            return True
        seated = {s.player_id for s in self.seats if s.player_id is not None}
        return player_id is not None and (
            player_id == self.host_id or player_id in self.invited or player_id in seated
        )


class NameTakenError(Exception):
    pass


@dataclass(frozen=True, slots=True)
class SeatEnd:
    """A seat when its table ends: a human (``player_id``) or a bot at ``bot_rating``;
    ``abandoned``: a bot was playing for the human at the end."""

    player_id: int | None
    bot_rating: float
    result: Result
    rank: int
    abandoned: bool


@dataclass(frozen=True, slots=True)
class DailyClaim:
    """The answer to a daily reward claim (PL-14): ``xp`` granted now (0: claimed today
    already), today's ``streak``, and what tomorrow's claim would grant."""

    granted: bool
    xp: int
    streak: int
    day: date
    next_xp: int


@dataclass(frozen=True, slots=True)
class RecentMatch:
    table_id: int
    game: str
    finished_at: datetime
    seat: int
    rank: int
    scores: tuple[int, ...]
    result: str
    rating_change: float
    left: bool = False  # the player had left: the loss is a forfeit

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table_id,
            "game": self.game,
            "finished_at": self.finished_at.isoformat(),
            "seat": self.seat,
            "rank": self.rank,
            "seats": len(self.scores),
            "scores": list(self.scores),
            "result": self.result,
            "left": self.left,
            "rating_change": round(self.rating_change, 1),
            "record": f"/api/tables/{self.table_id}/record",
        }


@dataclass(frozen=True, slots=True)
class Leader:
    name: str
    rating: float
    xp: int
    played: int

    def to_json(self, rank: int) -> dict[str, Any]:
        return {
            "rank": rank,
            "name": self.name,
            "rating": round(self.rating),
            "league": str(league_of(self.rating)),
            "level": level_of(self.xp).number,
            "played": self.played,
        }
