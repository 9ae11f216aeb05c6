"""A hint: the ``expert``'s suggestion for one decision, from the seat's view only.

A game's entry in the registry may carry a ``hint`` hook (``HintFactory``) that values
its candidates cheaply enough to give a reason with numbers; without one the server
asks the game's strongest bot and gives its choice alone. A hint never sees a state, so
it can only name what the seat may see: its own legal actions and counts over the
deals sampled to agree with its view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bolola.bots.base import Budget
from bolola.engine import Action

EXPERT_CHOICE = "expert_choice"
"""The generic reason: the strongest bot chose it (no numbers to show)."""
ONLY_ACTION = "only_action"
"""The one legal action."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action, why (a reason key and its variables, translated by the
    client) and the seat's expected points for it when the bot values candidates."""

    action: Action
    reason: str
    vars: Mapping[str, str | int | float] = field(default_factory=dict)
    expected: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "reason": {"key": self.reason, "vars": dict(self.vars)},
            "expected": self.expected,
        }


HintFactory = Callable[[Any, Sequence[Action], int, Budget], Hint]
"""``hint(view, legal, seed, budget)``: the expert's choice for that view and seed (the
same one its ``choose`` makes), with its reason."""
