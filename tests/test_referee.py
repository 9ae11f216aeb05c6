"""The referee command: `bolola legal` / `bolola score` as the rules' Records section says."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import playing
from bolola.cards import cards_of
from bolola.games.king_bolola.records import deal_record, match_record
from bolola.referee import referee
from bolola.registry import find

SUITS = "SHDC"


def suit_hands() -> list[list[str]]:
    """Seat s holds every card of suit s: 2S..AS for seat 0, and so on."""
    return [[r + s for r in "23456789TJQKA"] for s in SUITS]


def deal(contract: str = "tricks", play: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "game": "king-bolola",
        "contract": contract,
        "trump": extra.pop("trump", None),
        "declarer": extra.pop("declarer", 0),
        "hands": extra.pop("hands", suit_hands()),
        "play": play or [],
        **extra,
    }


def ask(command: str, *records: Any, raw: str | None = None) -> tuple[int, list[dict[str, Any]]]:
    text = raw if raw is not None else "\n".join(json.dumps(r) for r in records)
    out = io.StringIO()
    status = referee(text, command, out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def random_match(seed: int) -> tuple[Any, dict[str, Any]]:
    state = playing.random_match(find("king-bolola"), seed)
    return state, match_record(state, ["ana", "bo", "cy", "dee"])


def test_legal_for_a_fresh_deal_is_the_declarers_hand() -> None:
    status, [answer] = ask("legal", deal(declarer=2))
    assert status == 0
    assert answer == {"to_move": 2, "legal": suit_hands()[2]}


def test_legal_follows_the_trick() -> None:
    hands = suit_hands()
    # Seat 1 holds only hearts, so after 2S it may play any heart (KB-12).
    status, [answer] = ask("legal", deal(play=["2S"], hands=hands))
    assert status == 0
    assert answer == {"to_move": 1, "legal": hands[1]}


def test_score_of_a_complete_deal_of_tricks() -> None:
    plays = [r + s for r in "23456789TJQKA" for s in SUITS]  # each trick: 2S 2H 2D 2C …
    status, [answer] = ask("score", deal(play=plays))
    assert status == 0
    assert answer == {"points": [-650, 0, 0, 0], "tricks_played": 13, "complete": True}
    status, [answer] = ask("legal", deal(play=plays))
    assert answer == {"to_move": None, "legal": []}


def test_kb22_illegal_card_is_named_with_index_and_rule() -> None:
    hands = [
        ["KS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"],
        ["QS", "2S", "AH", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
        ["3S", "4S", "5S", "QD", "KD", "AD", "2C", "3C", "4C", "5C", "6C", "7C", "8C"],
        ["6S", "7S", "8S", "9S", "TS", "JS", "AS", "9C", "TC", "JC", "QC", "KC", "AC"],
    ]
    status, [answer] = ask("legal", deal("queens", ["KS", "2S"], hands=hands))
    assert status == 1
    assert answer["rule"] == "KB-22"
    assert "play[1]" in answer["error"] and "2S" in answer["error"]


def test_a_card_after_the_deal_ended_is_illegal() -> None:
    hands = suit_hands()
    # King of hearts: seat 1 holds every heart; KH falls on the first heart trick.
    play = ["2S", "KH", "2D", "2C"]
    status, [answer] = ask("score", deal("king-of-hearts", play, hands=hands))
    assert status == 0 and answer["complete"] is True and answer["points"][0] == -320
    status, [answer] = ask("score", deal("king-of-hearts", [*play, "3S"], hands=hands))
    assert status == 1 and answer["rule"] == "KB-45"


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({**deal(), "hands": suit_hands()[:3]}, "4 hands"),
        ({**deal(), "hands": [*suit_hands()[:3], suit_hands()[3][:12]]}, "13 cards"),
        (
            {**deal(), "hands": [*suit_hands()[:3], [*suit_hands()[3][:12], "2S"]]},
            "dealt twice",
        ),
        (deal(play=["XX"]), "unknown card"),
        (deal(play=["2H"]), "not in the hand of seat 0"),
        (deal(play=["2S", "2H", "2D", "2C", "2S"]), "already played"),
        (deal("no-such-contract"), "unknown contract"),
        (deal("trumps"), "trump suit"),
        (deal("queens", trump="S"), "trump must be null"),
        ({**deal(), "declarer": 7}, "seat"),
        ({**deal(), "game": "chess"}, "record.game"),
        ([1, 2], "JSON object"),
        (deal(options={"shuffle": True}), "unknown option"),
    ],
)
def test_malformed_records_answer_a_clear_error_with_status_2(record: Any, words: str) -> None:
    status, [answer] = ask("legal", record)
    assert status == 2
    assert words in answer["error"]
    assert "rule" not in answer


def test_bad_json_and_empty_input() -> None:
    assert ask("legal", raw='{"game": "king-bolola",')[0] == 2
    status, answers = ask("legal", raw="")
    assert status == 2 and "empty" in answers[0]["error"]


def test_json_lines_answer_every_line_and_worst_status_wins() -> None:
    good = json.dumps(deal())
    hands = suit_hands()
    hands[0][0], hands[1][12] = hands[1][12], hands[0][0]  # seat 0: AH and 3S..AS
    illegal = json.dumps(deal("hearts", ["AH"], hands=hands))
    text = "\n".join([good, illegal, good, "", "{broken"])
    status, answers = ask("legal", raw=text)
    assert len(answers) == 4
    assert status == 2
    assert answers[1]["rule"] == "KB-24"
    assert answers[3]["error"].startswith("line 5:")
    status, answers = ask("legal", raw="\n".join([good, illegal]))
    assert status == 1 and len(answers) == 2


def test_match_record_scores_agree_with_the_engine() -> None:
    state, record = random_match(11)
    status, [answer] = ask("score", record)
    assert status == 0
    assert answer["totals"] == list(state.totals)
    assert answer["complete"] is True and answer["deals"] == 24
    assert ask("legal", record)[1] == [{"to_move": None, "legal": []}]


def test_match_legal_names_the_next_declarer_and_open_contracts() -> None:
    record = {
        "game": "king-bolola",
        "players": ["ana", "bo", "cy", "dee"],
        "deals": [
            {"declarer": 2, "contract": "trumps", "trump": "S"},
            {"declarer": 3, "contract": "queens", "trump": None},
        ],
    }
    status, [answer] = ask("legal", record)
    assert status == 0
    assert answer["to_move"] == 0
    assert "trumps" in answer["legal"] and len(answer["legal"]) == 9
    # Seat 2 declares again at deal 5 and owes one more trumps; quotas-only deals score nothing.
    status, [score] = ask("score", record)
    assert score == {"totals": [0, 0, 0, 0], "deals": 2, "scored_deals": 0, "complete": False}


def test_kb7_kb8_match_records_with_a_used_up_contract_are_illegal() -> None:
    deals = [{"declarer": s % 4, "contract": "queens", "trump": None} for s in range(3)]
    status, [answer] = ask("legal", {"game": "king-bolola", "deals": deals})
    assert status == 1 and answer["rule"] == "KB-7"
    deals = [
        {"declarer": 0, "contract": "trumps", "trump": "S"},
        {"declarer": 1, "contract": "tricks", "trump": None},
        {"declarer": 2, "contract": "tricks", "trump": None},
        {"declarer": 3, "contract": "queens", "trump": None},
        {"declarer": 0, "contract": "trumps", "trump": "H"},
        {"declarer": 1, "contract": "queens", "trump": None},
        {"declarer": 2, "contract": "hearts", "trump": None},
        {"declarer": 3, "contract": "hearts", "trump": None},
        {"declarer": 0, "contract": "trumps", "trump": "D"},
    ]
    status, [answer] = ask("legal", {"game": "king-bolola", "deals": deals})
    assert status == 1 and answer["rule"] == "KB-8"


def test_kb5_match_declarers_rotate_clockwise() -> None:
    deals = [
        {"declarer": 1, "contract": "queens", "trump": None},
        {"declarer": 3, "contract": "tricks", "trump": None},
    ]
    status, [answer] = ask("legal", {"game": "king-bolola", "deals": deals})
    assert status == 1 and answer["rule"] == "KB-5"


def test_an_unfinished_last_deal_answers_its_legal_cards() -> None:
    _, record = random_match(12)
    last = record["deals"][1]
    record["deals"] = [record["deals"][0], {**last, "play": last["play"][:5]}]
    status, [answer] = ask("legal", record)
    assert status == 0 and len(answer["legal"]) >= 1


def test_deal_records_of_random_play_replay_to_the_same_points() -> None:
    game = find("king-bolola")
    rng = random.Random(5)
    lines = []
    expected = []
    for seed in range(40):
        state = game.new(game.default_options(), seed)
        state, _ = game.apply(
            state, state.declarer, rng.choice(game.legal_actions(state, state.declarer))
        )
        for _ in range(rng.randrange(1, 52)):
            d = state.deal
            seat = game.to_move(state)[0]
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            if state.deal is None:
                break
        d = state.deal if state.deal is not None else d
        lines.append(json.dumps(deal_record(d)))
        expected.append(list(d.points))
    status, answers = ask("score", raw="\n".join(lines))
    assert status == 0
    assert [a["points"] for a in answers] == expected
    status, answers = ask("legal", raw="\n".join(lines))
    assert all(
        a["legal"] == [str(c) for c in cards_of(0)] or a["to_move"] is not None for a in answers
    )


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bolola.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_cli_reads_stdin_and_files_and_never_shows_a_traceback(tmp_path: Path) -> None:
    result = run_cli("legal", "-", stdin=json.dumps(deal()))
    assert result.returncode == 0
    assert json.loads(result.stdout) == {"to_move": 0, "legal": suit_hands()[0]}
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(deal()) + "\nnot json\n")
    result = run_cli("score", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr
    assert len(result.stdout.splitlines()) == 2
    result = run_cli("score", str(tmp_path / "missing.json"))
    assert result.returncode == 2 and "cannot read" in result.stdout
    result = run_cli("legal", "-", stdin="[" * 100_000)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_the_referee_dispatches_through_the_registry_even_to_a_test_game() -> None:

    toy = find("test-toy")
    state = playing.random_match(toy, 3)
    status, [answer] = ask("score", toy.match_record(state, ["a", "b", "c"]))
    assert status == 0 and answer["totals"] == list(toy.outcome(state).scores)
    status, [answer] = ask("legal", {"game": "test-toy", "options": {}, "seed": 3, "moves": []})
    assert status == 0 and answer["to_move"] == [0, 1, 2] and len(answer["legal"]) == 4
    status, [answer] = ask("legal", {"game": "chess"})
    assert status == 2 and "test-toy" in answer["error"]
