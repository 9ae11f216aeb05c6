"""The tables of the card room. Migrations in ``migrations/versions`` must match these."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bolola.engine import ACTION_TEXT_MAX


def now() -> datetime:
    return datetime.now(UTC)


def utc(at: datetime) -> datetime:
    """A time read back, in UTC: SQLite hands back naive datetimes, and every time this
    store writes is UTC."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class Player(Base):
    """A person: a guest (generated name, no password) or a local account. ``xp`` and
    ``games`` count every game; ratings are per game (``ratings``)."""

    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    # What tells two names apart (bolola.names.key: ``ÓSCAR`` and ``óscar`` are one):
    # looked up and kept unique by, not by the database's lower() (ASCII alone in SQLite).
    name_key: Mapped[str] = mapped_column(String(100), unique=True, index=True)
    is_guest: Mapped[bool] = mapped_column(Boolean)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    xp: Mapped[int] = mapped_column(Integer, default=0)
    games: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The designs worn (progression/cosmetics.py); None: the first of each kind.
    card_back: Mapped[str | None] = mapped_column(String(20), nullable=True)
    felt: Mapped[str | None] = mapped_column(String(20), nullable=True)
    # When their last connection closed (friends see "offline since"); None: never seen.
    last_seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Sessions signed before this are over (the password changed); None: every session.
    sessions_from: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    # The session that changed it goes on (microseconds since the epoch of its making);
    # None: none does (the operator set it, `bolola password`).
    sessions_kept: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class Identity(Base):
    """A linked sign-in of a player at an OAuth provider (PL-15): ``provider`` + ``subject``
    name one outside account."""

    __tablename__ = "identities"
    __table_args__ = (UniqueConstraint("provider", "subject"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    provider: Mapped[str] = mapped_column(String(40))
    subject: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class TableRow(Base):
    """A table: its game and options, who may sit, the clock, and how far it got."""

    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[str] = mapped_column(Text)  # JSON, fixed when play starts
    seed: Mapped[int] = mapped_column(BigInteger)
    # Fair deals (docs/fairness.md): the secret top of the seed chain, drawn and stored
    # before anything is dealt, and the seats' client seeds (JSON), fixed at the start.
    # Tables made before them have neither and deal from ``seed``.
    seed_top: Mapped[str | None] = mapped_column(String(64), nullable=True)
    client_seeds: Mapped[str | None] = mapped_column(Text, nullable=True)
    access: Mapped[str] = mapped_column(String(10))  # "anyone" | "invited"
    move_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean)
    host_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    # "open" | "playing" | "over" | "expired" (an open table nobody joined in time)
    status: Mapped[str] = mapped_column(String(10), index=True)
    # The owner's fencing token (several processes): the log takes a fenced row only
    # with the current one (store/pglog.py).
    fence: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    scores: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON, once over


class SeatRow(Base):
    """Who sits where: a human seat (``player_id`` None while free) or a bot of a level."""

    __tablename__ = "seats"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # "human" | "bot"
    level: Mapped[str | None] = mapped_column(String(20), nullable=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), nullable=True)


class Invitation(Base):
    __tablename__ = "invitations"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)


class ChallengeRow(Base):
    """A challenge (issue 17) under way at a table, kept so that it outlives its
    process: a restart or another process taking the table over arms its expiry again."""

    __tablename__ = "challenges"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    host_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChallengeAnswer(Base):
    """One challenged player's answer: ``pending``, ``accepted``, ``declined`` or
    ``expired``, and the seat they had before (a rematch), if any."""

    __tablename__ = "challenge_answers"
    table_id: Mapped[int] = mapped_column(ForeignKey("challenges.table_id"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    answer: Mapped[str] = mapped_column(String(10))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)


class Friendship(Base):
    """A friend request from ``player_id`` to ``friend_id``, ``pending`` until the other
    accepts it (then ``accepted``: friends both ways, one row)."""

    __tablename__ = "friendships"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    friend_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    status: Mapped[str] = mapped_column(String(10))  # "pending" | "accepted"
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ProviderFriend(Base):
    """At an outside provider, ``friend_subject`` is a friend of ``subject`` (Facebook's
    ``user_friends``, where the person granted it): the friends suggested to players."""

    __tablename__ = "provider_friends"
    provider: Mapped[str] = mapped_column(String(40), primary_key=True)
    subject: Mapped[str] = mapped_column(String(200), primary_key=True)
    friend_subject: Mapped[str] = mapped_column(String(200), primary_key=True, index=True)


class Block(Base):
    """``player_id`` blocked ``blocked_id``: no requests, challenges or chat from them."""

    __tablename__ = "blocks"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ActionRow(Base):
    """The event log: every accepted action, numbered by the table's version (1, 2, …).

    ``client_id`` is the action id the client gave, so that a repeat after a restart still
    gets the first answer.
    """

    __tablename__ = "actions"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(ACTION_TEXT_MAX))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatLine(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    text: Mapped[str] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class MatchRecord(Base):
    """A finished match in the referee's record format (JSON)."""

    __tablename__ = "records"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    record: Mapped[str] = mapped_column(Text)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ServerKey(Base):
    """The secret that signs session cookies, kept so sessions survive a restart."""

    __tablename__ = "server_keys"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class Rating(Base):
    """A player's Elo rating in one game (PL-12) and their results there; a row appears
    with the player's first finished game of that game. ``rated``: rated games played
    (the first ones are provisional)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game_rating", "game", "rating"),)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rated: Mapped[int] = mapped_column(Integer)
    played: Mapped[int] = mapped_column(Integer)
    won: Mapped[int] = mapped_column(Integer)
    drawn: Mapped[int] = mapped_column(Integer)
    lost: Mapped[int] = mapped_column(Integer)


class ResultRow(Base):
    """One human seat's end of a finished table: its rank, result, rating move and XP."""

    __tablename__ = "results"
    __table_args__ = (Index("ix_results_player_finished", "player_id", "finished_at"),)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    game: Mapped[str] = mapped_column(String(40))
    rank: Mapped[int] = mapped_column(Integer)
    result: Mapped[str] = mapped_column(String(10))  # "win" | "draw" | "loss"
    rated: Mapped[bool] = mapped_column(Boolean)
    rating_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    xp: Mapped[int] = mapped_column(Integer)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The player had left (a bot played the seat at the end): the loss is a forfeit.
    left: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The feats the game saw this seat make (a JSON list, the achievements' input); None:
    # not found yet (``bolola achievements --backfill``).
    feats: Mapped[str | None] = mapped_column(Text, nullable=True)


class DailyReward(Base):
    """A claimed daily reward (PL-14); one per player and UTC day, whoever asks twice."""

    __tablename__ = "daily_rewards"
    __table_args__ = (UniqueConstraint("player_id", "day"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    day: Mapped[date] = mapped_column(Date)
    streak: Mapped[int] = mapped_column(Integer)
    xp: Mapped[int] = mapped_column(Integer)
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
