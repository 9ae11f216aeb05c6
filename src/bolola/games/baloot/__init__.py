"""Baloot: 4 players in two teams, Hokum or Sun, projects, doubling, to 152.

Rules: docs/rules/baloot.md (BA-1 … BA-26).
"""

from bolola.games.baloot.actions import parse_action
from bolola.games.baloot.match import GAME, Baloot, Match
from bolola.games.baloot.options import BalootOptions
from bolola.games.baloot.view import BalootView

__all__ = ["GAME", "Baloot", "BalootOptions", "BalootView", "Match", "parse_action"]
