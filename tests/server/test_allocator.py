"""The allocator ``bolola serve`` starts itself again on (issue 15): the environment it
asks for, and when it does not ask. That it runs on jemalloc is checked on a real
``bolola serve`` (test_server_serve)."""

from __future__ import annotations

import os
import subprocess
import sys

from bolola.server.allocator import MALLOC_CONF, STARTED, environment, jemalloc

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


# Run in the environment the server starts itself again in: the slab size jemalloc gives
# the 80-byte size class (a 4-tuple), and the page size; jemalloc writes a line to
# stderr for any setting it does not take.
_PROBE = """
import ctypes, mmap
mallctl = ctypes.CDLL(None).mallctl
mallctl.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                    ctypes.c_size_t]
def read(name, kind):
    value, size = kind(0), ctypes.c_size_t(ctypes.sizeof(kind))
    assert mallctl(name.encode(), ctypes.byref(value), ctypes.byref(size), None, 0) == 0
    return value.value
for j in range(read("arenas.nbins", ctypes.c_uint)):
    if read(f"arenas.bin.{j}.size", ctypes.c_size_t) == 80:
        print(read(f"arenas.bin.{j}.slab_size", ctypes.c_size_t), mmap.PAGESIZE)
"""


def test_jemalloc_takes_the_settings_and_gives_small_regions_one_page_slabs() -> None:
    library = jemalloc()
    assert library is not None, "make test installs libjemalloc2 (scripts/setup-test-system.sh)"
    env = environment({"PATH": os.environ.get("PATH", "")}, "jemalloc", library)
    assert env is not None
    probe = subprocess.run(
        [sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=True
    )
    assert probe.stderr == ""  # e.g. "<jemalloc>: Invalid conf pair: slab_sizes:…"
    slab, page = map(int, probe.stdout.split())
    assert slab == page  # jemalloc's own choice for this class is five pages
