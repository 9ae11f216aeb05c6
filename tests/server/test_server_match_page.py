"""A finished match's public page (issue 17): the API's summary (players, places,
scores, the sheet deal by deal, the achievements it unlocked) and the page's summary card
for shared links (Open Graph tags), on SQLite and PostgreSQL."""

from __future__ import annotations

import html

from roomclient import Player, Rest, ServerProcess, play, run


def test_a_finished_match_has_a_public_page_with_a_summary_card(server: ServerProcess) -> None:
    async def scenario() -> None:
        p = await Player.connect(server)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
        spec = {"game": "hearts-trumps", "options": {"target": 1}, "seats": seats}
        await p.send({"type": "create", "table": spec})
        table = (await p.expect("created"))["table"]["id"]
        r = await Rest(server).get(f"/api/matches/{table}")
        assert r.status_code == 404 and r.json()["code"] == "no_record"  # not over yet
        await p.send({"type": "join", "table": table, "seat": 0})
        await p.expect("snapshot")
        over = await play(p, table)
        rest = Rest(server)  # anyone may read it: no session
        r = await rest.get(f"/api/matches/{table}")
        assert r.status_code == 200, r.text
        match = r.json()["match"]
        assert (match["id"], match["game"], match["options"]["target"]) == (
            table,
            "hearts-trumps",
            1,
        )
        assert [s["score"] for s in match["seats"]] == over["scores"]
        assert [s["rank"] for s in match["seats"]] == over["ranks"]
        assert match["seats"][0]["name"] == p.name and match["seats"][1]["kind"] == "bot"
        assert [s["left"] for s in match["seats"]] == [False, False]  # nobody left
        assert match["sheet"] and sum(d["points"][0] for d in match["sheet"]) == over["scores"][0]
        assert match["achievements"] == {p.name: over["progress"]["0"]["achievements"]}
        assert match["record"] == f"/api/tables/{table}/record"

        page = await rest.get(f"/match/{table}")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        winner = min(match["seats"], key=lambda s: (s["rank"], s["seat"]))["name"]
        title = html.escape(f"{winner} wins at hearts-trumps on Bolola", quote=True)
        assert f'<meta property="og:title" content="{title}" />' in page.text
        assert 'property="og:description"' in page.text and p.name in page.text
        assert f'content="{server.http}/match/{table}"' in page.text
        missing = await rest.get("/match/99999")
        assert missing.status_code == 404 and 'content="Bolola"' in missing.text
        huge = await rest.get(f"/match/{2**40}")
        assert huge.status_code == 404
        await rest.close()
        await p.close()

    run(scenario)


def test_a_private_matchs_page_and_record_are_its_players_alone(server: ServerProcess) -> None:
    """PL-3: a table for invited players only keeps its match to its host, invited and
    seated: a stranger (or nobody signed in) gets 403, and the page's card stays blank."""

    async def scenario() -> None:
        p = await Player.connect(server)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
        spec = {"game": "hearts-trumps", "options": {"target": 1}, "seats": seats}
        await p.send({"type": "create", "table": {**spec, "access": "invited"}})
        table = (await p.expect("created"))["table"]["id"]
        await p.send({"type": "join", "table": table, "seat": 0})
        await p.expect("snapshot")
        await play(p, table)
        stranger = await Player.connect(server)
        for who in (Rest(server), Rest(server, stranger.token)):
            for path in (f"/api/matches/{table}", f"/api/tables/{table}/record"):
                r = await who.get(path)
                assert r.status_code == 403 and r.json()["code"] == "not_invited", r.text
            page = await who.get(f"/match/{table}")
            assert page.status_code == 404 and p.name not in page.text
            await who.close()
        mine = Rest(server, p.token)
        assert (await mine.get(f"/api/matches/{table}")).status_code == 200
        assert (await mine.get(f"/api/tables/{table}/record")).status_code == 200
        await mine.close()
        await p.close()
        await stranger.close()

    run(scenario)


def test_the_page_names_each_bot_as_its_table_did(server: ServerProcess) -> None:
    """Two bots of one level stay apart on the match page: each seat has the name the
    table showed (and the match record keeps), and a bot its level for the page to say."""

    async def scenario() -> None:
        p = await Player.connect(server)
        seats = [{"kind": "human"}, *[{"kind": "bot", "level": "beginner"}] * 2]
        spec = {"game": "test-toy", "options": {"deals": 1}, "seats": seats}
        await p.send({"type": "create", "table": spec})
        table = (await p.expect("created"))["table"]["id"]
        await p.send({"type": "join", "table": table, "seat": 0})
        snapshot = await p.expect("snapshot")
        shown = [s["player"] for s in snapshot["seats"]]
        await play(p, table)
        rest = Rest(server)
        match = (await rest.get(f"/api/matches/{table}")).json()["match"]
        record = (await rest.get(f"/api/tables/{table}/record")).json()
        await rest.close()
        await p.close()
        names = [s["name"] for s in sorted(match["seats"], key=lambda s: s["seat"])]
        assert names == shown == record["players"], (names, shown, record["players"])
        assert len(set(names)) == 3
        assert match["teams"] is None  # each seat alone: no partners in this game
        assert [(s["kind"], s["level"]) for s in match["seats"]] == [
            ("human", None),
            ("bot", "beginner"),
            ("bot", "beginner"),
        ]

    run(scenario)
