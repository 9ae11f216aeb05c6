"""What a host asks for when opening a table (PL-1): the game, its options, each seat
(a person, or a bot and its level), who may join, the move clock, rated or not;
checked field by field, a bad one refused with a clear ``bad_request`` (a game's option
out of its range or unknown: ``bad_option``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bolola.bots import LEVELS, make_bot
from bolola.engine import Options, RecordError
from bolola.registry import FLAGSHIP, find
from bolola.server.protocol import ProtocolError
from bolola.store.store import SeatInfo

MAX_MOVE_SECONDS = 3600.0


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What the host asks for (PL-1), checked."""

    game: str
    options: Options
    seats: tuple[SeatInfo, ...]
    access: str
    move_seconds: float | None
    rated: bool

    @classmethod
    def from_json(cls, raw: Any, *, min_move_seconds: float = 0.0) -> TableSpec:
        """Checks every field; bad input raises ProtocolError("bad_request"), or
        ("bad_option") for the game's options."""
        if not isinstance(raw, dict):
            raise ProtocolError("bad_request", "a table is a JSON object")
        name = raw.get("game", FLAGSHIP)
        try:
            game = find(name) if isinstance(name, str) else None
        except RecordError as e:
            raise ProtocolError("bad_request", str(e)) from None
        if game is None:
            raise ProtocolError("bad_request", "game must be a game name")
        raw_options = raw.get("options", {})
        if not isinstance(raw_options, dict):
            raise ProtocolError("bad_request", "options must be an object")
        try:
            options = game.parse_options(raw_options)
        except RecordError as e:  # its own code: the page says it in the player's language
            raise ProtocolError("bad_option", str(e)) from None
        count = game.seat_count(options)
        seats_raw = raw.get("seats", [{"kind": "human"}] * count)
        if not isinstance(seats_raw, list) or len(seats_raw) != count:
            raise ProtocolError("bad_request", f"seats must list {count} seats")
        seats = []
        for n, s in enumerate(seats_raw):
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind == "human":
                seats.append(SeatInfo(n, "human", None, None))
            elif kind == "bot":
                level = s.get("level", "beginner")
                if level not in LEVELS:
                    raise ProtocolError(
                        "bad_request", f"bot level must be one of {', '.join(LEVELS)}"
                    )
                try:  # a level this game has no bot for is refused now, not mid-match
                    make_bot(game.name, level)
                except RecordError as e:
                    raise ProtocolError("bad_request", f"seat {n}: {e}") from None
                seats.append(SeatInfo(n, "bot", level, None))
            else:
                raise ProtocolError("bad_request", f"seat {n}: kind must be 'human' or 'bot'")
        access = raw.get("access", "anyone")
        if access not in ("anyone", "invited"):
            raise ProtocolError("bad_request", "access must be 'anyone' or 'invited'")
        move = raw.get("move_seconds")
        if move is not None and (
            not isinstance(move, int | float)
            or isinstance(move, bool)
            or not 0 < move <= MAX_MOVE_SECONDS
            or move < min_move_seconds
        ):
            low = f"[{min_move_seconds:g}" if min_move_seconds > 0 else "(0"
            raise ProtocolError(
                "bad_request", f"move_seconds must be in {low}, {MAX_MOVE_SECONDS:g}]"
            )
        rated = raw.get("rated", False)
        if not isinstance(rated, bool):
            raise ProtocolError("bad_request", "rated must be true or false")
        return cls(
            game.name,
            options,
            tuple(seats),
            access,
            None if move is None else float(move),
            rated,
        )
