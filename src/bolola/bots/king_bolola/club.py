"""King Bolola's ``club``: being written; plays as ``beginner`` until then."""

from bolola.bots.base import Bot, Budget, RandomBot


def make_club(budget: Budget) -> Bot:
    return RandomBot(level="club")
