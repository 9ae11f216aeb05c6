"""The WebSocket protocol's vocabulary: version, error codes, message checks.

Every message is a JSON object with a ``type``; docs/protocol.md shows each one.

>>> error("table_full", "all 4 seats are taken", table=3)
{'type': 'error', 'code': 'table_full', 'message': 'all 4 seats are taken', 'table': 3}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import orjson

from bolola import names

PROTOCOL = 1

# code -> what it means; the codes are the protocol's, the messages are for people.
ERRORS = {
    "bad_json": "the message is not a JSON object",
    "bad_request": "a field is missing or has the wrong type",
    "unknown_type": "no message has this type",
    "too_large": "the message is longer than the server accepts",
    "rate_limited": "too many messages; this one was dropped",
    "hello_first": "send hello before anything else",
    "protocol": "the server speaks another protocol version",
    "bad_token": "the session token is not valid",
    "no_table": "no such table",
    "table_full": "no free seat",
    "seat_taken": "that seat is taken",
    "not_invited": "the table is for invited players only",
    "not_seated": "you have no seat at this table",
    "not_joined": "join the table first",
    "not_started": "the match has not started",
    "game_over": "the match is over",
    "not_your_turn": "another seat is to move",
    "bad_action": "not an action of this game",
    "illegal": "the rules forbid this action (see rule)",
    "stale": "the action was made on an older version; a snapshot follows",
    "chat_empty": "a chat line needs some text",
    "chat_too_long": "the chat line is too long",
    "server_error": "the server could not store the action; try again",
    "too_many_tables": "you host as many tables as one player may",
    "too_many_connections": "you have as many connections open as one player may",
    "table_expired": "nobody joined this table in time; it was closed",
    "table_moved": "this table moved to another server process; join it again",
    "elsewhere": "another server process serves this table; reach it over the WebSocket",
    "unauthorized": "sign in or play as a guest first",
    "bad_credentials": "wrong name or password",
    "bad_name": names.RULE,
    "mixed_script": names.MIXED,
    "reserved_name": names.RESERVED_RULE,
    "bad_password": "a password has 8 to 200 characters, none of them a control character",
    "csrf": "missing or wrong CSRF token",
    "name_taken": "the name is taken",
    "not_guest": "this player has an account already",
    "not_host": "only the table's host may do this",
    "no_player": "no such player",
    "no_record": "no finished match at this table",
    "not_found": "no such page or resource",
    "method_not_allowed": "this resource does not accept that method",
    "chat_too_fast": "too many chat lines; this one was not said: send it again in a moment",
    "self_invite": "you cannot invite yourself to a table",
    "self_friend": "you cannot send a friend request to yourself",
    "self_block": "you cannot block yourself",
    "wrong_password": "the current password is wrong",
    "bad_option": "a table option is not valid (a number out of its range, an unknown key)",
}
# C0 and C1 control characters (NUL included): refused in any text a client sends.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


class ProtocolError(Exception):
    """A request the server refuses, with its protocol error code."""

    def __init__(self, code: str, message: str | None = None, rule: str | None = None) -> None:
        super().__init__(message or ERRORS[code])
        self.code = code
        self.message = message or ERRORS[code]
        self.rule = rule


def error(code: str, message: str | None = None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message or ERRORS[code]}
    out.update({k: v for k, v in extra.items() if v is not None})
    return out


def error_of(e: ProtocolError, **extra: Any) -> dict[str, Any]:
    return error(e.code, e.message, rule=e.rule, **extra)


def dumps(message: Any) -> str:
    """A message as the wire carries it: compact JSON text (orjson: about ten times the
    standard library's speed, and the server sends five frames or more per action)."""
    return orjson.dumps(message).decode()


def encoded(value: Any) -> orjson.Fragment:
    """A value encoded once, to be put in messages as it is (orjson copies its bytes):
    bytes are not tracked by the cyclic collector, nested dicts and lists are.

    Kept as an exact copy: the bytes orjson returns keep the whole buffer it wrote into
    (32 KiB for a 1.6 KB view, 4 KiB for 100 bytes), and a table keeps its seats' views
    until its next action: at 1,000 tables that was most of a live table's memory, each
    buffer a large allocation with metadata of its own in jemalloc."""
    return orjson.Fragment(memoryview(orjson.dumps(value)).tobytes())


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


# Made once: ``json.loads`` with a keyword builds a decoder and its scanner per call,
# and every message a client sends is read here.
_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def loads(text: str | bytes) -> Any:
    """``json.loads`` that refuses ``NaN``, ``Infinity`` and ``-Infinity`` (ValueError)."""
    if isinstance(text, bytes | bytearray):
        text = text.decode(json.detect_encoding(text), "surrogatepass")
    return _DECODER.decode(text)


class ElsewhereError(ProtocolError):
    """A table another process owns (several processes): the REST request goes there."""

    def __init__(self, owner: str) -> None:
        super().__init__("elsewhere")
        self.owner = owner


def whole(value: Any) -> bool:
    """A whole number a reply may echo (JSON's encoder takes 64-bit integers only)."""
    return isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63


def parse(text: str) -> dict[str, Any]:
    try:
        raw = loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json") from None
    if not isinstance(raw, dict):
        raise ProtocolError("bad_json")
    if not isinstance(raw.get("type"), str):
        raise ProtocolError("bad_request", "every message needs a string 'type'")
    return raw


def field_int(msg: Mapping[str, Any], key: str, *, required: bool = True) -> int | None:
    value = msg.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError("bad_request", f"{key!r} must be a whole number ≥ 0")
    return value


def field_str(msg: Mapping[str, Any], key: str, *, max_len: int = 64) -> str:
    value = msg.get(key)
    if not isinstance(value, str) or not value or len(value) > max_len:
        raise ProtocolError("bad_request", f"{key!r} must be text of 1 to {max_len} characters")
    return no_control(value, key)


def no_control(value: str, what: str) -> str:
    """Text without control characters (NUL included), else ``bad_request``."""
    if CONTROL.search(value):
        raise ProtocolError("bad_request", f"{what!r} may not hold control characters")
    return value
