"""Bots at three levels over the engine contract (see :mod:`bolola.bots.base`)."""

from bolola.bots.base import LEVELS, Bot, Budget, RandomBot, make_bot

__all__ = ["LEVELS", "Bot", "Budget", "RandomBot", "make_bot"]
