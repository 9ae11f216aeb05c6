"""The referee for Jolly: `bolola legal` / `bolola score` on round and match records
(docs/records.md, "Referee records (Jolly)")."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from jo_tables import deck_for

import playing
from bolola.games.jolly import GAME, JollyOptions
from bolola.games.jolly.deck import texts
from bolola.referee import referee

HANDS = [
    "7H 8H 9H TH JH QS QD QC 2C 3C 4C 5D 6D",
    "2S 3S 4S 5S 9S 9D TD JD KD KC KH AS AD",
]


def ask(command: str, *records: Any) -> tuple[int, list[dict[str, Any]]]:
    out = io.StringIO()
    status = referee("\n".join(json.dumps(r) for r in records), command, out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def round_record(actions: list[str], hands: list[str] = HANDS, **extra: Any) -> dict[str, Any]:
    """Two players, seat 1 deals: seat 0 holds ``hands[0]`` and draws KS, then 6C …"""
    deck = deck_for(2, 1, hands, "KS 6C 2H 3H")
    return {
        "game": "jolly",
        "options": {"players": 2, "target": 100},
        "dealer": 1,
        "deck": texts(deck),
        "actions": actions,
        **extra,
    }


def test_jo8_legal_after_the_draw_lists_the_openings_then_the_discards():
    status, [answer] = ask("legal", round_record(["draw"]))
    assert status == 0 and answer["to_move"] == 0 and answer["phase"] == "play"
    assert "open:7H,8H,9H,TH,JH|QS,QD,QC" in answer["legal"]
    assert answer["legal"][-1].startswith("discard:")
    status, [answer] = ask("legal", round_record([]))
    assert answer == {"to_move": 0, "phase": "draw", "legal": ["draw"]}


def test_jo14_a_round_record_closed_by_a_mano_jolly_scores_double():
    hands = ["7H 8H 9H TH JH QS QD QC 2C 3C 4C 5C 8C", HANDS[1]]
    opening = "open:2C,3C,4C,5C|7H,8H,9H,TH,JH|QS,QD,QC"
    status, [answer] = ask("score", round_record(["draw", opening, "discard:KS"], hands))
    assert status == 0 and answer["complete"] is False  # 8C still in hand: no close
    opening = "open:2C,3C,4C,5C|7H,8H,9H,TH,JH|QS,QD,QC|JK=6C,7C,8C"
    status, [answer] = ask("score", round_record(["draw", opening], hands))
    assert status == 1 and answer["rule"] == "JO-8"  # no joker in that hand
    hands = ["7H 8H 9H TH JH QS QD QC 2C 3C 4C 5C 6C", HANDS[1]]
    opening = "open:2C,3C,4C,5C,6C|7H,8H,9H,TH,JH|QS,QD,QC"
    status, [answer] = ask("score", round_record(["draw", opening, "discard:KS"], hands))
    assert status == 0 and answer["complete"] and answer["mano_jolly"]
    assert answer["closer"] == 0 and answer["points"] == [2 * (20 + 44 + 30 + 30), -2 * 132]
    assert answer["seats"][0]["bonus"] == 60 and answer["seats"][1]["hand"][0] == ["2S1", -4]


def test_jo13_a_round_record_scores_the_closer_and_the_hands():
    actions = [
        "draw",  # KS
        "open:7H,8H,9H,TH,JH|QS,QD,QC",
        "discard:KS",
        "draw",  # seat 1: 6C
        "discard:6C",
        "take:1",  # seat 0 has opened: the pile's 6C
        "meld:2C,3C,4C",
        "discard:6C",
    ]
    status, [answer] = ask("score", round_record(actions))
    assert status == 0, answer
    assert answer["complete"] is False and answer["table"] == [44 + 30 + 9, 0]
    status, [legal] = ask("legal", round_record(actions))
    assert legal["to_move"] == 1 and legal["phase"] == "draw"


def test_jo7_an_illegal_action_is_refused_with_its_rule_and_place():
    status, [answer] = ask("legal", round_record(["draw", "discard:KS", "take:1"]))
    assert status == 1
    assert answer == {
        "error": "record: actions[2] take:1: take:1: only a player who has opened takes from "
        "the pile",
        "rule": "JO-7",
    }
    status, [answer] = ask("score", round_record(["draw", "open:7H,8H,9H"]))
    assert status == 1 and answer["rule"] == "JO-8" and "actions[1]" in answer["error"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"deck": ["7H1"] * 110}, "7H1 is dealt twice"),
        ({"deck": ["7H1"]}, "deck must list the 110 cards"),
        ({"deck": "7H1"}, "deck must be a list"),
        ({"dealer": 2}, "dealer must be a seat 0..1"),
        ({"actions": ["draw", "fold"]}, "actions[1] fold"),
        ({"actions": "draw"}, "actions must be a list"),
        ({"options": {"players": 5}}, "option players"),
        ({"rebuilds": [["7H1"]]}, "1 rebuilds listed, 0 made"),
        ({"rebuilds": "x"}, "rebuilds must be a list"),
    ],
)
def test_jo2_a_malformed_round_record_is_an_error_not_a_rule(change, message):
    record = {**round_record(["draw"]), **change}
    status, [answer] = ask("score", record)
    assert status == 2 and "rule" not in answer
    assert message in answer["error"]


def test_jo12_rebuilt_stocks_come_from_the_record_and_must_be_the_pile_but_its_last_3():
    state = stock_out_round()
    good = GAME.deal_record(state, 1)
    assert good["rebuilds"], "this round rebuilt its stock"
    status, [answer] = ask("score", good)
    assert status == 0 and answer["points"] == list(state.finished[0].score.points)
    wrong = {**good, "rebuilds": [list(reversed(good["rebuilds"][0]))[1:], *good["rebuilds"][1:]]}
    status, [answer] = ask("score", wrong)
    assert status == 2 and "the pile but its last 3 cards (JO-12)" in answer["error"]
    missing = {**good, "rebuilds": []}
    status, [answer] = ask("score", missing)
    assert status == 2 and "rebuilds[0] is missing" in answer["error"]


def stock_out_round() -> Any:
    """A random two-player match whose first round rebuilt its stock."""
    for seed in range(200):
        rng = random.Random(seed)
        state = GAME.new(JollyOptions(players=2), seed)
        while not state.finished:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            # Drawing from the stock only, so that the pile grows until it is rebuilt.
            plain = [a for a in legal if not str(a).startswith("take:")]
            state, _ = GAME.apply(state, seat, rng.choice(plain))
        if state.finished[0].rebuilds:
            return state
    raise AssertionError("no round rebuilt its stock")


def test_jo20_match_records_score_the_totals_and_the_winner():
    for seed in (1, 2):
        state = playing.random_match(GAME, seed, players=3, target=100)
        record = GAME.match_record(state, ["ana", "bo", "cy", "dee"])
        assert record["players"] == ["ana", "bo", "cy"]
        status, [answer] = ask("score", record)
        assert status == 0
        assert answer["totals"] == list(state.totals)
        assert answer["complete"] and answer["winner"] == GAME.outcome(state).ranks.index(0)
        status, [legal] = ask("legal", record)
        assert legal == {"round": len(state.finished), "to_move": None, "legal": []}


def test_jo20_a_round_after_the_match_ended_or_a_wrong_dealer_is_refused():
    state = playing.random_match(GAME, 4, players=2, target=100)
    record = GAME.match_record(state, ["ana", "bo"])
    extra = {**record, "rounds": [*record["rounds"], record["rounds"][0]]}
    status, [answer] = ask("score", extra)
    assert status == 1 and answer["rule"] in ("JO-20", "JO-2")
    first = record["rounds"][0]
    wrong = {**record, "rounds": [{**first, "dealer": 0}]}
    status, [answer] = ask("score", wrong)
    assert status == 1 and answer["rule"] == "JO-2"


def test_jo20_an_unfinished_match_record_says_whose_turn_it_is():
    state = GAME.new(JollyOptions(players=2), 9)
    rng = random.Random(9)
    for _ in range(7):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, rng.choice(legal))
    record = GAME.match_record(state, ["ana", "bo"])
    status, [legal] = ask("legal", record)
    assert status == 0 and legal["round"] == 1
    assert legal["to_move"] == GAME.to_move(state)[0]
    assert legal["legal"] == [str(a) for a in GAME.legal_actions(state, legal["to_move"])]
    status, [score] = ask("score", record)
    assert score["complete"] is False and score["scored_rounds"] == 0


def test_jo1_the_command_line_exits_2_on_a_malformed_record():
    record = json.dumps({**round_record(["draw"]), "deck": ["ZZ9"]})
    done = subprocess.run(
        [sys.executable, "-m", "bolola.cli", "score", "-"],
        input=record,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "unknown card id 'ZZ9'" in done.stdout
    assert "Traceback" not in done.stderr
