"""Passwords after sign-up (PL-15): a player changes theirs, saying the one they have, and
every other session of theirs is over; the room's operator sets one for a player who
forgot theirs (``bolola password NAME``, the password from standard input)."""

from __future__ import annotations

import argparse
import asyncio
import io
import secrets
import sys
from pathlib import Path
from typing import Any

import pytest
from roomclient import WAIT, Player, Rest, ServerProcess, run
from websockets.asyncio.client import connect

from bolola.server import password
from bolola.server.accounts import hash_password
from bolola.store.store import Store

OLD, NEW = "correct horse battery", "staple of a new horse"


async def account(server: ServerProcess) -> tuple[Rest, str]:
    rest = Rest(server)
    await rest.guest()
    name = f"pw_{secrets.token_hex(3)}"
    r = await rest.post("/api/claim", {"name": name, "password": OLD})
    assert r.status_code == 200, r.text
    rest.client.headers["authorization"] = f"Bearer {r.json()['token']}"
    return rest, name


async def sign_in(server: ServerProcess, name: str, password: str) -> tuple[int, dict[str, Any]]:
    async with Rest(server).client as c:
        csrf = (await c.get("/api/csrf")).json()["csrf"]
        r = await c.post(
            "/api/signin", json={"name": name, "password": password}, headers={"x-csrf-token": csrf}
        )
        return r.status_code, r.json()


async def hello(server: ServerProcess, token: str) -> dict[str, Any]:
    ws = Player(await connect(server.ws))
    await ws.send({"type": "hello", "protocol": 1, "token": token})
    answer = await ws.expect(lambda f: True)
    await ws.close()
    return answer


def test_a_changed_password_ends_every_other_session(server: ServerProcess) -> None:
    async def scenario() -> None:
        here, name = await account(server)
        status, other = await sign_in(server, name, OLD)  # the same player, elsewhere
        assert status == 200
        elsewhere = Rest(server, other["token"])

        wrong = await here.post("/api/password", {"current": "not it at all", "password": NEW})
        assert (wrong.status_code, wrong.json()["code"]) == (403, "wrong_password")
        short = await here.post("/api/password", {"current": OLD, "password": "short"})
        assert (short.status_code, short.json()["code"]) == (400, "bad_password")
        assert (await elsewhere.get("/api/me")).status_code == 200  # nothing changed yet
        # A socket of each session, open before the change.
        here_token = here.client.headers["authorization"][7:]
        here_socket = await Player.connect(server, here_token)
        other_socket = await Player.connect(server, other["token"])

        changed = await here.post("/api/password", {"current": OLD, "password": NEW})
        assert changed.status_code == 200, changed.text
        token = changed.json()["token"]
        assert (await Rest(server, token).get("/api/me")).json()["player"]["name"] == name
        assert (await hello(server, token))["type"] == "welcome"

        over = await elsewhere.get("/api/me")
        assert (over.status_code, over.json()["code"]) == (401, "bad_token")
        assert "password" in over.json()["message"]
        assert (await hello(server, other["token"]))["code"] == "bad_token"
        # The other session's open socket is told why and closed; this browser's stays.
        ended = await other_socket.expect("error")
        assert ended["code"] == "bad_token" and "password" in ended["message"]
        await asyncio.wait_for(other_socket.closed.wait(), WAIT)
        await here_socket.send({"type": "ping"})
        assert (await here_socket.expect("pong"))["type"] == "pong"
        for socket in (here_socket, other_socket):
            await socket.close()
        assert (await sign_in(server, name, OLD))[0] == 401
        assert (await sign_in(server, name, NEW))[0] == 200
        for r in (here, elsewhere):
            await r.close()

    run(scenario)


def test_a_guest_has_no_password_to_change(server: ServerProcess) -> None:
    async def scenario() -> None:
        rest = Rest(server)
        await rest.guest()
        r = await rest.post("/api/password", {"current": "", "password": NEW})
        assert (r.status_code, r.json()["code"]) == (400, "bad_request")
        assert "guest" in r.json()["message"]
        await rest.close()

    run(scenario)


async def command(*args: str, stdin: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bolola.cli",
        "password",
        *args,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate(stdin.encode())
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def test_the_operator_sets_a_forgotten_password(server: ServerProcess) -> None:
    async def scenario() -> None:
        rest, name = await account(server)
        socket = await Player.connect(server, rest.client.headers["authorization"][7:])
        url = ["--database-url", server.database_url]
        code, out, err = await command(name, *url, stdin=NEW + "\n")
        assert code == 0, err
        assert out.strip() == f"the password of {name} is set; every session of theirs is over"
        assert (await sign_in(server, name, NEW))[0] == 200
        assert (await sign_in(server, name, OLD))[0] == 401
        assert (await rest.get("/api/me")).json()["code"] == "bad_token"
        # The running server reads the change from the database: the socket open on the
        # old session is told why and closed, without waiting for it to reconnect.
        ended = await socket.expect("error")
        assert ended["code"] == "bad_token" and "password" in ended["message"]
        await asyncio.wait_for(socket.closed.wait(), WAIT)
        await socket.close()
        await rest.close()

    run(scenario)


def test_the_command_refuses_clearly_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path}/bolola.db"

    async def players() -> tuple[str | None, str]:
        store = await Store.open(url)
        try:
            ana = await store.add_player("ana_k", is_guest=False, password_hash=hash_password(OLD))
            guest = await store.add_player("guest-1234", is_guest=True)
            return ana.password_hash, guest.name
        finally:
            await store.close()

    before, guest = asyncio.run(players())
    refused = [
        ("nobody_at_all", url, NEW, 1, "no player named 'nobody_at_all'"),
        (guest, url, NEW, 1, "is a guest"),
        ("ana_k", url, "short\n", 2, "8 to 200 characters"),
        ("ana_k", url, "", 2, "8 to 200 characters"),
        ("ana_k", "mysql://x", NEW, 2, "unsupported database"),
        ("ana_k", f"sqlite:///{tmp_path}/no/such/dir/b.db", NEW, 1, "no database at"),
        ("ana_k", f"sqlite:///{tmp_path}", NEW, 1, "cannot be read"),  # a directory
    ]
    for player, database, typed, expected, says in refused:
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        args = argparse.Namespace(player=player, database_url=database)
        assert password.run(args) == expected, (player, database, typed)
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("bolola password: ") and says in err, err
        assert "Traceback" not in err and err.count("\n") == 1, err

    async def after() -> str | None:
        store = await Store.open(url)
        try:
            found = await store.player_named("ana_k")
            return None if found is None else found.password_hash
        finally:
            await store.close()

    assert asyncio.run(after()) == before


def test_the_watcher_ends_each_changed_players_sessions_but_the_one_kept(
    new_database: Any, tmp_path: Path
) -> None:
    """What a running server reads back for passwords changed behind it: each player's
    moment, and the session that changed it (none when the operator did)."""
    from bolola.server.revocation import NOBODY, Revocation

    url = new_database(tmp_path)

    async def scenario() -> None:
        store = await Store.open(url)
        try:
            hashed = hash_password(OLD)
            ids = [
                (await store.add_player(n, is_guest=False, password_hash=hashed)).id
                for n in ("unchanged", "by_operator", "by_themselves")
            ]
            ended: list[tuple[int, float, float]] = []
            watcher = Revocation(store, lambda *a: ended.append(a), 0)
            assert await watcher.check() == 0
            made = 1_790_000_000.123456  # a session's moment, as its token says it
            op = await store.set_password(ids[1], hashed)
            own = await store.set_password(ids[2], hashed, keep=made)
            assert await watcher.check() == 2
            assert sorted(ended) == sorted([(ids[1], op, NOBODY), (ids[2], own, made)])
        finally:
            await store.close()

    run(scenario)
