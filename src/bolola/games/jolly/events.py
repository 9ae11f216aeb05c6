"""What happens in a Jolly match, as frozen values with one text form.

Everything is public but the card a seat draws from the stock: :class:`DrewCard` reaches
that seat alone (the others see :class:`Drew`). Hands reach a seat only through its view.
Cards are shown by id (``7H2``, ``JK3``), jokers with what they stand for (``JK3=TH``).
"""

from __future__ import annotations

from typing import NamedTuple

from bolola.games.jolly.deck import text
from bolola.games.jolly.meld import TableMeld


def meld_text(meld: TableMeld) -> str:
    cards = ",".join(f"{text(s.card)}={s.face}" if s.joker else text(s.card) for s in meld.slots)
    return f"{meld.id}:{cards}"


class Continued(NamedTuple):
    """Between rounds, a seat has read the scores."""

    seat: int
    audience: None = None

    def __str__(self) -> str:
        return f"continue {self.seat}"


class RoundStarted(NamedTuple):
    round_no: int
    dealer: int
    players: int
    audience: None = None

    def __str__(self) -> str:
        return f"round {self.round_no} dealer {self.dealer} players {self.players}"


class Drew(NamedTuple):
    """A card from the stock, unseen by the others (JO-7)."""

    seat: int
    stock: int  # cards left in the stock
    audience: None = None

    def __str__(self) -> str:
        return f"draw {self.seat} stock {self.stock}"


class DrewCard(NamedTuple):
    """Which card that was, for the drawer's eyes only."""

    seat: int
    card: int
    audience: frozenset[int]

    def __str__(self) -> str:
        return f"drew {self.seat} {text(self.card)}"


class Took(NamedTuple):
    """Cards from the discard pile (JO-7): everyone sees them."""

    seat: int
    cards: tuple[int, ...]
    audience: None = None

    def __str__(self) -> str:
        return f"take {self.seat} " + " ".join(text(c) for c in self.cards)


class Melded(NamedTuple):
    """New melds on the table: the opening (JO-8) or one meld after it (JO-9)."""

    seat: int
    melds: tuple[TableMeld, ...]
    opening: bool
    audience: None = None

    def __str__(self) -> str:
        word = "open" if self.opening else "meld"
        return f"{word} {self.seat} " + " ".join(meld_text(m) for m in self.melds)


class Laid(NamedTuple):
    """A card laid off (JO-9); ``meld`` is the meld as it now stands."""

    seat: int
    card: int
    meld: TableMeld
    audience: None = None

    def __str__(self) -> str:
        return f"lay {self.seat} {text(self.card)} on {meld_text(self.meld)}"


class Swapped(NamedTuple):
    """A natural card in a joker's place; the joker went to the seat's hand (JO-9)."""

    seat: int
    card: int
    joker: int
    meld: TableMeld
    audience: None = None

    def __str__(self) -> str:
        on = meld_text(self.meld)
        return f"swap {self.seat} {text(self.card)} for {text(self.joker)} on {on}"


class Discarded(NamedTuple):
    seat: int
    card: int
    audience: None = None

    def __str__(self) -> str:
        return f"discard {self.seat} {text(self.card)}"


class Rebuilt(NamedTuple):
    """The pile but its last 3 cards, shuffled into a new stock (JO-12)."""

    stock: int
    audience: None = None

    def __str__(self) -> str:
        return f"new stock {self.stock}"


class Closed(NamedTuple):
    """Every card on the table (JO-13); ``mano`` for a mano jolly (JO-14)."""

    seat: int
    mano: bool
    audience: None = None

    def __str__(self) -> str:
        return f"close {self.seat}" + (" mano jolly" if self.mano else "")


class RoundScored(NamedTuple):
    round_no: int
    closer: int | None
    points: tuple[int, ...]
    totals: tuple[int, ...]
    audience: None = None

    def __str__(self) -> str:
        who = "no closer" if self.closer is None else f"closer {self.closer}"
        p = " ".join(str(x) for x in self.points)
        t = " ".join(str(x) for x in self.totals)
        return f"score {self.round_no} {who} {p} totals {t}"


class MatchEnded(NamedTuple):
    winner: int
    totals: tuple[int, ...]
    audience: None = None

    def __str__(self) -> str:
        return f"over seat {self.winner} " + " ".join(str(t) for t in self.totals)
