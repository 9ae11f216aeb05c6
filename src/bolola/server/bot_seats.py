"""The seats a bot plays at a table: a bot's own, and a person's while they are away or
their clock ran out (a stand-in, PL-5).

A bot gets its seat's view and legal actions only, thinks off the event loop, and its
move goes through the table's task like anyone's: a move the table has moved past since
is dropped, and one the database refuses is tried again later.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from bolola.bots import Bot, make_bot
from bolola.engine import Game, Seat
from bolola.server.pacer import Pacer
from bolola.server.protocol import ProtocolError
from bolola.server.seat import Holder
from bolola.server.serial import Serial
from bolola.server.settings import Settings

log = logging.getLogger("bolola.table")


class BotSeats(Serial):
    """The part of a :class:`~bolola.server.table.Table` that moves for its bots."""

    # The table's own, read here.
    id: int
    game: Game[Any, Any, Any, Any]
    state: Any
    version: int
    status: str
    seed: int
    holders: list[Holder]
    settings: Settings
    pacer: Pacer | None

    if TYPE_CHECKING:  # the table's, used here

        async def _accept(
            self, seat: Seat, action: Any, player_id: int | None, client_id: str | None
        ) -> int: ...

        async def _settle_log(self) -> None: ...

        def _retry_later(self) -> None: ...

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.bots: dict[str, Bot] = {}  # by level, made on a first move
        self.thinking: set[tuple[int, Seat]] = set()  # (version, seat) a bot moves for

    @property
    def unattended(self) -> bool:
        """No seated person is connected: an all-bot table, or one its players left."""
        return not any(h.kind == "human" and h.online > 0 for h in self.holders)

    def _play_bots(self) -> None:
        if self.status != "playing" or self._stopping:
            return
        for seat in self.game.to_move(self.state):
            if self.holders[seat].by_bot and (self.version, seat) not in self.thinking:
                self.thinking.add((self.version, seat))
                self._spawn(self._think(self.version, seat))

    def _bot(self, seat: Seat) -> Bot:
        h = self.holders[seat]
        level = h.level if h.kind == "bot" and h.level else self.settings.stand_in_level
        bot = self.bots.get(level)
        if bot is None:
            bot = self.bots[level] = make_bot(self.game.name, level)
        return bot

    async def _think(self, version: int, seat: Seat) -> None:
        try:
            if self.holders[seat].kind == "human" and self.settings.stand_in_seconds > 0:
                # A stand-in plays at a person's pace: "I'm back" stays worth pressing.
                await asyncio.sleep(self.settings.stand_in_seconds)
            if self.pacer is not None and self.unattended:
                async with self.pacer.turn():
                    await self._bot_turn(version, seat)
            else:
                await self._bot_turn(version, seat)
        finally:
            self.thinking.discard((version, seat))

    async def _bot_turn(self, version: int, seat: Seat) -> None:
        if version != self.version or self.status != "playing":
            return  # the table moved on while this waited its turn
        view = self.game.view(self.state, seat)
        legal = self.game.legal_actions(self.state, seat)
        bot = self._bot(seat)
        seed = hash((self.seed, version, seat)) & 0x7FFFFFFF
        action = await asyncio.to_thread(bot.choose, view, legal, seed)
        self.thinking.discard((version, seat))
        await self.call(lambda: self._bot_move(version, seat, action))

    async def _bot_move(self, version: int, seat: Seat, action: Any) -> None:
        if self._stopping:  # queued before the stop, its thinker cancelled since
            return
        try:
            await self._settle_log()
        except ProtocolError:
            self._retry_later()
            return
        if (
            version != self.version
            or self.status != "playing"
            or not self.holders[seat].by_bot
            or seat not in self.game.to_move(self.state)
        ):
            return
        try:
            await self._accept(seat, action, None, None)
        except ProtocolError as e:
            if e.code == "server_error":  # the database: the same move again, later
                self._retry_later()
            else:
                log.error("bot move refused: %s", e.message, extra={"table": self.id, "seat": seat})
