"""A private table leaves the lobby of whoever may no longer see it, at once: the
invited player who declines a challenge, lets it lapse, or whose challenger withdraws it
(leaves the table) hears ``{"type": "lobby", "unlisted": N}``, while the challenger and
the other invited keep the table listed. The lost invitation outlives a restart too.
On SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
from typing import Any

from roomclient import Player, Rest, ServerProcess, run

KING = {"game": "king-bolola", "bots": "beginner"}  # three people and a bot
_pings = itertools.count()


async def person(server: ServerProcess) -> tuple[Player, Rest]:
    p = await Player.connect(server)
    return p, Rest(server, p.token)


async def befriend(a: Rest, b: Rest, b_name: str, a_name: str) -> None:
    assert (await a.post("/api/friends/ask", {"player": b_name})).status_code == 200
    assert (await b.post("/api/friends/accept", {"player": a_name})).status_code == 200


async def in_lobby(p: Player) -> None:
    await p.send({"type": "lobby"})
    await p.expect(lambda f: f.get("type") == "lobby" and "tables" in f)


async def synced(p: Player) -> None:
    """Every frame the server queued for ``p`` before now has arrived: a pong follows
    them on the same socket."""
    t = next(_pings)
    await p.send({"type": "ping", "t": t})
    await p.expect(lambda f: f.get("type") == "pong" and f.get("t") == t)


def lobby_of(p: Player) -> set[int]:
    """The tables ``p``'s lobby lists, kept from its frames as the browser keeps them."""
    listed: dict[int, str] = {}
    for f in p.frames:
        if f.get("type") != "lobby":
            continue
        if "tables" in f:
            listed = {t["id"]: t["status"] for t in [*f["tables"], *f["playing"]]}
        if "table" in f:
            listed[f["table"]["id"]] = f["table"]["status"]
        if "unlisted" in f:
            listed.pop(f["unlisted"], None)
    return {t for t, status in listed.items() if status in ("open", "playing")}


def unlisted(p: Player, table: int) -> bool:
    return any(f.get("type") == "lobby" and f.get("unlisted") == table for f in p.frames)


async def challenged(server: ServerProcess, friends: int) -> tuple[list[tuple[Player, Rest]], int]:
    """A challenger and ``friends`` friends, every one in the lobby, challenged to a
    private table each friend's lobby lists."""
    people = [await person(server) for _ in range(1 + friends)]
    (a, ra), *rest = people
    for p, r in rest:
        await befriend(ra, r, p.name, a.name)
    for p, _ in people:
        await in_lobby(p)
    body = {"players": [p.name for p, _ in rest], "table": KING}
    made = await ra.post("/api/challenges", body)
    assert made.status_code == 200, made.text
    table: int = made.json()["challenge"]["table"]["id"]
    for p, _ in rest:
        await p.expect("challenge")
        await synced(p)
        assert table in lobby_of(p)
    return people, table


async def closed(people: list[tuple[Player, Rest]]) -> None:
    for p, r in people:
        await r.close()
        await p.close()


def test_a_declined_challenge_leaves_the_decliners_lobby_only(server: ServerProcess) -> None:
    async def scenario() -> None:
        people, table = await challenged(server, friends=2)
        (a, _), (b, rb), (c, _) = people
        stranger, rs = await person(server)
        await in_lobby(stranger)
        r = await rb.post(f"/api/challenges/{table}/decline")
        assert r.json()["answer"] == "declined", r.text
        await b.expect(lambda f: f.get("type") == "lobby" and f.get("unlisted") == table)
        assert table not in lobby_of(b)
        for p in (a, c, stranger):
            await synced(p)
            assert not unlisted(p, table), p.name
        assert table in lobby_of(a) and table in lobby_of(c)
        assert table not in lobby_of(stranger)
        # A fresh listing agrees with the one kept live.
        for p, listed in ((b, False), (c, True)):
            await in_lobby(p)
            assert (table in lobby_of(p)) is listed
        await closed([*people, (stranger, rs)])

    run(scenario)


def test_a_withdrawn_challenge_leaves_the_lobby_of_those_who_had_not_answered(
    server: ServerProcess,
) -> None:
    """The challenger leaves the table before the match: the challenge lapses for the
    friend who had not answered; the one who accepted keeps the table."""

    async def scenario() -> None:
        people, table = await challenged(server, friends=2)
        (a, ra), (b, _), (c, rc) = people
        r = await rc.post(f"/api/challenges/{table}/accept")
        assert r.json()["answer"] == "accepted", r.text
        assert (await ra.post(f"/api/tables/{table}/leave")).status_code == 200
        await b.expect("challenge_over")
        await synced(b)
        assert unlisted(b, table) and table not in lobby_of(b)
        for p in (a, c):
            await synced(p)
            assert not unlisted(p, table) and table in lobby_of(p), p.name
        await closed(people)

    run(scenario)


def test_a_lapsed_challenge_leaves_the_friends_lobby(server_with: Any) -> None:
    server = server_with(challenge_seconds=0.5)

    async def scenario() -> None:
        people, table = await challenged(server, friends=1)
        (a, _), (b, _) = people
        await b.expect("challenge_over")
        await synced(b)
        assert unlisted(b, table) and table not in lobby_of(b)
        await synced(a)
        assert not unlisted(a, table) and table in lobby_of(a)
        await closed(people)

    run(scenario)


def test_a_declined_invitation_stays_gone_after_a_restart(make_server: Any) -> None:
    """The invitation a challenge gave ends with its answer in the database too: the
    restarted server does not list the table to the friend again, nor seat them."""
    first = make_server()

    async def declined() -> tuple[str, str, int]:
        people, table = await challenged(first, friends=2)
        (_, rb), (c, _) = people[1], people[2]
        assert (await rb.post(f"/api/challenges/{table}/decline")).status_code == 200
        token_b = people[1][0].token
        await closed(people)
        return token_b, c.token, table

    token_b, token_c, table = run(declined)
    first.kill()
    second = make_server()

    async def restarted() -> None:
        b = await Player.connect(second, token=token_b)
        c = await Player.connect(second, token=token_c)
        for p in (b, c):
            await in_lobby(p)
        assert table not in lobby_of(b) and table in lobby_of(c)
        await b.send({"type": "join", "table": table, "seat": 1})
        assert (await b.expect("error"))["code"] == "not_invited"
        for p in (b, c):
            await p.close()

    run(restarted)
