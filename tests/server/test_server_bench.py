"""What the server bench relies on: encoded views put on the wire unchanged, a load
generator that measures with its own collector off, the wait for tables to leave, and
the figures it reports (ratios, fan-out, restarts)."""

from __future__ import annotations

import asyncio
import gc
import socket
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import cast

import orjson
import psutil
import pytest
from roomclient import ServerProcess, open_table, run
from websockets.asyncio.client import ClientConnection, connect

from bolola.cli import main
from bolola.server import bench, echo, loadgen
from bolola.server.protocol import dumps, encoded


def test_an_encoded_view_puts_the_same_bytes_in_a_message():
    view = {"hand": ["AS", "TH"], "tricks": [{"leader": 1, "winner": None}], "seat": 0}
    message = {"type": "update", "version": 3, "view": view}
    assert dumps({**message, "view": encoded(view)}) == dumps(message)
    assert orjson.loads(dumps({**message, "view": encoded(view)}))["view"] == view


def test_the_load_generator_measures_with_its_collector_off_then_restores_it():
    assert gc.isenabled() and gc.get_freeze_count() == 0
    with loadgen._collector_off():
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0  # what setup left is out of every collection
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_the_wait_for_tables_to_leave_reads_healthz(server: ServerProcess):
    url = server.http.replace("http", "ws", 1)
    assert loadgen._until_no_tables(url, timeout=30) is not None
    run(lambda: open_table(server))  # a live table stays: the wait gives up and says so
    assert loadgen._until_no_tables(url, timeout=1.5) is None


def test_the_start_waits_for_the_servers_rehearsal(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = server.http.replace("http", "ws", 1)
    assert loadgen._until_rehearsed(url) is not None  # this server does not rehearse
    answers = iter([{"ok": True, "rehearsing": True}] * 2 + [{"ok": True, "rehearsing": False}])
    monkeypatch.setattr(loadgen.time, "sleep", lambda _s: None)

    class Answer:
        def __enter__(self) -> Answer:
            return self

        def __exit__(self, *_: object) -> None:
            return None

        def read(self) -> bytes:
            return orjson.dumps(next(answers))

    monkeypatch.setattr("urllib.request.urlopen", lambda *_a, **_k: Answer())
    assert loadgen._until_rehearsed(url) is not None
    assert next(answers, None) is None  # it asked until the rehearsal was over


def test_the_report_says_which_allocator_the_server_ran_on() -> None:
    # This test process runs on Python's allocator; `bolola serve` on jemalloc is
    # checked in test_server_serve.
    assert loadgen.Meter(psutil.Process()).allocator() == "python"
    assert loadgen.Meter(None).allocator() is None


def test_the_start_is_read_once_the_servers_memory_stops_moving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server just started still hands back what its start-up freed: the first
    readings fall; the start is the first steady one, not the first one."""
    readings = iter([138.0, 131.0, 124.0, 121.5, 121.0, 121.2, 121.0, 121.1, 99.0])

    class Falling:
        def rss_mb(self) -> float:
            return next(readings)

    async def no_wait(_: float) -> None:
        return None

    monkeypatch.setattr(loadgen.asyncio, "sleep", no_wait)
    settled = asyncio.run(loadgen._settled_rss(cast(loadgen.Meter, Falling())))
    assert settled == 121.0
    assert next(readings) == 99.0  # it stopped reading once steady


def test_a_server_that_is_not_there_is_an_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = ["bench", "server", "--url", f"ws://127.0.0.1:{port}", "--tables", "1", "--json"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert f"the server at ws://127.0.0.1:{port} failed" in err and "Traceback" not in err
    # 300 tables: 1,200 sockets, more than are opened at once; the command's process once
    # ended with "coroutine '_hello' was never awaited" for those still waiting.
    run = subprocess.run(
        [sys.executable, "-m", "bolola.cli", *args[:-3], "--tables", "300"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1 and "failed" in run.stderr
    assert "never awaited" not in run.stderr and "Traceback" not in run.stderr


def test_a_seat_whose_connection_ends_stops_the_run_instead_of_waiting_for_good() -> None:
    """A server too slow to answer, or one that closed a socket, once left the load
    generator waiting on a table that could no longer move."""

    class Closed:
        def __aiter__(self) -> Closed:
            return self

        async def __anext__(self) -> bytes:
            raise ConnectionResetError("reset by peer")

    async def scenario() -> str:
        board = loadgen.Board(7, [loadgen.Seat(cast(ClientConnection, Closed()))], loadgen.Sample())
        await loadgen._read(board, 0)
        with pytest.raises(loadgen.LostError) as lost:
            await asyncio.wait_for(loadgen._until(board, lambda: False), 10)
        return str(lost.value)

    assert asyncio.run(scenario()) == "table 7, seat 0: the connection ended (reset by peer)"


def test_the_ratio_is_the_median_of_the_rounds_with_their_range_and_the_fastest_echo() -> None:
    rounds = [
        bench._round({"actions_per_s": 3000.0, "server_cpu_ms_per_action": 0.3}, echo)
        for echo in ({"actions_per_s": 30000.0}, {"actions_per_s": 15000.0})
    ] + [bench._round({"actions_per_s": 2000.0}, {"actions_per_s": 25000.0})]
    assert [r["ratio"] for r in rounds] == [0.1, 0.2, 0.08]
    summary = bench._ratios(rounds)
    assert summary["ratio"] == 0.1  # the middle one: a round's outlier moves nothing
    assert (summary["ratio_min"], summary["ratio_max"]) == (0.08, 0.2)
    assert summary["ratio_fastest_echo"] == 0.1  # the median play, 3,000, over 30,000
    assert bench._median([1.0, 2.0]) == 1.5


def test_the_restart_compares_the_medians_of_several_starts_of_each_kind() -> None:
    """One start's time varies by a second on a busy machine, as much as 1,000 tables'
    whole cost: the figure per table is the loaded starts' median against the empty
    ones', and one slow start of either kind moves nothing."""

    def start(ready: float, rebuilt: float) -> dict[str, float]:
        return {
            "ready_s": ready,
            "ready_cpu_s": ready,
            "rebuilt_s": rebuilt,
            "rebuilt_cpu_s": rebuilt,
        }

    loads = [start(6.5, 6.6), start(5.5, 5.6), start(5.6, 5.8)]  # the first, after the kill
    bases = [start(4.5, 4.5), start(4.3, 4.3), start(6.0, 6.0)]  # one slow empty start
    report = bench.restart_report(loads, bases, 1000)
    assert report["starts"] == 3
    assert (report["ready_s"], report["empty_ready_s"]) == (5.6, 4.5)
    assert report["per_table_ms"] == 1.1  # (5.6 - 4.5) s over 1,000 tables
    assert report["rebuilt_per_table_ms"] == 1.3  # (5.8 - 4.5) s
    assert report["cpu_per_table_ms"] == 1.1
    assert report["ready_s_range"] == [5.5, 6.5]


def test_the_fan_out_is_the_ceiling_the_play_is_read_against() -> None:
    rounds = [
        bench._round(
            {"actions_per_s": 3000.0},
            {"actions_per_s": 30000.0},
            {"actions_per_s": fanout, "server_cpu_ms_per_action": 0.07},
        )
        for fanout in (12000.0, 15000.0, 6000.0)
    ]
    assert [r["fanout_ratio"] for r in rounds] == [0.4, 0.5, 0.2]
    assert rounds[0]["server_cpu_ms_per_fanout"] == 0.07
    summary = bench._ratios(rounds)
    assert summary["fanout_ratio"] == 0.4 and summary["play_of_fanout"] == 0.25
    assert "fanout_ratio" not in bench._ratios([bench._round(*rounds[:1] * 2)])


def test_the_fan_out_endpoint_answers_each_seat_of_the_group_only(
    server_with: Callable[..., ServerProcess],
) -> None:
    server = server_with(echo=True)
    url = server.http.replace("http", "ws", 1) + "/fanout"

    async def scenario() -> tuple[list[str], str]:
        table = [await connect(url) for _ in range(4)]
        other = await connect(url)
        for ws, group in [(ws, "t1") for ws in table] + [(other, "t2")]:
            await ws.send(group)
            assert await ws.recv() == "joined"
        await table[2].send("an action")
        frames = [cast(str, await ws.recv()) for ws in table]
        await other.send("its own")
        alone = cast(str, await other.recv())  # its own frame, none of table t1's first
        for ws in [*table, other]:
            await ws.close()
        return frames, alone

    frames, alone = run(scenario)
    assert frames == [echo.frame_of("t1")] * 4 and len(frames[0]) == echo.FRAME_BYTES
    assert orjson.loads(frames[0])["type"] == "update"
    # The frame names its group: had t1's reached the other group, it would have come
    # first on that socket (frames on one socket keep their order).
    assert orjson.loads(alone)["group"] == "t2"


def test_the_fan_out_seats_join_before_the_first_action_and_read_every_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[str] = []

    class Seat:
        def __init__(self) -> None:
            self.inbox: list[str] = []

        async def send(self, text: str) -> None:
            sent.append(text)
            if text.startswith("t"):
                self.inbox.append("joined")
            else:
                for seat in seats:
                    seat.inbox.append(echo.frame_of("t0"))

        async def recv(self) -> str:
            return self.inbox.pop(0)

        async def close(self) -> None:
            return None

    seats: list[Seat] = []

    async def connect(url: str, **_: object) -> Seat:
        assert url == "ws://here/fanout"
        seats.append(Seat())
        return seats[-1]

    monkeypatch.setattr(loadgen, "connect", connect)
    report = asyncio.run(loadgen.fanout("ws://here", 1, 5, loadgen.Meter(None)))
    assert report["actions"] == 5
    assert sent[:4] == ["t0"] * 4 and all(not s.inbox for s in seats)


def test_rounds_below_one_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "server", "--rounds", "0"]) == 2
    assert "--rounds ≥ 1" in capsys.readouterr().err


def test_the_echo_connects_its_sockets_before_its_clock_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """200 handshakes timed with the echo's fraction of a second once made the echo look
    half as fast as it is, and the play's ratio against it twice as good."""
    happened: list[str] = []

    class Echo:
        async def send(self, text: str) -> None:
            happened.append("send")
            self.text = text

        async def recv(self) -> str:
            return self.text

        async def close(self) -> None:
            happened.append("close")

    async def connect(url: str, **_: object) -> Echo:
        assert url == "ws://here/echo"
        happened.append("connect")
        return Echo()

    class Clock(loadgen.Meter):
        def __init__(self) -> None:
            super().__init__(None)

        def start(self) -> None:
            happened.append("start")
            super().start()

    monkeypatch.setattr(loadgen, "connect", connect)
    report = asyncio.run(loadgen.echo("ws://here", 2, 3, Clock()))
    assert report["actions"] == 6
    started = happened.index("start", 1)  # the first is the meter's own, when made
    assert happened[1:started].count("connect") == 8 and "connect" not in happened[started:]
    assert happened[started + 1 :].count("send") == 6


def test_an_encoded_view_keeps_no_more_memory_than_its_bytes() -> None:
    """orjson's bytes keep the buffer it wrote into (32 KiB for a 1.6 KB view): a table
    keeps its seats' encoded views until its next action."""
    view = {"legal": [f"{n:02d}/JK/TH" for n in range(120)], "seat": 0}
    size = len(orjson.dumps(view))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [encoded(view) for _ in range(100)]
        held = (tracemalloc.get_traced_memory()[0] - before) / len(kept)
    finally:
        tracemalloc.stop()
    assert size > 1000 and held < 2 * size


def test_a_server_that_refuses_the_bench_stops_it_with_the_reason() -> None:
    """A server started by hand limits new guests per address: the bench's hello was
    refused, and the run ended in a traceback."""

    class Refusing:
        async def recv(self) -> str:
            return '{"type": "error", "code": "rate_limited", "message": "too many new guests"}'

    async def scenario() -> None:
        await loadgen._next(cast(ClientConnection, Refusing()), "welcome")

    with pytest.raises(loadgen.RefusedError) as refused:
        asyncio.run(scenario())
    assert str(refused.value) == "rate_limited: too many new guests"


def test_a_server_that_cannot_start_stops_the_bench_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its stderr went nowhere: the bench said only "exited at start", in a traceback."""
    url = f"sqlite:///{tmp_path}/no/such/dir/bench.db"
    argv = ["bench", "server", "--database-url", url, "--tables", "1", "--moves", "1"]
    assert main([*argv, "--no-echo"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("bolola bench server: the server exited at start: bolola serve: ")
    assert "cannot be read and written" in err and "Traceback" not in err
