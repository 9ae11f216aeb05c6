"""Fuzzing the WebSocket protocol and the REST API with Hypothesis (issue 16, "Also").

Random and mutated messages (well-formed ones with wrong fields, any JSON, text that is
not JSON, binary frames, frames over the size limit) and random REST requests (any
method and path, garbage ids, bodies, tokens and CSRF tokens), a bounded number of
examples each. After every example: each frame the server sent is a valid frame or a
typed error (never ``server_error``), every REST answer is the protocol's JSON with a
known code (never a 500); a refused request wrote nothing (the rows the fuzzing player
could have made are counted before and after); another client's ping is answered; and at
the end ``/healthz`` is ok and the log holds no traceback.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roomclient import WAIT, Player, ServerProcess, open_table
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bolola.server.protocol import ERRORS
from bolola.store.database import open_engine
from bolola.store.models import ActionRow, ChatLine, Invitation, SeatRow, TableRow
from bolola.store.models import Player as PlayerRow

WS_EXAMPLES = 300
REST_EXAMPLES = 300
SERVER_FRAMES = {
    "welcome",
    "pong",
    "lobby",
    "invitation",
    "created",
    "invited",
    "left",
    "joined",
    "snapshot",
    "catchup",
    "ack",
    "update",
    "seats",
    "chat",
    "over",
    "error",
    "fairness",  # a deal's seed and deck once it is over (docs/fairness.md)
    "friends",  # issue 17: the friends list changed
    "challenge",
    "challenge_answer",
    "challenge_over",
}
REST_STATUS = {200, 201, 400, 401, 403, 404, 405, 409, 413, 429}


@pytest.fixture(scope="module")
def fuzz_server(server_with: Callable[..., ServerProcess]) -> ServerProcess:
    # The tables limit low enough for the fuzzer to meet it; the rest as the tests have it.
    return server_with(tables_per_player=6)


class Room:
    """The fuzzer's world: its connection, a bystander, tables of every kind, and the
    database to count what the fuzzer could have written."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.probes = itertools.count()
        self.fuzzer: Player
        self.bystander: Player
        self.tables: list[int] = []
        self.names: list[str] = []
        self.engine: AsyncEngine
        self.http: httpx.AsyncClient

    async def open(self) -> None:
        self.fuzzer = await Player.connect(self.server)
        self.bystander = await Player.connect(self.server)
        host = await Player.connect(self.server)
        seats = [{"kind": "human"}] * 4
        for table in (
            {"seats": seats},
            {"seats": seats, "access": "invited"},
            {"seats": [{"kind": "bot", "level": "beginner"}] * 4},
        ):
            await host.send({"type": "create", "table": table})
            self.tables.append((await host.expect("created"))["table"]["id"])
        # A table in play where the fuzzer sits, to move (first declarer), bots beside it.
        playing, _ = await open_table(self.server, 0, options={"first-declarer": 0})
        first = {"seats": _seated_with_bots(), "options": {"first-declarer": 0}}
        await self.fuzzer.send({"type": "create", "table": first})
        mine = (await self.fuzzer.expect("created"))["table"]["id"]
        await self.fuzzer.send({"type": "join", "table": mine, "seat": 0})
        await self.fuzzer.expect("snapshot")
        self.tables += [playing, mine]
        self.names = [host.name, self.bystander.name, self.fuzzer.name]
        self.engine = open_engine(self.server.database_url)
        self.http = httpx.AsyncClient(base_url=self.server.http, timeout=WAIT)

    async def close(self) -> None:
        for p in (self.fuzzer, self.bystander):
            await p.close()
        await self.http.aclose()
        await self.engine.dispose()

    async def written(self) -> tuple[int, ...]:
        """The rows the fuzzing player's requests could make or change."""
        me = self.fuzzer.welcome["player"]["id"]
        counts = [
            select(func.count()).select_from(PlayerRow),
            select(func.count()).select_from(TableRow).where(TableRow.host_id == me),
            select(func.count()).select_from(SeatRow).where(SeatRow.player_id == me),
            select(func.count()).select_from(ActionRow).where(ActionRow.player_id == me),
            select(func.count()).select_from(ChatLine).where(ChatLine.player_id == me),
            select(func.count()).select_from(Invitation),
        ]
        # One statement (every count a subquery of it), twice an example: not six.
        async with self.engine.connect() as c:
            row = (await c.execute(select(*(q.scalar_subquery() for q in counts)))).one()
        return tuple(int(n) for n in row)

    async def exchange(self, frame: str | bytes) -> list[dict[str, Any]]:
        """Send a frame, then a ping: what came back in between answers the frame."""
        probe = f"probe-{next(self.probes)}"
        await self.fuzzer.ws.send(frame)
        await self.fuzzer.send({"type": "ping", "t": probe})
        got = []
        while True:
            f = await self.fuzzer.expect(lambda f: True)
            if f.get("type") == "pong" and f.get("t") == probe:
                return got
            got.append(f)

    async def bystander_pings(self) -> None:
        probe = f"bystander-{next(self.probes)}"
        await self.bystander.send({"type": "ping", "t": probe})
        await self.bystander.expect(lambda f: f.get("type") == "pong" and f.get("t") == probe)


def _seated_with_bots() -> list[dict[str, Any]]:
    return [{"kind": "human"}] + [{"kind": "bot", "level": "beginner"}] * 3


def check_frame(f: Any) -> None:
    assert isinstance(f, dict) and f.get("type") in SERVER_FRAMES, f
    if f["type"] == "error":
        assert f["code"] in ERRORS and f["code"] != "server_error", f
        assert isinstance(f["message"], str) and f["message"], f
    if f["type"] in ("ack", "update", "snapshot", "catchup", "joined", "seats", "left"):
        assert isinstance(f["table"], int), f
    if f["type"] in ("ack", "update", "snapshot", "catchup"):
        assert isinstance(f["version"], int) and f["version"] >= 0, f
    if f["type"] == "created":
        assert isinstance(f["table"]["id"], int) and isinstance(f["table"]["seats"], list), f


# -- strategies -------------------------------------------------------------------------------

NASTY_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40
) | st.sampled_from(["", " ", "\x00", "a\nb", "\u0085", "QS", "10H", "ana_k", "x" * 300])
NUMBERS = st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
JSON = st.recursive(
    st.none() | st.booleans() | NUMBERS | NASTY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(NASTY_TEXT, inner, max_size=4),
    max_leaves=10,
)
TYPES = [
    "hello",
    "ping",
    "lobby",
    "create",
    "join",
    "leave",
    "back",
    "action",
    "chat",
    "invite",
    "zebra",
    "",
]


def ws_frames(room: Room) -> st.SearchStrategy[str | bytes]:
    table_ids = st.sampled_from(room.tables) | st.integers(-5, 2**40)
    names = st.sampled_from(room.names) | NASTY_TEXT
    odd = JSON | names | st.integers(-1, 5)  # a value, often of the wrong type
    seat = st.fixed_dictionaries(
        {}, optional={"kind": st.sampled_from(["human", "bot", "alien"]) | JSON, "level": JSON}
    )
    spec = st.fixed_dictionaries(
        {},
        optional={
            "game": st.sampled_from(["king-bolola", "hearts-trumps", "baloot", "nope"]) | JSON,
            "seats": st.lists(seat, min_size=2, max_size=5) | JSON,
            "access": st.sampled_from(["anyone", "invited", "all"]) | JSON,
            "move_seconds": NUMBERS | JSON,
            "rated": st.booleans() | JSON,
            "options": st.dictionaries(NASTY_TEXT, JSON, max_size=3) | JSON,
        },
    )
    table = {"table": table_ids}
    # The protocol's messages, their fields of the right kind, as a client would send them.
    right = st.one_of(
        st.fixed_dictionaries(
            {"type": st.just("join"), **table},
            optional={
                "seat": st.integers(-1, 4),
                "watch": st.booleans(),
                "since": st.integers(-1, 60),
            },
        ),
        st.fixed_dictionaries(
            {
                "type": st.just("action"),
                **table,
                "id": NASTY_TEXT,
                "version": st.integers(-1, 60),
                "action": st.sampled_from(["QS", "2C", "queens", "trumps:S", "pass"]) | NASTY_TEXT,
            }
        ),
        st.fixed_dictionaries({"type": st.just("chat"), **table, "text": NASTY_TEXT}),
        st.fixed_dictionaries({"type": st.just("invite"), **table, "player": names}),
        st.fixed_dictionaries({"type": st.sampled_from(["leave", "back"]), **table}),
        st.fixed_dictionaries({"type": st.just("create"), "table": spec}),
        st.fixed_dictionaries(
            {"type": st.sampled_from(["lobby", "ping", "hello", "zebra", ""])},
            optional={"t": odd, "protocol": odd, "token": odd},
        ),
    )

    def mutate(
        message: dict[str, Any], how: str, which: int, key: str, value: Any
    ) -> dict[str, Any]:
        """Unchanged, or a field dropped, given a wrong value, or one more field."""
        out = dict(message)
        field = sorted(out)[which % len(out)]
        if how == "drop" and len(out) > 1:
            del out[field]
        elif how == "wrong":
            out[field] = value
        elif how == "extra":
            out[key] = value
        return out

    messages = st.builds(
        mutate,
        right,
        st.sampled_from(["none", "none", "drop", "wrong", "extra"]),
        st.integers(0, 7),
        NASTY_TEXT,
        odd,
    ).map(json.dumps)
    garbage = st.one_of(
        messages.map(lambda t: t.replace("1", "NaN", 1)),  # not JSON any more
        st.dictionaries(NASTY_TEXT, JSON, max_size=4).map(json.dumps),  # no type
        JSON.map(json.dumps),
        NASTY_TEXT,
        st.binary(max_size=64),  # a binary frame
        st.integers(4000, 9000).map(lambda n: json.dumps({"type": "chat", "text": "x" * n})),
    )
    # Three messages in four, mutated or not; garbage the rest.
    return st.integers(0, 3).flatmap(lambda n: garbage if n == 0 else messages)


ROUTES = [
    ("POST", "/api/guest"),
    ("POST", "/api/signup"),
    ("POST", "/api/signin"),
    ("POST", "/api/claim"),
    ("POST", "/api/signout"),
    ("GET", "/api/me"),
    ("GET", "/api/players/{name}"),
    ("GET", "/api/leaderboard"),
    ("POST", "/api/daily"),
    ("GET", "/api/tables"),
    ("POST", "/api/tables"),
    ("GET", "/api/tables/{id}"),
    ("POST", "/api/tables/{id}/join"),
    ("POST", "/api/tables/{id}/leave"),
    ("POST", "/api/tables/{id}/invite"),
    ("GET", "/api/tables/{id}/record"),
    ("GET", "/api/csrf"),
    ("GET", "/api/auth/providers"),
    ("GET", "/api/nothing/{name}"),
    ("GET", "/healthz"),
]


# The fields each route reads (any other route gets a few of all of them).
FIELDS = {
    "/api/signup": ["name", "password", "csrf"],
    "/api/signin": ["name", "password", "csrf"],
    "/api/claim": ["name", "password", "csrf"],
    "/api/tables": ["game", "seats", "access", "move_seconds", "rated", "options"],
    "/api/tables/{id}/join": ["seat"],
    "/api/tables/{id}/invite": ["player"],
}
ALL_FIELDS = sorted({f for fields in FIELDS.values() for f in fields})


def rest_requests(room: Room) -> st.SearchStrategy[dict[str, Any]]:
    known = st.sampled_from(room.tables)
    ids = st.one_of(known, known, known, st.integers(0, 2**70), st.sampled_from(["x", "-1"]))
    values = st.one_of(JSON, NASTY_TEXT, st.integers(-1, 5), st.sampled_from(room.names))

    def bodies(route: str) -> st.SearchStrategy[Any]:
        fields = st.sampled_from(FIELDS.get(route, ALL_FIELDS))
        as_json = st.dictionaries(fields, values, max_size=4).map(
            lambda v: ("json", json.dumps(v).encode())
        )
        return st.one_of(
            st.none(),
            as_json,
            as_json,
            JSON.map(lambda v: ("json", json.dumps(v).encode())),
            st.binary(max_size=80).map(lambda v: ("json", v)),
            st.dictionaries(fields, NASTY_TEXT | st.integers(-1, 5).map(str)).map(
                lambda v: ("form", v)
            ),
        )

    # The route's own method four times in five; another the fifth.
    method = st.integers(0, 4).flatmap(
        lambda n: st.none() if n else st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"])
    )
    return st.sampled_from(ROUTES).flatmap(
        lambda route: st.fixed_dictionaries(
            {
                "route": st.just(route),
                "method": method,
                "id": ids,
                "name": st.sampled_from(room.names) | NASTY_TEXT.filter(bool),
                "auth": st.sampled_from(
                    ["none", "token", "token", "token", "garbage", "csrf", "bad-csrf"]
                ),
                "body": bodies(route[1]),
                "query": st.dictionaries(st.sampled_from(["game", "limit", "x"]), NASTY_TEXT),
            }
        )
    )


# -- the tests --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def room(fuzz_server: ServerProcess) -> Iterator[tuple[asyncio.Runner, Room]]:
    with asyncio.Runner() as runner:
        made = Room(fuzz_server)
        runner.run(made.open())
        yield runner, made
        runner.run(made.close())
    log = fuzz_server.log.read_text()
    assert "Traceback" not in log and '"request failed' not in log, log[-3000:]


def test_fuzz_websocket(room: tuple[asyncio.Runner, Room]) -> None:
    runner, world = room

    @settings(
        max_examples=WS_EXAMPLES,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(frame=ws_frames(world))
    def one(frame: str | bytes) -> None:
        async def example() -> None:
            before = await world.written()
            answers = await world.exchange(frame)
            for f in answers:
                check_frame(f)
            if any(f["type"] == "error" for f in answers):
                assert await world.written() == before, (frame, answers)
            await world.bystander_pings()

        runner.run(example())

    one()
    runner.run(_healthy(world))


def test_fuzz_rest(room: tuple[asyncio.Runner, Room]) -> None:
    runner, world = room
    token = world.fuzzer.token

    @settings(
        max_examples=REST_EXAMPLES,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(request=rest_requests(world))
    def one(request: dict[str, Any]) -> None:
        async def example() -> None:
            method, route = request["route"]
            method = request["method"] or method
            path = route.format(id=request["id"], name=quote(str(request["name"]), safe=""))
            headers: dict[str, str] = {}
            world.http.cookies.clear()
            if request["auth"] == "token" and path != "/api/signout":  # keep the session
                headers["authorization"] = f"Bearer {token}"
            elif request["auth"] == "garbage":
                headers["authorization"] = "Bearer Mw.garbage"
            elif request["auth"] in ("csrf", "bad-csrf"):
                csrf = (await world.http.get("/api/csrf")).json()["csrf"]
                headers["x-csrf-token"] = csrf if request["auth"] == "csrf" else csrf[::-1]
            kind, content = request["body"] or (None, None)
            before = await world.written()
            r = await world.http.request(
                method,
                path,
                params=request["query"],
                headers={
                    **headers,
                    **({"content-type": "application/json"} if kind == "json" else {}),
                },
                content=content if kind == "json" else None,
                data=content if kind == "form" else None,
            )
            assert r.status_code in REST_STATUS, (request, r.status_code, r.text)
            assert r.headers["content-type"].startswith("application/json"), (request, r.headers)
            answer = r.json()
            if r.status_code >= 400:
                assert answer["type"] == "error" and answer["code"] in ERRORS, answer
                assert isinstance(answer["message"], str) and answer["message"], answer
                assert await world.written() == before, (request, answer)
            await world.bystander_pings()

        runner.run(example())

    one()
    runner.run(_healthy(world))


async def _healthy(world: Room) -> None:
    r = await world.http.get("/healthz")
    assert r.status_code == 200 and r.json()["ok"] is True, r.text
    await world.bystander_pings()
