"""King Bolola's two actions: declare a contract, play a card.

>>> parse_action("trumps:S")
Declare(contract=<Contract.TRUMPS: 7>, trump=<Suit.SPADES: 0>)
>>> str(parse_action("10h"))
'TH'
"""

from __future__ import annotations

from dataclasses import dataclass

from bolola.cards import Card, CardError, Suit
from bolola.engine import RecordError
from bolola.games.king_bolola.contract import BY_ID, Contract


@dataclass(frozen=True, slots=True)
class Declare:
    """Choose the deal's contract, and the trump suit for ``trumps``.

    Text form: ``queens``, ``trumps:S``.
    """

    contract: Contract
    trump: Suit | None = None

    def __str__(self) -> str:
        if self.trump is None:
            return str(self.contract)
        return f"{self.contract}:{self.trump.letter}"


Action = Card | Declare
"""Playing a card is the card itself: its text form is the card's, ``QS``."""


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise RecordError(f"an action is text like 'QS' or 'trumps:H', not {text!r}")
    t = text.strip()
    name, sep, suit = t.partition(":")
    if name.lower() in BY_ID:
        contract = Contract.parse(name)
        if not sep:
            return Declare(contract)
        try:
            return Declare(contract, Suit.parse(suit))
        except CardError as e:
            raise RecordError(str(e)) from None
    try:
        card = Card.parse(t)
    except CardError:
        raise RecordError(
            f"unknown action {text!r}: a card (QS, 10H) or a contract (queens, trumps:S)"
        ) from None
    if card.is_joker:
        raise RecordError("King Bolola is played without jokers (KB-1)")
    return card
