"""Several server processes on one PostgreSQL and one Redis (issue 19): players of one
table on different processes, an owner killed, an owner paused past its lease, Redis
restarted. Real processes, a real Redis and a real PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from leaks import check_frames, replay_table
from postgres import PostgresCluster
from redisserver import RedisServer
from roomclient import FAST, WAIT, Player, Rest, ServerProcess, run
from sqlalchemy import text
from websockets.asyncio.client import connect

from bolola.store.database import open_engine

pytestmark = pytest.mark.slow
LEASE = 1.0  # seconds: a dead owner's tables move within a few of them


@pytest.fixture
def processes(
    postgres: PostgresCluster, redis_server: RedisServer, tmp_path: Path
) -> Iterator[Callable[..., list[ServerProcess]]]:
    """``n`` server processes on one fresh database and the test's Redis."""
    url = postgres.new_database()
    started: list[ServerProcess] = []

    def make(n: int, **extra: Any) -> list[ServerProcess]:
        out = []
        for _ in range(n):
            name = f"p{len(started) + 1}"
            where = tmp_path / name
            where.mkdir()
            settings = {**FAST, **extra, "redis_url": redis_server.url, "process_id": name}
            server = ServerProcess(url, where, lease_seconds=LEASE, **settings)
            server.start()
            started.append(server)
            out.append(server)
        return out

    yield make
    for server in started:
        if server.proc is not None:
            server.kill()


async def logged(url: str, table: int) -> list[int]:
    """The versions the table's log holds, after checking the log replays (every action
    legal in turn)."""
    await replay_table(url, table)
    engine = open_engine(url)
    try:
        async with engine.connect() as c:
            rows = await c.execute(
                text("select version from actions where table_id = :t order by version"),
                {"t": table},
            )
            return [v for (v,) in rows]
    finally:
        await engine.dispose()


def updates(p: Player, table: int) -> list[int]:
    """The versions of the updates ``p`` saw, each snapshot starting afresh."""
    seen: list[int] = []
    for f in p.frames:
        if f.get("table") != table:
            continue
        if f["type"] in ("snapshot", "catchup"):
            seen.append(-f["version"])  # a resync: what follows counts from there
        elif f["type"] == "update":
            seen.append(f["version"])
    return seen


def gap_free(seen: list[int]) -> bool:
    """Every update follows the one before it, or the snapshot it came after."""
    last = None
    for v in seen:
        if v <= 0:
            last = -v
        elif last is not None and v != last + 1:
            return False
        else:
            last = v
    return True


async def seat(p: Player, table: int, seat_no: int | None = None, *, watch: bool = False) -> None:
    join: dict[str, Any] = {"type": "join", "table": table}
    if seat_no is not None:
        join["seat"] = seat_no
    if watch:
        join["watch"] = True
    while True:  # told the table moved meanwhile: again, to its new owner
        await p.send(join)
        answer = await p.expect(
            lambda f: f.get("table") == table and f.get("type") in ("snapshot", "error")
        )
        if answer["type"] == "snapshot":
            return
        # Moved again, or a process a moment from being back on Redis.
        assert answer["code"] in ("table_moved", "server_error"), answer


async def play_on(p: Player, table: int, until: int, acked: list[int]) -> None:
    """Play the first legal action whenever it is this seat's turn until the table is at
    version ``until``; rejoin when told the table moved. Each ack's version is kept."""
    acted_at = -1
    while p.version < until:
        view = p.view
        mine = view is not None and view["seat"] in view["to_move"] and view["legal"]
        if mine and p.version != acted_at:
            acted_at = p.version
            action = {"version": acted_at, "action": view["legal"][0]}
            await p.send({"type": "action", "table": table, "id": f"a{acted_at}", **action})
        frame = await p.expect(lambda f: True)
        if frame.get("type") == "ack":
            acked.append(frame["version"])
        elif frame.get("type") == "error":
            if frame["code"] == "table_moved":
                acted_at = -1
                await seat(p, table)
            elif frame["code"] not in ("stale", "not_your_turn", "server_error"):
                raise AssertionError(f"unexpected error frame: {frame}")
            else:
                acted_at = -1


async def two_seat_table(server: ServerProcess, host: Player) -> int:
    bots = [{"kind": "bot", "level": "beginner"}] * 2
    seats = [{"kind": "human"}, {"kind": "human"}, *bots]
    await host.send({"type": "create", "table": {"seats": seats, "options": {"first-declarer": 0}}})
    table: int = (await host.expect("created"))["table"]["id"]
    return table


async def seated_apart(one: ServerProcess, two: ServerProcess) -> tuple[Player, Player, int]:
    """A two-seat table made on ``one``: seat 0 taken from ``one``, seat 1 from ``two``."""
    a = await Player.connect(one)
    b = await Player.connect(two)
    table = await two_seat_table(one, a)
    await seat(a, table, 0)
    await seat(b, table, 1)
    return a, b, table


async def befriend(ra: Rest, rb: Rest, a: Player, b: Player) -> None:
    """``a`` asks ``b`` (each through its own process) and ``b`` accepts."""
    assert (await ra.post("/api/friends/ask", {"player": b.name})).status_code == 200
    assert (await rb.post("/api/friends/accept", {"player": a.name})).status_code == 200


def test_players_on_two_processes_play_one_table_and_see_every_version(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """Server failures, line 9: the broadcast reaches players of one table connected to
    different processes, every version, in order; no frame through another process
    shows a seat (or a spectator there) a card it may not see."""
    one, two = processes(2)

    async def scenario() -> None:
        a, b, table = await seated_apart(one, two)  # b through process two, to the owner
        spectator = await Player.connect(two)
        await seat(spectator, table, watch=True)
        acked: list[int] = []
        await asyncio.gather(play_on(a, table, 60, acked), play_on(b, table, 60, acked))
        await spectator.expect(lambda f: f.get("type") == "update" and f["version"] >= 60)
        truth = await replay_table(one.database_url, table)
        for p, seat_no in ((a, 0), (b, 1), (spectator, None)):
            assert check_frames(p.frames, seat_no, truth) > 60
        for p in (a, b):
            seen = updates(p, table)
            assert gap_free(seen), f"{seen}"
            assert [v for v in seen if v > 0][-1] >= 60
        assert sorted(acked) == sorted(set(acked))  # one ack per accepted action
        b_views = [f for f in b.frames if f.get("type") == "update"]
        assert all(f["view"]["seat"] == 1 for f in b_views)  # its own view, not a's
        for p in (a, b, spectator):
            await p.close()

    run(scenario)


def test_the_owner_killed_mid_deal_its_table_moves_and_nothing_acked_is_lost(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """kill -9 of the process that owns the table: another takes it over from its log,
    the players (connected elsewhere) rejoin when told, every acknowledged action is in
    the log, and the versions they see stay gap-free across the move."""
    one, two, three = processes(3)

    async def scenario() -> None:
        host = await Player.connect(one)
        a = await Player.connect(two)
        b = await Player.connect(three)
        table = await two_seat_table(one, host)
        await seat(a, table, 0)
        await seat(b, table, 1)
        acked: list[int] = []
        await asyncio.gather(play_on(a, table, 20, acked), play_on(b, table, 20, acked))
        one.kill()
        await asyncio.gather(play_on(a, table, 45, acked), play_on(b, table, 45, acked))
        for p in (a, b):
            assert gap_free(updates(p, table)), f"{updates(p, table)}"
        versions = await logged(two.database_url, table)
        assert versions == list(range(1, len(versions) + 1))  # no gap, no fork
        assert set(acked) <= set(versions)
        for p in (a, b, host):
            await p.close()

    run(scenario)


def test_a_paused_owner_wakes_after_its_lease_moved_and_cannot_write(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """SIGSTOP the owner of an all-bot table past its lease: another process takes it
    over; woken, the old owner's next append is fenced out and it lets the table go."""
    one, two = processes(2)

    async def scenario() -> None:
        watcher = await Player.connect(two)
        bots = [{"kind": "bot", "level": "beginner"}] * 4
        host = await Player.connect(one)
        await host.send({"type": "create", "table": {"seats": bots}})
        table = (await host.expect("created"))["table"]["id"]
        await watcher.send({"type": "join", "table": table, "watch": True})
        await watcher.expect(lambda f: f.get("type") == "update" and f["version"] >= 5)
        await seat(host, table, watch=True)  # a watcher at the owner: told when it lets go
        assert one.proc is not None
        os.kill(one.proc.pid, signal.SIGSTOP)
        try:
            # Process two takes the table over: the watcher is told, rejoins, and
            # sees the bots play on under the new owner.
            await watcher.expect(lambda f: f.get("code") == "table_moved", timeout=30)
            await seat(watcher, table, watch=True)
            start = watcher.version
            await watcher.expect(lambda f: f.get("type") == "update" and f["version"] > start + 5)
        finally:
            os.kill(one.proc.pid, signal.SIGCONT)
        # Woken, process one's bots try to write at versions process two wrote already,
        # with the old token: refused; process one lets the table go.
        await watcher.expect(lambda f: f.get("type") == "update" and f["version"] > start + 15)
        moved = await host.expect(lambda f: f.get("code") == "table_moved", timeout=30)
        assert moved["table"] == table
        versions = await logged(two.database_url, table)
        assert versions == list(range(1, len(versions) + 1))
        log = (one.workdir / "server.log").read_text()
        assert "table lost to another process" in log
        await watcher.close()
        await host.close()

    run(scenario)


async def played_across_a_redis_restart(
    one: ServerProcess, two: ServerProcess, redis_server: RedisServer
) -> tuple[Player, Player, int]:
    """A table across the two processes played to version 15, Redis killed and started
    again (empty), then played on to 40: every update gap-free, every ack in the log."""
    a, b, table = await seated_apart(one, two)
    acked: list[int] = []
    await asyncio.gather(play_on(a, table, 15, acked), play_on(b, table, 15, acked))
    redis_server.halt()
    redis_server.start()
    # b is told to rejoin once its process is back on Redis; then both play on.
    await b.expect(lambda f: f.get("code") == "table_moved", timeout=30)
    await seat(b, table)
    await asyncio.gather(play_on(a, table, 40, acked), play_on(b, table, 40, acked))
    for name, p in (("a", a), ("b", b)):
        assert gap_free(updates(p, table)), f"{name}: {updates(p, table)}"
    assert set(acked) <= set(await logged(one.database_url, table))
    return a, b, table


def test_redis_restarted_mid_game_play_goes_on_and_clients_resync(
    processes: Callable[..., list[ServerProcess]], redis_server: RedisServer
) -> None:
    """Server failures, line 10: Redis killed and started again (empty): the processes
    reconnect, retake their leases, tell the clients across processes to rejoin, and
    delivery resumes gap-free."""
    one, two = processes(2)

    async def scenario() -> None:
        a, b, table = await played_across_a_redis_restart(one, two, redis_server)
        # What Redis forgot is told again: the table is in every process's lobby.
        owner = redis.Redis.from_url(redis_server.url, decode_responses=True).get(
            f"bolola:owner:{table}"
        )
        watcher = await Player.connect(one if owner == "p2" else two)
        while True:
            await watcher.send({"type": "lobby"})
            listed = await watcher.expect(lambda f: f.get("type") == "lobby" and "playing" in f)
            if table in {t["id"] for t in listed["playing"]}:
                break
            await watcher.expect(lambda f: f.get("type") == "lobby" and "table" in f)
        await watcher.close()
        for p in (a, b):
            await p.close()

    run(scenario)


def test_redis_restarted_again_and_again_every_new_table_plays_on(
    processes: Callable[..., list[ServerProcess]], redis_server: RedisServer
) -> None:
    """Redis restarted eight times, each time a moment after a new table started across
    the two processes. Each restart makes every process's alive key go until its next
    heartbeat: a process that came back first once took the other for dead, took its
    tables and dropped its players' listeners without a word, and the players waited
    for good (one cycle in about thirty). Each table plays on to version 40, gap-free."""
    one, two = processes(2)

    async def scenario() -> None:
        for _ in range(8):
            a, b, _ = await played_across_a_redis_restart(one, two, redis_server)
            for p in (a, b):
                await p.close()

    try:
        run(scenario)
    except AssertionError as e:
        # Once in a CI run (not reproduced since), a rejoin after table_moved went
        # unanswered: what both processes logged is what would say why.
        raise AssertionError(f"{e}\n{server_logs(one, two)}") from e


def server_logs(*servers: ServerProcess, lines: int = 60) -> str:
    """The last lines each process logged, for a failure to be read by."""
    out = []
    for n, server in enumerate(servers, start=1):
        text = server.log.read_text(errors="replace") if server.log.exists() else "(no log)"
        tail = "\n".join(text.splitlines()[-lines:])
        out.append(f"-- process {n}, last {lines} lines --\n{tail}")
    return "\n".join(out)


def test_the_lobby_and_invitations_reach_players_on_every_process(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """A table made on one process is listed, and its changes pushed, to a player in the
    lobby of another; an invitation reaches a player connected to another process; a
    table for invited players only is listed to them, not to a stranger."""
    one, two = processes(2)

    async def scenario() -> None:
        host = await Player.connect(one)
        guest = await Player.connect(two)
        stranger = await Player.connect(two)
        for p in (guest, stranger):
            await p.send({"type": "lobby"})
            await p.expect(lambda f: f.get("type") == "lobby" and "tables" in f)
        seats = [{"kind": "human"}, {"kind": "human"}, *[{"kind": "bot"}] * 2]
        await host.send({"type": "create", "table": {"seats": seats}})
        public = (await host.expect("created"))["table"]["id"]
        pushed = await guest.expect(lambda f: f.get("type") == "lobby" and "table" in f)
        assert pushed["table"]["id"] == public and pushed["table"]["free"] == 2
        await host.send({"type": "create", "table": {"seats": seats, "access": "invited"}})
        private = (await host.expect("created"))["table"]["id"]
        await host.send({"type": "join", "table": private, "seat": 0})
        await host.send({"type": "invite", "table": private, "player": guest.name})
        invitation = await guest.expect("invitation")
        assert invitation["table"]["id"] == private and invitation["from"] == host.name
        for p, expected in ((guest, {public, private}), (stranger, {public})):
            await p.send({"type": "lobby"})
            listed = await p.expect(lambda f: f.get("type") == "lobby" and "tables" in f)
            assert {t["id"] for t in listed["tables"]} == expected
        # The invited guest takes the seat through its own process.
        await seat(guest, private, 1)
        for p in (host, guest, stranger):
            await p.close()

    run(scenario)


async def moved_to(p: Player, server: ServerProcess, table: int) -> Player:
    """The player's socket closed with its process: connected again to ``server``, as a
    load balancer sends them, and back at the table."""
    again = await Player.connect(server, token=p.token)
    await seat(again, table)
    return again


def test_a_rolling_restart_of_three_processes_loses_no_table(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """Each of three processes stopped (SIGTERM) and started again in turn while a match
    goes on: its tables move at once (it lets their leases go), its players connect to
    another, and the log keeps every acknowledged action, gap-free."""
    servers = processes(3)

    async def scenario() -> None:
        host = await Player.connect(servers[0])
        players = {0: await Player.connect(servers[1]), 1: await Player.connect(servers[2])}
        where = {0: 1, 1: 2}  # seat -> the process its player is connected to
        table = await two_seat_table(servers[0], host)
        await seat(players[0], table, 0)
        await seat(players[1], table, 1)
        acked: list[int] = []
        target = 10
        await asyncio.gather(*(play_on(p, table, target, acked) for p in players.values()))
        for n, server in enumerate(servers):
            assert server.stop() in (0, -15)  # uvicorn re-raises SIGTERM once stopped
            for s, p in players.items():
                if where[s] == n:
                    where[s] = (n + 1) % 3
                    players[s] = await moved_to(p, servers[where[s]], table)
            server.start()
            target += 10
            await asyncio.gather(*(play_on(p, table, target, acked) for p in players.values()))
        versions = await logged(servers[0].database_url, table)
        assert versions == list(range(1, len(versions) + 1)) and versions[-1] >= target
        assert set(acked) <= set(versions)
        for p in (host, *players.values()):
            await p.close()

    run(scenario)


def test_postgresql_restarted_mid_game_play_goes_on(
    processes: Callable[..., list[ServerProcess]], postgres: PostgresCluster
) -> None:
    """PostgreSQL stopped and started again while players on two processes play: moves
    made meanwhile are refused (server_error) and made again; nothing acknowledged is
    lost, and the log stays whole."""
    one, two = processes(2)

    async def scenario() -> None:
        a, b, table = await seated_apart(one, two)
        acked: list[int] = []
        await asyncio.gather(play_on(a, table, 12, acked), play_on(b, table, 12, acked))
        postgres.halt()
        postgres.resume()
        await asyncio.gather(play_on(a, table, 30, acked), play_on(b, table, 30, acked))
        versions = await logged(one.database_url, table)
        assert versions == list(range(1, len(versions) + 1))
        assert set(acked) <= set(versions)
        for p in (a, b):
            assert gap_free(updates(p, table)), f"{updates(p, table)}"
            await p.close()

    run(scenario)


def test_limits_per_address_hold_across_processes(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """Three new guests an hour from one address: the fourth is refused whichever
    process it asks, as one process would refuse it."""
    one, two = processes(2, guests_per_address_per_hour=3)

    async def scenario() -> None:
        made = [await Player.connect(server) for server in (one, two, one)]
        for server in (two, one):
            ws = await connect(server.ws)
            await ws.send(json.dumps({"type": "hello", "protocol": 1}))
            refused = json.loads(await ws.recv())
            assert refused["type"] == "error" and refused["code"] == "rate_limited", refused
            await ws.close()
        for p in made:
            await p.close()

    run(scenario)


def test_friends_see_each_other_across_processes(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """A friend connected to another process shows online, at the table they sit at on
    yet another, and going offline reaches the other process's friend as a push."""
    one, two = processes(2)

    async def scenario() -> None:
        a = await Player.connect(one)
        b = await Player.connect(two)
        ra, rb = Rest(one, a.token), Rest(two, b.token)
        await befriend(ra, rb, a, b)
        table = await two_seat_table(one, a)
        await seat(a, table, 0)
        listed = (await rb.get("/api/friends")).json()["friends"]
        assert [(f["name"], f["online"]) for f in listed] == [(a.name, True)]
        assert listed[0]["table"]["id"] == table and listed[0]["table"]["joinable"] is True
        await a.close()
        while listed[0]["online"]:  # pushes came before too: until one says a has gone
            await b.expect(lambda f: f.get("type") == "friends")
            listed = (await rb.get("/api/friends")).json()["friends"]
        await ra.close()
        await rb.close()
        await b.close()

    run(scenario)


def test_rest_routes_of_a_table_answer_on_any_process(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """A table's REST routes (its summary, a hint, an invitation) asked of a process that
    does not own it are made at its owner and answered as the owner answers."""
    one, two = processes(2)

    async def scenario() -> None:
        a = await Player.connect(one)
        friend = await Player.connect(two)
        bots = [{"kind": "bot", "level": "beginner"}] * 3
        spec = {"seats": [{"kind": "human"}, *bots], "options": {"first-declarer": 0}}
        await a.send({"type": "create", "table": spec})
        table = (await a.expect("created"))["table"]["id"]
        await seat(a, table, 0)
        rest = Rest(two, a.token)  # the other process than the table's
        summary = await rest.get(f"/api/tables/{table}")
        assert summary.status_code == 200, summary.text
        assert summary.json()["table"]["hints"] is True
        hint = await rest.get(f"/api/tables/{table}/hint")
        assert hint.status_code == 200, hint.text
        assert a.view is not None and hint.json()["action"] in a.view["legal"]
        invited = await rest.post(f"/api/tables/{table}/invite", {"player": friend.name})
        assert invited.status_code == 200, invited.text
        assert (await friend.expect("invitation"))["table"]["id"] == table
        await rest.close()
        for p in (a, friend):
            await p.close()

    run(scenario)


def test_connections_per_player_are_counted_across_processes(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """Two connections a player at most: the third is refused whichever process it
    reaches, and a closed one frees its place on any process."""
    one, two = processes(2, connections_per_player=2)

    async def scenario() -> None:
        first = await Player.connect(one)
        second = await Player.connect(two, token=first.token)
        for server in (one, two):
            ws = await connect(server.ws)
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": first.token}))
            refused = json.loads(await ws.recv())
            assert refused["code"] == "too_many_connections", refused
            await ws.close()
        await second.close()
        await second.closed.wait()
        # Process two counts the close a moment after the socket's: polled, bounded, as a
        # server's readiness is (no event tells another process's count).
        for _ in range(100):
            third = await connect(one.ws)
            await third.send(json.dumps({"type": "hello", "protocol": 1, "token": first.token}))
            answer = json.loads(await third.recv())
            await third.close()
            if answer["type"] == "welcome":
                break
            assert answer["code"] == "too_many_connections", answer
            await asyncio.sleep(0.05)
        assert answer["type"] == "welcome", "a closed connection still counted"
        await first.close()

    run(scenario)


def test_a_challenge_is_answered_from_another_process(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """A friend connected to another process than the challenger's gets the challenge
    and accepts it there: the answer is made where the challenge and its table live."""
    one, two = processes(2)

    async def scenario() -> None:
        host = await Player.connect(one)
        friend = await Player.connect(two)
        rh, rf = Rest(one, host.token), Rest(two, friend.token)
        await befriend(rh, rf, host, friend)
        game = {"game": "hearts-trumps", "options": {"target": 1}}
        made = await rh.post("/api/challenges", {"players": [friend.name], "table": game})
        assert made.status_code == 200, made.text
        table = made.json()["challenge"]["table"]["id"]
        told = await friend.expect(lambda f: f.get("type") == "challenge")
        assert told["table"]["id"] == table
        answer = await rf.post(f"/api/challenges/{table}/accept", {})
        assert answer.status_code == 200, answer.text
        assert answer.json()["answer"] == "accepted" and answer.json()["seat"] == 1
        heard = await host.expect(lambda f: f.get("type") == "challenge_answer")
        assert heard["player"] == friend.name and heard["answer"] == "accepted"
        for r in (rh, rf):
            await r.close()
        for p in (host, friend):
            await p.close()

    run(scenario)


def test_a_challenge_outlives_its_owner(processes: Callable[..., list[ServerProcess]]) -> None:
    """The challenged friend's panel lists the challenge on any process, and the
    challenger cannot send it twice from another; kill -9 of the process that made it:
    the process that takes the table over has the challenge too, and the friend's answer
    is made there."""
    one, two = processes(2)

    async def scenario() -> None:
        host = await Player.connect(one)
        friend = await Player.connect(two)
        rh, rf = Rest(one, host.token), Rest(two, friend.token)
        await befriend(rh, rf, host, friend)
        game = {"game": "hearts-trumps", "options": {"target": 1}}
        made = await rh.post("/api/challenges", {"players": [friend.name], "table": game})
        assert made.status_code == 200, made.text
        table = made.json()["challenge"]["table"]["id"]
        await friend.expect(lambda f: f.get("type") == "challenge")
        listed = (await rf.get("/api/friends")).json()["challenges"]
        assert [(c["table"]["id"], c["from"]) for c in listed] == [(table, host.name)]
        elsewhere = Rest(two, host.token)  # the same challenge again, from another process
        again = await elsewhere.post("/api/challenges", {"players": [friend.name], "table": game})
        assert again.status_code == 409 and again.json()["code"] == "already_challenged"
        await elsewhere.close()
        await rh.close()
        one.kill()
        host = await moved_to(host, two, table)  # back once ``two`` owns the table
        listed = (await rf.get("/api/friends")).json()["challenges"]
        assert [c["answers"] for c in listed] == [{friend.name: "pending"}]
        answer = await rf.post(f"/api/challenges/{table}/accept", {})
        assert answer.status_code == 200, answer.text
        assert answer.json()["answer"] == "accepted" and answer.json()["seat"] == 1
        heard = await host.expect(lambda f: f.get("type") == "challenge_answer")
        assert heard["player"] == friend.name and heard["answer"] == "accepted"
        assert (await rf.get("/api/friends")).json()["challenges"] == []
        await rf.close()
        for p in (host, friend):
            await p.close()

    run(scenario)


def test_a_declined_challenge_leaves_the_friends_lobby_on_another_process(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """The challenge's table lives on one process, the friends' lobbies on the other:
    the friend who declines hears there that the table is unlisted; the other friend,
    still invited, goes on listing it."""
    one, two = processes(2)

    async def scenario() -> None:
        host = await Player.connect(one)
        b, c = await Player.connect(two), await Player.connect(two)
        rh, rb, rc = Rest(one, host.token), Rest(two, b.token), Rest(two, c.token)
        await befriend(rh, rb, host, b)
        await befriend(rh, rc, host, c)
        for p in (b, c):
            await p.send({"type": "lobby"})
            await p.expect(lambda f: f.get("type") == "lobby" and "tables" in f)
        game = {"game": "king-bolola", "bots": "beginner"}
        made = await rh.post("/api/challenges", {"players": [b.name, c.name], "table": game})
        assert made.status_code == 200, made.text
        table = made.json()["challenge"]["table"]["id"]
        for p in (b, c):  # listed to each, through the lobby's broadcast
            await p.expect(
                lambda f: f.get("type") == "lobby" and f.get("table", {}).get("id") == table
            )
        answer = await rb.post(f"/api/challenges/{table}/decline", {})
        assert answer.status_code == 200 and answer.json()["answer"] == "declined", answer.text
        await b.expect(lambda f: f.get("type") == "lobby" and f.get("unlisted") == table)
        # One broadcast told both: c's share of it is on its socket before c's pong.
        await c.send({"type": "ping", "t": 1})
        await c.expect("pong")
        assert not any(f.get("unlisted") == table for f in c.frames)
        for p, listed in ((b, False), (c, True)):
            await p.send({"type": "lobby"})
            fresh = await p.expect(lambda f: f.get("type") == "lobby" and "tables" in f)
            assert (table in {t["id"] for t in fresh["tables"]}) is listed
        for r in (rh, rb, rc):
            await r.close()
        for p in (host, b, c):
            await p.close()

    run(scenario)


def test_a_password_changed_on_one_process_ends_the_sessions_on_another(
    processes: Callable[..., list[ServerProcess]],
) -> None:
    """The socket of another session of the player, connected to another process, is
    told and closed; the session that changed the password keeps its socket there."""
    one, two = processes(2)

    async def scenario() -> None:
        here = Rest(one)
        await here.guest()
        body = {"name": f"pw_{secrets.token_hex(3)}", "password": "correct horse battery"}
        claimed = await here.post("/api/claim", body)
        assert claimed.status_code == 200, claimed.text
        mine = claimed.json()["token"]
        here.client.headers["authorization"] = f"Bearer {mine}"
        other = Rest(two)
        csrf = (await other.get("/api/csrf")).json()["csrf"]
        signed = await other.client.post("/api/signin", json=body, headers={"x-csrf-token": csrf})
        assert signed.status_code == 200, signed.text
        mine_there = await Player.connect(two, mine)
        theirs_there = await Player.connect(two, signed.json()["token"])

        changed = await here.post(
            "/api/password", {"current": body["password"], "password": "a new horse staple"}
        )
        assert changed.status_code == 200, changed.text
        ended = await theirs_there.expect("error")
        assert ended["code"] == "bad_token"
        await asyncio.wait_for(theirs_there.closed.wait(), WAIT)
        await mine_there.send({"type": "ping"})
        await mine_there.expect("pong")
        for p in (mine_there, theirs_there):
            await p.close()
        for r in (here, other):
            await r.close()

    run(scenario)
