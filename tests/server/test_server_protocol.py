"""The WebSocket protocol: typed errors that never drop the connection, limits, duplicate
and stale actions (checklist 1), chat (PL-6)."""

from __future__ import annotations

import json
from collections.abc import Callable

from roomclient import Player, ServerProcess, my_turn, open_table, run

from bolola.engine import ACTION_TEXT_MAX


async def alive(p: Player) -> None:
    await p.send({"type": "ping", "t": 1})
    assert (await p.expect("pong"))["t"] == 1


def test_errors_are_typed_and_keep_the_connection(server: ServerProcess) -> None:
    async def scenario() -> None:
        p = await Player.connect(server)
        cases = [
            ("{not json", "bad_json"),
            ("[1, 2]", "bad_json"),
            (json.dumps({"no": "type"}), "bad_request"),
            (json.dumps({"type": "dance"}), "unknown_type"),
            (json.dumps({"type": "join", "table": 99999}), "no_table"),
            # Past 64 bits: refused, and not echoed back (JSON's encoder could not).
            (json.dumps({"type": "join", "table": 2**70}), "no_table"),
            (json.dumps({"type": "leave", "table": -(2**70)}), "bad_request"),
            (json.dumps({"type": "join", "table": "x"}), "bad_request"),
            (json.dumps({"type": "hello"}), "bad_request"),
            (json.dumps({"type": "x", "pad": "y" * 5000}), "too_large"),
        ]
        for text, code in cases:
            await p.send(text)
            frame = await p.expect("error")
            assert frame["code"] == code, (text[:40], frame)
            await alive(p)
        await p.send(json.dumps({"type": "ping", "t": 2**70}))
        assert (await p.expect("pong"))["t"] is None
        await p.ws.send(b"\x00\x01")
        assert (await p.expect("error"))["code"] == "bad_json"
        await alive(p)

    run(scenario)


def test_hello_comes_first_and_a_token_resumes_the_player(server: ServerProcess) -> None:
    async def scenario() -> None:
        from websockets.asyncio.client import connect

        async with connect(server.ws) as ws:
            await ws.send(json.dumps({"type": "ping"}))
            assert json.loads(await ws.recv())["code"] == "hello_first"
            await ws.send(json.dumps({"type": "hello", "protocol": 99}))
            assert json.loads(await ws.recv())["code"] == "protocol"
            await ws.send(json.dumps({"type": "hello", "token": "forged.token"}))
            assert json.loads(await ws.recv())["code"] == "bad_token"
        first = await Player.connect(server)
        assert first.name.startswith("guest-")
        again = await Player.connect(server, token=first.token)
        assert again.welcome["player"]["id"] == first.welcome["player"]["id"]

    run(scenario)


def test_rate_limit_refuses_the_excess_and_keeps_the_connection(
    server_with: Callable[..., ServerProcess],
) -> None:
    server = server_with(messages_per_second=1, message_burst=5)

    async def scenario() -> None:
        p = await Player.connect(server)
        for n in range(12):
            await p.send({"type": "ping", "t": n})
        frames = [await p.expect(lambda f: f["type"] in ("pong", "error")) for _ in range(12)]
        kinds = [f["type"] for f in frames]
        assert kinds.count("pong") >= 1
        assert {f["code"] for f in frames if f["type"] == "error"} == {"rate_limited"}
        assert kinds.count("error") >= 12 - 5 - 2  # at most the burst and a refill get through

    run(scenario)


def test_turn_rule_and_illegal_card_errors(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, players = await open_table(server, 4, options={"first-declarer": 0})
        declarer, other = players[0], players[1]
        await other.send(
            {"type": "action", "table": table, "id": "x1", "version": 0, "action": "queens"}
        )
        err = await other.expect("error")
        assert err["code"] == "not_your_turn" and err["id"] == "x1"
        await declarer.send(
            {"type": "action", "table": table, "id": "d1", "version": 0, "action": "zebra"}
        )
        assert (await declarer.expect("error"))["code"] == "bad_action"
        # Any length a game's action may have reaches the game (a Jolly opening runs to
        # hundreds of characters); beyond it the frame is refused before the game.
        for size, code in ((ACTION_TEXT_MAX, "bad_action"), (ACTION_TEXT_MAX + 1, "bad_request")):
            action = {"version": 0, "action": "Q" * size}
            await declarer.send({"type": "action", "table": table, "id": "long", **action})
            assert (await declarer.expect("error"))["code"] == code
        assert declarer.view is not None
        contract = declarer.view["legal"][0]
        await declarer.send(
            {"type": "action", "table": table, "id": "d2", "version": 0, "action": contract}
        )
        assert (await declarer.expect("ack"))["version"] == 1
        # Seat 0 leads; seat 1 then plays a card of another suit while holding the led suit.
        await declarer.expect(lambda f: f["type"] == "update" and f["version"] == 1)
        lead = declarer.view["legal"][0]
        await declarer.send(
            {"type": "action", "table": table, "id": "d3", "version": 1, "action": lead}
        )
        await declarer.expect("ack")
        await other.expect(lambda f: f["type"] == "update" and f["version"] == 2)
        assert other.view is not None
        hand, legal = other.view["hand"], other.view["legal"]
        off = [c for c in hand if c not in legal]
        if off:
            await other.send(
                {"type": "action", "table": table, "id": "o1", "version": 2, "action": off[0]}
            )
            err = await other.expect("error")
            assert err["code"] == "illegal" and err["rule"].startswith("KB-")
        await alive(other)

    run(scenario)


def test_same_action_twice_is_applied_once_and_answered_alike(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, players = await open_table(server, 4, options={"first-declarer": 0})
        p = players[0]
        assert p.view is not None and my_turn(p)
        action = {"type": "action", "table": table, "id": "dup", "version": 0}
        action["action"] = p.view["legal"][0]
        await p.send(action)
        await p.send(action)
        first = await p.expect(lambda f: f["type"] in ("ack", "error"))
        second = await p.expect(lambda f: f["type"] in ("ack", "error"))
        assert first["type"] == "ack" and first["version"] == 1
        assert second["type"] == "ack" and second["version"] == 1 and second["repeat"]
        # The others saw exactly one update: version 1, then nothing until someone acts.
        other = players[1]
        update = await other.expect("update")
        assert update["version"] == 1
        await alive(other)
        assert [f["version"] for f in other.frames if f["type"] == "update"] == [1]

    run(scenario)


def test_stale_action_is_refused_and_the_client_resynced(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, players = await open_table(server, 4, options={"first-declarer": 0})
        p = players[0]
        assert p.view is not None
        await p.send(
            {
                "type": "action",
                "table": table,
                "id": "a",
                "version": 0,
                "action": p.view["legal"][0],
            }
        )
        await p.expect("ack")
        await p.expect(lambda f: f["type"] == "update" and f["version"] == 1)
        # A copy made on version 0 with a new id: stale, then a snapshot at version 1.
        await p.send(
            {
                "type": "action",
                "table": table,
                "id": "b",
                "version": 0,
                "action": p.view["legal"][0],
            }
        )
        err = await p.expect("error")
        assert err["code"] == "stale" and err["id"] == "b"
        snap = await p.expect("snapshot")
        assert snap["version"] == 1 and snap["view"]["seat"] == 0

    run(scenario)


def test_chat_is_broadcast_stored_and_limited(server: ServerProcess) -> None:

    async def scenario() -> None:
        table, players = await open_table(server, 2)
        a, b = players
        await a.send({"type": "chat", "table": table, "text": "  hello there "})
        line = await b.expect("chat")
        assert line["text"] == "hello there" and line["from"] == a.name
        await a.send({"type": "chat", "table": table, "text": "x" * 21})
        assert (await a.expect("error"))["code"] == "chat_too_long"
        await a.send({"type": "chat", "table": table, "text": "   "})
        assert (await a.expect("error"))["code"] == "chat_empty"
        for n in range(3):
            await a.send({"type": "chat", "table": table, "text": f"line {n}"})
        answers = [await a.expect(lambda f: f["type"] in ("chat", "error")) for _ in range(3)]
        assert [f.get("code") for f in answers if f["type"] == "error"] == ["chat_too_fast"]
        # Stored: a newcomer's snapshot carries the lines.
        c = await Player.connect(server)
        await c.send({"type": "join", "table": table, "watch": True})
        snap = await c.expect("snapshot")
        assert [x["text"] for x in snap["chat"]] == ["hello there", "line 0", "line 1"]

    run(scenario)


def test_a_client_that_folds_acks_hears_its_ack_in_its_update(server: ServerProcess) -> None:
    """hello's ``fold_acks``: the actor's update carries its ack (no frame of its own);
    the others' updates do not; a repeat still gets an ack frame."""

    async def scenario() -> None:
        folder = await Player.connect(server, fold_acks=True)
        assert folder.welcome["fold_acks"] is True
        other = await Player.connect(server)
        assert "fold_acks" not in other.welcome
        seats = [{"kind": "human"}] * 2 + [{"kind": "bot", "level": "beginner"}] * 2
        create = {"seats": seats, "options": {"first-declarer": 0}}
        await folder.send({"type": "create", "table": create})
        table = (await folder.expect("created"))["table"]["id"]
        for seat, p in enumerate((folder, other)):
            await p.send({"type": "join", "table": table, "seat": seat})
            await p.expect("snapshot")
        assert folder.view is not None and my_turn(folder)
        action = {"type": "action", "table": table, "id": "f-1", "version": 0}
        action["action"] = folder.view["legal"][0]
        await folder.send(action)
        mine = await folder.expect(lambda f: f["type"] in ("ack", "update", "error"))
        assert mine["type"] == "update" and mine["version"] == 1, mine
        assert mine["ack"] == "f-1" and mine["table"] == table
        theirs = await other.expect(lambda f: f["type"] == "update" and f["version"] == 1)
        assert "ack" not in theirs
        await folder.send(action)
        again = await folder.expect(lambda f: f["type"] in ("ack", "error"))
        assert again == {"type": "ack", "id": "f-1", "version": 1, "table": table, "repeat": True}
        for p in (folder, other):
            await p.close()

    run(scenario)


def test_fold_acks_must_be_true_or_false(server: ServerProcess) -> None:
    async def scenario() -> None:
        from websockets.asyncio.client import connect

        async with connect(server.ws) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "fold_acks": "yes"}))
            refused = json.loads(await ws.recv())
            assert refused["type"] == "error" and refused["code"] == "bad_request"
            assert "fold_acks" in refused["message"]

    run(scenario)
