"""Every example in the package's docstrings runs and gives what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import bolola

# Alembic's migration scripts run only inside Alembic (they read its context on import).
SKIP = ("bolola.store.migrations",)
MODULES = sorted(
    m.name for m in pkgutil.walk_packages(bolola.__path__, "bolola.") if not m.name.startswith(SKIP)
)


def test_the_package_has_examples_to_run() -> None:
    examples = sum(
        len(test.examples)
        for name in MODULES
        for test in doctest.DocTestFinder().find(importlib.import_module(name))
    )
    assert examples >= 30


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
