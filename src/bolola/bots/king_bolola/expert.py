"""King Bolola's ``expert``: being written; plays as ``beginner`` until then."""

from bolola.bots.base import Bot, Budget, RandomBot


def make_expert(budget: Budget) -> Bot:
    return RandomBot(level="expert")
