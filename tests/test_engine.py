"""The engine contract's own pieces: records, moves, replay, registry, ranking."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bolola.engine import (
    IllegalAction,
    Move,
    Record,
    RecordError,
    parse_move,
    play_out,
    rank_scores,
)
from bolola.registry import find, registered, replay

GAME = find("king-bolola")


def test_registry():
    assert GAME.name == "king-bolola" and GAME.seats == 4
    assert GAME in registered()
    assert [g.name for g in registered()] == sorted(g.name for g in registered())


def test_unknown_game_is_a_record_error_listing_the_known_ones():
    with pytest.raises(RecordError, match="king-bolola"):
        find("chess")


def test_illegal_action_carries_its_rule():
    e = IllegalAction("KB-22", "QS: you must play the queen")
    assert e.rule == "KB-22" and e.message == "QS: you must play the queen"
    assert str(e) == "QS: you must play the queen (KB-22)"


def test_record_to_and_from_json():
    record = Record("king-bolola", {"king-under-ace": True}, 7, ("0:queens", "0:7C"))
    raw = json.loads(json.dumps(record.to_json()))
    assert raw == {
        "game": "king-bolola",
        "options": {"king-under-ace": True},
        "seed": 7,
        "moves": ["0:queens", "0:7C"],
    }
    assert Record.from_json(raw) == record


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ([], "JSON object"),
        ({"options": {}, "seed": 1, "moves": []}, "game"),
        ({"game": "king-bolola", "options": [], "seed": 1, "moves": []}, "options"),
        ({"game": "king-bolola", "options": {}, "seed": "1", "moves": []}, "seed"),
        ({"game": "king-bolola", "options": {}, "seed": True, "moves": []}, "seed"),
        ({"game": "king-bolola", "options": {}, "seed": 1, "moves": [3]}, "moves"),
        ({"game": "king-bolola", "options": {}, "seed": 1}, "moves"),
    ],
)
def test_malformed_records_are_record_errors(raw, words):
    with pytest.raises(RecordError, match=words):
        Record.from_json(raw)


def test_parse_move():
    move = parse_move(GAME, "2:10h")
    assert move == Move(2, GAME.parse_action("TH"))
    assert str(move) == "2:TH"
    assert parse_move(GAME, " 0 :trumps:S").action == GAME.parse_action("trumps:S")


@pytest.mark.parametrize("text", ["QS", "4:QS", "-1:QS", "x:QS", ":QS", "0:", "0:ZZ", "²:QS"])
def test_bad_moves_are_record_errors(text):
    with pytest.raises(RecordError):
        parse_move(GAME, text)


@given(st.text(max_size=10))
def test_any_move_text_parses_or_is_a_record_error(text):
    try:
        move = parse_move(GAME, text)
    except RecordError:
        pass
    else:
        assert 0 <= move.seat < 4


def test_replay_and_play_out():
    rng = random.Random(4)
    moves: list[str] = []
    start = GAME.new(GAME.default_options(), 4)
    final = play_out(GAME, start, lambda s, seat, legal: rng.choice(legal), moves)
    assert GAME.outcome(final) is not None
    game, state = replay(Record("king-bolola", {}, 4, tuple(moves)))
    assert game is GAME and state == final
    game, state = replay(Record("king-bolola", {}, 4, ()))
    assert state == start


def test_replay_of_an_illegal_move_raises_illegal_action():
    with pytest.raises(IllegalAction) as info:
        replay(Record("king-bolola", {}, 4, ("1:queens",)))
    assert info.value.rule == "KB-5"


def test_replay_of_bad_options_is_a_record_error():
    with pytest.raises(RecordError):
        replay(Record("king-bolola", {"jokers": True}, 4, ()))


def test_rank_scores_is_competition_ranking():
    assert rank_scores([10, 30, 10]) == (1, 0, 1)
    assert rank_scores([5, 5, 5, 5]) == (0, 0, 0, 0)
    assert rank_scores([-1, 0, 3, 2]) == (3, 2, 0, 1)


def test_the_engine_does_not_import_any_game_or_the_registry():
    """No import loop: the engine knows no game; the registry knows them all."""
    import ast
    from pathlib import Path

    import bolola.engine
    import bolola.fairness

    tree = ast.parse(Path(bolola.engine.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    # bolola.fairness (what a game deals from) is a leaf: it imports nothing of bolola.
    assert not {m for m in imported if m and m.startswith("bolola")} - {"bolola.fairness"}
    fair = ast.parse(Path(bolola.fairness.__file__).read_text(encoding="utf-8"))
    assert not any(
        isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bolola")
        for node in ast.walk(fair)
    )


def test_nothing_outside_games_and_bots_names_or_imports_a_concrete_game():
    """A new game is its folders and one registry line: the rest of the room reaches a
    game only through the registry and the contract."""
    import re
    from pathlib import Path

    import bolola

    root = Path(bolola.__file__).parent
    names = [g.name for g in registered()]
    modules = {
        g.__class__.__module__.split(".")[2]
        for g in registered()
        if g.__class__.__module__.startswith("bolola.games.")
    }
    offenders = []
    for path in root.rglob("*.py"):
        part = path.relative_to(root).parts
        if part[0] in ("games", "bots") or path.name == "registry.py" or "migrations" in part:
            continue
        text = path.read_text(encoding="utf-8")
        for name in names:
            if f'"{name}"' in text or f"'{name}'" in text:
                offenders.append(f"{path.relative_to(root)} names {name}")
        for module in modules:
            if re.search(rf"\bbolola\.(games|bots)\.{module}\b", text):
                offenders.append(f"{path.relative_to(root)} imports {module}")
    assert not offenders, offenders
