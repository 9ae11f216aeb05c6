"""A serial task: one owner's commands run one at a time, in the order they came.

A table is the one owner here (:class:`~bolola.server.table.Table`): two actions, a join
race or a move against the clock are simply ordered, with no lock. ``call`` waits for
its command's result, ``post`` does not (timers, bots, closed connections); a command's
failure is its caller's, never the task's. Stopping lets the command running finish,
briefly, and refuses the ones still queued.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bolola.server.protocol import ProtocolError

T = TypeVar("T")
log = logging.getLogger("bolola.table")
# How long stopping waits for the command running (an action being committed) to finish.
STOP_SECONDS = 2.0
STOPPING = "the server is stopping; try again in a moment"


class Serial:
    def __init__(self, name: str) -> None:
        self._name = name
        self._stopping = False
        self._stopped: asyncio.Future[None] | None = None
        self._queue: asyncio.Queue[
            tuple[Callable[[], Awaitable[Any]], asyncio.Future[Any]] | None
        ] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._side_tasks: set[asyncio.Task[Any]] = set()

    @property
    def cold(self) -> bool:
        """Its state not rebuilt yet: ``warm`` runs before the next command."""
        return False

    async def warm(self) -> None:
        """Rebuild what ``cold`` says is missing (in the task, before any command)."""

    def _halt(self) -> None:
        """Stopping: cancel the owner's timers, before its task winds down."""

    def _start_task(self) -> None:
        self._task = asyncio.create_task(self._run(), name=self._name)

    async def stop(self) -> None:
        """No more commands, timers or side tasks; the command running (an action being
        committed) may finish, briefly; the commands still queued are refused."""
        if self._stopped is None:
            self._stopping = True  # at once: nothing new starts from here on
            self._stopped = asyncio.ensure_future(self._wind_down())
        await asyncio.shield(self._stopped)

    async def _wind_down(self) -> None:
        self._halt()
        for task in self._side_tasks:
            task.cancel()
        if self._task is not None:
            self._queue.put_nowait(None)  # the task ends when it comes to this
            try:
                await asyncio.wait_for(asyncio.shield(self._task), STOP_SECONDS)
            except TimeoutError:
                self._task.cancel()
        await asyncio.gather(
            *[t for t in [self._task, *self._side_tasks] if t is not None],
            return_exceptions=True,
        )
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if item is not None and not item[1].done():
                item[1].set_exception(ProtocolError("server_error", STOPPING))

    async def call(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Run ``fn`` in the task, after every command queued before it."""
        if self._stopping:
            raise ProtocolError("server_error", STOPPING)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, future))
        return await future

    def post(self, fn: Callable[[], Awaitable[Any]]) -> None:
        """Queue ``fn`` without waiting (timers, bots, closed connections)."""
        if self._stopping:
            return
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        future.add_done_callback(_log_failure)
        self._queue.put_nowait((fn, future))

    async def _run(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            fn, future = item
            try:
                if self.cold:
                    await self.warm()
                result = await fn()
            except asyncio.CancelledError:
                if not future.done():
                    future.set_exception(ProtocolError("server_error", STOPPING))
                raise
            except Exception as e:  # a command's failure is its caller's, not the task's
                if not future.done():
                    future.set_exception(e)
            else:
                if not future.done():
                    future.set_result(result)

    def _spawn(self, coro: Awaitable[Any]) -> None:
        """A task of the owner's that runs beside its commands (a bot thinking), cancelled
        when it stops."""
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._side_tasks.add(task)
        task.add_done_callback(self._side_tasks.discard)
        task.add_done_callback(_log_failure)


def _log_failure(future: asyncio.Future[Any]) -> None:
    if future.cancelled():
        return
    e = future.exception()
    if e is not None and not isinstance(e, ProtocolError):
        log.error("table command failed", exc_info=e)
