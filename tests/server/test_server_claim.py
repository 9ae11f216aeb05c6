"""A guest keeps their player as an account (PL-15): ``POST /api/claim`` gives the guest's
player a name and password of its own, and everything it earned stays with it."""

from __future__ import annotations

from typing import Any

from roomclient import Rest, ServerProcess, heart_match, run

PASSWORD = "correct horse battery"


async def claim(
    rest: Rest, name: object, password: object = PASSWORD
) -> tuple[int, dict[str, Any]]:
    r = await rest.post("/api/claim", {"name": name, "password": password})
    return r.status_code, r.json()


def test_a_guest_keeps_the_match_it_played_under_its_new_name(server: ServerProcess) -> None:
    async def scenario() -> None:
        p, table, _over = await heart_match(server, rated=True)
        guest_name = p.name
        assert guest_name.startswith("guest-")
        await p.close()

        rest = Rest(server, p.token)
        before = (await rest.get("/api/me")).json()["player"]
        assert before["guest"] is True and before["xp"] > 0

        status, body = await claim(rest, "kept_ana")
        assert status == 200, body
        kept = body["player"]
        assert (kept["id"], kept["name"], kept["guest"]) == (before["id"], "kept_ana", False)
        assert kept["xp"] == before["xp"] and kept["ratings"] == before["ratings"]
        # The guest's session goes on as the kept player; the answer also carries a new one.
        assert (await rest.get("/api/me")).json()["player"]["name"] == "kept_ana"
        assert body["token"]

        anyone = Rest(server)
        card = (await anyone.get("/api/players/kept_ana")).json()
        assert [m["table"] for m in card["recent"]] == [table]
        gone = await anyone.get(f"/api/players/{guest_name}")
        assert gone.status_code == 404 and gone.json()["code"] == "no_player"
        board = (await anyone.get("/api/leaderboard?game=hearts-trumps&limit=100")).json()
        names = [x["name"] for x in board["players"]]
        assert "kept_ana" in names and guest_name not in names

        # The name and password sign in to the same player, from anywhere.
        csrf = (await anyone.get("/api/csrf")).json()["csrf"]
        signin = await anyone.client.post(
            "/api/signin",
            json={"name": "KEPT_ANA", "password": PASSWORD},
            headers={"x-csrf-token": csrf},
        )
        assert signin.status_code == 200 and signin.json()["player"]["id"] == before["id"]

        # Once kept, the player is no guest to claim again.
        status, body = await claim(rest, "kept_ana_2")
        assert (status, body["code"]) == (409, "not_guest")
        await rest.close()
        await anyone.close()

    run(scenario)


def test_a_claim_is_refused_clearly_and_changes_nothing(server: ServerProcess) -> None:
    async def scenario() -> None:
        nobody = Rest(server)
        csrf = (await nobody.get("/api/csrf")).json()["csrf"]
        r = await nobody.client.post(
            "/api/claim",
            json={"name": "no_one_here", "password": PASSWORD},
            headers={"x-csrf-token": csrf},
        )
        assert (r.status_code, r.json()["code"]) == (401, "unauthorized")

        owner = Rest(server)
        await owner.guest()
        assert (await claim(owner, "taken_name"))[0] == 200

        rest = Rest(server)
        me = (await rest.guest())["player"]
        refused = [
            (await claim(rest, "Taken_Name"), "name_taken", 409),  # names are case-blind
            (await claim(rest, "guest-mine"), "reserved_name", 400),
            (await claim(rest, "x"), "bad_name", 400),
            (await claim(rest, 7), "bad_name", 400),
            (await claim(rest, "fine_name", "short"), "bad_password", 400),
            (await claim(rest, "fine_name", None), "bad_password", 400),
        ]
        for (status, body), code, expected in refused:
            assert (status, body["code"]) == (expected, code), body
            assert body["message"]
        still = (await rest.get("/api/me")).json()["player"]
        assert (still["id"], still["name"], still["guest"]) == (me["id"], me["name"], True)
        missing = await rest.get("/api/players/fine_name")
        assert missing.status_code == 404
        for r in (owner, rest, nobody):
            await r.close()

    run(scenario)
