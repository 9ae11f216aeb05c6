"""Friends, presence and challenges at a live server (issue 17), on SQLite and PostgreSQL:
requests (sent, crossed, accepted, declined, removed), blocks, presence updates that
reach friends live, challenges (the invitation live, each answer told to the challenger,
expiry, no duplicate, a blocked player refused, two friends racing for the last seat) and
rematches."""

from __future__ import annotations

import asyncio
from typing import Any

from httpx import Response
from roomclient import Player, Rest, ServerProcess, play, run

HEARTS = {"game": "hearts-trumps", "options": {"target": 1}}


async def person(server: ServerProcess) -> tuple[Player, Rest]:
    """A new guest, connected (online) and with an HTTP session."""
    p = await Player.connect(server)
    return p, Rest(server, p.token)


async def befriend(a: Rest, b: Rest, b_name: str, a_name: str) -> None:
    r = await a.post("/api/friends/ask", {"player": b_name})
    assert r.status_code == 200 and r.json()["status"] == "sent", r.text
    r = await b.post("/api/friends/accept", {"player": a_name})
    assert r.status_code == 200 and r.json()["status"] == "friends", r.text


async def challenged(server: ServerProcess) -> tuple[Player, Rest, Player, Rest, Response]:
    """Two new friends, the first challenging the second to Hearts Are Trumps: both
    players, their sessions, and the answer to the challenge."""
    (a, ra), (b, rb) = await person(server), await person(server)
    await befriend(ra, rb, b.name, a.name)
    r = await ra.post("/api/challenges", {"players": [b.name], "table": HEARTS})
    return a, ra, b, rb, r


async def friends_of(rest: Rest) -> dict[str, Any]:
    r = await rest.get("/api/friends")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_requests_accepted_declined_crossed_and_removed(server: ServerProcess) -> None:
    async def scenario() -> None:
        (a, ra), (b, rb), (c, rc) = [await person(server) for _ in range(3)]
        r = await ra.post("/api/friends/ask", {"player": b.name})
        assert r.json() == {"player": b.name, "status": "sent"}
        assert (await friends_of(ra))["outgoing"] == [b.name]
        assert (await friends_of(rb))["incoming"] == [a.name]
        await b.expect("friends")  # told live: a request arrived
        r = await rb.post("/api/friends/decline", {"player": a.name})
        assert r.json()["status"] == "declined"
        assert (await friends_of(ra))["outgoing"] == []
        r = await rb.post("/api/friends/accept", {"player": a.name})
        assert r.status_code == 404 and r.json()["code"] == "no_request"
        # Two requests crossing each other are a friendship.
        await ra.post("/api/friends/ask", {"player": c.name})
        r = await rc.post("/api/friends/ask", {"player": a.name})
        assert r.json()["status"] == "friends"
        mine = await friends_of(ra)
        assert [f["name"] for f in mine["friends"]] == [c.name]
        assert mine["incoming"] == mine["outgoing"] == []
        r = await ra.post("/api/friends/remove", {"player": c.name})
        assert r.json()["status"] == "removed"
        assert (await friends_of(rc))["friends"] == []
        for body, code in (
            ({"player": a.name}, "self_friend"),  # oneself
            ({"player": "nobody-such"}, "no_player"),
            ({"player": 7}, "bad_request"),
            ({}, "bad_request"),
        ):
            r = await ra.post("/api/friends/ask", body)
            assert r.json()["code"] == code, (body, r.text)
        for p, rest in ((a, ra), (b, rb), (c, rc)):
            await rest.close()
            await p.close()

    run(scenario)


def test_a_request_answers_with_the_players_name_as_they_wrote_it(server: ServerProcess) -> None:
    """A name is found whatever its case; the answer names the player as they wrote their
    name, which is what the page's "request sent to …" says."""

    async def scenario() -> None:
        (a, ra), (b, rb) = await person(server), await person(server)
        r = await ra.post("/api/friends/ask", {"player": b.name.upper()})
        assert r.status_code == 200 and r.json() == {"player": b.name, "status": "sent"}, r.text
        r = await rb.post("/api/friends/ask", {"player": a.name.upper()})
        assert r.json() == {"player": a.name, "status": "friends"}, r.text
        for p, rest in ((a, ra), (b, rb)):
            await rest.close()
            await p.close()

    run(scenario)


def test_presence_reaches_friends_live(server: ServerProcess) -> None:
    async def scenario() -> None:
        (a, ra), (b, rb) = await person(server), await person(server)
        await befriend(ra, rb, b.name, a.name)
        (friend,) = (await friends_of(ra))["friends"]
        assert friend["name"] == b.name and friend["online"] is True and friend["table"] is None
        # b sits at an open table: a is told, and may join it.
        a.inbox = asyncio.Queue()
        await b.send({"type": "create", "table": {**HEARTS, "seats": [{"kind": "human"}] * 2}})
        table = (await b.expect("created"))["table"]["id"]
        await b.send({"type": "join", "table": table, "seat": 0})
        await b.expect("snapshot")
        await a.expect("friends")
        (friend,) = (await friends_of(ra))["friends"]
        assert friend["table"] == {
            "id": table,
            "game": "hearts-trumps",
            "status": "open",
            "joinable": True,
            "watchable": False,
        }
        # b goes: a is told, and sees since when.
        await rb.close()
        await b.close()
        await a.expect("friends")
        (friend,) = (await friends_of(ra))["friends"]
        assert friend["online"] is False and friend["last_seen"] is not None
        await ra.close()
        await a.close()

    run(scenario)


def test_a_blocked_player_cannot_ask_or_challenge(server: ServerProcess) -> None:
    async def scenario() -> None:
        (a, ra), (b, rb) = await person(server), await person(server)
        await befriend(ra, rb, b.name, a.name)
        r = await rb.post("/api/blocks/add", {"player": a.name})
        assert r.json()["status"] == "blocked"
        assert (await friends_of(rb))["blocked"] == [a.name]
        assert (await friends_of(ra))["friends"] == []  # the block ended the friendship
        r = await ra.post("/api/friends/ask", {"player": b.name})
        assert r.status_code == 403 and r.json()["code"] == "blocked"
        r = await ra.post("/api/challenges", {"players": [b.name], "table": HEARTS})
        assert r.status_code == 403 and r.json()["code"] == "not_friends"
        # Counted before any name is looked up: a long list costs one answer, no queries.
        for names in ([], ["nobody"] * 4, ["x"] * 10_000):
            r = await ra.post("/api/challenges", {"players": names, "table": HEARTS})
            assert r.status_code == 400, r.text
            assert r.json()["message"] == "challenge 1 to 3 players"
        r = await rb.post("/api/blocks/remove", {"player": a.name})
        assert r.json()["status"] == "unblocked"
        await befriend(ra, rb, b.name, a.name)
        for p, rest in ((a, ra), (b, rb)):
            await rest.close()
            await p.close()

    run(scenario)


def test_a_challenge_reaches_the_friend_live_and_the_answer_reaches_the_challenger(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        (a, ra), (b, rb), (c, rc) = [await person(server) for _ in range(3)]
        await befriend(ra, rb, b.name, a.name)
        await befriend(ra, rc, c.name, a.name)
        r = await ra.post("/api/challenges", {"players": [b.name], "table": HEARTS})
        assert r.status_code == 200, r.text
        made = r.json()["challenge"]
        table = made["table"]["id"]
        assert made["table"]["access"] == "invited" and made["answers"] == {b.name: "pending"}
        told = await b.expect("challenge")
        assert told["from"] == a.name and told["table"]["id"] == table
        assert [ch["table"]["id"] for ch in (await friends_of(rb))["challenges"]] == [table]
        again = await ra.post("/api/challenges", {"players": [b.name], "table": HEARTS})
        assert again.status_code == 409 and again.json()["code"] == "already_challenged"
        # c may not take b's invitation.
        r = await rc.post(f"/api/challenges/{table}/accept")
        assert r.status_code == 404 and r.json()["code"] == "no_challenge"
        r = await rb.post(f"/api/challenges/{table}/accept")
        assert r.json() == {"table": table, "answer": "accepted", "seat": 1}
        answer = await a.expect("challenge_answer")
        assert answer == {
            "type": "challenge_answer",
            "table": table,
            "player": b.name,
            "answer": "accepted",
        }
        r = await rb.post(f"/api/challenges/{table}/accept")
        assert r.json()["code"] == "no_challenge"  # answered once
        # Both seats are people's: the match is on.
        info = (await ra.get(f"/api/tables/{table}")).json()["table"]
        assert info["status"] == "playing"
        # A declined challenge un-invites.
        r = await ra.post("/api/challenges", {"players": [c.name], "table": HEARTS})
        other = r.json()["challenge"]["table"]["id"]
        r = await rc.post(f"/api/challenges/{other}/decline")
        assert r.json()["answer"] == "declined"
        assert (await a.expect("challenge_answer"))["answer"] == "declined"
        await c.send({"type": "join", "table": other, "seat": 1})
        assert (await c.expect("error"))["code"] == "not_invited"
        for p, rest in ((a, ra), (b, rb), (c, rc)):
            await rest.close()
            await p.close()

    run(scenario)


def test_two_friends_racing_for_the_last_seat_one_gets_it(server: ServerProcess) -> None:
    async def scenario() -> None:
        (a, ra), (b, rb), (c, rc) = [await person(server) for _ in range(3)]
        await befriend(ra, rb, b.name, a.name)
        await befriend(ra, rc, c.name, a.name)
        # Two seats: the challenger's and one for whichever friend accepts first.
        body = {"players": [b.name, c.name], "table": HEARTS}
        r = await ra.post("/api/challenges", body)
        table = r.json()["challenge"]["table"]["id"]
        first, second = await asyncio.gather(
            rb.post(f"/api/challenges/{table}/accept"), rc.post(f"/api/challenges/{table}/accept")
        )
        answers = sorted([first.status_code, second.status_code])
        assert answers == [200, 409], (first.text, second.text)
        loser = first if first.status_code == 409 else second
        assert loser.json()["code"] == "table_full"
        for p, rest in ((a, ra), (b, rb), (c, rc)):
            await rest.close()
            await p.close()

    run(scenario)


def test_an_unanswered_challenge_expires(server_with: Any) -> None:
    server = server_with(challenge_seconds=0.3)

    async def scenario() -> None:
        a, ra, b, rb, r = await challenged(server)
        table = r.json()["challenge"]["table"]["id"]
        over = await b.expect("challenge_over")
        assert over == {"type": "challenge_over", "table": table, "reason": "expired"}
        answer = await a.expect("challenge_answer")
        assert (answer["player"], answer["answer"]) == (b.name, "expired")
        r = await rb.post(f"/api/challenges/{table}/accept")
        assert r.json()["code"] == "no_challenge"
        await b.send({"type": "join", "table": table, "seat": 1})
        assert (await b.expect("error"))["code"] == "not_invited"
        for p, rest in ((a, ra), (b, rb)):
            await rest.close()
            await p.close()

    run(scenario)


def test_a_challenge_ends_when_its_challenger_leaves_the_table(server: ServerProcess) -> None:
    """Accepted afterwards, it seated the friend alone at a table nobody would come to."""

    async def scenario() -> None:
        a, ra, b, rb, r = await challenged(server)
        table = r.json()["challenge"]["table"]["id"]
        await b.expect("challenge")
        r = await ra.post(f"/api/tables/{table}/leave")
        assert r.status_code == 200, r.text
        over = await b.expect("challenge_over")
        assert over == {"type": "challenge_over", "table": table, "reason": "expired"}
        r = await rb.post(f"/api/challenges/{table}/accept")
        assert r.json()["code"] == "no_challenge"
        for p, rest in ((a, ra), (b, rb)):
            await rest.close()
            await p.close()

    run(scenario)


def test_a_rematch_invites_the_same_players_to_the_same_seats(server: ServerProcess) -> None:
    async def scenario() -> None:
        a, ra, b, rb, r = await challenged(server)
        table = r.json()["challenge"]["table"]["id"]
        await rb.post(f"/api/challenges/{table}/accept")
        for p, seat in ((a, 0), (b, 1)):
            await p.send({"type": "join", "table": table, "seat": seat})
            await p.expect("snapshot")
        await asyncio.gather(play(a, table), play(b, table))
        r = await rb.post(f"/api/tables/{table}/rematch")
        assert r.status_code == 200, r.text
        again = r.json()["challenge"]
        assert again["from"] == b.name and again["answers"] == {a.name: "pending"}
        told = await a.expect("challenge")
        new = told["table"]["id"]
        assert new != table and told["table"]["game"] == "hearts-trumps"
        r = await ra.post(f"/api/challenges/{new}/accept")
        assert r.json()["seat"] == 0  # a's seat of the last match
        outsider, ro = await person(server)
        r = await ro.post(f"/api/tables/{table}/rematch")
        assert r.status_code == 403 and r.json()["code"] == "not_seated"
        r = await ro.post("/api/tables/999999/rematch")
        assert r.status_code == 404 and r.json()["code"] == "no_table"
        for p, rest in ((a, ra), (b, rb), (outsider, ro)):
            await rest.close()
            await p.close()

    run(scenario)


def test_a_rematch_against_bots_alone_starts_at_once(server: ServerProcess) -> None:
    async def scenario() -> None:
        a, ra = await person(server)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
        await a.send({"type": "create", "table": {**HEARTS, "seats": seats}})
        table = (await a.expect("created"))["table"]["id"]
        await a.send({"type": "join", "table": table, "seat": 0})
        await a.expect("snapshot")
        await play(a, table)
        r = await ra.post(f"/api/tables/{table}/rematch")
        assert r.status_code == 200, r.text
        again = r.json()["challenge"]
        assert again["answers"] == {} and again["table"]["status"] == "playing"
        assert again["table"]["seats"][1]["kind"] == "bot"
        await ra.close()
        await a.close()

    run(scenario)


def test_several_friends_challenged_to_a_four_seat_game(server: ServerProcess) -> None:
    async def scenario() -> None:
        (a, ra), (b, rb), (c, rc) = [await person(server) for _ in range(3)]
        await befriend(ra, rb, b.name, a.name)
        await befriend(ra, rc, c.name, a.name)
        body = {"players": [b.name, c.name], "table": {"game": "king-bolola", "bots": "beginner"}}
        r = await ra.post("/api/challenges", body)
        assert r.status_code == 200, r.text
        made = r.json()["challenge"]
        seats = made["table"]["seats"]
        assert [s["kind"] for s in seats] == ["human", "human", "human", "bot"]
        assert seats[3]["level"] == "beginner"
        table = made["table"]["id"]
        for p in (b, c):
            assert (await p.expect("challenge"))["table"]["id"] == table
        seated = [
            (await rest.post(f"/api/challenges/{table}/accept")).json()["seat"] for rest in (rb, rc)
        ]
        assert sorted(seated) == [1, 2]
        info = (await ra.get(f"/api/tables/{table}")).json()["table"]
        assert info["status"] == "playing"
        for p, rest in ((a, ra), (b, rb), (c, rc)):
            await rest.close()
            await p.close()

    run(scenario)


def test_a_challenge_outlives_a_restart(make_server: Any) -> None:
    """kill -9 with a challenge unanswered: after the restart the friend still has it
    and accepts it."""
    first = make_server()

    async def made() -> tuple[str, str, str, str, int]:
        a, ra, b, rb, r = await challenged(first)
        assert r.status_code == 200, r.text
        await b.expect("challenge")
        for p, rest in ((a, ra), (b, rb)):
            await rest.close()
            await p.close()
        return a.name, a.token, b.name, b.token, r.json()["challenge"]["table"]["id"]

    a_name, a_token, b_name, b_token, table = run(made)
    first.kill()
    second = make_server()

    async def answered() -> None:
        a = await Player.connect(second, token=a_token)
        rb = Rest(second, b_token)
        listed = (await friends_of(rb))["challenges"]
        assert [(c["table"]["id"], c["from"], c["answers"]) for c in listed] == [
            (table, a_name, {b_name: "pending"})
        ]
        r = await rb.post(f"/api/challenges/{table}/accept")
        assert r.json() == {"table": table, "answer": "accepted", "seat": 1}
        assert (await a.expect("challenge_answer"))["answer"] == "accepted"
        assert (await friends_of(rb))["challenges"] == []
        await rb.close()
        await a.close()

    run(answered)


def test_a_declined_friends_kept_seat_still_says_so_after_a_restart(make_server: Any) -> None:
    """kill -9 after the only friend declined: the challenge is settled, yet while the
    table waits for players its seat still tells the host who declined."""
    first = make_server()

    async def declined() -> tuple[str, str, int]:
        a, ra, b, rb, r = await challenged(first)
        table = r.json()["challenge"]["table"]["id"]
        r = await rb.post(f"/api/challenges/{table}/decline")
        assert r.json()["answer"] == "declined"
        for p, rest in ((a, ra), (b, rb)):
            await rest.close()
            await p.close()
        return a.token, b.name, table

    a_token, b_name, table = run(declined)
    first.kill()
    second = make_server()

    async def host_sees() -> None:
        a = await Player.connect(second, token=a_token)
        await a.send({"type": "join", "table": table})
        snap = await a.expect("snapshot")
        kept = {s["seat"]: s.get("kept_for") for s in snap["seats"]}
        assert kept[1] is not None and (kept[1]["player"], kept[1]["answer"]) == (
            b_name,
            "declined",
        )
        await a.close()

    run(host_sees)
