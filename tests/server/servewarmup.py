"""Imported by the process ``roomclient`` forks its servers from (multiprocessing's
forkserver), once, never by tests: builds ``bolola``'s whole command line (every
command's options and what they load: the games, the bots; ``bolola --help`` loads them
all), so that each forked server starts with all of it in memory."""

from __future__ import annotations

import contextlib
import io

from bolola.cli import main

with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    main(["--help"])

# The test-only game (tests/toygame) is registered here too, as tests/conftest.py does in
# the test process: every forked server can seat it, with no edit to the server.
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, where toygame is

from bolola import registry
from toygame import BOTS, GAME

registry.register(GAME, BOTS)
