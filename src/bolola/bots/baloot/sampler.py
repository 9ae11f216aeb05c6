"""What a Baloot seat's view reveals of the hidden cards, and hidden hands sampled to agree
with it (for the ``expert``).

From the view alone: the cards unseen (not in the own hand, not played, not the face-up
bid card while it is still up), each other seat's hand size, the cards every seat knows
another holds (the bid card with its buyer until played, the cards of projects shown
after the first trick), and the cards a seat has shown it cannot hold — the same
inferences as the engine's :func:`~bolola.games.baloot.hidden.barred`: a seat that did
not follow holds none of the suit led; under ``strict-trumping`` one that did not trump
against an opponent's winning card holds no trump, one that under-trumped no higher
trump; a trump led in a locked round shows a hand of nothing else (BA-13, BA-15).

>>> from bolola.games.baloot.match import GAME
>>> state = GAME.new(GAME.default_options(), 1)
>>> k = Knowledge.of(GAME.view(state, 0))
>>> len(k.unseen), k.rooms
(26, [0, 5, 5, 5, 11])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from bolola.bots.baloot.playout import _TABLES, INDEX, best_of, suit_index
from bolola.cards import Suit
from bolola.games.baloot.view import BalootView

ATTEMPTS = 40


class NoConsistentDeal(Exception):  # noqa: N818 (as King Bolola's sampler)
    """No deal of the hidden cards agrees with the view (never, with the engine's views)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    hand: tuple[int, ...]
    unseen: tuple[int, ...]  # hidden from the seat: in other hands or undealt
    rooms: list[int]  # free places of seats 0-3 (own: 0) and, last, the undealt stock
    fixed: tuple[tuple[int, ...], ...]  # per seat, the hidden cards known to be there
    bars: tuple[frozenset[int], ...]  # per seat (and the stock: none)
    trump: int

    @classmethod
    def of(cls, view: BalootView) -> Knowledge:
        seat = view.seat
        assert seat is not None and view.hand is not None
        hand = tuple(INDEX[c] for c in view.hand)
        played = [INDEX[c] for t in view.tricks for _, c in t.cards]
        played += [INDEX[c] for _, c in view.trick]
        gone = set(hand) | set(played)
        bid = INDEX[view.bid_card]
        bought = view.buyer is not None
        if not bought:
            gone.add(bid)
        unseen = tuple(c for c in range(32) if c not in gone)
        fixed: list[list[int]] = [[], [], [], []]
        if bought and view.buyer != seat and bid in unseen:
            fixed[view.buyer].append(bid)  # type: ignore[index]
        if view.projects is not None:
            for s, ps in enumerate(view.projects):
                if s != seat:
                    for p in ps:
                        for c in p.cards:
                            i = INDEX[c]
                            if i in unseen and i not in fixed[s]:
                                fixed[s].append(i)
        rooms = [0 if s == seat else view.hand_counts[s] - len(fixed[s]) for s in range(4)]
        stock = len(unseen) - sum(len(f) for f in fixed) - sum(rooms)
        trump = suit_index(_trump(view))
        return cls(
            seat,
            hand,
            unseen,
            [*rooms, stock],
            tuple(tuple(f) for f in fixed),
            tuple(frozenset(b) for b in barred(view, trump)),
            trump,
        )

    def sample(
        self, rng: random.Random, accept: Callable[[list[list[int]]], bool] | None = None
    ) -> list[list[int]]:
        """Hands for seats 0-3 (the own hand as it is) and, last, the undealt stock;
        ``accept`` (a soft inference) is asked of a few draws before one is taken anyway."""
        pool = [c for c in self.unseen if not any(c in f for f in self.fixed)]
        bans = [*self.bars, frozenset()]
        # Most constrained cards first; shuffled among equals.
        weight = {c: sum(1 for b in bans if c not in b) for c in pool}
        fallback: list[list[int]] | None = None
        for attempt in range(ATTEMPTS):
            cards = list(pool)
            rng.shuffle(cards)
            cards.sort(key=weight.__getitem__)
            room = list(self.rooms)
            out: list[list[int]] = [list(f) for f in self.fixed] + [[]]
            ok = True
            for card in cards:
                places = [i for i in range(5) if room[i] > 0 and card not in bans[i]]
                if not places:
                    ok = False
                    break
                i = rng.choices(places, [room[i] for i in places])[0]
                out[i].append(card)
                room[i] -= 1
            if not ok:
                continue
            out[self.seat] = list(self.hand)
            if accept is None or accept(out):
                return out
            if fallback is None:
                fallback = out
            if attempt >= 6:
                return fallback
        if fallback is not None:
            return fallback
        raise NoConsistentDeal


def _trump(view: BalootView) -> Suit | None:
    c = view.contract
    return Suit.parse(c[6:]) if c is not None and c.startswith("hokum:") else None


def barred(view: BalootView, trump: int) -> list[set[int]]:
    """Per seat, the cards it has shown it cannot hold (as the engine's ``barred``)."""
    out: list[set[int]] = [set(), set(), set(), set()]
    power = _TABLES[trump][0]
    strict = bool(view.options.get("strict-trumping", False))
    locked = view.level in (2, 4) and not view.gahwa
    tricks = [[(s, INDEX[c]) for s, c in t.cards] for t in view.tricks]
    if view.trick:
        tricks.append([(s, INDEX[c]) for s, c in view.trick])
    for trick in tricks:
        lead_seat, lead = trick[0]
        led = lead // 8
        if locked and trump >= 0 and led == trump:
            out[lead_seat] |= {c for c in range(32) if c // 8 != trump}
        for k in range(1, len(trick)):
            seat, card = trick[k]
            if card // 8 == led:
                continue
            out[seat] |= {c for c in range(32) if c // 8 == led}
            if not strict or trump < 0 or led == trump:
                continue
            bs, bc = best_of(trick[:k], power)
            if bs % 2 == seat % 2:
                continue
            if card // 8 != trump:
                out[seat] |= {c for c in range(32) if c // 8 == trump}
            elif bc // 8 == trump and power[card] < power[bc]:
                out[seat] |= {c for c in range(32) if c // 8 == trump and power[c] > power[bc]}
    return out
