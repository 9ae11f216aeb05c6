"""Every registered game has golden records (tests/fixtures/golden/<game>, ``make golden``):
whole matches that replay to their recorded result, whose referee record scores to the
same totals, and seeded random lines whose legal-action counts and public events hold."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from bolola.engine import Record
from bolola.registry import registered

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "fixtures" / "golden"
GAMES = [g for g in registered() if not g.name.startswith("test-")]


def load_script() -> Any:
    spec = importlib.util.spec_from_file_location("golden_script", ROOT / "scripts" / "golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


golden = load_script()


def fixtures(game: Any) -> dict[str, dict[str, Any]]:
    folder = GOLDEN / game.name
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")}


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_game_has_the_golden_files_the_script_writes(game):
    names = {f"match-{n}" for n in range(1, len(game.option_examples()) + 1)}
    assert set(fixtures(game)) == {*names, "lines"}, f"run make golden for {game.name}"


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_golden_matches_replay_to_their_result_and_the_script_still_plays_them(game):
    for name, fixture in fixtures(game).items():
        if name == "lines":
            continue
        record = Record.from_json(fixture["record"])
        expected = {k: v for k, v in fixture.items() if k != "record"}
        assert golden.match_result(record) == expected, name
        # Random legal play with the script's seeds still gives the recorded moves: any
        # change to legal actions, their order or the shuffle shows up here first.
        assert golden.random_match(game, dict(record.options), record.seed) == record, name


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_golden_referee_records_score_the_recorded_totals(game):
    for name, fixture in fixtures(game).items():
        if name == "lines":
            continue
        answer = game.score_record(fixture["referee_record"])
        assert answer["totals"] == fixture["totals"], name
        assert sum(d["points"][0] for d in fixture["deals"]) == fixture["totals"][0]


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_golden_lines_count_the_same_legal_actions_and_events(game):
    lines = fixtures(game)["lines"]
    assert [entry["seed"] for entry in lines] == list(golden.LINE_SEEDS)
    for entry in lines:
        assert golden.line(game, entry["seed"]) == entry
