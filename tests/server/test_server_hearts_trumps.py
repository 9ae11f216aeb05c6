"""Hearts Are Trumps on the live server: simultaneous secret placement end to end (checklist
item 2 with a real game, HT-6, HT-8), and a whole deal against a bot."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

from leaks import cards_in  # a joker (JK) names no one card
from roomclient import Player, ServerProcess, play, run

GAME = "hearts-trumps"


def events_of(frame: dict[str, Any]) -> list[str]:
    if frame.get("type") == "update":
        return list(frame.get("events", []))
    return []


def is_battle(frame: dict[str, Any]) -> bool:
    return any(e.startswith("battle B ") for e in events_of(frame))


def is_score(frame: dict[str, Any]) -> bool:
    return any(e.startswith("score ") for e in events_of(frame))


async def open_ht_table(
    server: ServerProcess, seats: list[dict[str, Any]]
) -> tuple[int, list[Player]]:
    """A two-seat Hearts Are Trumps table; human seat i is taken by player i."""
    humans = sum(1 for s in seats if s["kind"] == "human")
    players = [await Player.connect(server) for _ in range(humans)]
    await players[0].send(
        {"type": "create", "table": {"game": GAME, "seats": seats, "options": {"target": 500}}}
    )
    created = await players[0].expect("created")
    table: int = created["table"]["id"]
    assert created["table"]["game"] == GAME
    for seat, p in enumerate(players):
        await p.send({"type": "join", "table": table, "seat": seat})
        assert (await p.expect("joined"))["seat"] == seat
        await p.expect("snapshot")
    for p in players:  # the table starts once full: a snapshot with the first deal
        if p.view is None:
            await p.expect(lambda f: f.get("type") == "snapshot" and f.get("view") is not None)
    return table, players


async def to_place(p: Player, version: int) -> dict[str, Any]:
    """The view of the hand to place once ``p`` has seen ``version``."""
    if p.version < version:
        await p.expect(lambda f: f.get("type") == "update" and f["version"] >= version)
    assert p.view is not None and p.view["phase"] == "place"
    assert p.view["to_move"] == [0, 1] and p.view["placed"] == [False, False]
    return p.view


async def place_until(
    p: Player, table: int, done: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """Places the first legal placement once per hand until a frame matches ``done``.
    (roomclient.play acts again on any new version while the seat is to move: in a
    simultaneous phase the other seat's placement makes one while ours is on its way.)"""
    placed_for: set[tuple[int, int]] = set()
    while True:
        view = p.view
        if view and view["seat"] in view["to_move"] and not view["placed"][view["seat"]]:
            hand = (view["deal"], view["hand_no"])
            if hand not in placed_for:
                placed_for.add(hand)
                await p.send(
                    {
                        "type": "action",
                        "table": table,
                        "id": f"place-{hand[0]}-{hand[1]}",
                        "version": p.version,
                        "action": view["legal"][0],
                    }
                )
        frame = await p.expect(lambda f: True)
        assert frame.get("type") != "error", frame
        if done(frame):
            return frame


def test_both_seats_place_at_once_and_neither_sees_the_other_before_the_battles(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        table, players = await open_ht_table(server, [{"kind": "human"}, {"kind": "human"}])
        first_hands = [p.view["hand"] if p.view else None for p in players]
        assert all(h is not None and len(h) == 6 for h in first_hands)
        version = max(p.version for p in players)
        loot_of: list[set[str]] = [set(), set()]  # each seat's loot cards this deal
        seen_from: list[int] = [len(p.frames) for p in players]
        for hand_no in range(1, 10):
            views = [await to_place(p, version) for p in players]
            assert {v["hand_no"] for v in views} == {hand_no}
            assert players[0].version == players[1].version == version
            mine = [v["legal"][hand_no % len(v["legal"])] for v in views]
            marks = [len(p.frames) for p in players]
            # Both on the same version, sent together: neither may be refused as stale.
            await asyncio.gather(
                *(
                    p.send(
                        {
                            "type": "action",
                            "table": table,
                            "id": f"h{hand_no}",
                            "version": version,
                            "action": mine[s],
                        }
                    )
                    for s, p in enumerate(players)
                )
            )
            answers = await asyncio.gather(
                *(p.expect(lambda f: f.get("type") in ("ack", "error")) for p in players)
            )
            assert [a["type"] for a in answers] == ["ack", "ack"], answers
            resolved = await asyncio.gather(*(p.expect(is_battle) for p in players))
            version = resolved[0]["version"]
            assert resolved[1]["version"] == version == max(a["version"] for a in answers)
            for s, p in enumerate(players):
                other = 1 - s
                loot, attacker, defender = mine[other].split("/")
                loot_of[other] |= {loot} - {"JK"}
                secret = set(mine[other].split("/")) - {"JK"}
                before = p.frames[marks[s] : p.frames.index(resolved[s])]
                # Until both have placed, a seat learns only that the other has placed.
                for f in before:
                    assert not cards_in(f) & secret, (s, f)
                    assert not any(e.startswith(f"place {other}") for e in events_of(f)), f
                said = events_of(resolved[s])
                assert f"placed {other}" in said or any(
                    f"placed {other}" in events_of(f) for f in before
                )
                # The battles show the other's attacker and defender, never its loot (HT-8).
                battles = resolved[s]["view"]["last_hand"]["battles"]
                assert [b["name"] for b in battles] == ["A", "B"]
                assert {battles[0]["attacker"], battles[1]["defender"]} == set(
                    mine[0].split("/")[1:]
                )
                assert {battles[1]["attacker"], battles[0]["defender"]} == set(
                    mine[1].split("/")[1:]
                )
                assert all(b["winner"] in (0, 1) and b["rule"].startswith("HT-") for b in battles)
                assert resolved[s]["view"]["last_hand"]["my_loot"] == mine[s].split("/")[0]
                assert {attacker, defender} <= cards_in(resolved[s]) | {"JK"}
        # The deal's last hand scored it: until then no seat saw a loot card of the other.
        for s, p in enumerate(players):
            frames = p.frames[seen_from[s] :]
            scored = next(k for k, f in enumerate(frames) if is_score(f))
            for f in frames[:scored]:
                assert not cards_in(f) & loot_of[1 - s], (s, f)
            history = frames[scored]["view"]["history"]
            assert len(history) == 1 and sum(history[0]["loot_counts"]) == 18
        for p in players:
            await p.close()

    run(scenario)


def test_a_player_plays_a_whole_deal_against_a_beginner_bot(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, (me,) = await open_ht_table(
            server, [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
        )
        scored = await place_until(me, table, is_score)
        battles = [e for f in me.frames for e in events_of(f) if e.startswith("battle ")]
        assert len(battles) == 18  # 9 hands of two battles (HT-4, HT-5, HT-7)
        assert all(
            re.fullmatch(
                r"battle [AB] [01] \S+ [01] \S+ won [01] (joker|jokers|trump|hearts|rank|suit)", b
            )
            for b in battles
        ), battles
        view = scored["view"]
        (deal,) = view["history"]
        assert deal["deal"] == 1 and sum(deal["loot_counts"]) == 18
        a, b = deal["loot_counts"]
        assert deal["bonus"] == ([59, 0] if a > b else [0, 59] if b > a else [29, 29])  # HT-14
        assert [lp + bo for lp, bo in zip(deal["loot_points"], deal["bonus"], strict=True)] == deal[
            "points"
        ]
        assert view["totals"] == deal["points"] and view["deal"] == 2
        assert view["hand_no"] == 1 and len(view["hand"]) == 6
        await me.close()

    run(scenario)


def test_two_scripted_players_finish_a_match_acting_whenever_they_may(
    server: ServerProcess,
) -> None:
    """Both seats act on every version that lists them (roomclient.play), racing each other
    in every simultaneous hand: no action is ever refused and the match ends (HT-16)."""

    async def scenario() -> None:
        players = [await Player.connect(server) for _ in range(2)]
        await players[0].send(
            {
                "type": "create",
                "table": {"game": GAME, "seats": [{"kind": "human"}] * 2, "options": {"target": 1}},
            }
        )
        table: int = (await players[0].expect("created"))["table"]["id"]
        for seat, p in enumerate(players):
            await p.send({"type": "join", "table": table, "seat": seat})
            await p.expect("joined")
        overs = await asyncio.gather(*(play(p, table) for p in players))
        assert overs[0]["scores"] == overs[1]["scores"]
        assert max(overs[0]["scores"]) >= 1 and overs[0]["scores"][0] != overs[0]["scores"][1]
        for p in players:
            await p.close()

    run(scenario)
