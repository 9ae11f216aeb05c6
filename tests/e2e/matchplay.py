"""Real matches, finished fast, for the progression tests.

A Hearts Are Trumps table with a target of 1 point ends after its first deal that scores
(HT-16). The test plays the human seat over the WebSocket protocol, as any client may
(the first legal placement each hand), while a browser page watches the same table as the
same player: the page sees the real ``over`` frame, nothing is injected.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from e2eserver import Server
from websockets.sync.client import ClientConnection, connect

WAIT = 20.0  # the longest one frame may take before the test fails
HEARTS = "hearts-trumps"


def rest(server: Server, token: str) -> httpx.Client:
    """A REST session as the player of ``token`` (a bearer token needs no CSRF)."""
    return httpx.Client(
        base_url=server.url, headers={"authorization": f"Bearer {token}"}, timeout=WAIT
    )


def new_guest(server: Server) -> tuple[str, str]:
    """A guest made over REST: (name, token)."""
    with httpx.Client(base_url=server.url, timeout=WAIT) as http:
        csrf = http.get("/api/csrf").json()["csrf"]
        answer = http.post("/api/guest", headers={"x-csrf-token": csrf})
        answer.raise_for_status()
        body = answer.json()
        return body["player"]["name"], body["token"]


def me(server: Server, token: str) -> dict[str, Any]:
    with rest(server, token) as http:
        answer = http.get("/api/me")
        answer.raise_for_status()
        player: dict[str, Any] = answer.json()["player"]
        return player


def bot_table(
    server: Server,
    token: str,
    game: str,
    options: dict[str, Any],
    *,
    rated: bool,
    bot: str,
    seats: int = 2,
) -> int:
    """A table of ``game``, the player against ``seats - 1`` bots of level ``bot``, open
    to anyone and without a move clock; it starts at once."""
    spec = {
        "game": game,
        "options": options,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "level": bot}] * (seats - 1),
        "access": "anyone",
        "move_seconds": None,
        "rated": rated,
    }
    with rest(server, token) as http:
        answer = http.post("/api/tables", json=spec)
        assert answer.status_code == 201, answer.text
        table: int = answer.json()["table"]["id"]
        return table


def short_match(server: Server, token: str, *, rated: bool = True, bot: str = "beginner") -> int:
    """A Hearts Are Trumps table against a bot (beginner unless told), first to 1 point; it
    starts at once."""
    return bot_table(server, token, HEARTS, {"target": 1}, rated=rated, bot=bot)


def _frame(ws: ClientConnection) -> dict[str, Any]:
    raw = ws.recv(timeout=WAIT)
    frame: dict[str, Any] = json.loads(raw)
    return frame


def play_out(server: Server, token: str, table: int) -> dict[str, Any]:
    """Plays this player's seat at ``table`` to the end; returns the ``over`` frame."""
    url = server.url.replace("http://", "ws://") + "/ws"
    with connect(url, open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        while _frame(ws)["type"] != "welcome":
            pass
        ws.send(json.dumps({"type": "join", "table": table}))
        seat: int | None = None
        sent_at = -1
        moves = 0
        while True:
            f = _frame(ws)
            kind = f["type"]
            if f.get("table") not in (None, table):
                continue
            if kind == "over":
                return f
            if kind == "error" and f.get("code") != "stale":  # stale: a snapshot follows
                raise AssertionError(f"refused: {f}")
            if kind in ("snapshot", "catchup", "joined"):
                seat = f.get("seat", seat)
            view = f.get("view")
            if kind not in ("snapshot", "catchup", "update") or not view or seat is None:
                continue
            version = f["version"]
            if seat in view["to_move"] and view["legal"] and version != sent_at:
                sent_at = version
                moves += 1
                assert moves < 400, "the match never ended"
                action = {
                    "type": "action",
                    "table": table,
                    "id": f"m{moves}",
                    "version": version,
                    "action": view["legal"][0],
                }
                ws.send(json.dumps(action))


def _hello(ws: ClientConnection, token: str) -> None:
    ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
    while _frame(ws)["type"] != "welcome":
        pass


def leave_and_see_it_end(server: Server, token: str, table: int) -> None:
    """This player sits at ``table``, leaves it mid-match (a bot plays the seat on), and a
    spectator, another guest, watches until the match is over."""
    url = server.url.replace("http://", "ws://") + "/ws"
    with connect(url, open_timeout=WAIT) as ws:
        _hello(ws, token)
        ws.send(json.dumps({"type": "join", "table": table}))
        while _frame(ws)["type"] != "snapshot":
            pass
        ws.send(json.dumps({"type": "leave", "table": table}))
        while _frame(ws)["type"] != "left":
            pass
    _, other = new_guest(server)
    with connect(url, open_timeout=WAIT) as ws:
        _hello(ws, other)
        ws.send(json.dumps({"type": "join", "table": table, "watch": True}))
        while True:
            f = _frame(ws)
            if f["type"] == "over" or (f["type"] == "snapshot" and f.get("status") == "over"):
                return
