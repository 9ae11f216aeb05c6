"""Melds (JO-3 … JO-5): a meld as an action names it (:class:`Spec`), its shape, and a
meld on the table (:class:`TableMeld`) taking lay-offs and joker swaps (JO-9).

An action names a meld by its pieces: a card (``TH``), or a joker and the card it stands
for (``JK=TH``). A run lists its cards from the lowest up, so an ace first is low and an
ace last is high; a set lists them by suit, S H D C. Parsing puts any order into that one.

>>> str(Spec.parse("jh,9H,jk=th")), str(Spec.parse("KC,JK=KS,KH"))
('9H,JK=TH,JH', 'JK=KS,KH,KC')
>>> shape(Spec.parse("QH,KH,AH").pieces), shape(Spec.parse("2H,AH,3H").pieces)
(Shape(kind='run', low=12), Shape(kind='run', low=1))
>>> Spec.parse("8D,9D,TD").points, Spec.parse("AD,AH,AS").points, Spec.parse("AD,2D,3D").points
(27, 75, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import pairwise

from bolola.cards import Card, Suit
from bolola.engine import IllegalAction, RecordError
from bolola.games.jolly.deck import ACE, is_joker, parse_face, rank_points

RUN = "run"
SET = "set"


def position_rank(pos: int) -> int:
    """The rank at a run position: 1 is the low ace, 2..13 themselves, 14 the high ace."""
    return ACE if pos in (1, 14) else pos


def position_points(pos: int) -> int:
    """A card's points at a run position (JO-15): the low ace 1, the high ace 10."""
    return 1 if pos == 1 else rank_points(pos)


def set_points(rank: int) -> int:
    """A card's points in a set (JO-15): an ace 25."""
    return 25 if rank == ACE else rank_points(rank)


@dataclass(frozen=True, slots=True)
class Piece:
    """One card of a meld as an action names it: a card, or a joker standing for one."""

    face: Card
    joker: bool = False

    def __str__(self) -> str:
        return f"JK={self.face}" if self.joker else str(self.face)

    @classmethod
    def parse(cls, raw: str) -> Piece:
        t = raw.strip().upper()
        if t.startswith("JK"):
            rest = t[2:].strip()
            if not rest.startswith("="):
                raise RecordError(f"{raw!r}: a joker says what it stands for, like JK=TH")
            stands = parse_face(rest[1:])
            if stands.is_joker:
                raise RecordError(f"{raw!r}: a joker stands for a card, like JK=TH")
            return cls(stands, True)
        return cls(parse_face(t))


@dataclass(frozen=True, slots=True)
class Shape:
    kind: str  # RUN or SET
    low: int  # a run's first position (1 = the low ace); 0 for a set


@dataclass(frozen=True, slots=True)
class Spec:
    """A meld as an action names it: its pieces in their one order."""

    pieces: tuple[Piece, ...]

    def __str__(self) -> str:
        return ",".join(str(p) for p in self.pieces)

    @classmethod
    def parse(cls, raw: str) -> Spec:
        parts = raw.split(",")
        if not raw.strip():
            raise RecordError("a meld lists its cards: 7H,8H,9H or QS,QD,JK=QC")
        return cls(normalize(tuple(Piece.parse(p) for p in parts)))

    @property
    def points(self) -> int:
        """What the meld scores (JO-15); raises :class:`IllegalAction` if it is no meld."""
        return meld_points(shape(self.pieces), self.pieces)

    @property
    def jokers(self) -> int:
        return sum(p.joker for p in self.pieces)

    def naturals(self) -> tuple[Card, ...]:
        return tuple(p.face for p in self.pieces if not p.joker)


def normalize(pieces: tuple[Piece, ...]) -> tuple[Piece, ...]:
    """The one order of a meld's pieces: a set by suit, a run from its lowest card up.

    An ace is low in a run with a 2 and no king, high with a king and no 2; with both
    (the 13 cards A…K or 2…A) it is low when listed first.
    """
    ranks = {p.face.rank for p in pieces}
    if len(ranks) == 1:
        return tuple(sorted(pieces, key=lambda p: (p.face.suit, p.joker)))
    aces = sum(1 for p in pieces if p.face.rank == ACE)
    low = False
    if aces == 1 and 2 in ranks:
        low = 13 not in ranks or pieces[0].face.rank == ACE

    def key(p: Piece) -> tuple[int, int, bool]:
        pos = 1 if low and p.face.rank == ACE else p.face.rank
        return (pos, p.face.suit, p.joker)

    return tuple(sorted(pieces, key=key))


def shape(pieces: tuple[Piece, ...]) -> Shape:
    """What the pieces make (JO-3 … JO-5); raises :class:`IllegalAction` if no meld."""
    if len(pieces) < 3:
        raise IllegalAction("JO-3", f"{_text(pieces)}: a meld has at least 3 cards")
    if len({p.face.rank for p in pieces}) == 1:
        suits = [p.face.suit for p in pieces]
        if len(set(suits)) != len(suits):
            raise IllegalAction("JO-3", f"{_text(pieces)}: a set's cards are of different suits")
        if sum(p.joker for p in pieces) > 1:
            raise IllegalAction("JO-5", f"{_text(pieces)}: a set may hold only one joker")
        return Shape(SET, 0)
    if len({p.face.suit for p in pieces}) != 1:
        raise IllegalAction(
            "JO-4", f"{_text(pieces)}: neither a set (one rank) nor a run (one suit)"
        )
    low = 1 if pieces[0].face.rank == ACE else pieces[0].face.rank
    for i, p in enumerate(pieces):
        pos = low + i
        if pos > 14 or p.face.rank != position_rank(pos):
            raise IllegalAction(
                "JO-4",
                f"{_text(pieces)}: a run is consecutive cards from the lowest up, the ace "
                f"low (A-2-3) or high (Q-K-A), never round the corner",
            )
    if low == 1 and low + len(pieces) - 1 == 14:
        raise IllegalAction("JO-4", f"{_text(pieces)}: a run never has an ace at both ends")
    for a, b in pairwise(pieces):
        if a.joker and b.joker:
            raise IllegalAction("JO-5", f"{_text(pieces)}: two jokers side by side in a run")
    return Shape(RUN, low)


def meld_points(s: Shape, pieces: Iterable[Piece]) -> int:
    if s.kind == SET:
        return sum(set_points(p.face.rank) for p in pieces)
    return sum(position_points(s.low + i) for i, _ in enumerate(pieces))


def _text(pieces: Iterable[Piece]) -> str:
    return ",".join(str(p) for p in pieces)


# -- on the table ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """A card on the table: its id, what it stands for, and who put it there (JO-15)."""

    card: int
    face: Card
    by: int

    @property
    def joker(self) -> bool:
        return is_joker(self.card)


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: ``id`` (1, 2, … in the round), who put it down, its cards."""

    id: int
    owner: int
    kind: str
    low: int  # a run's first position (1 = the low ace); 0 for a set
    slots: tuple[Slot, ...]

    @property
    def high(self) -> int:
        return self.low + len(self.slots) - 1

    @property
    def suit(self) -> Suit:
        return self.slots[0].face.suit

    @property
    def rank(self) -> int:
        return self.slots[0].face.rank

    def pieces(self) -> tuple[Piece, ...]:
        return tuple(Piece(s.face, s.joker) for s in self.slots)

    def points_at(self, i: int) -> int:
        """The points of the ``i``-th card as the meld stands (JO-15)."""
        if self.kind == SET:
            return set_points(self.rank)
        return position_points(self.low + i)

    def __str__(self) -> str:
        return f"{self.id}:{_text(self.pieces())}"


def put_down(spec: Spec, cards: tuple[int, ...], meld_id: int, seat: int) -> TableMeld:
    """A meld of the hand's ``cards`` (one per piece, in order) on the table."""
    s = shape(spec.pieces)
    slots = tuple(Slot(c, p.face, seat) for c, p in zip(cards, spec.pieces, strict=True))
    return TableMeld(meld_id, seat, s.kind, s.low, slots)


def run_spot(meld: TableMeld, piece: Piece) -> int | None:
    """Where ``piece`` may be laid off on a run: its position, or ``None``. An ace (or a
    joker standing for one) that fits a run 2…K at both ends goes high, where it is
    worth more, unless a joker there forbids it **[decision]**."""
    if piece.face.suit != meld.suit:
        return None
    rank = piece.face.rank
    first, last = meld.slots[0], meld.slots[-1]
    if rank == ACE:
        if meld.high == 13 and meld.low != 1 and not (piece.joker and last.joker):
            return 14
        if meld.low == 2 and meld.high != 14 and not (piece.joker and first.joker):
            return 1
        return None
    if rank == meld.low - 1 and meld.low > 2 and not (piece.joker and first.joker):
        return rank
    if rank == meld.high + 1 and meld.high < 13 and not (piece.joker and last.joker):
        return rank
    return None


def set_missing(meld: TableMeld) -> tuple[Suit, ...]:
    """The suits a set lacks, counting its joker's."""
    have = {s.face.suit for s in meld.slots}
    return tuple(s for s in Suit if s not in have)


def natural_suits(meld: TableMeld) -> set[Suit]:
    return {s.face.suit for s in meld.slots if not s.joker}


def can_lay(meld: TableMeld, piece: Piece) -> tuple[str, str] | None:
    """Why ``piece`` may not be laid off on ``meld``, as (rule id, reason), or ``None``."""
    if meld.kind == RUN:
        if run_spot(meld, piece) is not None:
            return None
        if piece.joker and run_spot(meld, Piece(piece.face)) is not None:
            return "JO-5", f"two jokers side by side in run {meld}"
        return "JO-4", f"{piece} does not extend run {meld} at either end"
    if piece.face.rank != meld.rank:
        return "JO-3", f"{piece} is not of set {meld}'s rank"
    if len(meld.slots) >= 4:
        return "JO-3", f"set {meld} already has all four suits"
    if piece.joker:
        if any(s.joker for s in meld.slots):
            return "JO-5", f"set {meld} already holds a joker"
        if piece.face.suit not in set_missing(meld):
            return "JO-3", f"{piece}: a joker stands for a suit set {meld} lacks"
        return None
    if piece.face.suit in natural_suits(meld):
        return "JO-3", f"set {meld} already has {piece.face}"
    return None


def lay(meld: TableMeld, piece: Piece, card: int, seat: int) -> TableMeld:
    """The meld with ``piece`` (the hand's ``card``) laid off on it by ``seat`` (JO-9)."""
    why = can_lay(meld, piece)
    if why is not None:
        raise IllegalAction(why[0], f"lay:{meld.id}:{piece}: {why[1]}")
    new = Slot(card, piece.face, seat)
    if meld.kind == RUN:
        pos = run_spot(meld, piece)
        assert pos is not None
        if pos < meld.low:
            return replace(meld, low=pos, slots=(new, *meld.slots))
        return replace(meld, slots=(*meld.slots, new))
    slots = list(meld.slots)
    for k, s in enumerate(slots):
        # JO-9: the natural card of the joker's suit sends the joker to the suit still missing.
        if s.joker and s.face.suit == piece.face.suit:
            other = next(m for m in set_missing(meld))
            slots[k] = replace(s, face=Card.of(meld.rank, other))
    slots.append(new)
    return replace(meld, slots=tuple(sorted(slots, key=lambda s: s.face.suit)))


def can_swap(meld: TableMeld, card: Card) -> str | None:
    """Why the natural ``card`` may not take a joker's place in ``meld`` (JO-9), or ``None``."""
    slot = next((s for s in meld.slots if s.joker and s.face == card), None)
    if slot is None:
        return f"no joker stands for {card} in meld {meld}"
    if meld.kind == SET and len(meld.slots) < 4:
        return f"a set's joker is swapped only once its three other suits are there ({meld})"
    return None


def swap(meld: TableMeld, card: Card, natural: int, seat: int) -> tuple[TableMeld, int]:
    """The meld with ``natural`` in the place of the joker standing for ``card``, and
    that joker's id (it goes to the hand, JO-9)."""
    why = can_swap(meld, card)
    if why is not None:
        raise IllegalAction("JO-9", f"swap:{meld.id}:{card}: {why}")
    k = next(i for i, s in enumerate(meld.slots) if s.joker and s.face == card)
    joker = meld.slots[k].card
    slots = (*meld.slots[:k], Slot(natural, card, seat), *meld.slots[k + 1 :])
    return replace(meld, slots=slots), joker


# -- every meld a hand can make --------------------------------------------------------


def melds_in(counts: Mapping[Card, int], jokers: int) -> tuple[Spec, ...]:
    """Every meld the hand can put down (one of each, by text), sets then runs.

    >>> [str(m) for m in melds_in({Card.parse(c): 1 for c in ("9H", "TH", "JH")}, 1)][:4]
    ['JK=8H,9H,TH', 'JK=8H,9H,TH,JH', '9H,TH,JH', '9H,TH,JH,JK=QH']
    """
    out: list[Spec] = []
    for rank in range(2, 15):
        have = [s for s in Suit if counts.get(Card.of(rank, s), 0) > 0]
        n = len(have)
        for mask in range(1, 1 << n):
            chosen = [have[i] for i in range(n) if mask >> i & 1]
            if len(chosen) >= 3:
                out.append(Spec(tuple(Piece(Card.of(rank, s)) for s in chosen)))
            if jokers and len(chosen) in (2, 3):
                for missing in Suit:
                    if missing in chosen:
                        continue
                    pieces = [Piece(Card.of(rank, s)) for s in chosen]
                    pieces.append(Piece(Card.of(rank, missing), True))
                    out.append(Spec(tuple(sorted(pieces, key=lambda p: p.face.suit))))
    for suit in Suit:
        have_at = [False] + [
            counts.get(Card.of(position_rank(p), suit), 0) > 0 for p in range(1, 15)
        ]
        for start in range(1, 13):
            _runs(suit, start, start, have_at, jokers, (), out)
    return tuple(out)


def _runs(
    suit: Suit,
    start: int,
    pos: int,
    have_at: list[bool],
    jokers: int,
    pieces: tuple[Piece, ...],
    out: list[Spec],
) -> None:
    if len(pieces) >= 3:
        out.append(Spec(pieces))
    if pos > 14 or (start == 1 and pos == 14):
        return
    card = Card.of(position_rank(pos), suit)
    if have_at[pos]:
        _runs(suit, start, pos + 1, have_at, jokers, (*pieces, Piece(card)), out)
    if jokers and not (pieces and pieces[-1].joker):
        _runs(suit, start, pos + 1, have_at, jokers - 1, (*pieces, Piece(card, True)), out)
