"""The rules files under docs/rules/ and the ids they define (``**KB-22.** …``).

Every rule id of each game is cited by a test function's name (``test_kb22_…`` cites
KB-22, ``test_ht9_…`` HT-9), and no test cites an id that does not exist. Each id is
defined exactly once, the Spanish file of a game defines the same ids as the English
one, and every id quoted in the source (server and client) or in the rules files
themselves exists."""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "docs" / "rules"
# A game joins with one line: its rule-id prefix and its rules file in docs/rules/ (the
# Spanish version beside it is the same name with ``.es.md``).
GAMES = {
    "KB": "king-bolola.md",
    "HT": "hearts-trumps.md",
    "BA": "baloot.md",
    "JO": "jolly.md",
}
# Rules files whose ids must exist but need not each be cited by a test name.
PLATFORM = {"PL": "platform.md"}
RULE_FILES = GAMES | PLATFORM
# Where the code quotes rule ids: the directory and the file patterns searched in it.
SOURCES = {
    REPO / "src" / "bolola": ("*.py",),
    REPO / "client" / "src": ("*.ts", "*.svelte"),
}
ANY_ID = re.compile(rf"\b({'|'.join(RULE_FILES)})-(\d+)\b")


def spanish(name: str) -> str:
    return name.removesuffix(".md") + ".es.md"


@functools.cache
def defined(prefix: str, name: str) -> tuple[int, ...]:
    """The ids defined in docs/rules/``name`` (``**XX-N.**``), repeats kept, in order."""
    path = RULES / name
    assert path.is_file(), f"rules file not found at {path}"
    text = path.read_text(encoding="utf-8")
    return tuple(int(n) for n in re.findall(rf"\*\*{prefix}-(\d+)\.\*\*", text))


def rule_ids(prefix: str) -> set[int]:
    return set(defined(prefix, RULE_FILES[prefix]))


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


@functools.cache
def quoted_ids() -> dict[tuple[str, int], tuple[str, ...]]:
    """Every rule id quoted in the source and in the rules files, with where
    (``path:line``)."""
    files = sorted(RULES.glob("*.md"))
    for root, patterns in SOURCES.items():
        assert root.is_dir(), f"source directory not found at {root}"
        files += sorted(p for pattern in patterns for p in root.rglob(pattern))
    where: dict[tuple[str, int], list[str]] = {}
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        for line_no, line in enumerate(lines, 1):
            for prefix, n in ANY_ID.findall(line):
                place = f"{path.relative_to(REPO)}:{line_no}"
                where.setdefault((prefix, int(n)), []).append(place)
    return {key: tuple(places) for key, places in where.items()}


def test_rules_files_have_the_ids_the_suite_expects():
    kb = rule_ids("KB")
    assert {1, 10, 22, 35, 48} <= kb
    assert len(kb) >= 40
    assert rule_ids("HT") == set(range(1, 17))
    assert rule_ids("PL")


@pytest.mark.parametrize(
    ("prefix", "name"),
    [(prefix, name) for prefix, name in RULE_FILES.items()]
    + [(prefix, spanish(name)) for prefix, name in GAMES.items()],
)
def test_each_rule_is_defined_exactly_once(prefix: str, name: str):
    repeated = sorted(n for n, count in Counter(defined(prefix, name)).items() if count > 1)
    assert not repeated, f"{name} defines more than once " + ", ".join(
        f"{prefix}-{n}" for n in repeated
    )


@pytest.mark.parametrize("prefix", sorted(GAMES))
def test_the_spanish_rules_define_the_same_ids(prefix: str):
    english, es = GAMES[prefix], spanish(GAMES[prefix])
    only_en = sorted(rule_ids(prefix) - set(defined(prefix, es)))
    only_es = sorted(set(defined(prefix, es)) - rule_ids(prefix))
    assert not only_en, f"{es} lacks " + ", ".join(f"{prefix}-{n}" for n in only_en)
    assert not only_es, f"{english} lacks " + ", ".join(f"{prefix}-{n}" for n in only_es)


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


@pytest.mark.parametrize("prefix", sorted(RULE_FILES))
def test_every_rule_quoted_in_the_source_exists(prefix: str):
    known = rule_ids(prefix)
    unknown = {
        f"{prefix}-{n}": places
        for (p, n), places in sorted(quoted_ids().items())
        if p == prefix and n not in known
    }
    assert not unknown, f"not defined in docs/rules/{RULE_FILES[prefix]}: " + "; ".join(
        f"{rule} ({', '.join(places[:3])})" for rule, places in unknown.items()
    )
