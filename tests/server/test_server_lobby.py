"""Accounts (PL-15) and the lobby over REST (PL-1..PL-3), the join race (checklist 7)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx
from roomclient import WAIT, Player, Rest, ServerProcess, run

HUMANS = {"seats": [{"kind": "human"}] * 4}


def test_guest_gets_a_generated_name_and_a_session(server: ServerProcess) -> None:
    async def scenario() -> None:
        rest = Rest(server)
        r = await rest.client.post("/api/guest")  # no bearer, no CSRF cookie
        assert r.status_code == 403 and r.json()["code"] == "csrf"
        csrf = (await rest.client.get("/api/csrf")).json()["csrf"]
        r = await rest.client.post("/api/guest", headers={"x-csrf-token": csrf})
        assert r.status_code == 200
        assert r.json()["player"]["name"].startswith("guest-")
        cookie = r.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie
        me = await rest.client.get("/api/me")  # the cookie alone signs in
        assert me.json()["player"]["name"] == r.json()["player"]["name"]
        await rest.close()

    run(scenario)


def test_sign_up_and_sign_in_with_csrf_on_forms_and_a_login_limit(server: ServerProcess) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=server.http) as c:
            csrf = (await c.get("/api/csrf")).json()["csrf"]
            form = {"name": "ana_k", "password": "correct horse", "csrf": "wrong"}
            assert (await c.post("/api/signup", data=form)).status_code == 403
            form["csrf"] = csrf
            r = await c.post("/api/signup", data=form)
            assert r.status_code == 200, r.text
            assert r.json()["player"] == {**r.json()["player"], "name": "ana_k", "guest": False}
            # The token was the browser's before sign-in; the session now has its own.
            again = await c.post("/api/signup", data=form)
            assert again.status_code == 403 and again.json()["code"] == "csrf"
            csrf = form["csrf"] = (await c.get("/api/csrf")).json()["csrf"]
            again = await c.post("/api/signup", data=form)
            assert again.status_code == 409 and again.json()["code"] == "name_taken"
            bad = {"name": "x", "password": "short", "csrf": csrf}
            # Each field's refusal has a code of its own, which the client says in the
            # player's language (not "Invalid input:" and the server's English).
            assert (await c.post("/api/signup", data=bad)).json()["code"] == "bad_name"
            bad["name"] = "ana_long"
            assert (await c.post("/api/signup", data=bad)).json()["code"] == "bad_password"
            h = {"x-csrf-token": csrf}
            ok = await c.post(
                "/api/signin", json={"name": "ANA_K", "password": "correct horse"}, headers=h
            )
            assert ok.status_code == 200 and ok.json()["player"]["name"] == "ana_k"
            h = {"x-csrf-token": (await c.get("/api/csrf")).json()["csrf"]}  # a new session
            codes = []
            for _ in range(8):
                r = await c.post(
                    "/api/signin", json={"name": "ana_k", "password": "wrong guess"}, headers=h
                )
                codes.append(r.status_code)
            assert codes[0] == 401 and 429 in codes
            info = (await c.get("/api/players/ana_k")).json()["player"]
            assert "password_hash" not in info and info["league"] in ("bronze", "silver", "gold")

    run(scenario)


def test_create_list_join_leave_invite(server: ServerProcess) -> None:
    async def scenario() -> None:
        host, guest, stranger = Rest(server), Rest(server), Rest(server)
        await host.guest()
        g = await guest.guest()
        await stranger.guest()
        spec = {
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
            + [{"kind": "human"}] * 2,
            "move_seconds": 30,
            "rated": True,
        }
        r = await host.post("/api/tables", spec)
        assert r.status_code == 201, r.text
        table = r.json()["table"]
        assert table["free"] == 3 and table["seats"][1]["kind"] == "bot"
        listed = (await stranger.get("/api/tables")).json()["tables"]
        assert table["id"] in [t["id"] for t in listed]
        assert (await stranger.post(f"/api/tables/{table['id']}/join", {"seat": 1})).json()[
            "code"
        ] == "seat_taken"
        joined = await stranger.post(f"/api/tables/{table['id']}/join", {"seat": 2})
        assert joined.json()["seat"] == 2
        assert (await stranger.post(f"/api/tables/{table['id']}/leave")).json()["ok"]
        assert (await host.get(f"/api/tables/{table['id']}")).json()["table"]["free"] == 3

        private = (await host.post("/api/tables", {**spec, "access": "invited"})).json()["table"]
        url = f"/api/tables/{private['id']}"
        assert private["id"] not in [
            t["id"] for t in (await guest.get("/api/tables")).json()["tables"]
        ]
        assert (await guest.post(f"{url}/join")).json()["code"] == "not_invited"
        guest_socket = await Player.connect(server, token=g["token"])
        invited = await host.post(f"{url}/invite", {"player": g["player"]["name"]})
        assert invited.json()["ok"]
        note = await guest_socket.expect("invitation")
        assert note["table"]["id"] == private["id"] and note["from"].startswith("guest-")
        assert private["id"] in [t["id"] for t in (await guest.get("/api/tables")).json()["tables"]]
        assert (await guest.post(f"{url}/join")).json()["seat"] == 0
        assert (await stranger.post(f"{url}/join")).json()["code"] == "not_invited"
        for bad in (
            {"game": "chess"},
            {"seats": [{"kind": "human"}]},
            {"move_seconds": -1},
            {"access": "friends"},
        ):
            r = await host.post("/api/tables", bad)
            assert r.status_code == 400 and r.json()["code"] == "bad_request", bad
        r = await host.post("/api/tables", {"options": {"nope": 1}})
        assert r.status_code == 400 and r.json()["code"] == "bad_option", r.text
        for c in (host, guest, stranger):
            await c.close()

    run(scenario)


def test_five_race_for_four_seats(server: ServerProcess) -> None:
    """Checklist 7: exactly four seated, no one twice, the fifth told the table is full."""

    async def scenario() -> None:
        host = Rest(server)
        await host.guest()
        table = (await host.post("/api/tables", HUMANS)).json()["table"]["id"]
        racers = [Rest(server) for _ in range(5)]
        for r in racers:
            await r.guest()
        answers: list[Any] = await asyncio.gather(
            *(r.post(f"/api/tables/{table}/join") for r in racers)
        )
        bodies = [a.json() for a in answers]
        seats = [b["seat"] for b in bodies if "seat" in b]
        assert sorted(seats) == [0, 1, 2, 3]
        refused = [
            (a.status_code, b) for a, b in zip(answers, bodies, strict=True) if "seat" not in b
        ]
        assert len(refused) == 1 and refused[0][0] == 409
        assert refused[0][1]["code"] == "table_full"
        # The same five over WebSockets on a fresh table.
        table = (await host.post("/api/tables", HUMANS)).json()["table"]["id"]
        players = [await Player.connect(server) for _ in range(5)]
        for p in players:
            await p.send({"type": "join", "table": table})
        firsts = [await p.expect(lambda f: f["type"] in ("joined", "error")) for p in players]
        assert sorted(f["seat"] for f in firsts if f["type"] == "joined") == [0, 1, 2, 3]
        assert [f["code"] for f in firsts if f["type"] == "error"] == ["table_full"]
        for r in [host, *racers]:
            await r.close()

    run(scenario)


def test_lobby_gets_live_updates(server: ServerProcess) -> None:
    async def scenario() -> None:
        watcher = await Player.connect(server)
        await watcher.send({"type": "lobby"})
        await watcher.expect("lobby")
        host = Rest(server)
        await host.guest()
        table = (await host.post("/api/tables", HUMANS)).json()["table"]["id"]
        update = await watcher.expect(lambda f: f["type"] == "lobby" and "table" in f)
        assert update["table"]["id"] == table and update["table"]["free"] == 4
        await host.post(f"/api/tables/{table}/join")
        update = await watcher.expect(lambda f: f["type"] == "lobby" and "table" in f)
        assert update["table"]["free"] == 3
        await host.close()

    run(scenario)


def test_a_finished_table_leaves_memory_and_its_record_stays(
    server_with: Callable[..., ServerProcess],
) -> None:
    """Issue 15: finished tables no longer stay in memory for good. Once gone, a join
    hears ``game_over`` and the REST table says where the record is."""
    server = server_with(finished_table_seconds=0.2)
    bot = {"kind": "bot", "level": "beginner"}

    async def scenario() -> None:
        viewer = await Player.connect(server)
        spec = {"game": "hearts-trumps", "seats": [bot, bot], "options": {"target": 1}}
        await viewer.send({"type": "create", "table": spec})
        table = (await viewer.expect("created"))["table"]["id"]
        await viewer.send({"type": "join", "table": table, "watch": True})
        await viewer.expect("over", timeout=60)
        async with asyncio.timeout(WAIT):
            while True:  # until the server has let it go
                await viewer.send({"type": "join", "table": table, "watch": True})
                answer = await viewer.expect(lambda f: f.get("type") in ("snapshot", "error"))
                if answer["type"] == "error":
                    break
                await asyncio.sleep(0.05)
        assert answer["code"] == "game_over" and answer["table"] == table, answer
        rest = Rest(server)
        r = await rest.get(f"/api/tables/{table}")
        record = f"/api/tables/{table}/record"
        assert r.json() == {"table": {"id": table, "status": "over", "record": record}}
        assert (await rest.get(record)).status_code == 200
        await rest.close()
        await viewer.close()

    run(scenario)


def test_the_lobby_lists_each_tables_options(server: ServerProcess) -> None:
    """PL-2: players choose a table to join from the lobby, so it shows the options the host
    chose (Baloot's strict trumping, BA-15), in the list and in its live updates."""

    async def scenario() -> None:
        watcher = await Player.connect(server)
        await watcher.send({"type": "lobby"})
        await watcher.expect("lobby")
        host = Rest(server)
        await host.guest()
        spec = {**HUMANS, "game": "baloot", "options": {"strict-trumping": True}}
        table = (await host.post("/api/tables", spec)).json()["table"]
        chosen = {"strict-trumping": True, "hokum-kaboot-25": False}
        assert table["options"] == chosen
        update = await watcher.expect(lambda f: f["type"] == "lobby" and "table" in f)
        assert update["table"]["id"] == table["id"] and update["table"]["options"] == chosen
        listed = (await host.get("/api/tables")).json()["tables"]
        assert [t["options"] for t in listed if t["id"] == table["id"]] == [chosen]
        await host.close()

    run(scenario)
