"""Jolly: rummy for 2 to 4 players with two decks and six jokers, to 100, 250 or 500.

Rules: docs/rules/jolly.md (JO-1 … JO-20).
"""

from bolola.games.jolly.actions import parse_action
from bolola.games.jolly.match import GAME, Jolly, Match
from bolola.games.jolly.options import JollyOptions
from bolola.games.jolly.view import JollyView

__all__ = ["GAME", "Jolly", "JollyOptions", "JollyView", "Match", "parse_action"]
