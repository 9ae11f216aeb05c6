"""`bolola play`: a whole match of each game in the terminal, driven by a scripted player."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable

import pytest
from rich.console import Console

from bolola.registry import find, registered
from bolola.terminal import TerminalTable


def player(mistakes: list[str]) -> Callable[[TerminalTable], Callable[[str], str]]:
    """Answers each prompt first with the mistakes, then with the first legal action."""

    def make(table: TerminalTable) -> Callable[[str], str]:
        pending = list(mistakes)

        def ask(_: str) -> str:
            if pending:
                return pending.pop(0)
            assert table.view is not None
            pending.extend(mistakes)
            return str(table.view.legal[0])

        return ask

    return make


def scripted(
    mistakes: list[str], seed: int = 42, game: str = "king-bolola"
) -> tuple[TerminalTable, io.StringIO]:
    out = io.StringIO()
    g = find(game)
    table = TerminalTable(
        game, "Zoe", "beginner", seed, g.default_options(), Console(file=out, width=100), input
    )
    table.ask = player(mistakes)(table)
    return table, out


@pytest.mark.parametrize("game", [g.name for g in registered()])
def test_a_whole_match_of_each_game_ends_with_a_result_and_the_scores(game: str) -> None:
    table, out = scripted(["zz", "?", "999"], game=game)
    assert table.play() == 0
    text = out.getvalue()
    assert "'zz' is not an action" in text
    assert "Choose 1 to" in text
    assert "Scores (" in text
    assert any(
        word in text
        for word in ("You win", "You lose", "Your team wins", "Your team loses", "A draw")
    )


def test_a_king_bolola_match_scores_24_deals() -> None:
    table, out = scripted([])
    table.play()
    assert "Scores (24 deals)" in out.getvalue()


def test_the_scores_name_each_baloot_deal_in_full() -> None:
    table, out = scripted([], game="baloot")
    table.play()
    rows = [line for line in out.getvalue().splitlines() if line[:4].strip().isdigit()]
    assert rows
    # Each row says the kind, and a bought deal its buyer's seat ("hokum:H x2 by 1").
    assert all(line.split()[1].split(":")[0] in ("hokum", "sun", "ashkal", "pass") for line in rows)
    assert any(" by " in line for line in rows)
    # Partners share the result: no place among four seats.
    assert "Your team " in out.getvalue() and "place" not in out.getvalue().splitlines()[-1]


def test_an_illegal_card_is_refused_with_its_reason_and_rule() -> None:
    # Seed 3: Bruno leads AH in deal 1 and Zoe holds TH, QH and clubs.
    table, out = scripted(["2C", "QS", "q"], seed=3)
    table.play()
    text = out.getvalue()
    assert "You can't play: 2C: you must follow suit (H led) (KB-11)" in text
    assert "You can't play: QS: not in seat 0's hand (KB-4)" in text


def test_a_hearts_trumps_placement_is_refused_with_its_rule() -> None:
    table, out = scripted(["AS/KS/QS", "q"], seed=3, game="hearts-trumps")
    table.play()
    assert "(HT-6)" in out.getvalue()


def test_the_same_seed_and_answers_replay_the_same_match() -> None:
    first, out1 = scripted([])
    second, out2 = scripted([])
    first.play()
    second.play()
    assert out1.getvalue() == out2.getvalue()


def test_quit_end_of_input_and_bad_arguments_leave_cleanly() -> None:
    table, out = scripted(["q"])
    assert table.play() == 0
    assert "You left the table" in out.getvalue()
    result = subprocess.run(
        [sys.executable, "-m", "bolola.cli", "play", "--seed", "1"],
        input="zz\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert "Goodbye" in result.stdout and "Traceback" not in result.stderr
    for bad in (["--game", "chess"], ["--option", "target=0", "--game", "hearts-trumps"]):
        result = subprocess.run(
            [sys.executable, "-m", "bolola.cli", "play", *bad],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 2, bad
        assert "bolola play:" in result.stdout and "Traceback" not in result.stderr
