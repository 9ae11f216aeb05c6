"""Every Baloot action from its one text form.

>>> [str(parse_action(t)) for t in ("pass", "Hokum:s", "gahwa", "10h", "project:sira:9H,7H,8H")]
['pass', 'hokum:S', 'gahwa', 'TH', 'project:sira:7H,8H,9H']
"""

from __future__ import annotations

from bolola.cards import CardError, Suit
from bolola.engine import RecordError
from bolola.games.baloot.bid import BIDS, PASS, Call
from bolola.games.baloot.deal import Action
from bolola.games.baloot.deck import parse_card
from bolola.games.baloot.doubling import STEPS, Raise
from bolola.games.baloot.projects import Project


def parse_action(text: str) -> Action:
    """``pass``, ``hokum``, ``hokum:S``, ``sun``, ``ashkal``, ``double``, ``triple``,
    ``four``, ``gahwa``, ``project:KIND:CARDS`` or a card (``QS``); :class:`RecordError`
    for anything else."""
    if not isinstance(text, str):
        raise RecordError(f"an action is text like 'pass' or 'QS', not {text!r}")
    word = text.strip().lower()
    if word == "pass":
        return PASS
    if word in BIDS:
        return Call(word)
    if word in STEPS:
        return Raise(word)
    if word.startswith("hokum:"):
        try:
            return Call("hokum", Suit.parse(word[6:]))
        except CardError as e:
            raise RecordError(f"{text!r}: {e}") from None
    if word.startswith("project:"):
        return Project.parse(text.strip())
    try:
        return parse_card(text)
    except RecordError:
        raise RecordError(
            f"{text!r} is not an action: pass, hokum, hokum:S, sun, ashkal, double, triple, "
            f"four, gahwa, project:sira:7H,8H,9H or a card like QS"
        ) from None
