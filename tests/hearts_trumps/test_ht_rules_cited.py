"""Every rule id of the Hearts Are Trumps rules file is cited by a test function's name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
# CI places shared/ beside the clone, exactly as on a developer's machine.
RULES = TESTS.parent / ".." / "shared" / "rules" / "hearts-trumps.md"


def rule_ids() -> set[int]:
    assert RULES.is_file(), f"rules file not found at {RULES.resolve()}"
    return {int(n) for n in re.findall(r"\bHT-(\d+)\b", RULES.read_text(encoding="utf-8"))}


def cited_ids() -> set[int]:
    """The ``htNN`` parts of every ``test_…`` function name under tests/."""
    cited: set[int] = set()
    for path in TESTS.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test_"
            ):
                cited |= {int(n) for n in re.findall(r"(?:^|_)ht(\d+)(?=_|$)", node.name)}
    return cited


def test_rules_file_has_the_ids_the_suite_expects():
    assert rule_ids() == set(range(1, 17))


def test_every_ht_rule_is_cited_by_a_test_name():
    missing = sorted(rule_ids() - cited_ids())
    assert not missing, "no test_htNN_… test for " + ", ".join(f"HT-{n}" for n in missing)


def test_no_test_cites_a_rule_that_does_not_exist():
    unknown = sorted(cited_ids() - rule_ids())
    assert not unknown, "tests cite unknown rules " + ", ".join(f"HT-{n}" for n in unknown)
