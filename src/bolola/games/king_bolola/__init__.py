"""King Bolola: 4 players, 24 deals, nine contracts (docs/rules/king-bolola.md)."""

from bolola.games.king_bolola.match import GAME, KingBolola, Match

__all__ = ["GAME", "KingBolola", "Match"]
