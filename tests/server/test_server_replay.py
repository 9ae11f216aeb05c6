"""A finished match's replay, its background analysis and "play from here" (issue 18), on
SQLite and PostgreSQL: who may see a match, positions as the players saw them, a review
equal to ``bolola.analysis``'s of the same record, a practice table at a position with
the same hands, and a clear JSON error for every bad request."""

from __future__ import annotations

import asyncio
from typing import Any

from roomclient import Player, Rest, ServerProcess, play, run

from bolola import registry
from bolola.analysis.review import review_record
from bolola.engine import Record, parse_move
from bolola.store.store import Store

POLLS = 600  # the analysis's wait: at most this many looks at its status, 0.25 s apart


async def finished_match(server: ServerProcess, access: str = "anyone") -> tuple[int, Player]:
    """A Hearts Are Trumps match (first to 1 point) of a new guest against a bot, played
    to its end; the guest's connection keeps every frame it saw."""
    p = await Player.connect(server)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
    spec = {"game": "hearts-trumps", "options": {"target": 1}, "seats": seats, "access": access}
    await p.send({"type": "create", "table": spec})
    table: int = (await p.expect("created"))["table"]["id"]
    await p.send({"type": "join", "table": table, "seat": 0})
    await p.expect("snapshot")
    await play(p, table)
    return table, p


def states(record: Record) -> list[Any]:
    """The record replayed here, every state kept (version v is ``states[v]``)."""
    game = registry.find(record.game)
    state = game.new(game.parse_options(record.options), record.seed)
    out = [state]
    for text in record.moves:
        move = parse_move(game, text)
        state, _ = game.apply(state, move.seat, move.action)
        out.append(state)
    return out


def test_positions_are_the_records_and_what_the_player_saw(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, p = await finished_match(server)
        anyone = Rest(server)  # a public match: no session needed
        r = await anyone.get(f"/api/matches/{table}/replay")
        assert r.status_code == 200, r.text
        replay = r.json()["replay"]
        record = Record.from_json(replay["record"])
        assert replay["game"] == record.game == "hearts-trumps" and replay["seats"] == 2
        assert replay["versions"] == len(record.moves) > 0
        # The record leaving the server reveals the seeds of the deals played, no more.
        assert replay["record"]["seed"] is None
        assert all(s is not None for s in replay["record"]["fairness"]["seeds"])
        game = registry.find(record.game)
        played = states(record)
        for at in sorted({0, 1, len(record.moves) // 2, len(record.moves)}):
            r = await anyone.get(f"/api/matches/{table}/replay?at={at}")
            assert r.status_code == 200, r.text
            pos = r.json()["position"]
            assert (pos["at"], pos["versions"]) == (at, len(record.moves))
            assert pos["move"] == (record.moves[at - 1] if at else None)
            assert pos["views"] == [game.view(played[at], s).to_json() for s in (0, 1)]
            assert [v["seat"] for v in pos["views"]] == [0, 1]
        last = (await anyone.get(f"/api/matches/{table}/replay?at={len(record.moves)}")).json()
        over = next(f for f in p.frames if f.get("type") == "over")
        outcome = game.outcome(played[-1])
        assert outcome is not None and list(outcome.scores) == over["scores"]
        assert last["position"]["views"][0]["phase"] == "over"
        # Every view the player was sent live is the replay's view of their seat there.
        seen = {f["version"]: f["view"] for f in p.frames if f.get("view") and "version" in f}
        assert seen
        for version, view in seen.items():
            r = await anyone.get(f"/api/matches/{table}/replay?at={version}")
            assert r.json()["position"]["views"][0] == view, version
        await anyone.close()
        await p.close()

    run(scenario)


def test_bad_positions_and_unknown_matches_are_clear_json_errors(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, p = await finished_match(server)
        rest = Rest(server)
        versions = (await rest.get(f"/api/matches/{table}/replay")).json()["replay"]["versions"]
        for bad in ("-1", "abc", "1.5", "", "1e3", "²", str(versions + 1), "9" * 40):
            r = await rest.get(f"/api/matches/{table}/replay?at={bad}")
            assert r.status_code == 400, (bad, r.text)
            assert r.json()["code"] == "bad_request" and "at" in r.json()["message"], bad
        for path in ("replay", "replay?at=0", "analysis"):
            for missing in (999_999, 2**40):
                r = await rest.get(f"/api/matches/{missing}/{path}")
                assert r.status_code == 404 and r.json()["code"] == "no_record", (path, r.text)
        # A live table has no replay yet: its record would show hands still hidden.
        live = await Player.connect(server)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
        await live.send({"type": "create", "table": {"game": "hearts-trumps", "seats": seats}})
        open_id = (await live.expect("created"))["table"]["id"]
        r = await rest.get(f"/api/matches/{open_id}/replay")
        assert r.status_code == 404 and r.json()["code"] == "no_record"
        await rest.close()
        await live.close()
        await p.close()

    run(scenario)


def test_a_private_match_is_for_its_players_only(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, p = await finished_match(server, access="invited")
        stranger = Rest(server)
        await stranger.guest()
        anonymous = Rest(server)
        for rest in (stranger, anonymous):
            for path in ("replay", "replay?at=1", "analysis"):
                r = await rest.get(f"/api/matches/{table}/{path}")
                assert r.status_code == 403 and r.json()["code"] == "not_invited", (path, r.text)
        r = await stranger.post(f"/api/matches/{table}/practice", {"at": 1})
        assert r.status_code == 403 and r.json()["code"] == "not_invited", r.text
        r = await anonymous.post(f"/api/matches/{table}/practice", {"at": 1})
        assert r.status_code in (401, 403), r.text  # no session: refused before the body
        mine = Rest(server, p.token)
        r = await mine.get(f"/api/matches/{table}/replay?at=1")
        assert r.status_code == 200 and len(r.json()["position"]["views"]) == 2
        for rest in (stranger, anonymous, mine):
            await rest.close()
        await p.close()

    run(scenario)


def test_the_analysis_is_done_in_the_background_as_bolola_analyse_does_it(
    fresh_server: ServerProcess,
) -> None:
    # A server of its own command line: the shared ones are daemonic forks, which
    # multiprocessing forbids to start the analysis's worker process.
    server = fresh_server

    async def scenario() -> None:
        table, p = await finished_match(server)
        rest = Rest(server)
        # The record as the table dealt it, every seed of its chain: a play-out of the
        # last deal may play on into a deal the match never dealt (docs/analysis.md).
        store = await Store.open(server.database_url)
        try:
            record = await store.engine_record(table)
        finally:
            await store.close()
        assert record is not None
        first = await rest.get(f"/api/matches/{table}/analysis")
        assert first.status_code == 200, first.text
        assert first.json()["status"] in ("queued", "running", "done")
        answer = first.json()
        # The review to expect, made here while the server's worker makes its own.
        expected = review_record(record).to_json()  # the default budget and seed
        for _ in range(POLLS):  # the background job's wait, bounded, as the healthz poll
            if answer["status"] == "done":
                break
            assert answer["status"] in ("queued", "running"), answer
            await asyncio.sleep(0.25)
            answer = (await rest.get(f"/api/matches/{table}/analysis")).json()
        assert answer["status"] == "done", answer
        assert answer["id"] == table
        assert answer["review"] == expected
        assert answer["review"]["decisions"], "a match with no decision judged"
        # Asked again, the review is the one kept: no new work.
        again = (await rest.get(f"/api/matches/{table}/analysis")).json()
        assert again == answer
        await rest.close()
        await p.close()

    run(scenario)


def test_play_from_here_opens_a_practice_table_at_that_position(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, p = await finished_match(server)
        rest = Rest(server, p.token)
        replay = (await rest.get(f"/api/matches/{table}/replay")).json()["replay"]
        record = Record.from_json(replay["record"])
        game = registry.find(record.game)
        played = states(record)
        # A position where the player's seat is to move (alone, if the match has one: the
        # bot waits for them, so the table is still at that version when they join).
        mine = [
            v
            for v, s in enumerate(played)
            if v > 0 and game.outcome(s) is None and 0 in game.to_move(s)
        ]
        at = next((v for v in mine if game.to_move(played[v]) == (0,)), mine[0])
        r = await rest.post(f"/api/matches/{table}/practice", {"at": at})
        assert r.status_code == 201, r.text
        made = r.json()
        assert (made["at"], made["seat"], made["level"]) == (at, 0, "expert")
        summary = made["table"]
        assert summary["rated"] is False and summary["access"] == "invited"
        assert summary["status"] == "playing" and summary["version"] == at
        assert summary["hints"] is True  # a practice table against bots
        assert [s["kind"] for s in summary["seats"]] == ["human", "bot"]
        assert summary["seats"][0]["player"] == p.name and summary["seats"][1]["level"] == "expert"
        practice = summary["id"]
        await p.send({"type": "join", "table": practice})
        assert (await p.expect("joined"))["seat"] == 0
        snap = await p.expect("snapshot")
        # The practice table's log starts with the match's first ``at`` moves; in a
        # simultaneous phase the bot may have moved since (then the snapshot is later).
        store = await Store.open(server.database_url)
        try:
            logged = await store.actions_after(practice, 0)
        finally:
            await store.close()
        assert [f"{e.seat}:{e.action}" for e in logged[:at]] == list(record.moves[:at])
        assert snap["version"] >= at and len(logged) >= snap["version"]
        state = played[at]
        for e in logged[at : snap["version"]]:
            state, _ = game.apply(state, e.seat, game.parse_action(e.action))
        assert snap["view"] == game.view(state, 0).to_json()  # the same hands, the same play
        await rest.close()
        await p.close()

    run(scenario)


def test_play_from_here_refuses_bad_requests(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, p = await finished_match(server)
        rest = Rest(server, p.token)
        versions = (await rest.get(f"/api/matches/{table}/replay")).json()["replay"]["versions"]
        for body in (
            {},
            {"at": "x"},
            {"at": -1},
            {"at": True},
            {"at": 1.5},
            {"at": versions},  # the match is over there: nothing to play
            {"at": versions + 5},
            {"at": 0, "level": "grandmaster"},
            {"at": 0, "level": 3},
        ):
            r = await rest.post(f"/api/matches/{table}/practice", body)
            assert r.status_code == 400, (body, r.text)
            assert r.json()["code"] == "bad_request" and r.json()["message"], body
        r = await rest.client.post(f"/api/matches/{table}/practice", content=b"[1")
        assert r.status_code == 400 and r.json()["code"] == "bad_json"
        r = await rest.post("/api/matches/999999/practice", {"at": 0})
        assert r.status_code == 404 and r.json()["code"] == "no_record"
        r = await rest.get(f"/api/matches/{table}/practice")  # the site's pages answer GETs
        assert r.status_code == 404 and r.json()["code"] == "not_found"
        await rest.close()
        await p.close()

    run(scenario)
