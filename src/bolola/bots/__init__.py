"""Bots at three levels over the engine contract (see :mod:`bolola.bots.base`)."""

from bolola.bots.base import LEVELS, Bot, Budget, RandomBot, make_bot, register_bot

__all__ = ["LEVELS", "Bot", "Budget", "RandomBot", "make_bot", "register_bot"]

import bolola.bots.hearts_trumps  # registers Hearts Are Trumps' bots
import bolola.bots.king_bolola  # noqa: F401  (registers King Bolola's bots)
