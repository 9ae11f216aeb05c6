"""Play at a table: no hidden card reaches a seat (checklist 8), reconnects get exactly
what they missed (5, 6), matches end with a downloadable record, many at once (12)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from leaks import check_frames, hidden_from, replay_table
from roomclient import Player, Rest, ServerProcess, open_table, play, run

from bolola.cards import Card, Suit
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import new_deal
from bolola.games.king_bolola.deal import play as play_card


def at_least(version: int) -> Any:
    return lambda f: f.get("type") in ("update", "catchup", "snapshot") and f["version"] >= version


def test_no_frame_shows_a_seat_a_card_it_may_not_see(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, players = await open_table(server, 4, options={"first-declarer": 0})
        spectator = await Player.connect(server)
        await spectator.send({"type": "join", "table": table, "watch": True})
        await spectator.expect("snapshot")
        connections: dict[int | None, list[Player]] = {s: [p] for s, p in enumerate(players)}
        connections[None] = [spectator]
        a, b, c, d = players
        await asyncio.gather(*(play(p, table, until=at_least(30)) for p in players))

        # Seat 2 drops out right after its own move; the others play on until it is due.
        marker = [10**9]

        def seat_2_due(f: dict[str, Any]) -> bool:
            return bool(
                f.get("type") == "update"
                and f["version"] > marker[0]
                and f["view"]["to_move"] == [2]
            )

        def mark(legal: list[str], version: int) -> str:
            # Set as seat 2 sends, not once its ack is read: the others may see seat 2
            # due again before this task reads the ack, and would wait for a later turn.
            marker[0] = version + 1
            return legal[0]

        waiting = [asyncio.create_task(play(p, table, until=seat_2_due)) for p in (a, b, d)]
        while True:
            acked = await play(c, table, until=lambda f: f.get("type") == "ack", pick=mark)
            last = acked["version"]
            assert marker[0] == last
            mine = await c.expect(lambda f, v=last: f.get("type") == "update" and f["version"] == v)
            # A move that wins its trick (or ends a deal seat 2 declares next) leaves seat
            # 2 to move: gone then, nobody would be due but seat 2 itself.
            if 2 not in mine["view"]["to_move"]:
                break
        await c.close()
        due = await spectator.expect(seat_2_due)
        now = due["version"]
        assert now > last
        back = await Player.connect(server, token=c.token)
        connections[2].append(back)
        await back.send({"type": "join", "table": table, "since": last})
        caught = await back.expect("catchup")
        assert [u["version"] for u in caught["updates"]] == list(range(last + 1, now + 1))
        assert caught["version"] == now and caught["view"]["seat"] == 2
        assert all(s["online"] and not s["away"] for s in caught["seats"])
        await asyncio.gather(*waiting)

        # Seat 3 reconnects without a version: a full snapshot.
        await d.close()
        again = await Player.connect(server, token=d.token)
        connections[3].append(again)
        await again.send({"type": "join", "table": table})
        snap = await again.expect("snapshot")
        assert snap["view"]["seat"] == 3 and snap["version"] >= now

        seated = [a, b, back, again]
        await asyncio.gather(*(play(p, table, until=at_least(120)) for p in seated))
        await spectator.expect(at_least(120))
        for p in [*seated, spectator]:
            await p.close()
        truth = await replay_table(server.database_url, table)
        assert len(truth.states) > 120
        checked = 0
        for seat, conns in connections.items():
            for p in conns:
                checked += check_frames(p.frames, seat, truth)
        assert checked > 5 * 120
        # The checker itself: a card another seat holds, planted in a chat line, is caught.
        planted = sorted(hidden_from(truth.states[0], 0))[0]  # an unversioned frame: at 0
        frame = {"type": "chat", "text": f"I think seat 1 has {planted}"}
        with pytest.raises(AssertionError):
            check_frames([frame], 0, truth)

    run(scenario)


def replay_record_scores(record: dict[str, Any]) -> list[int]:
    """Each deal of the record replayed by the deal engine; the match totals."""
    totals = [0, 0, 0, 0]
    for d in record["deals"]:
        hands = tuple(sum(Card.parse(c).bit for c in hand) for hand in d["hands"])
        trump = None if d["trump"] is None else int(Suit.parse(d["trump"]))
        deal = new_deal(
            Contract.parse(d["contract"]),
            trump,
            d["declarer"],
            hands,
            king_under_ace=record["options"]["king-under-ace"],
        )
        for text in d["play"]:
            seat = deal.to_move
            assert seat is not None
            deal, _ = play_card(deal, seat, Card.parse(text).index)
        assert deal.done
        totals = [t + p for t, p in zip(totals, deal.points, strict=True)]
    return totals


@pytest.mark.slow  # two whole matches of bots
def test_many_bot_tables_end_at_once_and_leave_records(server: ServerProcess) -> None:
    """Checklist 12: every write lands when several matches finish together."""

    async def scenario() -> None:
        host = await Player.connect(server)
        bots = {"seats": [{"kind": "bot", "level": "beginner"}] * 4}
        watchers = []
        tables = []
        for _ in range(2):
            await host.send({"type": "create", "table": bots})
            tables.append((await host.expect("created"))["table"]["id"])
        for table in tables:
            w = await Player.connect(server)
            await w.send({"type": "join", "table": table, "watch": True})
            watchers.append(w)
        overs = await asyncio.gather(*(w.expect("over", timeout=300) for w in watchers))
        rest = Rest(server)
        for table, over, w in zip(tables, overs, watchers, strict=True):
            r = await rest.get(over["record"])
            assert r.status_code == 200
            assert "attachment" in r.headers["content-disposition"]
            record = r.json()
            assert len(record["deals"]) == 24 and record["players"][0] == "bot-beginner-0"
            assert replay_record_scores(record) == over["scores"]
            truth = await replay_table(server.database_url, table)
            assert len(truth.states) - 1 == over["version"]
            check_frames(w.frames, None, truth)
        assert (await rest.get(f"/api/tables/{tables[0]}")).json()["table"]["status"] == "over"
        assert (await rest.get("/api/tables/999999/record")).status_code == 404
        await rest.close()

    run(scenario)
