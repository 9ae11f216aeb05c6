"""The seats a challenge keeps, as its host sees them at the table (on SQLite and
PostgreSQL): each free seat names the friend it waits for, how the challenge stands for
them (pending, declined, lapsed) and until when it waits; and the host can give a seat
to a bot instead, which starts the match once the table is full."""

from __future__ import annotations

from typing import Any

from roomclient import Player, ServerProcess, run
from test_server_friends import HEARTS, befriend, challenged, person


async def host_at(a: Player, table: int) -> dict[str, Any]:
    """The host opens the challenge's table (as its page does): the snapshot."""
    await a.send({"type": "join", "table": table})
    return await a.expect("snapshot")


def kept(seats: list[dict[str, Any]]) -> dict[int, dict[str, Any] | None]:
    return {s["seat"]: s.get("kept_for") for s in seats}


def test_the_seat_kept_for_a_friend_names_them_and_says_they_declined(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        a, ra, b, rb, r = await challenged(server)
        made = r.json()["challenge"]
        table = made["table"]["id"]
        # The lobby's summary (what the friend's toast shows) names the kept seat too.
        assert kept(made["table"]["seats"])[1] == {
            "player": b.name,
            "answer": "pending",
            "until": made["expires_at"],
            "from": a.name,
        }
        snap = await host_at(a, table)
        assert kept(snap["seats"]) == {
            0: None,
            1: {
                "player": b.name,
                "answer": "pending",
                "until": made["expires_at"],
                "from": a.name,
            },
        }
        r = await rb.post(f"/api/challenges/{table}/decline")
        assert r.json()["answer"] == "declined"
        # The host hears it on the seat, where it stays: a toast passes, the seat does not.
        seats = await a.expect(lambda f: f.get("type") == "seats" and kept(f["seats"])[1])
        assert kept(seats["seats"])[1] == {
            "player": b.name,
            "answer": "declined",
            "until": made["expires_at"],
            "from": a.name,
        }
        again = await host_at(a, table)
        assert kept(again["seats"])[1] is not None
        assert kept(again["seats"])[1]["answer"] == "declined"  # type: ignore[index]
        for p, rest in ((a, ra), (b, rb)):
            await rest.close()
            await p.close()

    run(scenario)


def test_a_lapsed_challenge_says_so_on_its_seat(server_with: Any) -> None:
    server = server_with(challenge_seconds=0.3)

    async def scenario() -> None:
        a, ra, b, rb, r = await challenged(server)
        table = r.json()["challenge"]["table"]["id"]
        await host_at(a, table)
        await a.expect("challenge_answer")
        snap = await host_at(a, table)
        assert kept(snap["seats"])[1]["answer"] == "expired"  # type: ignore[index]
        for p, rest in ((a, ra), (b, rb)):
            await rest.close()
            await p.close()

    run(scenario)


def test_the_host_gives_a_declined_friends_seat_to_a_bot_and_the_match_starts(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        (a, ra), (b, rb), (c, rc) = [await person(server) for _ in range(3)]
        await befriend(ra, rb, b.name, a.name)
        r = await ra.post("/api/challenges", {"players": [b.name], "table": HEARTS})
        table = r.json()["challenge"]["table"]["id"]
        await host_at(a, table)
        # Only the host may, only a free seat, only a bot level the game has.
        await c.send({"type": "seat_bot", "table": table, "seat": 1, "level": "beginner"})
        assert (await c.expect("error"))["code"] == "not_host"
        await a.send({"type": "seat_bot", "table": table, "seat": 0, "level": "beginner"})
        assert (await a.expect("error"))["code"] == "seat_taken"
        await a.send({"type": "seat_bot", "table": table, "seat": 1, "level": "grandmaster"})
        assert (await a.expect("error"))["code"] == "bad_request"
        await a.send({"type": "seat_bot", "table": table, "seat": 1, "level": "beginner"})
        # The last seat taken, the match starts (its snapshot), then the answer comes.
        snap = await a.expect("snapshot")
        assert await a.expect("seated_bot") == {"type": "seated_bot", "table": table, "seat": 1}
        assert snap["status"] == "playing"
        assert snap["seats"][1]["kind"] == "bot" and snap["seats"][1]["level"] == "beginner"
        assert "kept_for" not in snap["seats"][1]
        # No seat is left for the friend: accepting now says so.
        r = await rb.post(f"/api/challenges/{table}/accept")
        assert (r.status_code, r.json()["code"]) == (409, "table_full")
        for p, rest in ((a, ra), (b, rb), (c, rc)):
            await rest.close()
            await p.close()

    run(scenario)
