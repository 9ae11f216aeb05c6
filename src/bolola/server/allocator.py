"""The server runs on jemalloc where it is installed (issue 15).

Python's own small-object allocator keeps a whole arena (1 MiB) while one object in it
lives, and what a busy hour leaves alive is spread over hundreds of them: after 1,000
tables had come and gone the server stayed at 2.7 times its start. With every
allocation made by jemalloc instead (``PYTHONMALLOC=malloc`` and jemalloc preloaded) a
survivor keeps a page, freed pages go back to the system within a second, and the same
run ends at 1.3 to 1.4 times its start, at no measured CPU cost (docs/performance.md,
"Memory, fifth round").

Both must be set before the interpreter starts, so ``bolola serve`` starts itself again
with them, once, before it imports anything more (``bolola.cli.main``); the process
keeps its id: supervisors and ``kill`` see one process.
``BOLOLA_ALLOCATOR=python`` keeps Python's allocator; without ``libjemalloc.so.2``
(Debian's ``libjemalloc2``: ``make test`` installs it with the other system packages the
tests need, ``make run`` uses it when present) the server says so and keeps it too.
"""

from __future__ import annotations

import ctypes.util
import logging
import os
import sys
from collections.abc import Mapping

log = logging.getLogger("bolola.allocator")

MALLOC_CONF = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,slab_sizes:1-512:1"
"""Freed pages go back to the system after a second, from jemalloc's own thread. A slab
of small regions (up to 512 bytes, the tuples, strings and small objects of play) is one
page, not up to seven: an object made mid-run that outlives its table keeps 4 KiB, not
20 or 28 (docs/performance.md, "Memory, eighth round"). Larger regions keep jemalloc's
slabs: on one page they would leave up to a third of it unused."""

STARTED = "BOLOLA_ON_JEMALLOC"
"""Set in the environment of the process started again: it does not start again."""


def jemalloc() -> str | None:
    """jemalloc's shared library as the dynamic loader finds it, or None."""
    return ctypes.util.find_library("jemalloc")


def environment(
    environ: Mapping[str, str], choice: str, library: str | None
) -> dict[str, str] | None:
    """The environment to start the server again in, or None to go on as it is."""
    if choice != "jemalloc" or library is None or environ.get(STARTED):
        return None
    env = dict(environ)
    preload = environ.get("LD_PRELOAD", "")
    env["LD_PRELOAD"] = f"{library} {preload}".strip()
    env["PYTHONMALLOC"] = "malloc"
    env.setdefault("MALLOC_CONF", MALLOC_CONF)
    env[STARTED] = "1"
    return env


def restart_on_jemalloc(choice: str) -> None:
    """Start this process again on jemalloc (never returns), unless ``choice`` or the
    machine says otherwise, or this process is not the command ``bolola serve`` (a
    server run from another program's process: its command line would start that)."""
    if sys.argv[1:2] != ["serve"]:
        return
    library = jemalloc()
    if choice == "jemalloc" and library is None and not os.environ.get(STARTED):
        print(
            "bolola serve: jemalloc not found (apt-get install libjemalloc2): "
            "running on Python's allocator, whose memory comes back less after busy hours",
            file=sys.stderr,
            flush=True,
        )
    env = environment(os.environ, choice, library)
    if env is None:
        return
    os.execve(sys.executable, [sys.executable, *sys.orig_argv[1:]], env)


def running_on_jemalloc() -> bool:
    """Whether this process's allocations go to jemalloc."""
    # Imported here: this module is loaded before the restart, which wants few imports.
    from bolola.server.heap import jemalloc_purge

    return os.environ.get("PYTHONMALLOC") == "malloc" and jemalloc_purge() is not None


def report() -> None:
    """Say in the log which allocator this server runs on."""
    log.info("allocations go to %s", "jemalloc" if running_on_jemalloc() else "Python's allocator")
