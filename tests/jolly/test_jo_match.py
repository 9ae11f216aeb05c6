"""The whole match through the engine contract: options, action texts, views and events
that leak nothing, resampling, the terminal text and the benchmark units."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest
from jo_tables import situation

from bolola.engine import IllegalAction, RecordError
from bolola.games.jolly import GAME, JollyOptions, parse_action
from bolola.games.jolly.bench import benchmarks, latencies, main, summary
from bolola.games.jolly.deck import face, text
from bolola.games.jolly.events import DrewCard
from bolola.games.jolly.hidden import resample_round
from playing import transitions

CARD_ID = re.compile(r"\b(?:[2-9TJQKA][SHDC][12]|JK[1-6])\b")


def steps(seed: int, options: JollyOptions | None = None):
    """Every (state before, seat, action, state after, events) of a random match."""
    return transitions(GAME, seed, options)


def public_ids(state) -> set[str]:
    """Card ids anyone may see: the pile, the table, cards seen taken from the pile (or
    swapped out), the rebuilt stock's (once the pile's), and every finished round's cards."""
    r = state.round
    out = {text(c) for c in r.pile} | {text(s.card) for m in r.table for s in m.slots}
    out |= {text(c) for k in r.known for c in k} | {text(c) for c in r.fresh or ()}
    for f in state.finished:
        out |= {text(c) for h in f.hands for c in h} | {
            text(s.card) for m in f.table for s in m.slots
        }
    if r.over:
        out |= {text(c) for h in r.hands for c in h}
    return out


# -- options and actions ----------------------------------------------------------------


def test_jo20_options_are_players_and_target_and_nothing_else():
    assert GAME.default_options() == JollyOptions(4, 100)
    assert GAME.parse_options({"players": 2, "target": 500}) == JollyOptions(2, 500)
    for bad in (
        {"players": 5},
        {"target": 150},
        {"players": True},
        {"jokers": 6},
        {"target": "100"},
    ):
        with pytest.raises(RecordError):
            GAME.parse_options(bad)


def test_jo7_every_action_has_one_text_form():
    for t in (
        "draw",
        "take:3",
        "open:7H,8H,9H|QS,QD,JK=QC",
        "meld:AH,2H,3H",
        "lay:2:JK=TH",
        "swap:1:KC",
        "discard:JK",
    ):
        assert str(parse_action(t)) == t and parse_action(str(parse_action(t))) == parse_action(t)
    for bad in (
        "take:0",
        "take:x",
        "lay:1",
        "swap:1:JK",
        "meld:7H,8H,JK",
        "open:",
        "discard:1X",
        "draw:1",
        "pass",
        "",
    ):
        with pytest.raises(RecordError):
            parse_action(bad)


# -- views and events -------------------------------------------------------------------


def test_jo2_no_view_or_public_event_shows_a_hidden_card():
    for state, seat, _, after, events in steps(4, JollyOptions(players=3)):
        for s in (0, 1, 2, None):
            shown = set(CARD_ID.findall(json.dumps(GAME.view(after, s).to_json())))
            mine = set() if s is None else {text(c) for c in after.round.hands[s]}
            assert shown <= public_ids(after) | public_ids(state) | mine, s
        for e in events:
            if e.audience is None:
                assert set(CARD_ID.findall(str(e))) <= public_ids(after) | public_ids(state)
            else:
                assert isinstance(e, DrewCard) and e.audience == frozenset({seat})


def test_jo2_the_view_json_carries_what_a_board_draws():
    state = GAME.new(JollyOptions(players=2), 7)
    r = situation(
        ["TH 5S 5C 2D", "5D 6D"],
        pile="7S 8S",
        table=((1, "9H,JK=TH,JH"), (0, "QS,QD,QC")),
        drew="stock",
    )
    state = replace(state, round=r)
    out = GAME.view(state, 0).to_json()
    assert set(out) >= {
        "game",
        "seat",
        "to_move",
        "legal",
        "hand",
        "stock",
        "pile",
        "melds",
        "opened",
        "totals",
        "phase",
        "last_round",
        "turn",
        "hand_counts",
    }
    assert out["hand"] == [text(c) for c in r.hands[0]] and out["pile"] == ["7S1", "8S1"]
    assert out["stock"] == len(r.stock) and out["hand_counts"] == [4, 2]
    assert out["melds"][1] == [
        {
            "id": 1,
            "kind": "run",
            "cards": [
                {"card": "9H1", "as": "9H", "by": 1},
                {"card": "JK1", "as": "TH", "by": 1},
                {"card": "JH1", "as": "JH", "by": 1},
            ],
        }
    ]
    assert out["melds"][0][0]["id"] == 2 and out["opened"] == [True, True]
    assert out["turn"] == {"seat": 0, "drew": "stock", "opened": False}
    assert "swap:1:TH" in out["legal"] and out["phase"] == "play"
    spectator = GAME.view(state, None).to_json()
    assert spectator["hand"] is None and spectator["legal"] == []


def test_jo19_the_view_shows_the_last_rounds_score_card_by_card():
    for state, _, _, after, _ in steps(2, JollyOptions(players=2)):
        if after.finished and not state.finished:
            last = GAME.view(after, 1).to_json()["last_round"]
            assert last["round"] == 1 and last["points"] == list(after.totals)
            for s in last["seats"]:
                points = sum(p for _, p in s["table"]) + s["bonus"] + sum(p for _, p in s["hand"])
                assert points == s["points"]
            return
    raise AssertionError("no round finished")


# -- resampling -------------------------------------------------------------------------


def test_jo7_resampling_keeps_cards_taken_from_the_pile_in_their_hands():
    r = situation(["2S 5H", "3C 4C 8C", "9D 9S"], pile="7S 8S", opened=(False, True, False), seat=1)
    r = replace(r, turn=replace(r.turn, seat=1))
    from jo_tables import run

    r, _ = run(r, "take:2")
    rng = random.Random(1)
    for _ in range(20):
        again = resample_round(r, 0, rng)
        assert again.hands[0] == r.hands[0]
        assert {"7S", "8S"} <= {str(face(c)) for c in again.hands[1]}
        assert [len(h) for h in again.hands] == [len(h) for h in r.hands]
        assert len(again.stock) == len(r.stock)


def test_jo12_after_a_rebuild_the_stock_is_resampled_among_the_rebuilt_cards():
    r = situation(["2S 5H 9C", "3C 4C"], pile="7S 8S 9S TS JS QS KS")
    state = replace(GAME.new(JollyOptions(players=2), 5), round=replace(r, stock=r.stock[:1]))
    for action in ("draw", "discard:2S", "draw"):
        state, _ = GAME.apply(state, GAME.to_move(state)[0], parse_action(action))
    assert state.round.fresh is not None and len(state.round.stock) == 8 - 3 - 1
    rng = random.Random(3)
    for _ in range(10):
        again = GAME.resample(state, 0, rng)
        assert set(again.round.stock) <= state.round.fresh
        assert GAME.view(again, 0) == GAME.view(state, 0)


# -- the terminal and the benchmarks ------------------------------------------------------


def test_jo8_the_terminal_text_shows_the_table_and_the_hand():
    r = situation(["TH 5S 5C 2D", "5D 6D"], pile="7S", table=((1, "9H,JK=TH,JH"),), drew="stock")
    state = replace(GAME.new(JollyOptions(players=2), 1), round=r)
    shown = GAME.describe(GAME.view(state, 0))
    assert "meld 1 (seat 1): 9♥ 🃏=T♥ J♥" in shown
    assert "Pile (oldest first, take:N takes the last N): 7♠" in shown
    assert shown.splitlines()[-1] == "Hand (4): 5♠ T♥ 2♦ 5♣"
    assert "Seat 0 to play, drew from the stock" in shown


def test_jo13_the_benchmark_units_play_a_round_and_call_the_finder():
    units = benchmarks()
    rng = random.Random(1)
    assert units["random round"](rng) > 10
    assert units["meld finder, 20 cards"](rng) == 1
    ms = latencies(20, 20, 1)
    assert len(ms) == 20 and all(m >= 0 for m in ms)
    assert set(summary(ms)) == {"p50_ms", "p90_ms", "p99_ms", "max_ms"}


def test_jo13_the_finder_benchmark_prints_its_percentiles(capsys):
    assert main(["--hands", "30", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == 30 and report["p99_ms"] >= report["p50_ms"] >= 0


def test_jo1_seats_beyond_the_table_may_do_nothing():
    state = GAME.new(JollyOptions(players=2), 1)
    assert GAME.legal_actions(state, 3) == ()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 2, parse_action("draw"))
    assert info.value.rule == "JO-1"
    assert GAME.view(state, 3).to_json()["hand"] is None
    assert GAME.census(state).held[2:] == ((), ())
