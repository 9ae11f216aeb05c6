"""`bolola play`: a whole match in the terminal, driven by a scripted player."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable

from rich.console import Console

from bolola.terminal import TerminalTable


def player(mistakes: list[str]) -> Callable[[TerminalTable], Callable[[str], str]]:
    """Answers each prompt first with the mistakes, then with the first legal action."""

    def make(table: TerminalTable) -> Callable[[str], str]:
        pending = list(mistakes)

        def ask(_: str) -> str:
            if pending:
                return pending.pop(0)
            assert table.view is not None
            first = table.view.legal[0]
            pending.extend(mistakes)
            return first.replace(":", " ")

        return ask

    return make


def scripted(mistakes: list[str], seed: int = 42) -> tuple[TerminalTable, io.StringIO]:
    out = io.StringIO()
    table = TerminalTable("Zoe", "beginner", seed, False, Console(file=out, width=100), input)
    table.ask = player(mistakes)(table)
    return table, out


def test_a_whole_match_ends_with_a_result_and_the_score_sheet() -> None:
    table, out = scripted(["zz", "?", "XS"])
    assert table.play() == 0
    text = out.getvalue()
    assert "'zz' is not a card" in text
    assert "Score sheet" in text
    assert any(word in text for word in ("You win", "You lose", "A draw"))
    assert text.count("Deal over") == 24


def test_an_illegal_card_is_refused_with_its_reason_and_rule() -> None:
    # Seed 3: Bruno leads AH in deal 1 and Zoe holds TH, QH and clubs.
    table, out = scripted(["2C", "QS", "q"], seed=3)
    table.play()
    text = out.getvalue()
    assert "You can't play 2♣: you must follow suit (H led) (KB-11)" in text
    assert "You don't hold Q♠" in text


def test_the_same_seed_and_answers_replay_the_same_match() -> None:
    first, out1 = scripted([])
    second, out2 = scripted([])
    first.play()
    second.play()
    assert out1.getvalue() == out2.getvalue()


def test_quit_and_end_of_input_leave_cleanly() -> None:
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
