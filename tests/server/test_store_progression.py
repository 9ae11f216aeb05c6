"""The store's side of progression on SQLite and PostgreSQL: the migration from 0001,
results of tables ending at once, team ratings, the daily reward, the leaderboard, and
challenges kept (issue 17)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command
from roomclient import run
from sqlalchemy import Connection, inspect, text

from bolola.engine import Result
from bolola.progression.rating import BOT_RATINGS
from bolola.store.database import alembic_config, open_engine
from bolola.store.store import SeatEnd, SeatInfo, Store

DAY = date(2026, 11, 30)


@pytest.fixture
def url(new_database: Callable[[Path], str], tmp_path: Path) -> str:
    """A fresh database of the backend for each test (the leaderboard test needs it empty)."""
    return new_database(tmp_path)


async def new_table(store: Store, humans: list[int]) -> int:
    seats = [SeatInfo(n, "human", None, p) for n, p in enumerate(humans)]
    seats += [SeatInfo(n, "bot", "club", None) for n in range(len(humans), 4)]
    return await store.add_table(
        game="king-bolola",
        options={},
        seed=1,
        access="anyone",
        move_seconds=None,
        rated=True,
        host_id=humans[0],
        seats=seats,
    )


def win_against_bots(player_id: int) -> list[SeatEnd]:
    club = BOT_RATINGS["club"]
    return [SeatEnd(player_id, 0.0, Result.WIN, 0, False)] + [
        SeatEnd(None, club, Result.LOSS, n, False) for n in (1, 2, 3)
    ]


def test_a_database_at_0001_upgrades_and_keeps_ratings(url: str) -> None:
    async def scenario() -> None:
        engine = open_engine(url)

        def to_0001(connection: Connection) -> None:
            config = alembic_config()
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")

        async with engine.begin() as c:
            await c.run_sync(to_0001)
            await c.execute(
                text(
                    "INSERT INTO players (name, is_guest, rating, xp, games, created_at) VALUES "
                    "('veteran', false, 1612.5, 70, 3, CURRENT_TIMESTAMP), "
                    "('newcomer', true, 1500, 0, 0, CURRENT_TIMESTAMP)"
                )
            )
        await engine.dispose()

        store = await Store.open(url)  # migrates to the newest revision
        try:
            veteran = await store.player_named("veteran")
            newcomer = await store.player_named("newcomer")
            assert veteran is not None and newcomer is not None
            kb = veteran.rating_in("king-bolola")
            assert (kb.rating, kb.played, kb.rated, veteran.xp, veteran.games) == (
                1612.5,
                3,
                3,
                70,
                3,
            )
            assert veteran.to_json()["league"] == "silver"
            assert newcomer.ratings == () and newcomer.rating == 1500.0
            async with store.engine.connect() as c:
                version = (
                    await c.execute(text("select version_num from alembic_version"))
                ).scalar()
                columns = await c.run_sync(
                    lambda sync: {col["name"] for col in inspect(sync).get_columns("players")}
                )
                tables = await c.run_sync(lambda sync: set(inspect(sync).get_table_names()))
            assert version == "0012"  # 0012: the key a player name is found by
            assert "rating" not in columns
            assert {"xp", "games", "sessions_from", "sessions_kept"} <= columns
            assert {"ratings", "results", "daily_rewards"} <= tables
        finally:
            await store.close()

    run(scenario)


def test_two_tables_of_one_player_ending_at_once_both_count(url: str) -> None:
    async def scenario() -> None:
        store = await Store.open(url)
        try:
            me = await store.add_player("twotables", is_guest=True)
            tables = [await new_table(store, [me.id]) for _ in range(2)]
            first, second = await asyncio.gather(
                *(
                    store.finish_table(
                        t,
                        game="king-bolola",
                        record={"t": t},
                        scores=(10, -5, -2, -3),
                        ends=win_against_bots(me.id),
                        rated=True,
                    )
                    for t in tables
                )
            )
            (a,), (b,) = first, second
            # One after the other in the writer: the second starts from the first's result.
            assert a.rating_before == 1500.0 and b.rating_before == a.rating_after
            assert b.rating_after > a.rating_after > 1500.0
            now = await store.player(me.id)
            assert now is not None
            kb = now.rating_in("king-bolola")
            assert kb.rating == pytest.approx(b.rating_after)
            assert (kb.played, kb.won, kb.rated, now.games, now.xp) == (2, 2, 2, 2, 60)
            recent = await store.recent(me.id)
            assert {m.table_id for m in recent} == set(tables)
            assert all(m.result == "win" and m.scores == (10, -5, -2, -3) for m in recent)
            assert recent[0].rating_change == pytest.approx(
                (b if recent[0].table_id == tables[1] else a).rating_change
            )
            # Finishing a table again changes nothing (a retried write).
            again = await store.finish_table(
                tables[0],
                game="king-bolola",
                record={},
                scores=(0, 0, 0, 0),
                ends=win_against_bots(me.id),
                rated=True,
            )
            assert again == ()
            assert (await store.player(me.id)) == now
            assert await store.record(tables[0]) == {"t": tables[0]}
        finally:
            await store.close()

    run(scenario)


def test_team_results_unrated_tables_and_leavers(url: str) -> None:
    async def scenario() -> None:
        store = await Store.open(url)
        try:
            ids = [(await store.add_player(f"team{n}", is_guest=True)).id for n in range(4)]
            table = await new_table(store, ids)
            ends = [
                SeatEnd(ids[0], 0.0, Result.WIN, 0, False),
                SeatEnd(ids[1], 0.0, Result.LOSS, 1, False),
                SeatEnd(ids[2], 0.0, Result.WIN, 0, False),
                SeatEnd(ids[3], 0.0, Result.LOSS, 1, True),  # left before the end
            ]
            progress = await store.finish_table(
                table,
                game="king-bolola",
                record={},
                scores=(5, -5, 5, -5),
                ends=ends,
                rated=True,
                teams=((0, 2), (1, 3)),
            )
            changes = [round(p.rating_change, 1) for p in progress]
            assert changes == [24.0, -24.0, 24.0, -24.0]  # provisional K 48, even teams
            assert [p.xp_gained for p in progress] == [30, 10, 30, 0]
            table = await new_table(store, ids)
            unrated = await store.finish_table(
                table, game="king-bolola", record={}, scores=(0,) * 4, ends=ends, rated=False
            )
            assert all(p.rating_change == 0 for p in unrated)
            # The forfeit reads as one: the leaver's results say they left, no one else's.
            assert [p.left for p in progress] == [False, False, False, True]
            recent = [m.to_json() for m in await store.recent(ids[3])]
            assert [(m["result"], m["left"]) for m in recent] == [("loss", True)] * 2
            assert [m.left for m in await store.recent(ids[1])] == [False] * 2
            # The match page marks the leaver's seat, at that table only.
            assert await store.left_seats(table) == {3}
            assert await store.left_seats(table + 1000) == frozenset()
            leaver = await store.player(ids[3])
            assert leaver is not None
            kb = leaver.rating_in("king-bolola")
            assert (kb.played, kb.rated, kb.lost, leaver.xp) == (2, 1, 2, 0)
            assert leaver.to_json()["ratings"]["king-bolola"]["provisional"] is True
        finally:
            await store.close()

    run(scenario)


def test_daily_reward_once_a_day_with_a_streak(url: str) -> None:
    async def scenario() -> None:
        store = await Store.open(url)
        try:
            me = await store.add_player("daily", is_guest=True)
            claims = await asyncio.gather(*(store.claim_daily(me.id, DAY) for _ in range(8)))
            granted = [c for c in claims if c.granted]
            assert len(granted) == 1 and granted[0].xp == 20 and granted[0].streak == 1
            assert all(
                c.xp == 0 and c.streak == 1 and c.next_xp == 30 for c in claims if not c.granted
            )
            days = [DAY + timedelta(days=n) for n in (1, 2, 3, 5, 6)]
            got = [await store.claim_daily(me.id, d) for d in days]
            assert [(c.streak, c.xp) for c in got] == [(2, 30), (3, 40), (4, 50), (1, 20), (2, 30)]
            player = await store.player(me.id)
            assert player is not None and player.xp == 20 + 30 + 40 + 50 + 20 + 30
        finally:
            await store.close()

    run(scenario)


def test_leaderboard_orders_by_rating_then_name(url: str) -> None:
    async def scenario() -> None:
        store = await Store.open(url)
        try:
            names = ["Zed", "amy", "Bob"]
            ids = {n: (await store.add_player(n, is_guest=False)).id for n in names}
            for name, result in (("Zed", Result.WIN), ("amy", Result.WIN), ("Bob", Result.LOSS)):
                ends = win_against_bots(ids[name])
                ends[0] = SeatEnd(ids[name], 0.0, result, 0 if result is Result.WIN else 3, False)
                await store.finish_table(
                    await new_table(store, [ids[name]]),
                    game="king-bolola",
                    record={},
                    scores=(0,) * 4,
                    ends=ends,
                    rated=True,
                )
            unrated = await store.add_player("unrated", is_guest=True)
            await store.finish_table(
                await new_table(store, [unrated.id]),
                game="king-bolola",
                record={},
                scores=(0,) * 4,
                ends=win_against_bots(unrated.id),
                rated=False,
            )
            board = await store.leaderboard("king-bolola", 10)
            assert [p.name for p in board] == ["amy", "Zed", "Bob"]  # equal ratings: by name
            assert board[0].rating == board[1].rating > 1500.0 > board[2].rating
            assert [p.to_json(n)["rank"] for n, p in enumerate(board, 1)] == [1, 2, 3]
            assert [p.name for p in await store.leaderboard("king-bolola", 1)] == ["amy"]
            assert await store.leaderboard("hearts-trumps", 10) == []
        finally:
            await store.close()

    run(scenario)


def test_challenges_kept_answered_once_and_lapsed_by_time(url: str) -> None:
    async def scenario() -> None:
        store = await Store.open(url)
        try:
            host = await store.add_player("challenger", is_guest=True)
            friend = await store.add_player("challenged", is_guest=True)
            now = datetime.now(UTC)
            live = await new_table(store, [host.id])
            stale = await new_table(store, [host.id])
            await store.add_challenge(live, host.id, now + timedelta(minutes=3), {friend.id: 1})
            await store.add_challenge(stale, host.id, now - timedelta(seconds=1), {friend.id: None})
            owed = await store.challenges_under_way(owed_by=friend.id)
            assert [(c.table_id, c.host_name) for c in owed] == [
                (live, "challenger"),
                (stale, "challenger"),
            ]
            assert owed[0].invitees[0].seat == 1 and owed[0].expires_at > now
            # A challenge whose time ran out is not under way, whatever its rows say.
            current = await store.challenges_under_way(owed_by=friend.id, lapsing_after=now)
            assert [c.table_id for c in current] == [live]
            assert await store.answer_challenge(live, friend.id, "accepted")
            assert not await store.answer_challenge(live, friend.id, "expired")  # once only
            assert [c.table_id for c in await store.challenges_under_way(tables=[live, stale])] == [
                stale
            ]
        finally:
            await store.close()

    run(scenario)
