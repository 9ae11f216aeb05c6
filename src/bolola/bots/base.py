"""What every bot is: a view and the legal actions in, one action out.

A bot never receives a state, so it cannot see another seat's cards; it is deterministic
for a given ``seed``; its effort is bounded by a :class:`Budget`.

>>> bot = make_bot("king-bolola", "beginner")
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bolola.engine import Action, RecordError

LEVELS = ("beginner", "club", "expert")


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard a bot may think. ``samples`` (deals sampled, playouts…) is the knob that
    keeps a bot deterministic; ``seconds`` is a wall-clock cap that only ever shortens
    the search when a slow machine hits it."""

    samples: int = 0  # 0: the level's default
    seconds: float = 0.3


class Bot(Protocol):
    @property
    def level(self) -> str: ...

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        """One of ``legal``, for the seat whose ``view`` this is."""
        ...


@dataclass(frozen=True, slots=True)
class RandomBot:
    """``beginner``: a random legal action, for any game."""

    level: str = "beginner"

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        return legal[random.Random(seed).randrange(len(legal))]


BotFactory = Callable[[Budget], Bot]


def make_bot(game: str, level: str, budget: Budget | None = None) -> Bot:
    """A bot of that level for that game; ``beginner`` plays every game."""
    from bolola import registry

    if level not in LEVELS:
        raise RecordError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    factory = registry.entry(game).bots.get(level)
    if factory is None:
        if level == "beginner":
            return RandomBot()
        raise RecordError(f"no {level} bot for {game} yet")
    return factory(budget or Budget())
