"""What the server bench relies on: encoded views put on the wire unchanged, a load
generator that measures with its own collector off, and the wait for tables to leave."""

from __future__ import annotations

import gc

import orjson
import psutil
from roomclient import ServerProcess, open_table, run

from bolola.server import bench
from bolola.server.protocol import dumps, encoded


def test_an_encoded_view_puts_the_same_bytes_in_a_message():
    view = {"hand": ["AS", "TH"], "tricks": [{"leader": 1, "winner": None}], "seat": 0}
    message = {"type": "update", "version": 3, "view": view}
    assert dumps({**message, "view": encoded(view)}) == dumps(message)
    assert orjson.loads(dumps({**message, "view": encoded(view)}))["view"] == view


def test_the_load_generator_measures_with_its_collector_off_then_restores_it():
    assert gc.isenabled() and gc.get_freeze_count() == 0
    with bench._collector_off():
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0  # what setup left is out of every collection
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_the_wait_for_tables_to_leave_reads_healthz(server: ServerProcess):
    url = server.http.replace("http", "ws", 1)
    assert bench._until_no_tables(url, timeout=30) is not None
    run(lambda: open_table(server))  # a live table stays: the wait gives up and says so
    assert bench._until_no_tables(url, timeout=1.5) is None


def test_the_report_says_which_allocator_the_server_ran_on() -> None:
    # This test process runs on Python's allocator; `bolola serve` on jemalloc is
    # checked in test_server_serve.
    assert bench.Meter(psutil.Process()).allocator() == "python"
    assert bench.Meter(None).allocator() is None
