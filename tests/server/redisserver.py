"""A real Redis for the tests (Debian's ``redis-server``): started in a folder on a free
port, stopped and started again on the same port (an outage), stopped for good."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import redis
from roomclient import free_port

START = 20.0  # seconds a start may take on a busy machine


class RedisServer:
    def __init__(self, root: Path) -> None:
        binary = shutil.which("redis-server")
        assert binary is not None, "redis-server is missing: make test installs it"
        self.binary = binary
        self.root = root
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start (or start again after :meth:`halt`), empty: nothing is saved to disk, as
        a Redis that lost its memory comes back."""
        self.root.mkdir(parents=True, exist_ok=True)
        args = ["--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.root)]
        args += ["--save", "", "--appendonly", "no", "--protected-mode", "no"]
        with (self.root / "redis.log").open("ab") as out:
            self.proc = subprocess.Popen([self.binary, *args], stdout=out, stderr=out)
        client = redis.Redis(port=self.port, socket_connect_timeout=1.0)
        deadline = time.monotonic() + START
        try:
            while True:  # polling its readiness: the one wait without an event
                assert self.proc.poll() is None, (self.root / "redis.log").read_text()[-2000:]
                try:
                    if client.ping():
                        return
                except redis.ConnectionError:
                    if time.monotonic() > deadline:
                        raise
                time.sleep(0.02)
        finally:
            client.close()

    def halt(self) -> None:
        """Kill it (SIGKILL: no goodbye to its clients); its memory goes with it."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(timeout=20)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=20)
            self.proc = None
