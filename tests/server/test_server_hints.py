"""Hints at a live server (issue 18): the expert's suggestion for the seat to move at an
unrated table against bots, legal and naming only what the seat may see, with numbers in
every game that has a hook; refused at a rated table, with another person at the table,
to a spectator, off-turn and unsigned. And, in-process, that a hint is the expert's own
choice for that view, and a game without a hook gets its strongest bot's choice."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from roomclient import Player, Rest, ServerProcess, my_turn, open_table, play, run

from bolola import registry
from bolola.bots import Budget, make_bot
from bolola.bots.hint import EXPERT_CHOICE
from bolola.server import hints
from bolola.server.protocol import ProtocolError
from bolola.server.seat import Holder
from bolola.store.store import PlayerInfo

HEARTS = {"game": "hearts-trumps", "options": {"target": 1}}


async def my_turn_frame(p: Player, after: int = -1) -> None:
    """Reads frames until this seat is to move, at version ``after`` or later."""
    while not (my_turn(p) and p.version >= after):
        await p.expect(lambda f: True)


ACTIONS = ("action", "next")
"""Reason variables that name an action: one of the seat's legal ones."""
OWN_CARDS = ("card", "loot", "attacker", "defender")
"""Reason and fact variables that name a card: one of the seat's own."""


def check_named(hint: dict[str, Any], view: dict[str, Any]) -> None:
    """Only the seat's own legal actions and cards are named, and a card named as out is
    neither the seat's nor played: never where a hidden card is."""
    legal, hand = set(view["legal"]), set(view["hand"])
    reason = hint["reason"]
    assert {reason["vars"][k] for k in ACTIONS if k in reason["vars"]} <= legal, (hint, legal)
    assert {reason["vars"][k] for k in OWN_CARDS if k in reason["vars"]} <= hand, (hint, hand)
    fact = reason.get("fact")
    if fact is not None:
        assert {fact["vars"][k] for k in OWN_CARDS if k in fact["vars"]} <= hand, (fact, hand)
        if "out" in fact["vars"]:
            assert fact["vars"]["out"] not in hand | played(view), (fact, view)


def played(view: dict[str, Any]) -> set[str]:
    """The cards played this deal, as a King Bolola or Baloot view shows them."""
    out = {c for t in view.get("tricks", []) for c in t["cards"]}
    trick = view.get("trick") or []
    if isinstance(trick, dict):  # King Bolola's trick: a leader and its cards
        return out | set(trick["cards"])
    return out | {p["card"] for p in trick}


async def take_hints(p: Player, rest: Rest, table: int, count: int) -> list[dict[str, Any]]:
    """Asks for a hint at each of this seat's next ``count`` turns and plays it."""
    seen: list[dict[str, Any]] = []
    acted = 0
    for _ in range(count):
        await my_turn_frame(p, acted)
        assert p.view is not None
        view, seen_at = p.view, p.version
        r = await rest.get(f"/api/tables/{table}/hint")
        assert r.status_code == 200, r.text
        hint = r.json()
        assert hint["table"] == table and hint["version"] >= seen_at
        assert hint["action"] in view["legal"]
        # (In a simultaneous phase another seat may act meanwhile: the same choice still.)
        # Only the seat's own legal actions and cards are named: never a card it cannot see.
        check_named(hint, view)
        again = await rest.get(f"/api/tables/{table}/hint")
        # The same version, the same hint (in a simultaneous phase the other seat may
        # have acted in between: a later version is asked afresh).
        assert again.json() == hint or again.json()["version"] > hint["version"]
        seen.append(hint)
        version = p.version
        await p.send(
            {
                "type": "action",
                "table": table,
                "id": f"h{version}",
                "version": version,
                "action": hint["action"],
            }
        )
        ack = await p.expect(lambda f: f.get("type") in ("ack", "error"))
        assert ack["type"] == "ack", ack
        acted = int(ack["version"])
    return seen


def test_a_hint_at_king_bolola_against_bots(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, (p,) = await open_table(server, 1, bot_level="expert")
        rest = Rest(server, p.token)
        info = (await rest.get(f"/api/tables/{table}")).json()["table"]
        assert info["hints"] is True and info["rated"] is False
        seen = await take_hints(p, rest, table, 4)
        keys = {h["reason"]["key"] for h in seen}
        assert keys <= {"kb_contract", "kb_contract_later", "kb_card", "kb_close", "only_action"}
        valued = [h for h in seen if h["reason"]["key"] in ("kb_card", "kb_contract")]
        for h in valued:
            got = h["reason"]["vars"]
            assert got["action"] == h["action"] and got["expected"] == h["expected"]
            assert got["expected"] >= got["next_expected"] - 1  # the runner-up scores no more
        await rest.close()
        await p.close()

    run(scenario)


def test_a_hint_at_hearts_are_trumps_comes_with_numbers(server: ServerProcess) -> None:
    async def scenario() -> None:
        p = await Player.connect(server)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "expert"}]
        await p.send({"type": "create", "table": {**HEARTS, "seats": seats}})
        table = (await p.expect("created"))["table"]["id"]
        await p.send({"type": "join", "table": table, "seat": 0})
        await p.expect("snapshot")
        rest = Rest(server, p.token)
        seen = await take_hints(p, rest, table, 2)
        valued = [h for h in seen if h["reason"]["key"] in ("ht_place", "ht_close")]
        assert valued, seen  # a 6-card hand's first placement always has a choice
        for h in valued:
            got = h["reason"]["vars"]
            assert got["expected"] == h["expected"] is not None
            assert h["action"] == f"{got['loot']}/{got['attacker']}/{got['defender']}"
            assert h["reason"]["fact"]["key"] == "ht_odds"
        await rest.close()
        await p.close()

    run(scenario)


def test_a_hint_at_baloot_values_the_bid_the_rules_chose(server: ServerProcess) -> None:
    async def scenario() -> None:
        table, (p,) = await open_table(server, 1, bot_level="expert", game="baloot")
        rest = Rest(server, p.token)
        # Seat 0 speaks first in the first round's bidding (seat 3 deals, BA-1).
        (hint,) = await take_hints(p, rest, table, 1)
        assert hint["reason"]["key"] == "ba_bid", hint
        got = hint["reason"]["vars"]
        assert got["action"] == hint["action"] and got["expected"] == hint["expected"]
        assert got["deals"] > 0
        await rest.close()
        await p.close()

    run(scenario)


def test_hints_are_refused_where_they_are_not_offered(server: ServerProcess) -> None:
    async def scenario() -> None:
        # Rated: never, even against bots.
        rated, (a,) = await open_table(server, 1, rated=True)
        ra = Rest(server, a.token)
        assert (await ra.get(f"/api/tables/{rated}")).json()["table"]["hints"] is False
        await my_turn_frame(a)
        r = await ra.get(f"/api/tables/{rated}/hint")
        assert r.status_code == 403 and r.json()["code"] == "no_hints", r.text
        assert "rated" in r.json()["message"]
        # Two people: hints are for practice against bots.
        duo, (b, c) = await open_table(server, 2)
        rb = Rest(server, b.token)
        r = await rb.get(f"/api/tables/{duo}/hint")
        assert r.status_code == 403 and r.json()["code"] == "no_hints", r.text
        # A spectator of a practice table; nobody signed in; no such table.
        practice, (d,) = await open_table(server, 1)
        r = await ra.get(f"/api/tables/{practice}/hint")
        assert r.status_code == 403 and r.json()["code"] == "not_seated", r.text
        anonymous = Rest(server)
        r = await anonymous.get(f"/api/tables/{practice}/hint")
        assert r.status_code == 401 and r.json()["code"] == "unauthorized", r.text
        r = await ra.get("/api/tables/999999/hint")
        assert r.status_code == 404 and r.json()["code"] == "no_table", r.text
        # A match played to its end: no hint to give.
        await play(d, practice)
        rd = Rest(server, d.token)
        r = await rd.get(f"/api/tables/{practice}/hint")
        assert r.status_code in (404, 409) and r.json()["code"] in ("game_over", "not_started")
        for rest in (ra, rb, rd, anonymous):
            await rest.close()
        for p in (a, b, c, d):
            await p.close()

    run(scenario)


@dataclass
class Stub:
    """What ``hints._turn`` reads of a table: a practice table at a given state."""

    state: Any
    holders: list[Holder]
    rated: bool = False
    status: str = "playing"
    version: int = 3
    game: Any = field(default_factory=lambda: registry.find("king-bolola"))

    def seat_of(self, player_id: int) -> int | None:
        return next((s for s, h in enumerate(self.holders) if h.player_id == player_id), None)


def practice_at(seat: int) -> tuple[Stub, PlayerInfo]:
    """A King Bolola table at its first decision, its one person at ``seat``."""
    game = registry.find("king-bolola")
    state = game.new(game.default_options(), 5)
    holders = [Holder("bot", "expert") for _ in range(4)]
    holders[seat] = Holder("human", None, 7, "me")
    return Stub(state, holders), PlayerInfo(7, "me", True, 0, 0)


@pytest.mark.parametrize("offset", [0, 1])
def test_a_hint_is_refused_off_turn(offset: int) -> None:
    game = registry.find("king-bolola")
    first = game.to_move(game.new(game.default_options(), 5))[0]
    table, me = practice_at((first + offset) % 4)
    turn = hints._turn(table, me)  # type: ignore[arg-type]
    if offset:
        with pytest.raises(ProtocolError) as e:
            asyncio.run(turn)
        assert e.value.code == "not_your_turn"
    else:
        seat, version, view, legal = asyncio.run(turn)
        assert seat == first and version == 3 and view.seat == first and legal


def test_a_hint_is_the_experts_choice_for_that_view() -> None:
    """Along a match, the hint and the expert bot choose alike from the same view and seed
    (a budget of samples, not of time, so both do the same work)."""
    budget = Budget(samples=6, seconds=60.0)
    for name in ("king-bolola", "hearts-trumps", "baloot"):
        game = registry.find(name)
        expert = make_bot(name, "expert", budget)
        state = game.new(game.default_options(), 17)
        rng = random.Random(4)
        asked = 0
        while game.outcome(state) is None and asked < 10:
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            if len(legal) > 1 and rng.random() < 0.4:
                hint = hints.suggest(name, view, legal, asked, budget)
                assert hint.action == expert.choose(view, legal, asked), (name, asked)
                asked += 1
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        assert asked == 10


def test_a_game_without_a_hook_gets_its_strongest_bots_choice() -> None:
    name = "test-toy"  # tests/toygame: registered with a club bot and no hint hook
    assert registry.entry(name).hint is None
    game = registry.find(name)
    state = game.new(game.default_options(), 3)
    budget = Budget(samples=2, seconds=60.0)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if len(legal) > 1:
            hint = hints.suggest(name, view, legal, 5, budget)
            assert hint.reason == EXPERT_CHOICE and hint.expected is None and hint.fact is None
            assert hint.action == make_bot(name, "club", budget).choose(view, legal, 5)
            return
        state, _ = game.apply(state, seat, legal[0])
    raise AssertionError("the toy game never offered a choice")
