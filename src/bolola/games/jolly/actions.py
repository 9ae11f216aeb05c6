"""Jolly's actions and their one text form (docs/records.md, "Jolly").

A turn (JO-7 … JO-11) is a draw, then any number of melds, lay-offs and swaps, then
one discard. Cards are named by face (``7H``, ``JK``), never by id: two copies of a card
are the same card to the rules, and the lower id of the seat's copies moves.

>>> [str(parse_action(t)) for t in ("draw", "TAKE:3", "discard:10h", "lay:4:jk=th", "swap:2:7S")]
['draw', 'take:3', 'discard:TH', 'lay:4:JK=TH', 'swap:2:7S']
>>> str(parse_action("open: QS,QD,JK=QC | 9H,8H,7H"))
'open:7H,8H,9H|QS,QD,JK=QC'
"""

from __future__ import annotations

from dataclasses import dataclass

from bolola.cards import Card
from bolola.engine import RecordError
from bolola.games.jolly.deck import parse_face
from bolola.games.jolly.meld import Piece, Spec

FORMS = (
    "continue, draw, take:N, open:MELD|MELD…, meld:MELD, lay:ID:CARD, swap:ID:CARD or discard:CARD "
    "(a meld lists its cards: 7H,8H,9H or QS,QD,JK=QC)"
)


@dataclass(frozen=True, slots=True)
class Continue:
    """Between rounds: this seat has read the round's scores (the next round waits for
    every seat; the table's move clock bounds the wait)."""

    def __str__(self) -> str:
        return "continue"


CONTINUE = Continue()


@dataclass(frozen=True, slots=True)
class Draw:
    """The top card of the stock (JO-7)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Take:
    """The last ``count`` cards of the discard pile (JO-7): ``take:1`` is the top card."""

    count: int

    def __str__(self) -> str:
        return f"take:{self.count}"


@dataclass(frozen=True, slots=True)
class Open:
    """The opening declaration (JO-8): one or more melds, 40 points or more together."""

    melds: tuple[Spec, ...]

    def __str__(self) -> str:
        return "open:" + "|".join(str(m) for m in self.melds)


@dataclass(frozen=True, slots=True)
class Meld:
    """A new meld after opening (JO-9)."""

    spec: Spec

    def __str__(self) -> str:
        return f"meld:{self.spec}"


@dataclass(frozen=True, slots=True)
class Lay:
    """A card laid off on meld ``meld_id`` of the table (JO-9)."""

    meld_id: int
    piece: Piece

    def __str__(self) -> str:
        return f"lay:{self.meld_id}:{self.piece}"


@dataclass(frozen=True, slots=True)
class Swap:
    """The natural ``card`` put in the place of the joker standing for it (JO-9)."""

    meld_id: int
    card: Card

    def __str__(self) -> str:
        return f"swap:{self.meld_id}:{self.card}"


@dataclass(frozen=True, slots=True)
class Discard:
    """The card that ends the turn (JO-11)."""

    card: Card

    def __str__(self) -> str:
        return f"discard:{self.card}"


Action = Draw | Take | Open | Meld | Lay | Swap | Discard
DRAW = Draw()


def parse_action(text: str) -> Action | Continue:
    """The action of a text; :class:`RecordError` for anything else."""
    if not isinstance(text, str):
        raise RecordError(f"an action is text like 'draw' or 'discard:QS', not {text!r}")
    word, sep, rest = text.strip().partition(":")
    word = word.strip().lower()
    try:
        if word == "draw" and not sep:
            return DRAW
        if word == "continue" and not sep:
            return CONTINUE
        if word == "take" and sep:
            return Take(_number(rest, "take:N takes the last N cards of the pile"))
        if word == "open" and sep:
            return Open(tuple(sorted((Spec.parse(m) for m in rest.split("|")), key=str)))
        if word == "meld" and sep:
            return Meld(Spec.parse(rest))
        if word in ("lay", "swap") and sep:
            meld_id, sep2, card = rest.partition(":")
            if not sep2:
                raise RecordError(f"write {word}:ID:CARD, like {word}:3:TH")
            n = _number(meld_id, "a meld's id is a number: 1, 2 …")
            if word == "lay":
                return Lay(n, Piece.parse(card))
            return Swap(n, _natural(card))
        if word == "discard" and sep:
            return Discard(parse_face(rest))
    except RecordError as e:
        raise RecordError(f"{text!r}: {e}") from None
    raise RecordError(f"{text!r} is not an action: {FORMS}")


def _number(raw: str, what: str) -> int:
    t = raw.strip()
    if not (t.isascii() and t.isdigit()) or int(t) < 1 or len(t) > 6:
        raise RecordError(what)
    return int(t)


def _natural(raw: str) -> Card:
    card = parse_face(raw)
    if card.is_joker:
        raise RecordError("a joker's place is taken by the card it stands for, like swap:3:TH")
    return card
