"""The allocator ``bolola serve`` starts itself again on (issue 15): the environment it
asks for, and when it does not ask. That it runs on jemalloc is checked on a real
``bolola serve`` (test_server_serve)."""

from __future__ import annotations

from bolola.server.allocator import MALLOC_CONF, STARTED, environment

LIB = "libjemalloc.so.2"


def test_jemalloc_preloaded_with_pythons_allocations_going_to_it() -> None:
    env = environment({"PATH": "/bin", "LD_PRELOAD": "libfoo.so"}, "jemalloc", LIB)
    assert env is not None
    assert env["LD_PRELOAD"] == f"{LIB} libfoo.so"  # another preload kept, after it
    assert env["PYTHONMALLOC"] == "malloc"
    assert env["MALLOC_CONF"] == MALLOC_CONF
    assert env[STARTED] == "1" and env["PATH"] == "/bin"
    # An operator's own jemalloc settings win.
    mine = environment({"MALLOC_CONF": "narenas:1"}, "jemalloc", LIB)
    assert mine is not None and mine["MALLOC_CONF"] == "narenas:1"


def test_no_second_start_without_jemalloc_or_when_asked_not_to() -> None:
    assert environment({}, "python", LIB) is None
    assert environment({}, "jemalloc", None) is None
    assert environment({STARTED: "1"}, "jemalloc", LIB) is None  # started again already
