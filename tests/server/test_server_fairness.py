"""Fair deals at a live table (docs/fairness.md): the commitment shown from the first
frame, the browsers' client seeds mixed in (bots' and silent seats' marked), each deal's
seed revealed once it is over and never before, and a downloaded record that
``bolola verify`` accepts."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from roomclient import Player, Rest, ServerProcess, play, run

from bolola.fairness import FairDeals, checks
from bolola.registry import find
from bolola.verify import verify


def is_hex64(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and int(value, 16) >= 0


async def finish(server: ServerProcess, game: str, options: dict[str, Any]) -> dict[str, Any]:
    """A match of one seeded browser, one silent one and bots, played to its end."""
    seeded, silent = await Player.connect(server), await Player.connect(server)
    seats = [
        {"kind": "human"},
        {"kind": "human"},
        *[{"kind": "bot"}] * (3 if game != "test-toy" else 1),
    ]
    if game == "hearts-trumps":
        seats = [{"kind": "human"}, {"kind": "human"}]
    await seeded.send(
        {"type": "create", "table": {"game": game, "seats": seats, "options": options}}
    )
    table = (await seeded.expect("created"))["table"]["id"]
    await seeded.send({"type": "client_seed", "table": table, "seed": "a|b"})
    refused = await seeded.expect("error")
    assert refused["code"] == "bad_request" and "client seed" in refused["message"]
    await seeded.send({"type": "client_seed", "table": table, "seed": "browser-0-f00d"})
    await seeded.send({"type": "join", "table": table, "seat": 0})
    first = await seeded.expect("snapshot")
    assert first["status"] == "open"
    commitment = first["fairness"]["commitment"]
    assert is_hex64(commitment) and first["fairness"]["client_seeds"] is None
    await silent.send({"type": "join", "table": table, "seat": 1})
    started = await silent.expect(lambda f: f.get("type") == "snapshot" and f.get("view"))
    assert started["fairness"]["commitment"] == commitment
    client_seeds = started["fairness"]["client_seeds"]
    assert client_seeds[:2] == ["browser-0-f00d", "server:1"]
    assert client_seeds[2:] == [f"bot:{s}" for s in range(2, len(seats))]
    overs = await _both(seeded, silent, table)
    rest = Rest(server, seeded.token)
    record = (await rest.get(f"/api/tables/{table}/record")).json()
    await rest.close()
    for p in (seeded, silent):
        await p.close()
    return {"record": record, "over": overs, "frames": seeded.frames, "commitment": commitment}


async def _both(a: Player, b: Player, table: int) -> list[dict[str, Any]]:
    return list(await asyncio.gather(play(a, table), play(b, table)))


def check(result: dict[str, Any]) -> None:
    record, frames = result["record"], result["frames"]
    fair = record["fairness"]
    assert fair["commitment"] == result["commitment"]
    assert fair["client_seeds"][:2] == ["browser-0-f00d", "server:1"]
    _, findings = verify(record)
    assert findings and all(f.problem is None for f in findings), findings
    seeds = fair["seeds"]
    # Each deal's seed appears in no frame before the one revealing it, and then in order.
    revealed = 0
    reveals = []
    for frame in frames:
        shown = (frame.get("fairness") or {}).get("seeds")
        if shown:
            assert shown == seeds[: len(shown)]
            if frame["type"] == "fairness":
                reveals.append(len(shown))
                k = len(shown)
                deals = FairDeals.revealed(
                    fair["commitment"], fair["client_seeds"], [bytes.fromhex(x) for x in shown]
                )
                game = find(record["game"])
                canonical = game.canonical_deck(game.parse_options(record["options"]))
                assert frame["fairness"]["deck"] == deals.deck(list(canonical), k)
            revealed = max(revealed, len(shown))
        text = json.dumps(frame)
        assert not any(s in text for s in seeds[revealed:]), (revealed, frame.get("type"))
    assert reveals == list(range(1, len(seeds) + 1))


def test_a_toy_match_deals_from_its_commitment_and_the_client_seeds(server: ServerProcess):
    check(run(lambda: finish(server, "test-toy", {"deals": 2})))


def test_a_hearts_are_trumps_match_reveals_each_deal_and_verifies(server: ServerProcess):
    check(run(lambda: finish(server, "hearts-trumps", {"target": 1})))


@pytest.mark.slow  # servers killed and started again, as in test_server_restart
def test_a_restart_keeps_the_commitment_the_client_seeds_and_the_deals(
    make_server: Callable[..., ServerProcess],
) -> None:
    server = make_server()

    async def scenario() -> None:
        p = await Player.connect(server)
        seats = [{"kind": "human"}, *[{"kind": "bot"}] * 3]
        await p.send(
            {"type": "create", "table": {"seats": seats, "options": {"first-declarer": 0}}}
        )
        table = (await p.expect("created"))["table"]["id"]
        await p.send({"type": "client_seed", "table": table, "seed": "before-restart"})
        await p.send({"type": "join", "table": table, "seat": 0})
        before = await p.expect(lambda f: f.get("type") == "snapshot" and f.get("view"))
        hand = before["view"]["hand"]
        await p.close()
        server.kill()  # kill -9: what was stored is all there is
        server.start()
        again = await Player.connect(server, token=p.token)
        await again.send({"type": "join", "table": table})
        after = await again.expect("snapshot")
        assert after["fairness"]["commitment"] == before["fairness"]["commitment"]
        assert after["fairness"]["client_seeds"] == ["before-restart", "bot:1", "bot:2", "bot:3"]
        assert after["view"]["hand"] == hand  # the same deal, rebuilt from the log
        reveal = await play(again, table, until=lambda f: f.get("type") == "fairness")
        seed = bytes.fromhex(reveal["fairness"]["seeds"][0])
        assert checks(before["fairness"]["commitment"], seed)
        deals = FairDeals.revealed(
            before["fairness"]["commitment"], after["fairness"]["client_seeds"], [seed]
        )
        deck = deals.deck([f"{r}{s}" for s in "SHDC" for r in "23456789TJQKA"], 1)
        assert reveal["fairness"]["deck"] == deck
        assert set(hand) == set(deck[:13])  # seat 0's 13 cards are the deck's first (KB-4)
        await again.close()

    run(scenario)
