"""Test-wide settings.

Hypothesis: no per-example deadline (the machine is shared and timing is for benchmarks,
never tests); ``HYPOTHESIS_PROFILE=thorough`` runs ten times the examples of the
``default`` profile for tests that do not set their own count.

Every test under ``tests/e2e/`` (a real server and a browser) is marked ``slow``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The tests start a hundred Python processes and more (xdist's workers, servers, commands),
# each importing Bolola and its libraries: without cached bytecode every one compiles them
# again, seconds of CPU each. Where bytecode is not written beside the sources
# (PYTHONDONTWRITEBYTECODE, as in many containers) it goes to one git-ignored cache
# instead, for this process and every one started from it (they inherit the environment).
if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
    _pycache = Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache"
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = str(_pycache)
    sys.dont_write_bytecode = False
    sys.pycache_prefix = str(_pycache)

import pytest
from hypothesis import settings

settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile("thorough", deadline=None, print_blob=True, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# A test-only game, registered before collection so every suite parametrized over the
# registry (invariants, arena, referee, server) plays it too: a new game needs nothing
# outside its own folders and one registry line.
from bolola import registry  # noqa: E402
from toygame import BOTS as TOY_BOTS  # noqa: E402
from toygame import GAME as TOY  # noqa: E402

registry.register(TOY, TOY_BOTS)


E2E = Path(__file__).parent / "e2e"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(E2E):
            item.add_marker(pytest.mark.slow)
