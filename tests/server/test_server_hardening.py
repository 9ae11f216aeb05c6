"""Hardening (issue 16): each test plays an attack and checks it is refused.

Hashing off the event loop, sign-in limits per address (and X-Forwarded-For believed only
from trusted proxies), health that reads and writes the database, JSON for every REST
error, control characters and NaN refused, sign-out that revokes, private tables kept
private, security headers. See docs/security.md.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from roomclient import WAIT, Player, Rest, ServerProcess, run
from websockets.asyncio.client import connect

from bolola.store.store import Store


async def _csrf(client: httpx.AsyncClient) -> dict[str, str]:
    token = (await client.get("/api/csrf")).json()["csrf"]
    return {"x-csrf-token": token}


def _is_error(r: httpx.Response, status: int, code: str) -> None:
    assert r.status_code == status, (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json"), r.headers
    body = r.json()
    assert body["type"] == "error" and body["code"] == code, body
    assert isinstance(body["message"], str) and body["message"]


# -- 1. password hashing off the loop, sign-in limits ----------------------------------------


def test_sign_ins_do_not_stall_other_clients(server_with: Callable[..., ServerProcess]) -> None:
    """Argon2 ran on the event loop: while a batch of sign-ins hashed, a pinging client got
    at most one answer between two hashes. Now its pings keep being answered."""
    server = server_with(login_per_minute=1000, login_per_address_per_minute=1000)
    attempts = 10

    async def scenario() -> None:
        pinger = await Player.connect(server)
        async with httpx.AsyncClient(base_url=server.http, timeout=WAIT) as client:
            headers = await _csrf(client)
            # Unknown names are checked against a dummy hash: the same cost as a real one.
            batch = asyncio.gather(
                *(
                    client.post(
                        "/api/signin",
                        json={"name": f"nobody{n}", "password": "wrong password"},
                        headers=headers,
                    )
                    for n in range(attempts)
                )
            )
            pongs = 0
            while not batch.done():
                await pinger.send({"type": "ping", "t": pongs})
                await pinger.expect("pong")
                pongs += 1
            for r in await batch:
                _is_error(r, 401, "bad_credentials")
        await pinger.close()
        # Blocking hashes let about one ping through per hash; free ones, many per hash.
        assert pongs >= 10 * attempts, f"only {pongs} pongs while {attempts} sign-ins ran"

    run(scenario)


def test_sign_ins_are_limited_per_address(server_with: Callable[..., ServerProcess]) -> None:
    """Varying the name (or a forged X-Forwarded-For) no longer buys more guesses."""
    server = server_with(login_per_address_per_minute=3)

    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=server.http, timeout=WAIT) as client:
            headers = await _csrf(client)
            answers = []
            for n in range(4):
                answers.append(
                    await client.post(
                        "/api/signin",
                        json={"name": f"victim{n}", "password": "guess number one"},
                        headers={**headers, "x-forwarded-for": f"203.0.113.{n}"},
                    )
                )
            for r in answers[:3]:
                _is_error(r, 401, "bad_credentials")
            _is_error(answers[3], 429, "rate_limited")
            # Sign-ups hash too: the same address bucket refuses them.
            r = await client.post(
                "/api/signup",
                json={"name": "newcomer", "password": "long enough"},
                headers=headers,
            )
            _is_error(r, 429, "rate_limited")

    run(scenario)


def test_forwarded_for_is_believed_from_trusted_proxies(
    server_with: Callable[..., ServerProcess],
) -> None:
    server = server_with(login_per_address_per_minute=2, trusted_proxies='["127.0.0.1"]')

    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=server.http, timeout=WAIT) as client:
            headers = await _csrf(client)

            async def attempt(forwarded: str) -> httpx.Response:
                return await client.post(
                    "/api/signin",
                    json={"name": "someone", "password": "guess number one"},
                    headers={**headers, "x-forwarded-for": forwarded},
                )

            # Behind the proxy each client has its own bucket; a client's own forged
            # hop in front of the proxy's does not help it.
            for _ in range(2):
                _is_error(await attempt("198.51.100.7"), 401, "bad_credentials")
            _is_error(await attempt("10.9.9.9, 198.51.100.7"), 429, "rate_limited")
            _is_error(await attempt("198.51.100.8"), 401, "bad_credentials")

    run(scenario)


# -- 3. health, start-up, JSON errors ---------------------------------------------------------


def test_read_only_database_refuses_to_start(tmp_path: Path) -> None:
    path = tmp_path / "bolola.db"

    async def make() -> None:
        store = await Store.open(f"sqlite:///{path}")
        await store.close()

    run(make)
    server = ServerProcess(f"sqlite:///file:{path}?mode=ro&uri=true", tmp_path)
    with pytest.raises(RuntimeError, match="server exited"):
        server.start()
    assert server.proc is not None
    assert server.proc.wait(timeout=WAIT) != 0
    lines = server.log.read_text().splitlines()
    assert any(
        line.startswith("bolola serve: the database") and "cannot be read and written" in line
        for line in lines
    ), lines[-5:]
    assert not any("Traceback" in line for line in lines)


def test_healthz_and_rest_errors_are_json(server: ServerProcess) -> None:
    async def scenario() -> None:
        rest = Rest(server)
        r = await rest.get("/healthz")
        assert r.status_code == 200 and r.json()["status"] == "ok" and r.json()["ok"] is True
        _is_error(await rest.get("/api/nothing-here"), 404, "not_found")
        _is_error(await rest.client.delete("/api/me"), 405, "method_not_allowed")
        _is_error(await rest.client.put("/api/tables"), 405, "method_not_allowed")
        # Ids beyond the database's integers: no such table, not a 500.
        huge = 2**63 + 5
        _is_error(await rest.get(f"/api/tables/{huge}"), 404, "no_table")
        _is_error(await rest.get(f"/api/tables/{huge}/record"), 404, "no_table")
        _is_error(await rest.get("/api/tables/9999999999/record"), 404, "no_table")
        await rest.close()

    run(scenario)


def test_security_headers_on_every_page(server: ServerProcess) -> None:
    for path in ("/", "/table/7", "/healthz", "/api/tables", "/api/nothing-here"):
        r = httpx.get(f"{server.http}{path}", timeout=WAIT)
        policy = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy, path
        assert "default-src 'self'" in policy and "connect-src 'self' ws: wss:" in policy
        assert "img-src 'self' data:" in policy and "media-src 'self'" in policy
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"


# -- 5. access and identity -------------------------------------------------------------------


def test_names_and_text_with_control_characters_are_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=server.http, timeout=WAIT) as client:
            headers = await _csrf(client)
            for name, password, code in (
                ("bob\n", "long enough", "bad_name"),  # the name rule matched a prefix only
                ("bo\x00b", "long enough", "bad_name"),
                ("bobby", "long\x00enough", "bad_password"),
            ):
                r = await client.post(
                    "/api/signup", json={"name": name, "password": password}, headers=headers
                )
                _is_error(r, 400, code)
            r = await client.post(
                "/api/signin", json={"name": "bo\x00b", "password": "x" * 10}, headers=headers
            )
            _is_error(r, 400, "bad_request")
            _is_error(await client.get("/api/players/bo%00b"), 400, "bad_request")

        table, (ana,) = await _table(server, access="anyone")
        for text in ("hi\x00there", "ring\x07", "two\nlines"):
            await ana.send({"type": "chat", "table": table, "text": text})
            frame = await ana.expect("error")
            assert frame["code"] == "bad_request", frame
        await ana.send({"type": "invite", "table": table, "player": "x\x00y"})
        assert (await ana.expect("error"))["code"] == "bad_request"
        await ana.send({"type": "chat", "table": table, "text": "still here"})
        assert (await ana.expect("chat"))["text"] == "still here"
        await ana.close()

    run(scenario)


def test_csrf_token_is_tied_to_the_session(server: ServerProcess) -> None:
    """The double-submit token only had to repeat a cookie: whoever could set the cookie
    (a sibling subdomain, a man in the middle over plain HTTP) could forge both. Now the
    token is an HMAC of the session under the server's key: one session's token is no
    other's, and a cookie and a header made up together match nothing."""

    async def scenario() -> None:
        async with (
            httpx.AsyncClient(base_url=server.http, timeout=WAIT) as ana,
            httpx.AsyncClient(base_url=server.http, timeout=WAIT) as bob,
        ):
            for c in (ana, bob):  # guests riding on their session cookies
                r = await c.post("/api/guest", headers=await _csrf(c))
                assert r.status_code == 200, r.text
            ana_token, bob_token = await _csrf(ana), await _csrf(bob)
            assert ana_token != bob_token
            _is_error(await ana.post("/api/daily", headers=bob_token), 403, "csrf")
            _is_error(await ana.post("/api/daily"), 403, "csrf")
            # Eve's own token and cookie, planted in Ana's browser, do not pass for Ana.
            async with httpx.AsyncClient(base_url=server.http, timeout=WAIT) as eve:
                eve_token = await _csrf(eve)
                planted = eve.cookies.get("bolola_csrf")
            assert planted is not None
            ana.cookies.set("bolola_csrf", planted)
            _is_error(await ana.post("/api/daily", headers=eve_token), 403, "csrf")
            _is_error(await bob.post("/api/signout", headers=eve_token), 403, "csrf")
            r = await ana.post("/api/daily", headers=ana_token)
            assert r.status_code == 200, r.text
            # Signed out, the old session's token goes with it.
            assert (await bob.post("/api/signout", headers=bob_token)).status_code == 200
            _is_error(await bob.post("/api/guest", headers=bob_token), 403, "csrf")
            r = await bob.post("/api/guest", headers=await _csrf(bob))
            assert r.status_code == 200, r.text

    run(scenario)


def test_sign_out_revokes_the_token(server: ServerProcess) -> None:
    async def scenario() -> None:
        rest = Rest(server)
        token = (await rest.guest())["token"]
        assert (await rest.get("/api/me")).status_code == 200
        r = await rest.post("/api/signout")
        assert r.status_code == 200 and r.json() == {"ok": True}
        _is_error(await rest.get("/api/me"), 401, "bad_token")
        ws = Player(await connect(server.ws))
        await ws.send({"type": "hello", "protocol": 1, "token": token})
        assert (await ws.expect(lambda f: True))["code"] == "bad_token"
        await ws.close()
        await rest.close()

    run(scenario)


def test_signing_in_again_at_once_after_signing_out_gives_a_session_that_works(
    server: ServerProcess,
) -> None:
    """A session made in the same second as the one just signed out is not that one (a
    token signed with whole seconds only was, and so was revoked as it was made)."""

    async def scenario() -> None:
        rest = Rest(server)
        await rest.guest()
        name = f"again_{secrets.token_hex(3)}"
        body = {"name": name, "password": "correct horse battery"}
        first = await rest.post("/api/claim", body)
        assert first.status_code == 200, first.text
        assert (await rest.post("/api/signout")).status_code == 200
        del rest.client.headers["authorization"]
        signin = await rest.client.post("/api/signin", json=body, headers=await _csrf(rest.client))
        assert signin.status_code == 200, signin.text
        token = signin.json()["token"]
        assert token != first.json()["token"]
        again = Rest(server, token)
        me = await again.get("/api/me")
        assert me.status_code == 200 and me.json()["player"]["name"] == name
        for r in (rest, again):
            await r.close()

    run(scenario)


def test_private_table_is_not_shown_to_others(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, (host,) = await _table(server, access="invited")
        host_rest, other, invited = Rest(server, host.token), Rest(server), Rest(server)
        await other.guest()
        guest = await invited.guest()
        assert (await host_rest.get(f"/api/tables/{table}")).status_code == 200
        _is_error(await other.get(f"/api/tables/{table}"), 403, "not_invited")
        _is_error(await Rest(server).get(f"/api/tables/{table}"), 403, "not_invited")
        # Inviting twice is folded into one invitation.
        for _ in range(2):
            r = await host_rest.post(
                f"/api/tables/{table}/invite", {"player": guest["player"]["name"]}
            )
            assert r.status_code == 200, r.text
        assert (await invited.get(f"/api/tables/{table}")).status_code == 200
        await host.close()
        for rest in (host_rest, other, invited):
            await rest.close()

    run(scenario)


# -- 6. smaller -------------------------------------------------------------------------------


def test_nan_and_infinity_are_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        rest = Rest(server)
        await rest.guest()
        r = await rest.client.post(
            "/api/tables",
            content=b'{"move_seconds": Infinity, "seats": []}',
            headers={"content-type": "application/json"},
        )
        _is_error(r, 400, "bad_json")
        await rest.close()
        player = await Player.connect(server)
        await player.send('{"type": "ping", "t": NaN}')
        assert (await player.expect(lambda f: True))["code"] == "bad_json"
        await player.close()

    run(scenario)


def test_move_time_has_a_floor(server_with: Callable[..., ServerProcess]) -> None:
    server = server_with(min_move_seconds=5)

    async def scenario() -> None:
        player = await Player.connect(server)
        seats: list[dict[str, Any]] = [{"kind": "human"}] + [
            {"kind": "bot", "level": "beginner"}
        ] * 3
        await player.send({"type": "create", "table": {"seats": seats, "move_seconds": 0.5}})
        frame = await player.expect(lambda f: True)
        assert frame["code"] == "bad_request" and "move_seconds" in frame["message"]
        await player.send({"type": "create", "table": {"seats": seats, "move_seconds": 5}})
        assert (await player.expect(lambda f: True))["type"] == "created"
        await player.close()

    run(scenario)


async def _table(server: ServerProcess, *, access: str) -> tuple[int, list[Player]]:
    player = await Player.connect(server)
    seats = [{"kind": "human"}] * 4
    await player.send({"type": "create", "table": {"seats": seats, "access": access}})
    table: int = (await player.expect("created"))["table"]["id"]
    await player.send({"type": "join", "table": table, "seat": 0})
    await player.expect("snapshot")
    return table, [player]
