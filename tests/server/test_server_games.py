"""Any registered game at a live table, through the server's generic paths only: the
test-only three-seat game (tests/toygame, registered in every test server) and Baloot
(whose board the browser lacks yet) are created, played by a person and bots (the toy
through a simultaneous phase), finished and their records scored by the referee; and
the lobby's list of tables in play, with who may watch them."""

from __future__ import annotations

import pytest
from roomclient import Player, Rest, ServerProcess, play, run

from bolola.referee import answer


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        (
            "test-toy",
            [{"kind": "human"}, {"kind": "bot", "level": "club"}, {"kind": "bot"}],
            {"deals": 1},
        ),
        ("baloot", [{"kind": "human"}, *[{"kind": "bot"}] * 3], {}),
    ],
)
def test_a_newly_registered_game_is_played_to_its_end_at_a_server_table(
    server: ServerProcess, game: str, seats: list[dict[str, str]], options: dict[str, int]
):
    async def scenario() -> None:
        p = await Player.connect(server)
        table = {"game": game, "seats": seats, "options": options}
        await p.send({"type": "create", "table": table})
        created = await p.expect("created")
        table_id = created["table"]["id"]
        assert created["table"]["game"] == game and len(created["table"]["seats"]) == len(seats)
        await p.send({"type": "join", "table": table_id, "seat": 0})
        await p.expect("joined")
        snap = await p.expect(lambda f: f.get("type") == "snapshot" and f.get("view"))
        assert snap["game"] == game and snap["view"]["game"] == game
        over = await play(p, table_id)
        assert len(over["scores"]) == len(seats) and sorted(over["ranks"])[0] == 0
        rest = Rest(server, p.token)
        record = (await rest.get(f"/api/tables/{table_id}/record")).json()
        await rest.close()
        status, reply = answer(record, "score")
        assert status == 0 and reply["totals"] == over["scores"], reply
        await p.close()

    run(scenario)


def test_tables_in_play_are_listed_to_watch_and_private_ones_only_to_their_invited(
    server: ServerProcess,
):
    async def scenario() -> None:
        host, other = await Player.connect(server), await Player.connect(server)
        bots = [{"kind": "human"}, {"kind": "bot"}]
        ids = {}
        for access in ("anyone", "invited"):
            table = {"game": "hearts-trumps", "seats": bots, "access": access}
            await host.send({"type": "create", "table": table})
            ids[access] = (await host.expect("created"))["table"]["id"]
            await host.send({"type": "join", "table": ids[access], "seat": 0})
            await host.expect(lambda f: f.get("type") == "snapshot" and f.get("view"))
        for who, seen in ((host, set(ids.values())), (other, {ids["anyone"]})):
            await who.send({"type": "lobby"})
            listing = await who.expect("lobby")
            playing = {t["id"] for t in listing["playing"]}
            assert seen <= playing and not (set(ids.values()) - seen) & playing
            assert all(t["status"] == "playing" for t in listing["playing"])
            seats = next(t["seats"] for t in listing["playing"] if t["id"] == ids["anyone"])
            assert seats[0]["xp_level"] == 1 and seats[1]["xp_level"] is None  # a bot
        await other.send({"type": "join", "table": ids["anyone"], "watch": True})
        assert (await other.expect("joined"))["seat"] is None
        watched = await other.expect("snapshot")
        assert watched["view"]["hand"] is None  # a watcher sees the public view only
        await other.send({"type": "join", "table": ids["invited"], "watch": True})
        refused = await other.expect("error")
        assert refused["code"] == "not_invited"
        await host.close()
        await other.close()

    run(scenario)
