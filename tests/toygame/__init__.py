"""A test-only game, registered by the tests (``tests/conftest.py``): three seats, a
simultaneous phase, hidden cards, deals and a match. It implements the whole contract,
every hook included, and nothing outside this folder knows it exists."""

from toygame.game import BOTS, GAME

__all__ = ["BOTS", "GAME"]
