"""Jolly's ``club``: a player who knows the rules of thumb, no search.

- **Melds** (the exact finder, :mod:`bolola.games.jolly.finder`): opens as soon as its
  melds reach 40 (JO-8), going out at once when it can (a mano jolly, JO-14); once
  opened, puts down every point it can each turn (new melds, lay-offs, joker swaps), and
  goes out whenever a stock draw lets it (JO-13).
- **Draw**: after opening, takes from the discard pile (JO-7) when the cards it takes
  meld at once: the deepest of them goes down this turn, and what the hand can put down
  less what it would hold gains :data:`TAKE_MARGIN` or more on not taking. Otherwise
  the stock.
- **Discard**: never a card of its melds in the making, never a joker while another
  card will do; of the rest the least useful to itself (pairs of a rank, neighbours in a
  suit, cards that fit a meld on the table are kept; high cards, which cost most if the
  round ends, go first) and to the next player: not a card that fits a meld on the table
  once that player may take from the pile, nor one beside what that player was seen to
  take (the view's ``known``). Players further on weigh less: they may still take it
  from deeper in the pile.

It reads only the view and the legal actions and draws no random numbers, so it is
deterministic for any seed. The expert's play-outs run the same rules for every seat
(:func:`decide` on a :class:`~bolola.bots.jolly.position.Position`).

>>> from bolola.bots.base import Budget
>>> bot = make_club(Budget())
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bolola.bots.base import Bot, Budget
from bolola.bots.jolly.plans import Signature, best, signature, turn
from bolola.bots.jolly.position import Position, from_view
from bolola.cards import CARDS, Card, Suit
from bolola.engine import Action
from bolola.games.jolly.deck import penalty
from bolola.games.jolly.finder import OPENING, Plan
from bolola.games.jolly.meld import RUN, Piece, TableMeld, run_spot
from bolola.games.jolly.round import MOST_HELD

TAKE_MARGIN = 6
"""Points a draw from the pile must gain on drawing from the stock (which may go out)."""
IN_MELD = 60.0
"""What keeping a card of a meld in the making is worth (discard scores, higher: kept)."""
JOKER_KEEP = 1000.0
PAIR = 9.0  # another suit of the rank in hand: a set in the making
NEAR = (8.0, 4.0)  # a card of the suit one, two ranks away: a run in the making
FITS_TABLE = 7.0  # lays off on a meld of the table once opened
PENALTY_WEIGHT = 0.5  # per point of what the card costs if the round ends in hand
FEEDS = 12.0  # the next player could lay it off (having opened, it may take it)
BESIDE = 10.0  # the next player was seen taking a card of its rank or beside it
LATER = 0.35  # how much the players after the next weigh


@dataclass(frozen=True, slots=True)
class ClubBot:
    budget: Budget = field(default_factory=Budget)
    level: str = "club"

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        texts = [str(a) for a in legal]
        pick = decide(from_view(view), texts)
        return legal[texts.index(pick)]


def make_club(budget: Budget) -> Bot:
    return ClubBot(budget)


def decide(pos: Position, legal: Sequence[str]) -> str:
    """The text of the legal action ``club`` takes."""
    if len(legal) == 1:
        return legal[0]
    pick = choice(pos)
    if pick in legal:
        return pick
    discards = [t for t in legal if t.startswith("discard:")]  # not expected: to be safe
    return discards[0] if discards else legal[0]


def choice(pos: Position) -> str:
    """What ``club`` does in ``pos``, worked out from the position alone (the expert's
    play-outs ask it with no list of legal actions)."""
    if pos.drew is None:
        return draw_choice(pos, take_counts(pos))
    step = meld_step(pos)
    if step is not None:
        return step
    return "discard:" + str(discard_choice(pos, discard_options(pos)))


def take_counts(pos: Position) -> list[int]:
    """The ``take:N`` the rules allow (JO-7): after opening, up to 20 cards in hand."""
    if not pos.opened[pos.seat]:
        return []
    return list(range(1, min(len(pos.pile), MOST_HELD - len(pos.hand)) + 1))


def discard_options(pos: Position) -> list[Card]:
    return list(dict.fromkeys(pos.hand))


# -- melds ------------------------------------------------------------------------------


def meld_plan(pos: Position) -> Plan | None:
    """What to put down this turn (None: nothing, or not yet 40 before opening): going out
    whenever a stock draw lets it, else every point it can."""
    me = pos.seat
    if pos.opened_now or pos.drew is None:
        return None
    closes = pos.drew == "stock"
    if not pos.opened[me]:
        plan = turn(pos.hand, (), 1, closes)
        if plan.points < OPENING and len(plan.left) == 1:  # going out, but not 40
            plan = best(pos.hand)
        return plan if plan.points >= OPENING else None
    plan = turn(pos.hand, pos.table, pos.keep, closes)
    return plan if plan.actions else None


def meld_step(pos: Position) -> str | None:
    """The next action of :func:`meld_plan`: the opening, or a meld, lay-off or swap."""
    plan = meld_plan(pos)
    if plan is None:
        return None
    if not pos.opened[pos.seat]:
        return opening_text(plan)
    return plan.actions[0] if plan.actions else None


def opening_text(plan: Plan) -> str:
    return "open:" + "|".join(sorted(str(m) for m in plan.melds))


# -- the draw ---------------------------------------------------------------------------


def draw_choice(pos: Position, takes: Sequence[int], most: int = 20) -> str:
    """``draw``, or the ``take:N`` that gains most if it gains :data:`TAKE_MARGIN`."""
    if not takes:
        return "draw"
    gains = take_gains(pos, takes, most)
    if gains:
        n, gain = max(gains.items(), key=lambda kv: (kv[1], -kv[0]))
        if gain >= TAKE_MARGIN:
            return f"take:{n}"
    return "draw"


def take_gains(pos: Position, counts: Iterable[int], most: int = 20) -> dict[int, float]:
    """For each ``take:N`` whose deepest card melds at once: what the hand gains by it
    (see :func:`hand_value`) on keeping the hand as it is. Only the ``most`` shallowest
    takes whose deepest card is related to the hand are tried."""
    fits = lay_faces(pos.table)
    held, jokers = tally(pos.hand)
    tried: list[int] = []
    for n in sorted(counts):  # each card passed over is above the deeper ones: taken too
        card = pos.pile[-n]
        if related(card, held, jokers, fits):
            tried.append(n)
            if len(tried) == most:
                break
        if card.is_joker:
            jokers += 1
        else:
            held[card.index] += 1
    out: dict[int, float] = {}
    if not tried:
        return out
    base = hand_value(pos.hand, pos.table, 1)
    for n in tried:
        taken = pos.pile[-n:]
        deepest = taken[0]
        cards = (*pos.hand, *taken)
        plan = best(cards, pos.table, 2)
        if Counter(plan.left)[deepest] >= Counter(cards)[deepest]:
            continue  # the card it takes the pile for would stay in hand
        out[n] = value_of(plan) - base
    return out


def hand_value(hand: Sequence[Card], table: Sequence[TableMeld], keep: int) -> float:
    return value_of(best(hand, table, keep))


def value_of(plan: Plan) -> float:
    """What a plan puts down less what the cards it leaves cost, the costliest natural
    card (discarded) aside."""
    left = [penalty(c) for c in plan.left]
    naturals = [penalty(c) for c in plan.left if not c.is_joker]
    return plan.points - sum(left) + (max(naturals) if naturals else 0)


def related(card: Card, held: list[int], jokers: int, fits: frozenset[Card]) -> bool:
    """Whether ``card`` could meld with the cards counted in ``held`` (by index) and
    ``jokers``, or the table: a joker, a card of its rank or one or two ranks away in its
    suit, a joker among them, or a lay-off."""
    if card.is_joker or jokers:
        return True
    return any(held[j] for j in KIN[card.index]) or card in fits


def tally(cards: Iterable[Card]) -> tuple[list[int], int]:
    """The natural cards counted by index, and the jokers."""
    held = [0] * 52
    jokers = 0
    for c in cards:
        if c.is_joker:
            jokers += 1
        else:
            held[c.index] += 1
    return held, jokers


def _gap(a: int, b: int) -> int:
    """Ranks apart in a suit, the ace low or high (A-2 and K-A both 1)."""
    d = abs(a - b)
    if 14 in (a, b):
        low = abs((1 if a == 14 else a) - (1 if b == 14 else b))
        d = min(d, low)
    return d


def _kin(index: int, test: Callable[[Card, Card], bool]) -> tuple[int, ...]:
    card = CARDS[index]
    return tuple(j for j in range(52) if j != index and test(card, CARDS[j]))


SAME_RANK = tuple(_kin(i, lambda a, b: a.rank == b.rank) for i in range(52))
"""For each card (by index): the cards of its rank in the other suits."""
NEXT = tuple(
    _kin(i, lambda a, b: a.suit == b.suit and _gap(a.rank, b.rank) == 1) for i in range(52)
)
"""… the cards one rank away in its suit (the ace beside the 2 and the king)."""
SECOND = tuple(
    _kin(i, lambda a, b: a.suit == b.suit and _gap(a.rank, b.rank) == 2) for i in range(52)
)
"""… the cards two ranks away in its suit."""
KIN = tuple(SAME_RANK[i] + NEXT[i] + SECOND[i] for i in range(52))


def lay_faces(table: Sequence[TableMeld]) -> frozenset[Card]:
    """Every natural card that lays off on some meld of the table (JO-9)."""
    key = signature(table)
    got = _lay_memo.get(key)
    if got is None:
        if len(_lay_memo) >= 5000:
            _lay_memo.clear()
        got = _lay_memo[key] = _lay_faces(table)
    return got


_lay_memo: dict[Signature, frozenset[Card]] = {}


def _lay_faces(table: Sequence[TableMeld]) -> frozenset[Card]:
    out: set[Card] = set()
    for m in table:
        if m.kind == RUN:
            for p in (m.low - 1, m.high + 1):
                if 1 <= p <= 14:
                    card = Card.of(14 if p in (1, 14) else p, m.suit)
                    if run_spot(m, Piece(card)) is not None:
                        out.add(card)
        elif len(m.slots) < 4:
            have = {s.face.suit for s in m.slots if not s.joker}
            out.update(Card.of(m.rank, t) for t in Suit if t not in have)
    return frozenset(out)


# -- the discard ------------------------------------------------------------------------


def discard_choice(
    pos: Position, options: Sequence[Card], left: Sequence[Card] | None = None
) -> Card:
    """The card to discard: the lowest :func:`keep_scores` (ties: the lowest card)."""
    scores = keep_scores(pos, options, left)
    return min(options, key=lambda c: (scores[c], c.index))


def keep_scores(
    pos: Position, options: Sequence[Card], left: Sequence[Card] | None = None
) -> dict[Card, float]:
    """How much ``club`` wants to keep each card (higher: kept). ``left``: the cards of
    the hand no meld takes, when known (else the finder says)."""
    me = pos.seat
    if left is None:
        left = best(pos.hand, pos.table if pos.opened[me] else (), 1).left
    free = Counter(left)
    fits = lay_faces(pos.table)
    held, _ = tally(pos.hand)
    out: dict[Card, float] = {}
    for c in dict.fromkeys(options):
        if c.is_joker:
            out[c] = JOKER_KEEP
            continue
        score = 0.0 if free[c] else IN_MELD
        held[c.index] -= 1  # the rest of the hand
        score += usefulness(c, held, fits)
        held[c.index] += 1
        score -= PENALTY_WEIGHT * penalty(c)
        score += danger(pos, c, fits)
        out[c] = score
    return out


def usefulness(card: Card, rest: list[int], fits: frozenset[Card]) -> float:
    """Pairs and near-runs ``card`` makes with the rest of the hand (counted by index);
    a lay-off spot."""
    i = card.index
    score = PAIR * min(2, sum(1 for j in SAME_RANK[i] if rest[j]))
    score += NEAR[0] * sum(1 for j in NEXT[i] if rest[j])
    score += NEAR[1] * sum(1 for j in SECOND[i] if rest[j])
    if card in fits:
        score += FITS_TABLE
    return score


def danger(pos: Position, card: Card, fits: frozenset[Card]) -> float:
    """What discarding ``card`` gives away: to a player who has opened (and so may take
    it), a lay-off on the table or a card beside those it was seen to take."""
    out = 0.0
    for k in range(1, pos.players):
        seat = (pos.seat + k) % pos.players
        if not pos.opened[seat]:
            continue
        weight = 1.0 if k == 1 else LATER
        if card in fits:
            out += FEEDS * weight
        if any(_beside(card, c) for c in pos.known[seat]):
            out += BESIDE * weight
    return out


def _beside(card: Card, other: Card) -> bool:
    return not other.is_joker and other.index in KIN[card.index]
