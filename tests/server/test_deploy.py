"""docs/deploy.md's recipe, run: its nginx configuration in front of three server
processes (one PostgreSQL, one Redis), players playing one table through it, the
table's owner killed, the players back through the proxy at the same table."""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import redis
from redisserver import RedisServer
from roomclient import Player, ServerProcess, free_port, run
from test_cluster import logged, play_on, processes, seat, two_seat_table

pytestmark = pytest.mark.slow
DOC = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
__all__ = ["processes"]  # the fixture this module uses from test_cluster


class Proxy:
    """A ``ws://`` and ``http://`` address as :class:`Player` and ``httpx`` use them."""

    def __init__(self, port: int) -> None:
        self.ws = f"ws://127.0.0.1:{port}/ws"
        self.http = f"http://127.0.0.1:{port}"


def nginx_config(ports: list[int], listen: int, root: Path) -> str:
    """The doc's nginx block, its upstream pointed at ``ports``, listening on ``listen``
    without TLS, in a configuration of its own under ``root``."""
    block = re.search(r"```nginx\n(.*?)```", DOC.read_text(), re.S)
    assert block is not None, "docs/deploy.md has no nginx block"
    text = block.group(1)
    for doc_port, port in zip((8001, 8002, 8003), ports, strict=True):
        text = text.replace(f"127.0.0.1:{doc_port}", f"127.0.0.1:{port}")
    text = re.sub(r"listen 443 ssl http2;", f"listen 127.0.0.1:{listen};", text)
    temp = {k: root / k for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir(parents=True, exist_ok=True)
        path.chmod(0o777)
    paths = "".join(f"    {k}_temp_path {v};\n" for k, v in temp.items())
    return (
        f"daemon off;\nworker_processes 1;\npid {root}/nginx.pid;\n"
        f"error_log {root}/error.log warn;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n    access_log off;\n{paths}{text}\n}}\n"
    )


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[Callable[[list[int]], Proxy]]:
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    started: list[subprocess.Popen[bytes]] = []

    def start(ports: list[int]) -> Proxy:
        root = tmp_path / "nginx"
        root.mkdir()
        listen = free_port()
        config = root / "nginx.conf"
        config.write_text(nginx_config(ports, listen, root))
        checked = subprocess.run([binary, "-t", "-c", str(config)], capture_output=True)
        assert checked.returncode == 0, checked.stderr.decode()
        proc = subprocess.Popen([binary, "-c", str(config)], stderr=subprocess.PIPE)
        started.append(proc)
        front = Proxy(listen)
        for _ in range(500):  # its readiness, polled: the one wait without an event
            try:
                if httpx.get(f"{front.http}/healthz", timeout=1.0).status_code == 200:
                    return front
            except httpx.HTTPError:
                pass
            assert proc.poll() is None, (root / "error.log").read_text()
            time.sleep(0.02)
        raise AssertionError("nginx did not answer")

    yield start
    for proc in started:
        proc.send_signal(signal.SIGQUIT)
        proc.wait(timeout=20)


def test_the_deploy_docs_nginx_in_front_of_three_processes(
    processes: Callable[..., list[ServerProcess]],
    proxy: Callable[[list[int]], Proxy],
    redis_server: RedisServer,
) -> None:
    servers = processes(3)
    front = proxy([s.port for s in servers])

    async def scenario() -> None:
        # Every player through the proxy: least_conn spreads them over the processes.
        host = await Player.connect(front)  # type: ignore[arg-type]
        a = await Player.connect(front)  # type: ignore[arg-type]
        b = await Player.connect(front)  # type: ignore[arg-type]
        table = await two_seat_table(servers[0], host)
        await seat(a, table, 0)
        await seat(b, table, 1)
        acked: list[int] = []
        await asyncio.gather(play_on(a, table, 15, acked), play_on(b, table, 15, acked))
        # The owner is whichever process the host reached; kill it. Its players' sockets
        # close; the players come back through the proxy (all of them, as after a page
        # reload), to whichever process, at the same table.
        owner = redis.Redis.from_url(redis_server.url, decode_responses=True).get(
            f"bolola:owner:{table}"
        )
        assert isinstance(owner, str) and owner.startswith("p"), owner
        servers[int(owner[1:]) - 1].kill()
        again = []
        for p in (a, b):
            await p.close()
            fresh = await Player.connect(front, token=p.token)  # type: ignore[arg-type]
            await seat(fresh, table)
            again.append(fresh)
        await asyncio.gather(*(play_on(p, table, 30, acked) for p in again))
        versions = await logged(servers[0].database_url, table)
        assert versions == list(range(1, len(versions) + 1)) and versions[-1] >= 30
        assert set(acked) <= set(versions)
        for p in (host, *again):
            await p.close()

    run(scenario)
