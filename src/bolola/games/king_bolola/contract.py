"""The nine contracts of King Bolola and their quotas (KB-7, KB-8)."""

from __future__ import annotations

from enum import Enum, IntEnum

from bolola.engine import RecordError


class ContractClass(Enum):
    """What a declarer owes over a match: 3 negative, 2 trumps, 1 bolola (KB-8)."""

    NEGATIVE = "negative"
    TRUMPS = "trumps"
    BOLOLA = "bolola"


class Contract(IntEnum):
    """A contract; its ``str`` is the id used in records and on the wire."""

    TRICKS = 0
    JACKS_KINGS = 1
    QUEENS = 2
    HEARTS = 3
    LAST_TWO = 4
    KING_OF_HEARTS = 5
    BOLOLA_NEGATIVE = 6
    TRUMPS = 7
    BOLOLA_POSITIVE = 8

    # str, klass and quota are read for every contract of every view: table lookups, not
    # enum machinery (they were a tenth of a view's cost).
    def __str__(self) -> str:
        return IDS[self]

    @property
    def id(self) -> str:
        return str(self)

    @property
    def klass(self) -> ContractClass:
        return KLASSES[self]

    @property
    def quota(self) -> int:
        """Times per match (KB-7)."""
        return QUOTAS[self]

    @property
    def total(self) -> int:
        """The points a complete deal hands out, summed over the four seats."""
        return TOTALS[self]

    @property
    def is_positive(self) -> bool:
        return self in (Contract.TRUMPS, Contract.BOLOLA_POSITIVE)

    @property
    def restricts_heart_leads(self) -> bool:
        """KB-14 applies (KB-24, KB-26, KB-28, KB-35)."""
        return self in (
            Contract.HEARTS,
            Contract.KING_OF_HEARTS,
            Contract.BOLOLA_NEGATIVE,
            Contract.BOLOLA_POSITIVE,
        )

    @property
    def spanish(self) -> str:
        return SPANISH[self]

    @classmethod
    def parse(cls, text: str) -> Contract:
        try:
            return BY_ID[text.strip().lower()]
        except (KeyError, AttributeError):
            known = ", ".join(BY_ID)
            raise RecordError(f"unknown contract {text!r} (known: {known})") from None


IDS = tuple(c.name.lower().replace("_", "-") for c in Contract)
"""Each contract's id (its ``str``), by contract."""
KLASSES = tuple(
    ContractClass.TRUMPS
    if c is Contract.TRUMPS
    else ContractClass.BOLOLA
    if c in (Contract.BOLOLA_NEGATIVE, Contract.BOLOLA_POSITIVE)
    else ContractClass.NEGATIVE
    for c in Contract
)
QUOTAS = tuple(8 if c in (Contract.TRUMPS, Contract.BOLOLA_POSITIVE) else 2 for c in Contract)
"""Each contract's quota (KB-7), by contract."""
BY_ID = {str(c): c for c in Contract}
TOTALS = {
    Contract.TRICKS: -650,
    Contract.JACKS_KINGS: -480,
    Contract.QUEENS: -400,
    Contract.HEARTS: -390,
    Contract.LAST_TWO: -360,
    Contract.KING_OF_HEARTS: -320,
    Contract.BOLOLA_NEGATIVE: -800,
    Contract.TRUMPS: 650,
    Contract.BOLOLA_POSITIVE: 800,
}
SPANISH = {
    Contract.TRICKS: "Bazas",
    Contract.JACKS_KINGS: "Chicos",
    Contract.QUEENS: "Reinas",
    Contract.HEARTS: "Corazones",
    Contract.LAST_TWO: "2 últimas",
    Contract.KING_OF_HEARTS: "King",
    Contract.BOLOLA_NEGATIVE: "Bolola negativa",
    Contract.TRUMPS: "Triunfos",
    Contract.BOLOLA_POSITIVE: "Bolola positiva",
}
# How many declarations of each class a player makes in a match (KB-8).
CLASS_DUTY = {ContractClass.NEGATIVE: 3, ContractClass.TRUMPS: 2, ContractClass.BOLOLA: 1}
