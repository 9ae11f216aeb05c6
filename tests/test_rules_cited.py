"""Every rule id of each game's rules file is cited by a test function's name
(``test_kb22_…`` cites KB-22, ``test_ht9_…`` HT-9), and no test cites an id that does not exist."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# CI places shared/ beside the clone, exactly as on a developer's machine.
RULES = TESTS.parent / ".." / "shared" / "rules"
GAMES = {"KB": "king-bolola.md", "HT": "hearts-trumps.md"}


def rule_ids(prefix: str) -> set[int]:
    path = RULES / GAMES[prefix]
    assert path.is_file(), f"rules file not found at {path.resolve()}"
    return {int(n) for n in re.findall(rf"\b{prefix}-(\d+)\b", path.read_text(encoding="utf-8"))}


@functools.cache
def function_names() -> tuple[str, ...]:
    names = []
    for path in TESTS.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names += [
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test_")
        ]
    return tuple(names)


def cited_ids(prefix: str) -> set[int]:
    """The ``kbNN`` (or ``htNN``) parts of every ``test_…`` function name under tests/."""
    pattern = re.compile(rf"(?:^|_){prefix.lower()}(\d+)(?=_|$)")
    return {int(n) for name in function_names() for n in pattern.findall(name)}


def test_rules_files_have_the_ids_the_suite_expects():
    kb = rule_ids("KB")
    assert {1, 10, 22, 35, 48} <= kb
    assert len(kb) >= 40
    assert rule_ids("HT") == set(range(1, 17))


@pytest.mark.parametrize("prefix", sorted(GAMES))
def test_every_rule_is_cited_by_a_test_name(prefix: str):
    missing = sorted(rule_ids(prefix) - cited_ids(prefix))
    assert not missing, f"no test_{prefix.lower()}NN_… test for " + ", ".join(
        f"{prefix}-{n}" for n in missing
    )


@pytest.mark.parametrize("prefix", sorted(GAMES))
def test_no_test_cites_a_rule_that_does_not_exist(prefix: str):
    unknown = sorted(cited_ids(prefix) - rule_ids(prefix))
    assert not unknown, "tests cite unknown rules " + ", ".join(f"{prefix}-{n}" for n in unknown)
