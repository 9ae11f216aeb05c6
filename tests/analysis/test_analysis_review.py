"""``bolola analyse`` over every registered game: short records judged, the same for a
seed, bad input refused with a clear message and exit 2 (1 for an illegal move)."""

from __future__ import annotations

import json
import random

import pytest

from bolola import registry
from bolola.analysis.bench import bot_record, measure
from bolola.analysis.judgement import JudgeBudget
from bolola.analysis.report import report
from bolola.analysis.review import judge_moves, review_record
from bolola.cli import main
from bolola.engine import Record, parse_move, random_play_out
from bolola.fairness import FairDeals

SMALL = JudgeBudget(samples=2, exact_nodes=20_000, alternatives=3)
GAMES = [g.name for g in registry.registered()]


def short_record(name: str, moves: int, seed: int = 3) -> Record:
    game = registry.find(name)
    played: list[str] = []
    random_play_out(game, game.new(game.default_options(), seed), random.Random(seed), played)
    return Record(name, game.default_options().to_json(), seed, tuple(played[:moves]))


@pytest.mark.parametrize("name", GAMES)
def test_every_game_judges_a_short_record(name: str) -> None:
    record = short_record(name, 8)
    review = review_record(record, budget=SMALL, seed=1)
    assert review.judgements, "eight moves and not one choice"
    for j in review.judgements:
        assert record.moves[j.index] == f"{j.seat}:{j.played}"
        assert any(j.played in v.actions for v in j.alternatives)
        assert len(j.alternatives) <= j.legal
        if registry.entry(name).judge is None and not j.exact:  # the generic shortlist
            assert len(j.alternatives) <= SMALL.alternatives
        assert j.loss >= 0 and j.best_value == max(v.mean for v in j.alternatives)
        assert j.exact or j.samples == SMALL.samples or j.samples == 1
    text = report(review)
    assert all(f"seat {s}:" in text for s in review.seats)


@pytest.mark.parametrize("name", ["test-toy", "baloot"])
def test_the_same_seed_judges_the_same(name: str) -> None:
    record = short_record(name, 10)
    first = review_record(record, budget=SMALL, seed=4).to_json()
    assert first == review_record(record, budget=SMALL, seed=4).to_json()
    draws = [a["value"] for d in first["decisions"] for a in d["alternatives"]]
    assert draws  # something was played out


def test_one_seat_only_and_min_loss(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    record = short_record("test-toy", 12)
    path = f"{tmp_path}/r.json"
    with open(path, "w") as f:
        json.dump(record.to_json(), f)
    assert main(["analyse", path, "--json", "--seat", "1", "--samples", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [s["seat"] for s in out["seats"]] == [1]
    assert {d["seat"] for d in out["decisions"]} == {1}
    assert (
        main(["analyse", path, "--json", "--seat", "1", "--samples", "2", "--min-loss", "1e9"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["decisions"] == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no record: the input is empty"),
        ("{not json", "bad JSON"),
        ('{"game": "chess", "options": {}, "seed": 1, "moves": []}', "unknown game 'chess'"),
        ('{"game": "king-bolola", "options": {}, "seed": "x", "moves": []}', "record.seed"),
        ('{"game": "king-bolola", "options": {}, "seed": 1, "moves": ["0:zz"]}', "'zz'"),
        ('{"game": "king-bolola", "options": {}, "seed": 1, "moves": ["zz"]}', "'seat:action'"),
        ('{"game": "king-bolola", "options": {"x": 1}, "seed": 1, "moves": []}', "x"),
    ],
)
def test_a_malformed_record_exits_2_with_a_clear_message(
    text: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    path = f"{tmp_path}/bad.json"
    with open(path, "w") as f:
        f.write(text)
    assert main(["analyse", path]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err
    assert main(["analyse", path, "--json"]) == 2
    assert message in json.loads(capsys.readouterr().out.splitlines()[0])["error"]


def test_an_illegal_move_exits_1_naming_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    path = f"{tmp_path}/illegal.json"
    with open(path, "w") as f:
        json.dump({"game": "king-bolola", "options": {}, "seed": 1, "moves": ["1:queens"]}, f)
    assert main(["analyse", path, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["rule"] == "KB-5"


def test_a_seat_the_table_does_not_have_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    path = f"{tmp_path}/r.json"
    with open(path, "w") as f:
        json.dump(short_record("test-toy", 3).to_json(), f)
    assert main(["analyse", path, "--seat", "5"]) == 2
    assert "seat 5 out of 0..2" in capsys.readouterr().err


def test_the_bench_counts_the_decisions_it_judged() -> None:
    row = measure("test-toy", 12, JudgeBudget(samples=2), seed=1)
    assert row["moves"] == 12 and row["decisions"] == 9  # the fourth round: one card left
    assert row["exact"] == 0  # every round is chosen at once: nothing to search in order


def test_baloots_last_tricks_are_searched_exactly_and_a_review_resumes_where_it_stopped() -> None:
    game = registry.find("baloot")
    record = bot_record("baloot", 1, 200)
    state = game.new(game.parse_options(record.options), record.seed)
    for n, text in enumerate(record.moves):  # cut the record where the first deal ends
        move = parse_move(game, text)
        state, _ = game.apply(state, move.seat, move.action)
        if game.deal_scores(state):
            record = Record(record.game, record.options, record.seed, record.moves[: n + 1])
            break
    start = len(record.moves) - 8  # the last two tricks
    judged = list(judge_moves(game, record, budget=SMALL, seed=1, start=start))
    assert judged and all(j.exact and j.index >= start for j in judged)
    whole = list(judge_moves(game, record, budget=SMALL, seed=1, start=start - 4))
    assert [j.to_json() for j in whole if j.index >= start] == [j.to_json() for j in judged]


def test_a_fair_tables_record_is_judged_up_to_its_last_revealed_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    game = registry.find("king-bolola")
    fair = FairDeals.from_top(bytes(32), ("a", "b", "c", "d"), 3)
    state, moves = game.new(game.default_options(), fair), []
    while not game.deal_scores(state):  # deal 1, every seat playing its first legal card
        seat = game.to_move(state)[0]
        action = game.legal_actions(state, seat)[0]
        moves.append(f"{seat}:{action}")
        state, _ = game.apply(state, seat, action)
    shown = FairDeals.revealed(fair.commitment, fair.client_seeds, [fair.seed(1)])
    options = game.default_options().to_json()
    # Up to deal 1's last card: judged. With it, deal 2 is dealt, and its seed is unknown.
    playing = Record("king-bolola", options, shown, tuple(moves[:-1]))
    assert review_record(playing, budget=SMALL, seed=1).judgements
    path = f"{tmp_path}/fair.json"
    with open(path, "w") as f:
        json.dump(Record("king-bolola", options, shown, tuple(moves)).to_json(), f)
    assert main(["analyse", path, "--samples", "1"]) == 2
    assert "deal 2's seed is not revealed" in capsys.readouterr().err
