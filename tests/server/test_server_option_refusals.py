"""A table option out of its range (a Hearts Are Trumps target of 20000, HT-16) is refused
with its own code, ``bad_option``, which the page says in the player's language, on every
way a table is made: the REST API, the WebSocket and a challenge."""

from __future__ import annotations

from roomclient import Player, Rest, ServerProcess, run

TOO_FAR = {"game": "hearts-trumps", "options": {"target": 20000}}


def test_a_target_out_of_range_is_bad_option_everywhere(server: ServerProcess) -> None:
    async def scenario() -> None:
        a, b = await Player.connect(server), await Player.connect(server)
        ra, rb = Rest(server, a.token), Rest(server, b.token)
        r = await ra.post("/api/tables", TOO_FAR)
        assert (r.status_code, r.json()["code"]) == (400, "bad_option"), r.text
        await a.send({"type": "create", "table": TOO_FAR})
        assert (await a.expect("error"))["code"] == "bad_option"
        await ra.post("/api/friends/ask", {"player": b.name})
        await rb.post("/api/friends/accept", {"player": a.name})
        r = await ra.post("/api/challenges", {"players": [b.name], "table": TOO_FAR})
        assert (r.status_code, r.json()["code"]) == (400, "bad_option"), r.text
        # Within the range, as before.
        r = await ra.post("/api/tables", {**TOO_FAR, "options": {"target": 10000}})
        assert r.status_code == 201, r.text
        for rest in (ra, rb):
            await rest.close()
        for p in (a, b):
            await p.close()

    run(scenario)
