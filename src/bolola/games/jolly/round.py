"""One round: the deal, the turns, going out, and the score (JO-2 … JO-19).

A :class:`Round` is immutable; :func:`step` gives the next one and the events. A turn
is a draw (``draw`` or ``take:N``), any number of melds, lay-offs and swaps, and one
discard; ``turn`` says where the seat to move is in it. When a discard empties the
stock, :func:`step` asks ``rebuild(cards, k)`` for the ``k``-th new stock (JO-12): the
match shuffles it from the seed, the referee reads it from the record.

>>> from bolola.games.jolly.deck import DECK
>>> r = deal(4, 3, DECK)
>>> r.turn.seat, len(r.hands[0]), len(r.stock), [str(a) for a in legal(r, 0)]
(0, 13, 58, ['draw'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bolola.cards import JOKER, Card, Suit
from bolola.engine import IllegalAction
from bolola.games.jolly.actions import (
    DRAW,
    Action,
    Continue,
    Discard,
    Draw,
    Lay,
    Meld,
    Open,
    Swap,
    Take,
)
from bolola.games.jolly.deck import face, hand_order, ids_of
from bolola.games.jolly.events import (
    Closed,
    Discarded,
    Drew,
    DrewCard,
    Laid,
    Melded,
    Rebuilt,
    Swapped,
    Took,
)
from bolola.games.jolly.finder import OPENING
from bolola.games.jolly.meld import (
    RUN,
    Piece,
    Spec,
    TableMeld,
    can_lay,
    can_swap,
    lay,
    melds_in,
    put_down,
    shape,
    swap,
)
from bolola.games.jolly.opening import declarations
from bolola.games.jolly.scoring import RoundScore, score_round

HAND_SIZE = 13  # JO-2
MOST_HELD = 20  # JO-7
KEPT = 3  # JO-12: the pile's last cards stay when the stock is rebuilt

Rebuild = Callable[[tuple[int, ...], int], tuple[int, ...]]
"""``rebuild(cards, k)``: the ``k``-th new stock (1-based), top first, made of ``cards``."""


@dataclass(frozen=True, slots=True)
class Turn:
    seat: int
    drew: str | None = None  # None: yet to draw; "stock" or "pile"
    opened: bool = False  # opened in this turn: only the discard is left (JO-8)


@dataclass(frozen=True, slots=True)
class Round:
    players: int
    dealer: int
    deck: tuple[int, ...]  # as dealt (records)
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]  # the top first
    pile: tuple[int, ...]  # as discarded: the last is the top
    table: tuple[TableMeld, ...]
    opened: tuple[bool, ...]
    turn: Turn
    # What every seat knows is in each hand: cards taken from the pile, jokers swapped
    # out (resampling keeps them there).
    known: tuple[frozenset[int], ...]
    # The cards of the last rebuilt stock: what is left of the stock is among them.
    fresh: frozenset[int] | None = None
    rebuilds: tuple[tuple[int, ...], ...] = ()  # each new stock as made (records)
    actions: tuple[str, ...] = ()
    score: RoundScore | None = None

    @property
    def over(self) -> bool:
        return self.score is not None

    @property
    def to_move(self) -> int | None:
        return None if self.score is not None else self.turn.seat

    @property
    def phase(self) -> str:
        if self.score is not None:
            return "over"
        return "draw" if self.turn.drew is None else "play"


def deal(players: int, dealer: int, deck: tuple[int, ...]) -> Round:
    """JO-2: one card at a time from the dealer's left; the rest is the stock, top first."""
    n = HAND_SIZE * players
    hands = tuple(
        hand_order(deck[(s - dealer - 1) % players : n : players]) for s in range(players)
    )
    return Round(
        players=players,
        dealer=dealer,
        deck=deck,
        hands=hands,
        stock=deck[n:],
        pile=(),
        table=(),
        opened=(False,) * players,
        turn=Turn((dealer + 1) % players),  # JO-6
        known=(frozenset(),) * players,
    )


def faces(hand: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(face(c) for c in hand)


def pick(hand: tuple[int, ...], card: Card) -> int | None:
    """The seat's copy of ``card`` that moves: the lowest id it holds."""
    for cid in ids_of(card):
        if cid in hand:
            return cid
    return None


def keep(r: Round) -> int:
    """Cards a meld or lay-off must leave in hand: one to discard (JO-11); two after a
    draw from the pile, since only a stock draw lets a player go out (JO-13)."""
    return 2 if r.turn.drew == "pile" else 1


# -- legal actions ---------------------------------------------------------------------


def legal(r: Round, seat: int) -> tuple[Action, ...]:
    """Every legal action of ``seat``: openings, melds, lay-offs and swaps first, then
    discards (so that a player taking the first action always gets cards down)."""
    if r.score is not None or seat != r.turn.seat:
        return ()
    hand = r.hands[seat]
    if r.turn.drew is None:
        out: list[Action] = [DRAW]
        if r.opened[seat]:
            most = min(len(r.pile), MOST_HELD - len(hand))
            out += [Take(n) for n in range(1, most + 1)]
        return tuple(out)
    fs = faces(hand)
    out = []
    if not r.turn.opened:
        if not r.opened[seat]:
            out += [Open(tuple(d)) for d in declarations(fs)]
        else:
            out += _after_opening(r, fs)
    if len(hand) > 1 or r.turn.drew == "stock":
        out += [Discard(c) for c in dict.fromkeys(fs)]
    return tuple(out)


def _after_opening(r: Round, fs: tuple[Card, ...]) -> list[Action]:
    """JO-9: melds, lay-offs and swaps, each leaving what ``keep`` asks."""
    out: list[Action] = []
    room = len(fs) - keep(r)
    counts = Counter(c for c in fs if not c.is_joker)
    jokers = len(fs) - sum(counts.values())
    for spec in melds_in(counts, jokers):
        if len(spec.pieces) <= room:
            out.append(Meld(spec))
    if room >= 1:
        for m in r.table:
            for piece in _lay_pieces(m, counts, jokers):
                if can_lay(m, piece) is None:
                    out.append(Lay(m.id, piece))
    for m in r.table:
        for s in m.slots:
            if s.joker and counts[s.face] and can_swap(m, s.face) is None:
                out.append(Swap(m.id, s.face))
    return out


def _lay_pieces(m: TableMeld, counts: Counter[Card], jokers: int) -> list[Piece]:
    """The pieces that might be laid off on ``m``: a run's two ends, a set's four suits."""
    if m.kind == RUN:
        spots = [p for p in (m.low - 1, m.high + 1) if 1 <= p <= 14]
        cards = list(dict.fromkeys(Card.of(14 if p in (1, 14) else p, m.suit) for p in spots))
    else:
        cards = [Card.of(m.rank, suit) for suit in Suit]
    out = [Piece(c) for c in cards if counts[c]]
    if jokers:
        out += [Piece(c, True) for c in cards]
    return out


# -- applying an action ----------------------------------------------------------------


def step(r: Round, seat: int, action: object, rebuild: Rebuild) -> tuple[Round, tuple[Any, ...]]:
    """The round after ``seat``'s ``action``; raises :class:`IllegalAction`."""
    if isinstance(action, Continue):
        raise IllegalAction("JO-20", "continue: only between rounds, once the scores are shown")
    if r.score is not None:
        raise IllegalAction("JO-13", "the round is over")
    if not 0 <= seat < r.players or seat != r.turn.seat:
        raise IllegalAction("JO-6", f"it is seat {r.turn.seat}'s turn, not seat {seat}'s")
    if r.turn.drew is None:
        if isinstance(action, Draw):
            return _draw(r, seat)
        if isinstance(action, Take):
            return _take(r, seat, action.count)
        raise IllegalAction("JO-7", f"{action}: a turn begins with a draw (draw or take:N)")
    if isinstance(action, Draw | Take):
        raise IllegalAction("JO-7", f"{action}: one draw a turn; now meld, lay off or discard")
    if isinstance(action, Discard):
        return _discard(r, seat, action.card, rebuild)
    if isinstance(action, Open):
        return _open(r, seat, action.melds)
    if not r.opened[seat]:
        raise IllegalAction("JO-8", f"{action}: a player's first melds are an opening (open:…)")
    if r.turn.opened:
        raise IllegalAction(
            "JO-8", f"{action}: melds, lay-offs and swaps wait for the turn after opening"
        )
    if isinstance(action, Meld):
        return _meld(r, seat, action.spec)
    if isinstance(action, Lay):
        return _lay(r, seat, action)
    if isinstance(action, Swap):
        return _swap(r, seat, action)
    raise IllegalAction("JO-7", f"{action}: not a Jolly action")


def _with_hand(r: Round, seat: int, hand: tuple[int, ...], **changes: Any) -> Round:
    hands = tuple(hand if s == seat else h for s, h in enumerate(r.hands))
    known = r.known
    gone = set(r.hands[seat]) - set(hand)
    if gone & known[seat]:
        known = tuple(k - gone if s == seat else k for s, k in enumerate(known))
    return replace(r, hands=hands, known=known, **changes)


def _logged(r: Round, action: object) -> Round:
    return replace(r, actions=(*r.actions, str(action)))


def _draw(r: Round, seat: int) -> tuple[Round, tuple[Any, ...]]:
    card = r.stock[0]
    hand = hand_order((*r.hands[seat], card))
    nr = _with_hand(r, seat, hand, stock=r.stock[1:], turn=Turn(seat, "stock"))
    events = (Drew(seat, len(nr.stock)), DrewCard(seat, card, frozenset({seat})))
    return _logged(nr, DRAW), events


def _take(r: Round, seat: int, n: int) -> tuple[Round, tuple[Any, ...]]:
    if not r.opened[seat]:
        raise IllegalAction("JO-7", f"take:{n}: only a player who has opened takes from the pile")
    if n > len(r.pile):
        raise IllegalAction("JO-7", f"take:{n}: the pile holds {len(r.pile)} cards")
    hand = r.hands[seat]
    if len(hand) + n > MOST_HELD:
        raise IllegalAction(
            "JO-7", f"take:{n}: {len(hand)} + {n} cards is more than {MOST_HELD} in hand"
        )
    taken = r.pile[-n:]
    known = tuple(k | set(taken) if s == seat else k for s, k in enumerate(r.known))
    nr = _with_hand(r, seat, hand_order((*hand, *taken)), pile=r.pile[:-n], turn=Turn(seat, "pile"))
    return _logged(replace(nr, known=known), Take(n)), (Took(seat, taken),)


def _cards_for(r: Round, seat: int, specs: tuple[Spec, ...], what: str, rule: str) -> list[int]:
    """The hand's cards for the pieces of ``specs``, in order; raises if it lacks one."""
    hand = list(r.hands[seat])
    out: list[int] = []
    for spec in specs:
        for p in spec.pieces:
            card = pick(tuple(hand), JOKER if p.joker else p.face)
            if card is None:
                lacks = "a joker" if p.joker else str(p.face)
                raise IllegalAction(rule, f"{what}: seat {seat} has no {lacks} for it")
            hand.remove(card)
            out.append(card)
    return out


def _check_left(r: Round, seat: int, n: int, what: str) -> None:
    left = len(r.hands[seat]) - n
    need = keep(r)
    if left < need:
        if need == 2:
            raise IllegalAction(
                "JO-13",
                f"{what}: after taking from the pile a player cannot go out, so keeps 2 cards",
            )
        raise IllegalAction("JO-11", f"{what}: the last card is always discarded")


def _open(r: Round, seat: int, specs: tuple[Spec, ...]) -> tuple[Round, tuple[Any, ...]]:
    what = str(Open(specs))
    if r.opened[seat]:
        raise IllegalAction("JO-8", f"{what}: seat {seat} has opened already; meld:… now")
    if not specs:
        raise IllegalAction("JO-8", f"{what}: an opening puts down one meld or more")
    points = sum(spec.points for spec in specs)  # shape() first: JO-3 … JO-5
    if points < OPENING:
        raise IllegalAction("JO-8", f"{what}: {points} points; an opening needs {OPENING}")
    cards = _cards_for(r, seat, specs, what, "JO-8")
    _check_left(r, seat, len(cards), what)
    melds: list[TableMeld] = []
    next_id = len(r.table) + 1
    at = 0
    for spec in specs:
        used = tuple(cards[at : at + len(spec.pieces)])
        at += len(spec.pieces)
        melds.append(put_down(spec, used, next_id + len(melds), seat))
    hand = tuple(c for c in r.hands[seat] if c not in cards)
    opened = tuple(True if s == seat else o for s, o in enumerate(r.opened))
    nr = _with_hand(
        r,
        seat,
        hand,
        table=(*r.table, *melds),
        opened=opened,
        turn=replace(r.turn, opened=True),
    )
    return _logged(nr, what), (Melded(seat, tuple(melds), True),)


def _meld(r: Round, seat: int, spec: Spec) -> tuple[Round, tuple[Any, ...]]:
    what = str(Meld(spec))
    shape(spec.pieces)  # JO-3 … JO-5
    cards = _cards_for(r, seat, (spec,), what, "JO-9")
    _check_left(r, seat, len(cards), what)
    meld = put_down(spec, tuple(cards), len(r.table) + 1, seat)
    hand = tuple(c for c in r.hands[seat] if c not in cards)
    nr = _with_hand(r, seat, hand, table=(*r.table, meld))
    return _logged(nr, what), (Melded(seat, (meld,), False),)


def _find(r: Round, meld_id: int, what: str) -> int:
    if not 1 <= meld_id <= len(r.table):
        raise IllegalAction("JO-9", f"{what}: no meld {meld_id} on the table")
    return meld_id - 1  # melds keep their place: id k is at k - 1


def _lay(r: Round, seat: int, action: Lay) -> tuple[Round, tuple[Any, ...]]:
    what = str(action)
    k = _find(r, action.meld_id, what)
    card = pick(r.hands[seat], JOKER if action.piece.joker else action.piece.face)
    if card is None:
        lacks = "joker" if action.piece.joker else str(action.piece.face)
        raise IllegalAction("JO-9", f"{what}: seat {seat} has no {lacks}")
    meld = lay(r.table[k], action.piece, card, seat)
    _check_left(r, seat, 1, what)
    table = (*r.table[:k], meld, *r.table[k + 1 :])
    hand = tuple(c for c in r.hands[seat] if c != card)
    nr = _with_hand(r, seat, hand, table=table)
    return _logged(nr, what), (Laid(seat, card, meld),)


def _swap(r: Round, seat: int, action: Swap) -> tuple[Round, tuple[Any, ...]]:
    what = str(action)
    k = _find(r, action.meld_id, what)
    card = pick(r.hands[seat], action.card)
    if card is None:
        raise IllegalAction("JO-9", f"{what}: seat {seat} has no {action.card}")
    meld, joker = swap(r.table[k], action.card, card, seat)
    table = (*r.table[:k], meld, *r.table[k + 1 :])
    hand = hand_order((*(c for c in r.hands[seat] if c != card), joker))
    nr = _with_hand(r, seat, hand, table=table)  # the natural card leaves what is known
    known = tuple(kn | {joker} if s == seat else kn for s, kn in enumerate(nr.known))
    return _logged(replace(nr, known=known), what), (Swapped(seat, card, joker, meld),)


def _discard(
    r: Round, seat: int, card_face: Card, rebuild: Rebuild
) -> tuple[Round, tuple[Any, ...]]:
    what = str(Discard(card_face))
    card = pick(r.hands[seat], card_face)
    if card is None:
        raise IllegalAction("JO-11", f"{what}: seat {seat} has no {card_face}")
    hand = tuple(c for c in r.hands[seat] if c != card)
    if not hand and r.turn.drew != "stock":
        raise IllegalAction("JO-13", f"{what}: a player goes out only after a stock draw")
    nr = _logged(_with_hand(r, seat, hand, pile=(*r.pile, card)), what)
    events: tuple[Any, ...] = (Discarded(seat, card),)
    if not hand:  # JO-13: every card on the table; JO-14: a mano jolly if opened this turn
        mano = r.turn.opened
        score = score_round(nr.table, nr.hands, seat, mano)
        return replace(nr, score=score), (*events, Closed(seat, mano))
    nxt = Turn((seat + 1) % r.players)
    nr = replace(nr, turn=nxt)
    if nr.stock:
        return nr, events
    if len(nr.pile) <= KEPT:  # JO-12: no stock to make; the round ends with no closer
        return replace(nr, score=score_round(nr.table, nr.hands, None, False)), events
    cards = nr.pile[:-KEPT]
    stock = rebuild(cards, len(nr.rebuilds) + 1)
    nr = replace(
        nr,
        stock=stock,
        pile=nr.pile[-KEPT:],
        fresh=frozenset(stock),
        rebuilds=(*nr.rebuilds, stock),
    )
    return nr, (*events, Rebuilt(len(stock)))
