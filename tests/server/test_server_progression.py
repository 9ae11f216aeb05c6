"""Progression at a live server (PL-11..PL-16): a rated match against bots moves the
rating, XP and league and says so in the over frame; matches ending together all count;
the daily reward is granted once a day with a streak; profiles, the leaderboard, and the
first declarer of King Bolola by rating."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from roomclient import Player, Rest, ServerProcess, heart_match, open_table, play, run

from bolola.progression.leagues import league_of
from bolola.progression.rating import BOT_RATINGS

XP = {"win": 30, "draw": 20, "loss": 10}


def result_of(score: int) -> str:
    return "win" if score > 0 else "draw" if score == 0 else "loss"


async def me(server: ServerProcess, token: str) -> dict[str, Any]:
    rest = Rest(server, token)
    r = await rest.get("/api/me")
    await rest.close()
    assert r.status_code == 200, r.text
    player: dict[str, Any] = r.json()["player"]
    return player


@pytest.mark.slow  # a whole match against bots
def test_a_rated_match_against_bots_moves_rating_xp_and_league(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, (p,) = await open_table(server, 1, rated=True)
        before = await me(server, p.token)
        assert before["ratings"]["king-bolola"] == {
            "rating": 1500,
            "league": "bronze",
            "provisional": True,
            "played": 0,
            "won": 0,
            "drawn": 0,
            "lost": 0,
        }
        assert (before["level"], before["level_xp"], before["next_level_xp"]) == (1, 0, 100)
        # KB-5, PL-16: 1500 outranks the beginner bots' 1100, so the human declares first.
        assert p.view is not None and p.view["declarer"] == 0 and p.view["to_move"] == [0]
        over = await play(p, table)
        result = result_of(over["scores"][0])
        progress = over["progress"]
        assert set(progress) == {"0"}  # human seats only
        mine = progress["0"]
        assert mine["name"] == p.name and mine["xp"] == XP[result]
        assert (mine["level_before"], mine["level_after"]) == (1, 1)
        assert mine["rating_before"] == 1500.0 and mine["league_before"] == "bronze"
        assert mine["league_after"] == str(league_of(mine["rating_after"]))
        if over["ranks"][0] == 0 and over["ranks"].count(0) == 1:  # first, alone
            assert mine["rating_after"] > 1500.0
        if over["ranks"][0] == 3:
            assert mine["rating_after"] < 1500.0

        after = await me(server, p.token)
        kb = after["ratings"]["king-bolola"]
        assert kb["rating"] == round(mine["rating_after"]) == after["rating"]
        assert (
            kb["played"] == 1 and kb[{"win": "won", "draw": "drawn", "loss": "lost"}[result]] == 1
        )
        assert kb["provisional"] is True and after["games"] == 1
        assert after["xp"] == after["level_xp"] == XP[result]

        # The player's card: the match with its record (PL-3).
        rest = Rest(server)
        card = (await rest.get(f"/api/players/{p.name}")).json()
        assert card["player"]["xp"] == XP[result]
        (match,) = card["recent"]
        assert match["table"] == table and match["game"] == "king-bolola"
        assert match["rank"] == over["ranks"][0] and match["scores"] == over["scores"]
        assert match["seats"] == 4 and match["result"] == result
        assert match["rating_change"] == round(mine["rating_after"] - 1500.0, 1)
        record = await rest.get(match["record"])
        assert record.status_code == 200 and record.json()["players"][0] == p.name
        missing = await rest.get("/api/players/nobody-at-all")
        assert missing.status_code == 404 and missing.json()["code"] == "no_player"

        # The leaderboard of the game: this player on it, best first (PL-12, PL-13).
        board = (await rest.get("/api/leaderboard?game=king-bolola&limit=100")).json()
        assert board["game"] == "king-bolola"
        ratings = [x["rating"] for x in board["players"]]
        assert ratings == sorted(ratings, reverse=True)
        assert [x["rank"] for x in board["players"]] == list(range(1, len(ratings) + 1))
        entry = next(x for x in board["players"] if x["name"] == p.name)
        assert entry["played"] == 1 and entry["league"] == mine["league_after"]
        for bad in ("game=zebra", "limit=0", "limit=many", "limit=101"):
            r = await rest.get(f"/api/leaderboard?{bad}")
            assert r.status_code == 400 and r.json()["code"] == "bad_request", bad
        await rest.close()
        await p.close()

    run(scenario)


def test_each_game_has_its_own_rating(server: ServerProcess) -> None:
    """A Hearts Are Trumps match (two seats, to 1 point) moves that game's rating only."""

    async def scenario() -> None:
        p, table, over = await heart_match(server, level="expert", rated=True)
        mine = over["progress"]["0"]
        result = "win" if over["scores"][0] > over["scores"][1] else "loss"  # no draws here
        assert mine["xp"] == XP[result] and mine["rating_before"] == 1500.0
        if over["ranks"][0] < over["ranks"][1]:
            # Beating the expert bot (1700) is worth much: provisional K 48 · 0.76.
            assert mine["rating_after"] > 1530.0
        elif over["ranks"][0] > over["ranks"][1]:
            assert 1480.0 < mine["rating_after"] < 1500.0
        now = await me(server, p.token)
        assert now["ratings"]["hearts-trumps"]["played"] == 1
        assert now["ratings"]["hearts-trumps"]["rating"] == round(mine["rating_after"])
        assert now["ratings"]["king-bolola"]["played"] == 0
        assert now["rating"] == 1500  # the King Bolola one
        rest = Rest(server)
        (match,) = (await rest.get(f"/api/players/{p.name}")).json()["recent"]
        assert (match["game"], match["seats"], match["table"]) == ("hearts-trumps", 2, table)
        board = (await rest.get("/api/leaderboard?game=hearts-trumps")).json()
        assert p.name in [x["name"] for x in board["players"]]
        kb = (await rest.get("/api/leaderboard?game=king-bolola&limit=100")).json()
        assert p.name not in [x["name"] for x in kb["players"]]
        await rest.close()
        await p.close()

    run(scenario)


@pytest.mark.slow  # two whole matches of stand-in bots
def test_two_matches_of_one_player_ending_together_both_count(server: ServerProcess) -> None:
    """The player leaves both rated tables at once; stand-in bots finish them together.
    Leavers earn no XP (PL-11) but both results move the rating (PL-12)."""

    async def scenario() -> None:
        first = await Player.connect(server)
        second = await Player.connect(server, token=first.token)
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": "beginner"}] * 3
        tables = []
        for conn in (first, second):
            await conn.send({"type": "create", "table": {"seats": seats, "rated": True}})
            tables.append((await conn.expect("created"))["table"]["id"])
        watchers = []
        for table in tables:
            w = await Player.connect(server)
            await w.send({"type": "join", "table": table, "watch": True})
            await w.expect("snapshot")
            watchers.append(w)
        for conn, table in zip((first, second), tables, strict=True):
            await conn.send({"type": "join", "table": table, "seat": 0})
            await conn.expect("snapshot")
        await asyncio.gather(
            *(
                c.send({"type": "leave", "table": t})
                for c, t in zip((first, second), tables, strict=True)
            )
        )
        overs = await asyncio.gather(*(w.expect("over", timeout=300) for w in watchers))
        a, b = (o["progress"]["0"] for o in overs)
        assert a["xp"] == b["xp"] == 0
        # The writer took them one after the other: the later one starts from the other.
        assert b["rating_before"] == a["rating_after"] or a["rating_before"] == b["rating_after"]
        last = b if b["rating_before"] == a["rating_after"] else a
        now = await me(server, first.token)
        kb = now["ratings"]["king-bolola"]
        assert kb["played"] == 2 and now["games"] == 2 and now["xp"] == 0
        assert kb["won"] + kb["drawn"] + kb["lost"] == 2
        assert kb["rating"] == round(last["rating_after"])
        for conn in (first, second, *watchers):
            await conn.close()

    run(scenario)


def test_daily_reward_once_a_day_with_a_streak(
    make_server: Callable[..., ServerProcess],
) -> None:
    async def claim(server: ServerProcess, token: str) -> dict[str, Any]:
        rest = Rest(server, token)
        r = await rest.post("/api/daily")
        await rest.close()
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    async def first_day(server: ServerProcess) -> str:
        rest = Rest(server)
        token: str = (await rest.guest())["token"]
        anonymous = Rest(server)
        assert (await anonymous.post("/api/daily")).status_code == 403  # no CSRF token
        await anonymous.close()
        answers = await asyncio.gather(*(claim(server, token) for _ in range(6)))
        granted = [a for a in answers if a["granted"]]
        assert len(granted) == 1
        assert granted[0]["xp"] == 20 and granted[0]["player"]["xp"] == 20
        assert all(a["xp"] == 0 for a in answers if not a["granted"])
        assert {(a["streak"], a["day"], a["next_xp"]) for a in answers} == {(1, "2026-11-30", 30)}
        assert (await me(server, token))["xp"] == 20
        await rest.close()
        return token

    async def later(server: ServerProcess, token: str) -> dict[str, Any]:
        return await claim(server, token)

    server = make_server(today="2026-11-30")
    token = run(lambda: first_day(server))
    server.kill()
    server = make_server(today="2026-12-01")
    nextday = run(lambda: later(server, token))
    assert (nextday["granted"], nextday["streak"], nextday["xp"]) == (True, 2, 30)
    assert nextday["player"]["xp"] == 50 and nextday["next_xp"] == 40
    server.kill()
    server = make_server(today="2026-12-03")  # a day missed: the streak starts again
    again = run(lambda: later(server, token))
    assert (again["granted"], again["streak"], again["xp"]) == (True, 1, 20)
    assert again["player"]["xp"] == 70


def test_the_first_declarer_is_the_highest_rated_then_the_first_name(
    server: ServerProcess,
) -> None:
    async def first_declarer(bots: str) -> tuple[int, list[str]]:
        _, players = await open_table(server, 2, bot_level=bots)
        names = [p.name for p in players]
        view = players[1].view
        assert view is not None
        # Each seat shows its holder's rating in the game; a bot's is its level's.
        snap = next(f for f in reversed(players[1].frames) if f["type"] == "snapshot")
        bot = BOT_RATINGS[bots]
        assert [s["rating"] for s in snap["seats"]] == [1500, 1500, bot, bot]
        for p in players:
            await p.close()
        return int(view["declarer"]), names

    async def scenario() -> None:
        # Last in the module: the expert bots' table idles on its humans until the server stops.
        # Expert bots (1700) outrank new players (1500); between bots, the first name.
        declarer, _ = await first_declarer("expert")
        assert declarer == 2
        # Beginner bots (1100) do not: the two humans tie at 1500, the first name wins.
        declarer, names = await first_declarer("beginner")
        assert declarer == min((0, 1), key=lambda s: names[s].casefold())

    run(scenario)
