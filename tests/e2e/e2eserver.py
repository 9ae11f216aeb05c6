"""The end-to-end tests' server process and browser settings (a module of its own, not
conftest.py: test modules import it, and several conftest modules share that name).

The server runs ``bolola serve`` (through serve_client.py, which mounts the client) on a
free loopback port with a temporary SQLite database; readiness is polled on /healthz.
Chromium is the system's (/usr/bin/chromium): Playwright's own browser builds are never
downloaded.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "bolola" / "server" / "static" / "index.html"
# Screenshots go to a git-ignored folder on every run; `make screenshots` points this at
# docs/screenshots to refresh the tracked ones on purpose.
SHOTS = Path(os.environ.get("BOLOLA_SHOTS") or ROOT / "build" / "screenshots")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 20_000  # the longest the page may take to show what a step waits for
expect.set_options(timeout=WAIT_MS)
START = 120.0  # a loaded two-core machine can take long to import and migrate


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.log = workdir / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ)
        env.update(
            {
                "BOLOLA_SECRET_KEY": "e2e-secret",
                "BOLOLA_MESSAGES_PER_SECOND": "1000",
                "BOLOLA_MESSAGE_BURST": "1000",
                "BOLOLA_CHAT_BURST": "100",
                "BOLOLA_STAND_IN_LEVEL": "beginner",
                # Every test signs in new guests from this one address, and one test runs
                # a move clock of 3 s: limits meant for the open internet, lifted here.
                "BOLOLA_LOGIN_PER_ADDRESS_PER_MINUTE": "100000",
                "BOLOLA_GUESTS_PER_ADDRESS_PER_HOUR": "100000",
                "BOLOLA_MIN_MOVE_SECONDS": "0",
            }
        )
        cmd = [
            sys.executable,
            str(Path(__file__).with_name("serve_client.py")),
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            f"sqlite:///{self.workdir / 'e2e.db'}",
            "--log-level",
            "warning",
        ]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=out, env=env, cwd=self.workdir)
        deadline = time.monotonic() + START
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)  # polling readiness: the one wait without an event to await
        raise RuntimeError(f"server not ready: {self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
            self.proc = None
