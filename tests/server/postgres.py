"""A throwaway PostgreSQL cluster from the machine's own binaries (Debian's
``postgresql`` package): made in a folder, on a free port, started, stopped, dropped."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
from pathlib import Path

from roomclient import free_port


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class PostgresCluster:
    def __init__(self, root: Path) -> None:
        bin_dir = pg_bin()
        assert bin_dir is not None
        self.bin = bin_dir
        self.root = root
        self.data = root / "data"
        self.port = free_port()
        self.counter = itertools.count(1)
        # initdb refuses to run as root: run the server as the package's postgres user.
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def _run(self, *cmd: str) -> None:
        subprocess.run([*self.as_user, *cmd], check=True, capture_output=True, cwd="/")

    def start(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if self.as_user:
            shutil.chown(self.root, "postgres")
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "bolola",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        self.resume()

    def halt(self) -> None:
        """Stop the server (its connections cut), keeping its data: an outage."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the server on its data (after ``start`` made it, or a ``halt``)."""
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            opts,
            "-l",
            str(self.root / "pg.log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")

    def new_database(self) -> str:
        name = f"bolola{next(self.counter)}"
        self._run(
            str(self.bin / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            "bolola",
            name,
        )
        return f"postgresql://bolola@127.0.0.1:{self.port}/{name}"
