"""A light model of a Baloot round's play for the ``expert``: cards as ints 0-31 (the
index in :data:`~bolola.games.baloot.deck.DECK`), a fast greedy policy for every seat
(the ``club`` bot's rules of thumb, read off the sampled world), and the round's score
by the engine's own :func:`~bolola.games.baloot.scoring.score_round`.

>>> w = World([list(range(8)), list(range(8, 16)), list(range(16, 24)), list(range(24, 32))],
...           leader=0, trump=-1)
>>> finish(w)
>>> sum(w.abnat), sum(w.won)
(130, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bolola.cards import Card, Suit
from bolola.games.baloot.bid import Contract
from bolola.games.baloot.deck import DECK, LAST_TRICK, RANKS
from bolola.games.baloot.projects import Project
from bolola.games.baloot.scoring import score_round

SUITS: tuple[Suit, ...] = tuple(DECK[8 * k].suit for k in range(4))
INDEX = {c: i for i, c in enumerate(DECK)}
_PLAIN = [("789JQKTA".index(RANKS[i % 8])) for i in range(32)]
_TRUMP = [("78QKTA9J".index(RANKS[i % 8])) + 8 for i in range(32)]
_PLAIN_PTS = [{"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}.get(RANKS[i % 8], 0) for i in range(32)]
_TRUMP_PTS = [
    {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}.get(RANKS[i % 8], 0) for i in range(32)
]
CHEAP_TRICK = 10
_LOW_TRUMP = {RANKS.index(r) for r in "78QK"}


def suit_index(suit: Suit | None) -> int:
    return -1 if suit is None else SUITS.index(suit)


def tables(trump: int) -> tuple[list[int], list[int]]:
    """Each card's power (trumps above every plain card) and abnat under ``trump``."""
    power = [(_TRUMP if i // 8 == trump else _PLAIN)[i] for i in range(32)]
    points = [(_TRUMP_PTS if i // 8 == trump else _PLAIN_PTS)[i] for i in range(32)]
    return power, points


_TABLES = {t: tables(t) for t in range(-1, 4)}


@dataclass(slots=True)
class World:
    """One sampled position of the play: every hand known (a sample), the trick on."""

    hands: list[list[int]]
    leader: int
    trump: int
    trick: list[tuple[int, int]] = field(default_factory=list)
    locked: bool = False
    strict: bool = False
    bidding_team: int = -1
    abnat: list[int] = field(default_factory=lambda: [0, 0])
    won: list[int] = field(default_factory=lambda: [0, 0])
    done: int = 0  # tricks finished

    def copy(self) -> World:
        return World(
            [list(h) for h in self.hands],
            self.leader,
            self.trump,
            list(self.trick),
            self.locked,
            self.strict,
            self.bidding_team,
            list(self.abnat),
            list(self.won),
            self.done,
        )

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4


def best_of(trick: Sequence[tuple[int, int]], power: list[int]) -> tuple[int, int]:
    """(seat, card) winning ``trick`` so far: powers put trumps above everything."""
    led = trick[0][1] // 8
    seat, card = trick[0]
    for s, c in trick[1:]:
        if (c // 8 == led or power[c] >= 8) and power[c] > power[card]:
            seat, card = s, c
    return seat, card


def legal(w: World, seat: int) -> list[int]:
    """BA-13, BA-15 on the sampled hand (as :func:`~bolola.games.baloot.trick.legal_cards`)."""
    hand = w.hands[seat]
    if not w.trick:
        if w.locked and w.trump >= 0:
            others = [c for c in hand if c // 8 != w.trump]
            if others:
                return others
        return hand
    led = w.trick[0][1] // 8
    follow = [c for c in hand if c // 8 == led]
    if follow:
        return follow
    if not w.strict or w.trump < 0 or led == w.trump:
        return hand
    power = _TABLES[w.trump][0]
    bs, bc = best_of(w.trick, power)
    if bs % 2 == seat % 2:
        return hand
    trumps = [c for c in hand if c // 8 == w.trump]
    if not trumps:
        return hand
    if bc // 8 == w.trump:
        over = [c for c in trumps if power[c] > power[bc]]
        if over:
            return over
    return trumps


def play(w: World, card: int) -> None:
    seat = w.to_move
    w.hands[seat].remove(card)
    w.trick.append((seat, card))
    if len(w.trick) == 4:
        power, points = _TABLES[w.trump]
        won = best_of(w.trick, power)[0]
        w.done += 1
        pts = sum(points[c] for _, c in w.trick) + (LAST_TRICK if w.done == 8 else 0)
        w.abnat[won % 2] += pts
        w.won[won % 2] += 1
        w.trick = []
        w.leader = won


def finish(w: World) -> None:
    """Play the round out with :func:`policy` at every seat."""
    while w.done < 8:
        play(w, policy(w))


# --- the greedy policy (club's rules of thumb, on the sampled world) --------------------


def policy(w: World) -> int:
    seat = w.to_move
    cards = legal(w, seat)
    if len(cards) == 1:
        return cards[0]
    power, points = _TABLES[w.trump]
    if not w.trick:
        return _lead(w, seat, cards, power, points)
    return _follow(w, seat, cards, power, points)


def _higher_out(w: World, seat: int, card: int, power: list[int]) -> bool:
    """Another seat holds a higher card of ``card``'s suit."""
    s = card // 8
    p = power[card]
    return any(c // 8 == s and power[c] > p for k in range(4) if k != seat for c in w.hands[k])


def _cost(w: World, seat: int, c: int, power: list[int], points: list[int]) -> tuple[int, int, int]:
    master = points[c] >= 10 and c // 8 != w.trump and not _higher_out(w, seat, c, power)
    return (int(c // 8 == w.trump), points[c] + (6 if master else 0), power[c])


def _lead(w: World, seat: int, cards: list[int], power: list[int], points: list[int]) -> int:
    t = w.trump
    opps = ((seat + 1) % 4, (seat + 3) % 4)
    trumps = [c for c in cards if c // 8 == t]
    side = [c for c in cards if c // 8 != t]
    if trumps and w.bidding_team == seat % 2:
        out = any(c // 8 == t for o in opps for c in w.hands[o])
        top = max(trumps, key=lambda c: power[c])
        master = not _higher_out(w, seat, top, power)
        if out and (master or len(trumps) >= 3):
            return top if master else min(trumps, key=lambda c: power[c])
    masters = []
    for c in side:
        s = c // 8
        if _higher_out(w, seat, c, power):
            continue
        ruffed = t >= 0 and any(
            not any(x // 8 == s for x in w.hands[o]) and any(x // 8 == t for x in w.hands[o])
            for o in opps
        )
        if not ruffed:
            masters.append(c)
    if masters:
        return max(masters, key=lambda c: (points[c], power[c]))
    pool = side or cards

    def risk(c: int) -> tuple[int, int, int, int]:
        mine = [x for x in w.hands[seat] if x // 8 == c // 8]
        exposed = any(points[x] >= 10 and _higher_out(w, seat, x, power) for x in mine)
        return (int(exposed and len(mine) <= 2), *_cost(w, seat, c, power, points))

    return min(pool, key=risk)


def _beatable(w: World, trick: list[tuple[int, int]], power: list[int]) -> bool:
    """Whether an opponent of the trick's winner, still to play, can take it."""
    bs, bc = best_of(trick, power)
    led = trick[0][1] // 8
    nxt = (trick[0][0] + len(trick)) % 4
    for k in range(4 - len(trick)):
        s = (nxt + k) % 4
        if s % 2 == bs % 2:
            continue
        hand = w.hands[s]
        if any(c // 8 == led for c in hand):
            if any(c // 8 == led and power[c] > power[bc] and c // 8 == bc // 8 for c in hand):
                return True
        elif any(power[c] > power[bc] and (c // 8 == bc // 8 or power[c] >= 8) for c in hand):
            return True
    return False


def _follow(w: World, seat: int, cards: list[int], power: list[int], points: list[int]) -> int:
    t = w.trump
    bs, _ = best_of(w.trick, power)
    worth = sum(points[c] for _, c in w.trick)
    wins = [c for c in cards if best_of([*w.trick, (seat, c)], power)[0] == seat]
    keeps = [c for c in cards if c not in wins]
    cost = _cost
    if bs % 2 == seat % 2:
        if not keeps:
            return min(cards, key=lambda c: cost(w, seat, c, power, points))
        if not _beatable(w, w.trick, power):
            led = w.trick[0][1] // 8
            plain = [c for c in keeps if c // 8 != t] or keeps

            def feed(c: int) -> tuple[int, int]:
                keep = 8 if c // 8 != led and not _higher_out(w, seat, c, power) else 0
                return (points[c] - keep, -power[c])

            return max(plain, key=feed)
        return min(keeps, key=lambda c: cost(w, seat, c, power, points))
    if wins:

        def dear(c: int) -> bool:
            if c // 8 == t:
                return c % 8 not in _LOW_TRUMP
            return points[c] >= 10 and _higher_out(w, seat, c, power)

        def win_cost(c: int) -> tuple[int, int, int]:
            return (int(c // 8 == t), power[c], points[c])

        sure = [c for c in wins if not _beatable(w, [*w.trick, (seat, c)], power)]
        if sure:
            c = min(sure, key=win_cost)
            if worth + points[c] >= CHEAP_TRICK or not dear(c):
                return c
        cheap = min(wins, key=win_cost)
        if not dear(cheap) and worth > 0:
            return cheap
    return min(cards, key=lambda c: cost(w, seat, c, power, points))


# --- scoring ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Round:
    """What scoring needs beyond the play: the contract and the round's fixed facts."""

    contract: Contract
    projects: tuple[tuple[Project, ...], ...]
    first_order: tuple[int, ...]
    baloot: int | None
    level: int
    gahwa: bool
    ace_bid: bool
    kaboot_25: bool

    def points(self, w: World, level: int | None = None) -> tuple[int, int]:
        s = score_round(
            self.contract,
            (w.abnat[0], w.abnat[1]),
            (w.won[0], w.won[1]),
            self.projects,
            self.first_order,
            self.baloot,
            self.level if level is None else level,
            self.gahwa,
            self.ace_bid,
            self.kaboot_25,
        )
        return s.points


def cards_of(ints: Sequence[int]) -> list[Card]:
    return [DECK[i] for i in ints]
