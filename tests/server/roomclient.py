"""Test clients: a ``bolola serve`` process on loopback, WebSocket players, a REST session."""

from __future__ import annotations

import asyncio
import functools
import json
import multiprocessing
import multiprocessing.forkserver
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
from websockets.asyncio.client import ClientConnection, connect

# Generous message limits for scripted clients, which play far faster than people; tight
# chat limits, which the chat test checks (no other test chats).
FAST = {
    "messages_per_second": 100000,
    "message_burst": 100000,
    "chat_burst": 3,
    "chat_per_second": 0.01,
    "chat_max_chars": 20,
    "stand_in_level": "beginner",
    # Stand-ins move at once here (their pace has its own test).
    "stand_in_seconds": 0,
    # The clock tests run on move limits far below a person's (0.05 s).
    "min_move_seconds": 0,
    # Every test makes guests, tables and connections from this one address, and waits
    # on tables whose players left: limits meant for the open internet, lifted here (the
    # limits' own tests set them).
    "guests_per_address_per_hour": 100000,
    "tables_per_player": 1000,
    "connections_per_player": 1000,
    "bot_tables_share": 1.0,
    # The start's rehearsal (a match of every game, seconds of CPU) has its own tests.
    "rehearse": False,
    # Passwords set by the operator's command reach the open sockets soon.
    "sessions_check_seconds": 0.5,
}

T = TypeVar("T")
WAIT = 20.0  # the longest any awaited frame may take before the test fails
START = 120.0  # a loaded two-core machine can take long to import and migrate


def run(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    return asyncio.run(scenario())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def environment(settings: dict[str, Any]) -> dict[str, str]:
    """Settings as ``bolola serve`` reads them: ``BOLOLA_*`` variables (a test secret key
    unless one is given)."""
    env = {f"BOLOLA_{k.upper()}": str(v) for k, v in settings.items()}
    env.setdefault("BOLOLA_SECRET_KEY", os.environ.get("BOLOLA_SECRET_KEY", "test-secret"))
    return env


class ServerProcess:
    """``bolola serve`` in a process of its own; started, killed and restarted on the same
    database (and port).

    The process runs the command (``bolola.cli.main(["serve", ...])``) forked from a process
    that has imported Bolola already (multiprocessing's forkserver): a real process with its
    own memory, signals, logs and exit code, without the seconds every ``python -m
    bolola.cli`` spends importing. ``fresh=True`` runs ``python -m bolola.cli serve`` itself,
    for the tests about the command.
    """

    def __init__(
        self, database_url: str, workdir: Path, *, fresh: bool = False, **settings: Any
    ) -> None:
        self.database_url = database_url
        self.workdir = workdir
        self.settings = settings
        self.fresh = fresh
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | Forked | None = None
        self.log = workdir / "server.log"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        argv = ["serve", "--port", str(self.port), "--database-url", self.database_url]
        argv += ["--log-level", "info"]
        if self.fresh:
            env = {**os.environ, **environment(self.settings)}
            with self.log.open("ab") as out:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "bolola.cli", *argv],
                    stdout=out,
                    stderr=out,
                    env=env,
                    cwd=self.workdir,
                )
        else:
            self.proc = Forked(argv, environment(self.settings), self.log, self.workdir)
        self.wait_ready()

    def wait_ready(self) -> None:
        # Polling the readiness endpoint: the one wait a test may do without an event.
        deadline = time.monotonic() + START
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.http}/healthz", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.02)
        raise RuntimeError(f"server not ready: {self.log.read_text()[-3000:]}")

    def stop(self) -> int:
        """Graceful: SIGTERM, then wait."""
        assert self.proc is not None
        self.proc.terminate()
        code = self.proc.wait(timeout=WAIT)
        self.proc = None
        return code

    def kill(self) -> None:
        """SIGKILL, then wait."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(timeout=WAIT)
        self.proc = None


@functools.cache
def forkserver() -> Any:
    """The forkserver context, its server started (at most once) with what ``bolola serve``
    needs imported; servers start at once after its first few seconds."""
    from bolola.cli import COMMANDS

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(
        [
            "bolola.cli",
            *(module for module, _ in COMMANDS.values()),
            "bolola.server.app",
            "uvicorn",
            "uvicorn.lifespan.on",
            "uvicorn.protocols.http.h11_impl",
            "uvicorn.protocols.http.httptools_impl",
            "uvicorn.protocols.websockets.websockets_sansio_impl",
            "aiosqlite",
            "asyncpg",
            "sqlalchemy.dialects.sqlite.aiosqlite",
            "sqlalchemy.dialects.postgresql.asyncpg",
            "servewarmup",  # bolola's command line built once: what it loads, loaded
            __name__,  # this module: the children's entry point
        ]
    )
    # Python 3.11's forkserver imports its preloads on the interpreter's own path, not
    # ours: this folder's modules it finds through PYTHONPATH (preloads that fail to
    # import are skipped without a word).
    here = str(Path(__file__).resolve().parent)
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([here, saved] if saved else [here])
    try:
        multiprocessing.forkserver.ensure_running()
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved
    return context


def _serve_forked(argv: list[str], env: dict[str, str], log: str, workdir: str) -> None:
    """In the forked process: what ``python -m bolola.cli`` would do, its output to ``log``."""
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    os.chdir(workdir)
    os.environ.update(env)
    from bolola.cli import main

    code = main(argv)
    sys.stdout.flush()
    sys.stderr.flush()
    sys.exit(code)


class Forked:
    """A forked ``bolola serve`` with the part of ``subprocess.Popen`` the tests use."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path, workdir: Path) -> None:
        self.process = forkserver().Process(
            target=_serve_forked, args=(argv, env, str(log), str(workdir)), daemon=True
        )
        self.process.start()

    @property
    def pid(self) -> int:
        pid = self.process.pid
        assert pid is not None
        return pid

    def poll(self) -> int | None:
        code: int | None = self.process.exitcode
        return code

    def terminate(self) -> None:
        self.process.terminate()

    def kill(self) -> None:
        self.process.kill()

    def wait(self, timeout: float) -> int:
        self.process.join(timeout)
        code: int | None = self.process.exitcode
        if code is None:
            raise subprocess.TimeoutExpired("bolola serve", timeout)
        return code


class Rest:
    """An HTTP session with a bearer token (no CSRF needed) or cookies (CSRF needed)."""

    def __init__(self, server: ServerProcess, token: str | None = None) -> None:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        self.client = httpx.AsyncClient(base_url=server.http, headers=headers, timeout=WAIT)

    async def guest(self) -> dict[str, Any]:
        csrf = (await self.client.get("/api/csrf")).json()["csrf"]
        r = await self.client.post("/api/guest", headers={"x-csrf-token": csrf})
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        self.client.headers["authorization"] = f"Bearer {body['token']}"
        return body

    async def post(self, path: str, body: Any = None) -> httpx.Response:
        return await self.client.post(path, json=body)

    async def get(self, path: str) -> httpx.Response:
        return await self.client.get(path)

    async def close(self) -> None:
        await self.client.aclose()


class Player:
    """A WebSocket client that keeps every frame it receives (for the leak checks)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader = asyncio.create_task(self._read())
        self.welcome: dict[str, Any] = {}
        self.view: dict[str, Any] | None = None
        self.version = 0
        self.closed = asyncio.Event()
        self.close_reason = ""

    @classmethod
    async def connect(
        cls, server: ServerProcess, token: str | None = None, *, fold_acks: bool = False
    ) -> Player:
        ws = await connect(server.ws, max_size=None)
        player = cls(ws)
        hello: dict[str, Any] = {"type": "hello", "protocol": 1}
        if token:
            hello["token"] = token
        if fold_acks:
            hello["fold_acks"] = True
        await player.send(hello)
        player.welcome = await player.expect("welcome")
        return player

    @property
    def token(self) -> str:
        token: str = self.welcome["token"]
        return token

    @property
    def name(self) -> str:
        name: str = self.welcome["player"]["name"]
        return name

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                frame = json.loads(raw)
                self.frames.append(frame)
                if frame.get("view") is not None:
                    self.view = frame["view"]
                if isinstance(frame.get("version"), int) and frame["type"] in (
                    "update",
                    "snapshot",
                    "catchup",
                ):
                    self.version = frame["version"]
                await self.inbox.put(frame)
        except Exception:
            pass
        finally:
            # Kept for a failure's message: a wait that times out on a closed socket says so.
            self.close_reason = _close_reason(self.ws)
            self.closed.set()

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def expect(
        self, kind: str | Callable[[dict[str, Any]], bool], timeout: float = WAIT
    ) -> dict[str, Any]:
        """The next frame of that type (or matching), skipping others."""
        match = kind if callable(kind) else (lambda f: f.get("type") == kind)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    frame = await self.inbox.get()
                    if match(frame):
                        return frame
        except TimeoutError:
            # What the client last heard says why it waits (a lost frame, a seat offline).
            last = "\n".join(brief(f) for f in self.frames[-20:])
            if self.closed.is_set():
                last += f"\nthen the connection closed: {self.close_reason}"
            raise AssertionError(f"no frame came in {timeout} s; the last ones:\n{last}") from None

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


def _close_reason(ws: ClientConnection) -> str:
    sent, received = ws.protocol.close_sent, ws.protocol.close_rcvd
    if received is not None:
        return f"the server closed it ({received.code} {received.reason})"
    if sent is not None:
        return f"this client closed it ({sent.code} {sent.reason})"
    return "without a close frame"


def brief(frame: dict[str, Any]) -> str:
    """A frame in a line: its kind and what says where the table stood."""
    view = frame.get("view") or {}
    keys = ("type", "table", "version", "code", "id")
    said = {k: frame[k] for k in keys if k in frame}
    if view:
        said["to_move"] = view.get("to_move")
        said["seat"] = view.get("seat")
        said["legal"] = len(view.get("legal") or [])
    if frame.get("type") == "seats":
        said["seats"] = [(s["online"], s["away"]) for s in frame["seats"] if s["kind"] == "human"]
    return json.dumps(said)


def my_turn(player: Player) -> bool:
    view = player.view
    return bool(view and view["seat"] in view["to_move"] and view["legal"])


async def play(
    player: Player,
    table: int,
    *,
    until: Callable[[dict[str, Any]], bool] | None = None,
    pick: Callable[[list[str], int], str] = lambda legal, version: legal[0],
) -> dict[str, Any]:
    """Play the first legal action (or ``pick``'s) whenever it is this seat's turn, until a
    frame matches ``until`` (default: the match is over); returns that frame. An error
    frame fails the test."""
    done = until or (lambda f: f.get("type") == "over")
    acted_at = -1
    # In a simultaneous phase the other seat's update can arrive while this seat's action
    # is unanswered, and still list this seat to move: act again only once the answer and
    # the update of this seat's own action are in.
    pending, applied_at = False, -1
    while True:
        ready = not pending and player.version >= applied_at
        if ready and my_turn(player) and player.version != acted_at:
            pending, acted_at = True, player.version
            assert player.view is not None
            action = pick(player.view["legal"], acted_at)
            await player.send(
                {
                    "type": "action",
                    "table": table,
                    "id": f"{player.name}-{acted_at}",
                    "version": acted_at,
                    "action": action,
                }
            )
        frame = await player.expect(lambda f: True)
        if frame.get("type") == "error":
            raise AssertionError(f"unexpected error frame: {frame}")
        if frame.get("type") == "ack":
            pending, applied_at = False, int(frame["version"])
        if done(frame):
            return frame


async def open_table(
    server: ServerProcess,
    humans: int = 4,
    *,
    bot_level: str = "beginner",
    **table: Any,
) -> tuple[int, list[Player]]:
    """A table whose first ``humans`` seats are taken by new guests (seat i by player i)
    and the rest by bots; returns its id and the seated players (joined, snapshot read)."""
    players = [await Player.connect(server) for _ in range(max(humans, 1))]
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "level": bot_level}] * (4 - humans)
    await players[0].send({"type": "create", "table": {"seats": seats, **table}})
    table_id: int = (await players[0].expect("created"))["table"]["id"]
    for seat, p in enumerate(players[:humans]):
        await p.send({"type": "join", "table": table_id, "seat": seat})
        joined = await p.expect("joined")
        assert joined["seat"] == seat
        await p.expect("snapshot")
    return table_id, players[:humans] if humans else []


async def everyone_plays(
    players: list[Player], table: int, until: Callable[[dict[str, Any]], bool]
) -> list[dict[str, Any]]:
    """All seated players play until each has seen a frame matching ``until``."""
    return list(await asyncio.gather(*(play(p, table, until=until) for p in players)))


async def heart_match(
    server: ServerProcess, *, level: str = "beginner", **table: Any
) -> tuple[Player, int, dict[str, Any]]:
    """A new guest's Hearts Are Trumps match to 1 point (one deal) against a bot of
    ``level``, played to its end (``table``: more of the table's spec, ``rated=True``
    say): the player, the table and the over frame."""
    p = await Player.connect(server)
    seats = [{"kind": "human"}, {"kind": "bot", "level": level}]
    spec = {"game": "hearts-trumps", "options": {"target": 1}, "seats": seats, **table}
    await p.send({"type": "create", "table": spec})
    table_id: int = (await p.expect("created"))["table"]["id"]
    await p.send({"type": "join", "table": table_id, "seat": 0})
    await p.expect("snapshot")
    return p, table_id, await play(p, table_id)
