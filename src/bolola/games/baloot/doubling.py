"""Doubling (BA-11 … BA-13): Double, Triple, Four and Gahwa, each offered in turn.

>>> from bolola.games.baloot.bid import Contract
>>> d = Doubling.start(Contract("hokum", None, 1, 1))
>>> d.to_move, [str(a) for a in d.legal()]
(2, ['pass', 'double'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bolola.engine import IllegalAction
from bolola.games.baloot.bid import PASS, Contract, Pass

STEPS = ("double", "triple", "four", "gahwa")
LEVELS = {"double": 2, "triple": 3, "four": 4, "gahwa": 4}


@dataclass(frozen=True, slots=True)
class Raise:
    """``double``, ``triple``, ``four`` or ``gahwa``."""

    step: str

    def __str__(self) -> str:
        return self.step


def sun_may_double(team_points: tuple[int, int], buyer_team: int) -> bool:
    """BA-12: a Sun may be doubled only while the buyer's team has more than 100 match
    points and the defenders fewer than 100."""
    return team_points[buyer_team] > 100 and team_points[1 - buyer_team] < 100


@dataclass(frozen=True, slots=True)
class Doubling:
    """The step on offer (``double`` … ``gahwa``) and who may take it. ``asked`` counts
    the defenders offered the Double so far (the one after the buyer first)."""

    buyer: int
    step: str = "double"
    asked: int = 0
    doubler: int | None = None

    @classmethod
    def start(cls, contract: Contract) -> Doubling:
        return cls(contract.buyer)

    @property
    def to_move(self) -> int:
        if self.step == "double":
            return (self.buyer + 1 + 2 * self.asked) % 4
        if self.step == "four" and self.doubler is not None:
            return self.doubler
        return self.buyer

    def legal(self) -> tuple[Pass | Raise, ...]:
        return (PASS, Raise(self.step))

    def apply(self, action: object) -> tuple[Doubling | None, int | None]:
        """The chain after ``action`` (``None`` once it stops) and the level it set."""
        if action not in self.legal():
            raise IllegalAction(
                "BA-11",
                f"{action}: {self.step} is on offer to seat {self.to_move}: say "
                f"{self.step} or pass",
            )
        if isinstance(action, Pass):
            if self.step == "double" and self.asked == 0:
                return replace(self, asked=1), None
            return None, None
        level = LEVELS[self.step]
        if self.step == "gahwa":
            return None, level
        nxt = STEPS[STEPS.index(self.step) + 1]
        doubler = self.to_move if self.step == "double" else self.doubler
        return replace(self, step=nxt, doubler=doubler), level
