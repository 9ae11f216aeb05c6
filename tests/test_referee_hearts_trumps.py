"""The referee on Hearts Are Trumps records: deal and match records (docs/records.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playing
from bolola.games.hearts_trumps.records import deal_record, match_record
from bolola.referee import referee
from bolola.registry import find

RANKS = "A23456789TJQK"


def suit_hands() -> list[list[str]]:
    """Seat 0 is dealt spades, diamonds and a joker; seat 1 hearts, clubs and a joker."""
    return [
        [r + "S" for r in RANKS] + [r + "D" for r in RANKS] + ["JK"],
        [r + "H" for r in RANKS] + [r + "C" for r in RANKS] + ["JK"],
    ]


def in_order(seat: int) -> list[dict[str, str]]:
    """Each hand places the next three cards dealt, as loot, attacker and defender."""
    cards = suit_hands()[seat]
    return [
        {"loot": cards[k], "attacker": cards[k + 1], "defender": cards[k + 2]}
        for k in range(0, 27, 3)
    ]


def deal(placements: list[list[Any]] | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "game": "hearts-trumps",
        "hands": extra.pop("hands", suit_hands()),
        "placements": placements if placements is not None else [[], []],
        **extra,
    }


def ask(command: str, *records: Any, raw: str | None = None) -> tuple[int, list[dict[str, Any]]]:
    text = raw if raw is not None else "\n".join(json.dumps(r) for r in records)
    out = io.StringIO()
    status = referee(text, command, out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def random_match(seed: int, target: int = 300) -> tuple[Any, dict[str, Any]]:
    state = playing.random_match(find("hearts-trumps"), seed, target=target)
    return state, match_record(state, ["ana", "bo"])


def test_legal_for_a_fresh_deal_is_every_placement_of_each_seats_first_six() -> None:
    status, [answer] = ask("legal", deal())
    assert status == 0
    assert answer["to_move"] == [0, 1] and answer["hand_no"] == 1
    assert [len(seat) for seat in answer["legal"]] == [120, 120]
    assert "AS/2S/3S" in answer["legal"][0] and "6H/5H/4H" in answer["legal"][1]


def test_legal_when_one_seat_has_placed_is_the_other_seats() -> None:
    status, [answer] = ask("legal", deal([in_order(0)[:3], in_order(1)[:2]]))
    assert status == 0
    assert answer["to_move"] == [1] and answer["hand_no"] == 3
    assert answer["legal"][0] == [] and len(answer["legal"][1]) == 120


def test_score_of_an_unfinished_deal_counts_the_loot_so_far() -> None:
    placements = [["2S/3S/4S"], ["AH/2H/3H"]]
    hands = suit_hands()
    hands[0][:6] = ["2S", "3S", "4S", "5S", "6S", "7S"]
    hands[0][6:] = ["AS", "8S", "9S", "TS", "JS", "QS", "KS", *hands[0][13:]]
    status, [answer] = ask("score", deal(placements, hands=hands))
    assert status == 0
    # Both battles go to seat 1's hearts: it takes its own AH and seat 0's 2S.
    assert answer == {
        "points": [0, 1],
        "loot_points": [0, 1],
        "loot_counts": [0, 2],
        "bonus": [0, 0],
        "loot": [[], ["2S", "AH"]],
        "hands_played": 1,
        "complete": False,
    }


def test_score_of_a_complete_deal() -> None:
    status, [answer] = ask("score", deal([in_order(0), in_order(1)]))
    assert status == 0
    assert answer["complete"] and answer["hands_played"] == 9
    assert sum(answer["loot_counts"]) == 18
    assert answer["points"] == [answer["loot_points"][s] + answer["bonus"][s] for s in (0, 1)]
    status, [answer] = ask("legal", deal([in_order(0), in_order(1)]))
    assert answer == {"to_move": [], "hand_no": None, "legal": [[], []]}


@pytest.mark.parametrize(
    ("placements", "rule", "words"),
    [
        ([["KH/AS/2S"], []], "HT-6", "record: placements[0][0] (hand 1): KH/AS/2S: KH is not in"),
        ([["AS/AS/2S"], []], "HT-6", "AS is placed twice"),
        ([[*in_order(0)[:1], "7S/AS/8S"], in_order(1)[:1]], "HT-6", "3 cards left"),
        ([in_order(0)[:3], in_order(1)[:1]], "HT-6", "seat 0 has 3 placements but seat 1 only 1"),
        ([[*in_order(0), "AS/2S/3S"], in_order(1)], "HT-5", "a deal is 9 hands"),
        ([["JK/AS/2S"], []], "HT-6", "JK is not in seat 0's hand"),
    ],
)
def test_illegal_placements_name_the_rule(
    placements: list[list[Any]], rule: str, words: str
) -> None:
    status, [answer] = ask("legal", deal(placements))
    assert status == 1
    assert answer["rule"] == rule
    assert words in answer["error"]


def test_a_joker_is_placed_from_the_round_that_dealt_it() -> None:
    hands = suit_hands()
    hands[0][0], hands[0][26] = hands[0][26], hands[0][0]  # seat 0's joker in round 1
    status, [answer] = ask("score", deal([["JK/2S/3S"], ["AH/2H/3H"]], hands=hands))
    assert status == 0 and answer["hands_played"] == 1


@pytest.mark.parametrize(
    ("record", "words"),
    [
        (deal(hands=[suit_hands()[0][:26], suit_hands()[1]]), "hand 0 must hold the 27 cards"),
        (deal(hands=[suit_hands()[0]]), "hands must be a list of 2 hands"),
        (deal(hands=[[*suit_hands()[0][:26], "XX"], suit_hands()[1]]), "unknown card 'XX'"),
        (deal(hands=[[*suit_hands()[0][:26], "AH"], suit_hands()[1]]), "AH is dealt twice"),
        (deal(hands=[[*suit_hands()[0][:25], "JK", "JK"], suit_hands()[1]]), "more than two"),
        (deal([["AS"], []]), "a placement is three cards"),
        (deal([[{"loot": "AS", "attacker": "2S"}], []]), "missing 'defender'"),
        (deal([[{"loot": "AS", "attacker": "2S", "defender": "3S", "x": 1}], []]), "unknown role"),
        (deal([[7], []]), "a placement is"),
        (deal({"0": []}), "placements must be a list of 2 lists"),
        (deal(options={"target": 0}), "option target must be"),
        (deal(options={"goal": 5}), "unknown option"),
        ({"game": "hearts-trumps", "placements": [[], []]}, "missing 'hands'"),
        ({"game": "hearts-trumps", "deals": {}}, "record.deals must be a list"),
        ({"game": "hearts-trumps", "deals": [], "players": ["solo"]}, "2 names"),
        ({"game": "hearts-trumps", "deals": [5]}, "deal 1: a deal is a JSON object"),
    ],
)
def test_malformed_records_answer_a_clear_error_with_status_2(record: Any, words: str) -> None:
    status, [answer] = ask("score", record)
    assert status == 2, answer
    assert "rule" not in answer
    assert words in answer["error"]


def test_match_record_of_a_finished_match_scores_what_the_engine_scored() -> None:
    for seed in (1, 2, 3):
        state, record = random_match(seed)
        status, [answer] = ask("score", json.loads(json.dumps(record)))
        assert status == 0
        winner = 0 if state.totals[0] > state.totals[1] else 1
        assert answer == {
            "totals": list(state.totals),
            "deals": len(state.history),
            "complete": True,
            "winner": winner,
        }
        assert record["players"] == ["ana", "bo"] and record["options"] == {"target": 300}
        for d, summary in zip(record["deals"], state.history, strict=True):
            status, [one] = ask("score", {"game": "hearts-trumps", **d})
            assert one["points"] == list(summary.points)
        status, [legal] = ask("legal", record)
        assert legal["to_move"] == [] and legal["deal"] == len(state.history)


def test_ht16_a_deal_after_the_match_was_won_is_illegal() -> None:
    _, record = random_match(4)
    record["deals"].append(record["deals"][0])
    status, [answer] = ask("score", record)
    assert status == 1 and answer["rule"] == "HT-16"
    assert "the match was over after deal" in answer["error"]


def test_a_match_record_may_end_in_an_unfinished_deal() -> None:
    _, record = random_match(5)
    first = record["deals"][0]
    partial = {"hands": first["hands"], "placements": [p[:4] for p in first["placements"]]}
    unfinished = {**record, "deals": [partial]}
    status, [answer] = ask("legal", unfinished)
    assert status == 0 and answer["deal"] == 1 and answer["hand_no"] == 5
    status, [answer] = ask("score", unfinished)
    assert answer == {"totals": [0, 0], "deals": 1, "complete": False, "winner": None}
    status, [answer] = ask("score", {**record, "deals": [partial, first]})
    assert status == 2 and "deal 1 is unfinished but deal 2 follows it" in answer["error"]
    status, [answer] = ask("legal", {**record, "deals": record["deals"][:1]})
    assert answer["to_move"] == [0, 1] and answer["legal"] is None and answer["deal"] == 2


def test_deal_record_of_the_engine_replays_to_its_points() -> None:
    state, _ = random_match(6, target=100)
    summary = state.history[0]
    status, [answer] = ask("score", {"game": "hearts-trumps", **deal_record(summary)})
    assert status == 0 and answer["points"] == list(summary.points)


def test_cli_scores_a_match_record_file_without_a_traceback(tmp_path: Path) -> None:
    state, record = random_match(7)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    result = subprocess.run(
        [sys.executable, "-m", "bolola.cli", "score", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["totals"] == list(state.totals)
    path.write_text(json.dumps(deal([["KH/AS/2S"], []])) + "\n" + json.dumps({"game": 1}))
    result = subprocess.run(
        [sys.executable, "-m", "bolola.cli", "legal", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2 and "Traceback" not in result.stdout + result.stderr
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["rule"] == "HT-6" and "error" in second


MATCH_150 = random_match(8, target=150)[1]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4) | st.sampled_from(["JK", "AS"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_damage_to_a_record_answers_without_a_traceback(data: st.DataObject) -> None:
    """Replace one part of a valid deal or match record by any JSON: always a JSON answer."""
    match = MATCH_150
    record = data.draw(st.sampled_from([deal([in_order(0)[:4], in_order(1)[:3]]), match]))
    record = json.loads(json.dumps(record))
    node: Any = record
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if not isinstance(node[key], dict | list) or data.draw(st.booleans()):
            node[key] = data.draw(JSON)
            break
        node = node[key]
    for command in ("legal", "score"):
        status, answers = ask(command, record)
        assert status in (0, 1, 2) and len(answers) == 1
        assert status == 0 or answers[0]["error"]
