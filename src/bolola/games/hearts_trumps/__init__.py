"""Hearts Are Trumps: 2 players, secret placements, battles for loot.

Rules: docs/rules/hearts-trumps.md (HT-1 … HT-16).
"""

# At start, like every game's other modules: imported by a table's first end instead,
# its classes and functions were made among the live tables' objects and kept their
# pages once those left (issue 15, "Memory, seventh round").
from bolola.games.hearts_trumps import records  # noqa: F401  (imports match)
from bolola.games.hearts_trumps.battle import Battle, Why, battles, duel, winners
from bolola.games.hearts_trumps.match import GAME, HeartsTrumps, Match
from bolola.games.hearts_trumps.placement import Place, parse_action
from bolola.games.hearts_trumps.view import HeartsTrumpsView

__all__ = [
    "GAME",
    "Battle",
    "HeartsTrumps",
    "HeartsTrumpsView",
    "Match",
    "Place",
    "Why",
    "battles",
    "duel",
    "parse_action",
    "winners",
]
