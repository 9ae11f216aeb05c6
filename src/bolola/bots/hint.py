"""A hint: the ``expert``'s suggestion for one decision, from the seat's view only.

A game's entry in the registry may carry a ``hint`` hook (``HintFactory``) that values
its candidates cheaply enough to give a reason with numbers; without one the server
asks the game's strongest bot and gives its choice alone. A hint never sees a state, so
it can only name what the seat may see: its own legal actions and counts over the
deals sampled to agree with its view.

A hint may add a :class:`Fact`: a second line counted from the view alone (the cards
played so far and the seat's own hand), such as the highest card of a suit still out.
It names the seat's own cards, cards already shown, and unseen cards only as unseen
(never where one is): what any player at that seat could count for themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bolola.bots.base import Budget
from bolola.engine import Action

EXPERT_CHOICE = "expert_choice"
"""The generic reason: the strongest bot chose it (no numbers to show)."""
ONLY_ACTION = "only_action"
"""The one legal action."""


Var = str | int | float
"""A reason's variable: a card or action in its text form, a count, a mean."""


@dataclass(frozen=True, slots=True)
class Fact:
    """A count behind the choice, read from the view (a key and its variables, translated
    by the client like a reason)."""

    key: str
    vars: Mapping[str, Var] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "vars": dict(self.vars)}


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action, why (a reason key and its variables, translated by the
    client), the seat's expected points for it when the bot values candidates, and a
    fact counted from the view when one bears on it."""

    action: Action
    reason: str
    vars: Mapping[str, Var] = field(default_factory=dict)
    expected: float | None = None
    fact: Fact | None = None

    def to_json(self) -> dict[str, Any]:
        # The fact rides inside the reason, and only when there is one: a client that
        # predates facts reads the same answer as before.
        reason: dict[str, Any] = {"key": self.reason, "vars": dict(self.vars)}
        if self.fact is not None:
            reason["fact"] = self.fact.to_json()
        return {"action": str(self.action), "reason": reason, "expected": self.expected}

    def with_fact(self, fact: Fact | None) -> Hint:
        return replace(self, fact=fact)


HintFactory = Callable[[Any, Sequence[Action], int, Budget], Hint]
"""``hint(view, legal, seed, budget)``: the expert's choice for that view and seed (the
same one its ``choose`` makes), with its reason."""
