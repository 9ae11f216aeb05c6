"""Hearts Are Trumps' ``club``: priced rules of thumb, no search.

A placement is priced battle by battle in points *difference*. Each battle is worth the
loot card it decides plus its share of the loot-count race (:func:`.race.battle_worth`,
up to 59 points ride on taking more loot cards, HT-14), and a card's chance of winning
a battle is its chance of beating one of the stronger two of three unseen cards (the
opponent fights with its better cards). So strong cards fight and worthless cards are
loot (a loot card the defender loses is the opponent's), a valuable loot card goes
behind the best defender, and in the first hand of a round the three cards kept are
priced too (they play the next hand, HT-6). A joker is never loot while a low plain card
could be instead. It reads only the view and draws no random numbers: deterministic for
any seed, well under a millisecond a decision.

>>> bot = make_club(Budget())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.bots.base import Bot, Budget
from bolola.bots.hearts_trumps.knowledge import (
    JOKER,
    POINTS,
    STRENGTH,
    Knowledge,
    Triple,
    triple_of,
    triples,
    without,
)
from bolola.bots.hearts_trumps.race import battle_worth
from bolola.engine import Action
from bolola.games.hearts_trumps.placement import Place, parse_action
from bolola.games.hearts_trumps.view import HeartsTrumpsView

LOW_RANK = 5
"""A plain (non-heart) card this low is worthless loot that no joker should replace."""
OPPONENT_LOOT = 0.5
"""The share of the unseen cards' mean loot points the opponent is guessed to risk: it
too puts its worthless cards as loot."""


def win_odds(cards: Sequence[int], pool: Sequence[int]) -> dict[int, float]:
    """Each card's chance of beating an opponent's fighter, the fighter being one of the
    stronger two of three cards drawn from ``pool`` (joker against joker: even)."""
    n = len(pool)
    out: dict[int, float] = {}
    if n == 0:
        return dict.fromkeys(cards, 0.5)
    strengths = [STRENGTH[c] for c in pool]
    for c in set(cards):
        s = STRENGTH[c]
        below = sum(1 for t in strengths if t < s) + 0.5 * sum(1 for t in strengths if t == s)
        f = below / n
        out[c] = f * f * f + 1.5 * f * f * (1.0 - f)
    return out


def is_low_plain(c: int) -> bool:
    return c != JOKER and c // 13 != 1 and POINTS[c] == 0 and STRENGTH[c] <= LOW_RANK * 3 + 2


def priced(
    hand: tuple[int, ...], odds: dict[int, float], worth: float, their_loot: float
) -> list[tuple[float, Triple]]:
    """Every placement of ``hand`` with its price, best first (ties in placement order)."""
    keep_joker = JOKER in hand and any(is_low_plain(c) for c in hand)
    best_rest: dict[tuple[int, ...], float] = {}

    def price(t: Triple) -> float:
        loot, att, dfd = t
        # The last term only breaks ties between fighters whose odds round alike: a
        # valuable loot card goes behind the stronger one.
        return (
            (2.0 * odds[att] - 1.0) * (worth + their_loot)
            + (2.0 * odds[dfd] - 1.0) * (worth + POINTS[loot])
            + 1e-6 * (STRENGTH[dfd] - STRENGTH[att]) * (POINTS[loot] - their_loot)
        )

    out: list[tuple[float, Triple]] = []
    for t in triples(hand):
        if keep_joker and t[0] == JOKER:
            continue
        value = price(t)
        if len(hand) == 6:
            rest = without(hand, t)
            if rest not in best_rest:
                best_rest[rest] = max(price(u) for u in triples(rest))
            value += best_rest[rest]
        out.append((value, t))
    out.sort(key=lambda vt: -vt[0])
    return out


def priced_own(k: Knowledge) -> list[tuple[float, Triple]]:
    """:func:`priced` for the seat that knows ``k``."""
    odds = win_odds(k.hand, k.unseen)
    mean_loot = sum(POINTS[c] for c in k.unseen) / max(1, len(k.unseen))
    worth = battle_worth(k.lead, k.battles_left)
    return priced(k.hand, odds, worth, OPPONENT_LOOT * mean_loot)


def club_choice(k: Knowledge, legal: Sequence[Action]) -> Action:
    """The legal action ``club`` takes with this knowledge: its best-priced one (a joker
    as loot only if ``legal`` offers nothing else)."""
    allowed = legal_triples(legal)
    for _, t in priced_own(k):
        if t in allowed:
            return allowed[t]
    return legal[0]


def legal_triples(legal: Sequence[Action]) -> dict[Triple, Action]:
    """Each legal action (a Place or its text form) by its cards in their roles."""
    out: dict[Triple, Action] = {}
    for a in legal:
        place = a if isinstance(a, Place) else parse_action(str(a))
        out.setdefault(triple_of(place), a)
    return out


@dataclass(frozen=True, slots=True)
class ClubBot:
    """``club`` for Hearts Are Trumps (see the module docstring)."""

    level: str = "club"

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, HeartsTrumpsView):
            raise TypeError("the club bot plays Hearts Are Trumps from a seat's view")
        return club_choice(Knowledge.from_view(view), legal)


def make_club(budget: Budget) -> Bot:
    return ClubBot()
