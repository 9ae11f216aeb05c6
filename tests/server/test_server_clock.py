"""The move timer (PL-5, checklist 3, 4, 6) and ghost connections (checklist 11)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import pytest
from roomclient import Player, ServerProcess, my_turn, open_table, play, run


def seats_frame(pred: Callable[[list[dict[str, Any]]], bool]) -> Callable[[dict[str, Any]], bool]:
    return lambda f: f.get("type") in ("seats", "snapshot", "catchup") and pred(f["seats"])


def test_time_up_plays_for_the_seat_marks_it_away_and_it_comes_back(server: ServerProcess) -> None:

    async def scenario() -> None:
        table, (idle, watcher) = await open_table(
            server, 2, move_seconds=0.3, options={"first-declarer": 0}
        )
        assert idle.view is not None and my_turn(idle)
        snap = [f for f in idle.frames if f["type"] == "snapshot"][-1]
        assert snap["clock"]["seats"] == [0] and snap["clock"]["limit_ms"] == 300
        # Seat 0 does nothing: the server declares for it and everyone sees it away, its
        # clock gone with it (a bot's move has none).
        away = await watcher.expect(seats_frame(lambda s: s[0]["away"]))
        assert away["clock"] is None and away["version"] == 0
        update = await watcher.expect(lambda f: f.get("type") == "update" and f["version"] == 1)
        assert update["events"][0].startswith("declare 0 ")
        # A bot keeps playing seat 0 while the watcher plays seat 1 (never timed out).
        await play(watcher, table, until=lambda f: f.get("type") == "update" and f["version"] >= 8)
        assert not any(f["type"] == "seats" and f["seats"][1]["away"] for f in watcher.frames)
        # Seat 0 says it is back: away is cleared for everyone, its clock runs again, and
        # everyone hears the clock as it runs then (a return restarts it without an update).
        await idle.send({"type": "back", "table": table})
        back = await watcher.expect(seats_frame(lambda s: not s[0]["away"]))
        await idle.expect(seats_frame(lambda s: not s[0]["away"]))
        # (Whose clock depends on whose turn it is by then: a bot's turn has none.)
        assert back["type"] != "seats" or "clock" in back
        assert back.get("clock") is None or back["clock"]["limit_ms"] == 300

    run(scenario)


def test_timeouts_cascade_through_a_trick(server: ServerProcess) -> None:
    """Checklist 4: three idle seats are each played for in turn; the game goes on."""

    async def scenario() -> None:
        table, players = await open_table(
            server, 4, move_seconds=0.3, options={"first-declarer": 1}
        )
        active = players[0]
        await play(active, table, until=lambda f: f.get("type") == "update" and f["version"] >= 10)
        seats = [f for f in active.frames if f["type"] == "seats"][-1]["seats"]
        assert [s["away"] for s in seats] == [False, True, True, True]

    run(scenario)


def test_move_against_the_clock_has_one_outcome(server: ServerProcess) -> None:
    """Checklist 3: a move sent as the timer fires is either accepted or refused as stale,
    never both; exactly one action holds version 1."""

    async def scenario() -> None:
        for _ in range(3):
            table, (p, other) = await open_table(
                server, 2, move_seconds=0.05, options={"first-declarer": 0}
            )
            # The view that opened the match (version 0), not ``p.view``: its reader may
            # already hold version 1 if the 50 ms timer fired first.
            start = await p.expect(lambda f: f.get("view") is not None and f["version"] == 0)
            choice = start["view"]["legal"][-1]
            await p.send(
                {"type": "action", "table": table, "id": "race", "version": 0, "action": choice}
            )
            answer = await p.expect(lambda f: f.get("type") in ("ack", "error"))
            update = await other.expect(lambda f: f.get("type") == "update" and f["version"] == 1)
            if answer["type"] == "ack":
                assert answer["version"] == 1
                assert update["events"][0] == f"declare 0 {choice}"
            else:
                assert answer["code"] in ("stale", "not_your_turn")
                assert update["events"][0].startswith("declare 0 ")
            ones = [f for f in other.frames if f["type"] == "update" and f["version"] == 1]
            assert len(ones) == 1

    run(scenario)


GHOST = textwrap.dedent(
    """
    import asyncio, json, sys
    from websockets.asyncio.client import connect

    async def main():
        ws = await connect(sys.argv[1])
        await ws.send(json.dumps({"type": "hello"}))
        await ws.recv()
        await ws.send(json.dumps({"type": "join", "table": int(sys.argv[2]), "seat": 0}))
        while True:
            if json.loads(await ws.recv())["type"] == "snapshot":
                print("joined", flush=True)

    asyncio.run(main())
    """
)


@pytest.mark.slow  # starts a client process, to freeze it
def test_ghost_connection_is_dropped_and_its_seat_played_for(
    server_with: Callable[..., ServerProcess],
) -> None:
    """Checklist 11: a client frozen without a close frame is noticed by the keepalive;
    the others see it offline, then its grace ends and a bot plays for it."""
    # The keepalive's timeout is every connection's: a loaded machine (CI runs two test
    # workers beside Chromium) once held the host's pong past 0.3 s and the server dropped
    # the host too. A frozen client misses any timeout; three seconds spare the living.
    server = server_with(ping_interval=0.3, ping_timeout=3, grace_seconds=0.5)

    async def scenario() -> None:
        host = await Player.connect(server)
        seats = [{"kind": "human"}] * 2 + [{"kind": "bot", "level": "beginner"}] * 2
        await host.send(
            {"type": "create", "table": {"seats": seats, "options": {"first-declarer": 0}}}
        )
        table = (await host.expect("created"))["table"]["id"]
        await host.send({"type": "join", "table": table, "seat": 1})
        await host.expect("snapshot")
        proc = subprocess.Popen(
            [sys.executable, "-c", GHOST, server.ws, str(table)], stdout=subprocess.PIPE
        )
        try:
            assert proc.stdout is not None
            line = await asyncio.to_thread(proc.stdout.readline)
            assert line.strip() == b"joined"
            await host.expect(lambda f: f.get("type") == "snapshot" and f["status"] == "playing")
            assert host.version == 0
            os.kill(proc.pid, signal.SIGSTOP)  # frozen: no close frame, no pong
            await host.expect(seats_frame(lambda s: not s[0]["online"]))
            await host.expect(seats_frame(lambda s: s[0]["away"]))
            update = await host.expect(lambda f: f.get("type") == "update")
            assert update["events"][0].startswith("declare 0 ")
            await host.send({"type": "ping"})
            await host.expect("pong")
        finally:
            proc.kill()
            proc.wait()

    run(scenario)


def test_a_stand_in_waits_a_persons_pace_so_i_m_back_keeps_the_move(
    server_with: Callable[..., ServerProcess],
) -> None:
    """PL-5: after a time-out the stand-in does not play the seat's moves at once (with a
    pace of a minute it cannot within this test): the player says "back" and makes the
    move themselves; the match did not run on without them."""
    server = server_with(stand_in_seconds=60)

    async def scenario() -> None:
        table, (idle, watcher) = await open_table(
            server, 2, move_seconds=0.3, options={"first-declarer": 0}
        )
        assert my_turn(idle)
        await watcher.expect(seats_frame(lambda s: s[0]["away"]))
        await idle.send({"type": "back", "table": table})
        await idle.expect(seats_frame(lambda s: not s[0]["away"]))
        # Still version 0 and seat 0's decision: the stand-in has not moved.
        assert idle.version == 0 and my_turn(idle)
        assert idle.view is not None
        await idle.send(
            {
                "type": "action",
                "table": table,
                "id": "mine",
                "version": 0,
                "action": idle.view["legal"][0],
            }
        )
        ack = await idle.expect(lambda f: f.get("type") in ("ack", "error"))
        assert ack["type"] == "ack" and ack["version"] == 1, ack
        update = await watcher.expect(lambda f: f.get("type") == "update" and f["version"] == 1)
        assert update["events"][0].startswith("declare 0 ")

    run(scenario)


def test_a_tab_that_leaves_a_table_in_play_leaves_the_players_other_tab_listening(
    server: ServerProcess,
) -> None:
    """PL-5 with two tabs: the one that leaves stops hearing the table and the seat goes
    to a bot; the other tab goes on hearing it (it was dropped too, frozen with no gap to
    see), shows the seat away, and its "back" takes the seat again."""

    async def scenario() -> None:
        table, (first,) = await open_table(server, 1, options={"first-declarer": 0})
        second = await Player.connect(server, first.welcome["token"])
        await second.send({"type": "join", "table": table, "seat": 0})
        await second.expect("snapshot")
        await first.send({"type": "leave", "table": table})
        await first.expect("left")
        await second.expect(seats_frame(lambda s: s[0]["away"] and s[0]["online"]))
        # Its bot declares and the deal goes on: the other tab hears every action.
        await second.expect(lambda f: f.get("type") == "update" and f["version"] >= 2)
        await second.send({"type": "back", "table": table})
        await second.expect(seats_frame(lambda s: not s[0]["away"]))
        heard = len(first.frames)
        await second.send({"type": "chat", "table": table, "text": "hola"})
        await second.expect("chat")
        await first.send({"type": "ping"})  # its answer comes after any frame sent before
        await first.expect("pong")
        assert "chat" not in [f["type"] for f in first.frames[heard:]]  # the left tab's gone

    run(scenario)


def test_a_spectator_that_leaves_stops_hearing_the_table(server: ServerProcess) -> None:
    """A spectator's ``leave`` was refused (not_seated): it heard the table until its
    socket closed."""

    async def scenario() -> None:
        table, (player,) = await open_table(server, 1, options={"first-declarer": 0})
        spectator = await Player.connect(server)
        await spectator.send({"type": "join", "table": table, "watch": True})
        await spectator.expect("snapshot")
        await spectator.send({"type": "leave", "table": table})
        assert (await spectator.expect("left"))["table"] == table
        heard = len(spectator.frames)
        await play(player, table, until=lambda f: f.get("type") == "update" and f["version"] >= 3)
        await spectator.send({"type": "ping"})  # its answer comes after any frame sent before
        await spectator.expect("pong")
        assert [f["type"] for f in spectator.frames[heard:]] == ["pong"]

    run(scenario)
