"""Hearts Are Trumps' ``expert``: sampled opponent hands and the small simultaneous game
of each hand.

What the opponent may hold is everything unseen (:mod:`.knowledge`: 54 cards less the own
hand, own placement and loot, and every attacker and defender shown), so a sample deals
it ``opponent_cards`` of them at random. In each sample the opponent's placements are
ranked by the ``club`` pricing from the opponent's side, and its top
:data:`OPPONENT_KINDS` are the opponent's pure strategies ("its best-priced placement,
its second…", the same columns in every sample). Each own legal placement (a row)
meets each of them: the hand's two battles in points difference (the loot taken) plus
the loot-count race after them (:func:`.race.race_value`), and in the first hand of a
6-card round, the next hand too: the three cards each side keeps play a 6 x 6
simultaneous game, valued halfway between its two pure-strategy security levels (cached
by the cards' strength order and loot points, :func:`tokens`, so most sampled hands
reuse a solved game).

The rows x columns matrix, averaged over the samples, is solved as a zero-sum game
(:mod:`.equilibrium`); the placement played is the best against a blend of the
opponent's equilibrium mix and a prior that its best-priced placements are the likelier.
Ties go to the ``club`` price. Everything random comes from ``seed``; ``Budget.samples``
fixes the work and ``Budget.seconds`` only cuts it short on a slow machine::

    bot = make_expert(Budget(samples=16))
    action = bot.choose(view, legal, seed=7)
"""

from __future__ import annotations

import random
import time
from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import Any

from bolola.bots.base import Bot, Budget
from bolola.bots.hearts_trumps.club import (
    OPPONENT_LOOT,
    club_choice,
    legal_triples,
    priced,
    priced_own,
    win_odds,
)
from bolola.bots.hearts_trumps.equilibrium import solve
from bolola.bots.hearts_trumps.knowledge import (
    POINTS,
    STRENGTH,
    Knowledge,
    Triple,
    triples,
    without,
)
from bolola.bots.hearts_trumps.race import battle_worth, race_value
from bolola.engine import Action
from bolola.games.hearts_trumps.view import HeartsTrumpsView
from bolola.memo import memo

ROUND_SAMPLES = 20
"""Opponent hands sampled for a first hand of a 6-card round at the default budget."""
HAND_SAMPLES = 48
"""Opponent hands sampled for a hand of 3 cards (6 placements a side: cheap)."""
OPPONENT_KINDS = 6
"""The opponent's pure strategies: its best-priced placements, best first."""
PRIOR = (0.7, 0.1, 0.06, 0.05, 0.05, 0.04)
"""How likely the opponent is taken to play its best-priced placement, its second…"""
BLEND = 0.5
"""Weight of the opponent's equilibrium mix against :data:`PRIOR` in the final choice."""
ITERATIONS = 200
"""Regret-matching iterations for the hand's matrix game."""
KEEP_ROWS = 16
"""Own placements kept for the matrix game: the best against the prior or any column."""
_SAFETY = 0.85


def duel_result(mine: tuple[int, int, int], theirs: tuple[int, int, int]) -> tuple[int, int]:
    """(own loot cards taken minus the opponent's, points difference) of one hand, each
    side given as (loot points, attacker strength, defender strength): own attacker
    against their defender for their loot, their attacker against own defender for own
    loot; joker against joker (equal strengths) goes with the other battle (HT-10)."""
    mp, s_att, t_def = mine
    lp, t_att, s_def = theirs
    w1: bool | None = s_att > s_def if s_att != s_def else None
    w2: bool | None = t_def > t_att if t_att != t_def else None
    if w1 is None:
        w1 = w2
    elif w2 is None:
        w2 = w1
    return (1 if w1 else -1) + (1 if w2 else -1), (lp if w1 else -lp) + (mp if w2 else -mp)


def hand_result(mine: Triple, theirs: Triple) -> tuple[int, int]:
    """:func:`duel_result` for two placements of deck ints."""
    return duel_result(
        (POINTS[mine[0]], STRENGTH[mine[1]], STRENGTH[mine[2]]),
        (POINTS[theirs[0]], STRENGTH[theirs[1]], STRENGTH[theirs[2]]),
    )


Token = tuple[int, int]
"""A card as far as a hand's battles go: (strength order among the hand's six cards,
loot points). Two hands with the same tokens play the same game."""


def tokens(mine: Sequence[int], theirs: Sequence[int]) -> tuple[tuple[Token, ...], ...]:
    """Both sides' 3 cards as tokens: a plain 2S against a 3S plays like a 5C against
    a 9D, so many sampled hands share one game."""
    order = {s: n for n, s in enumerate(sorted({STRENGTH[c] for c in (*mine, *theirs)}))}
    return (
        tuple(sorted((order[STRENGTH[c]], POINTS[c]) for c in mine)),
        tuple(sorted((order[STRENGTH[c]], POINTS[c]) for c in theirs)),
    )


def _roles(side: tuple[Token, ...]) -> list[tuple[int, int, int]]:
    """(loot points, attacker strength, defender strength) of each placement, once."""
    out: dict[tuple[int, int, int], None] = {}
    for loot in range(3):
        for att in range(3):
            if att != loot:
                dfd = 3 - loot - att
                out[(side[loot][1], side[att][0], side[dfd][0])] = None
    return list(out)


@memo(maxsize=1 << 14)
def _cells(mine: tuple[Token, ...], theirs: tuple[Token, ...]) -> tuple[tuple[Token, ...], ...]:
    """:func:`duel_result` for every own placement (rows) and theirs (columns)."""
    cols = _roles(theirs)
    return tuple(tuple(duel_result(p, q) for q in cols) for p in _roles(mine))


@memo(maxsize=1 << 16)
def game_value(mine: tuple[Token, ...], theirs: tuple[Token, ...], lead: int, left: int) -> float:
    """A 3-card hand's 6 x 6 simultaneous game, in points difference including the race
    after it (``left`` counts this hand's battles): halfway between its maximin and its
    minimax."""
    race = {d: race_value(lead + d, left - 2) for d in (-2, 0, 2)}
    table = [[pts + race[delta] for delta, pts in row] for row in _cells(mine, theirs)]
    lower = max(min(row) for row in table)
    columns: list[tuple[float, ...]] = list(zip(*table, strict=True))
    upper = min(max(col) for col in columns)
    return 0.5 * (lower + upper)


def last_hand_value(mine: tuple[int, ...], theirs: tuple[int, ...], lead: int, left: int) -> float:
    """:func:`game_value` of a 3-card hand with these cards (deck ints)."""
    a, b = tokens(mine, theirs)
    return game_value(a, b, lead, left)


def next_hand_values(
    mine: tuple[int, ...], theirs: tuple[int, ...], lead: int, left: int
) -> tuple[float, float, float]:
    """:func:`last_hand_value` after a hand that changed ``lead`` by -2, 0 and +2 (the
    next hand then has ``left - 2`` battles left, its own included)."""
    a, b = tokens(mine, theirs)
    return (
        game_value(a, b, lead - 2, left - 2),
        game_value(a, b, lead, left - 2),
        game_value(a, b, lead + 2, left - 2),
    )


def opponent_placements(
    k: Knowledge, theirs: tuple[int, ...], their_worth: float, kinds: int
) -> list[Triple]:
    """The opponent's ``kinds`` pure strategies when it holds ``theirs``: its placements
    by the club pricing from its side (what it has not seen), best first."""
    pool = list(k.unseen)
    for c in theirs:
        pool.remove(c)
    pool += k.hidden
    mean_loot = sum(POINTS[c] for c in pool) / len(pool)
    ranked = priced(theirs, win_odds(theirs, pool), their_worth, OPPONENT_LOOT * mean_loot)
    # The club never loots a joker beside a low plain card: fewer placements then.
    return [ranked[min(j, len(ranked) - 1)][1] for j in range(kinds)]


def rate(
    k: Knowledge, samples: int, rng: random.Random, deadline: float = float("inf")
) -> list[list[float]]:
    """The mean matrix over sampled opponent hands: own placements (``triples(k.hand)``
    order) x the opponent's best-priced placements."""
    mine = triples(k.hand)
    kinds = min(OPPONENT_KINDS, len(triples(tuple(range(k.opponent_cards)))))
    sums = [[0.0] * kinds for _ in mine]
    their_worth = battle_worth(-k.lead, k.battles_left)
    left = k.battles_left
    rest = {p: without(k.hand, p) for p in mine} if k.is_round_start else {}
    rests = sorted(set(rest.values()))
    roles = [(POINTS[p[0]], STRENGTH[p[1]], STRENGTH[p[2]]) for p in mine]
    race_after = (
        race_value(k.lead - 2, left - 2),
        race_value(k.lead, left - 2),
        race_value(k.lead + 2, left - 2),
    )
    done = 0
    for _ in range(max(1, samples)):
        theirs = tuple(sorted(rng.sample(k.unseen, k.opponent_cards)))
        for j, q in enumerate(opponent_placements(k, theirs, their_worth, kinds)):
            lp, t_att, t_def = POINTS[q[0]], STRENGTH[q[1]], STRENGTH[q[2]]
            if k.is_round_start:
                kept = without(theirs, q)
                then = {r: next_hand_values(r, kept, k.lead, left) for r in rests}
                after = [then[rest[p]] for p in mine]
            else:
                after = [race_after] * len(mine)
            # duel_result inlined: this loop is the bot's hot path.
            for i, (mp, s_att, s_def) in enumerate(roles):
                w1 = 1 if s_att > t_def else 0 if s_att < t_def else -1
                w2 = 1 if s_def > t_att else 0 if s_def < t_att else -1
                if w1 < 0:
                    w1 = w2
                elif w2 < 0:
                    w2 = w1
                pts = (lp if w1 else -lp) + (mp if w2 else -mp)
                sums[i][j] += pts + after[i][w1 + w2]
        done += 1
        if time.perf_counter() > deadline:
            break
    return [[v / done for v in row] for row in sums]


def choose_triple(
    k: Knowledge, matrix: list[list[float]], allowed: Container[Triple] | None = None
) -> Triple:
    """The own placement to play from the rated matrix (see the module docstring), one
    of ``allowed`` (default: any)."""
    scores = placement_scores(k, matrix, allowed)
    return max(scores, key=lambda t: scores[t])


def placement_scores(
    k: Knowledge, matrix: list[list[float]], allowed: Container[Triple] | None = None
) -> dict[Triple, tuple[float, int]]:
    """The placements in the running (the rows kept for the matrix game, those of
    ``allowed``), each with what ranks it: its value in points difference against the
    blend of the opponent's equilibrium mix and the prior (rounded, so float noise never
    decides), then ``club``'s price order for ties."""
    mine = triples(k.hand)
    _, vs_prior, rows, y = _mix(matrix)
    if allowed is not None:
        rows = [i for i in rows if mine[i] in allowed] or [
            i for i in range(len(mine)) if mine[i] in allowed
        ]
    club_rank = {t: n for n, (_, t) in enumerate(priced_own(k))}

    def score(i: int) -> tuple[float, int]:
        vs_mix = sum(a * b for a, b in zip(matrix[i], y, strict=True))
        blended = BLEND * vs_mix + (1.0 - BLEND) * vs_prior[i]
        return (round(blended, 6), -club_rank.get(mine[i], len(mine)))

    return {mine[i]: score(i) for i in rows}


def _mix(matrix: list[list[float]]) -> tuple[list[float], list[float], list[int], list[float]]:
    """The prior over the opponent's strategies, each row's value against it, the rows
    kept for the matrix game, and the opponent's equilibrium mix over them."""
    kinds = len(matrix[0])
    prior = list(PRIOR[:kinds])
    total = sum(prior)
    prior = [p / total for p in prior]
    vs_prior = [sum(a * b for a, b in zip(row, prior, strict=True)) for row in matrix]
    keep = set(sorted(range(len(matrix)), key=lambda i: -vs_prior[i])[:KEEP_ROWS])
    for j in range(kinds):
        keep.add(max(range(len(matrix)), key=lambda i: matrix[i][j]))
    rows = sorted(keep)
    _, y, _ = solve([matrix[i] for i in rows], ITERATIONS)
    return prior, vs_prior, rows, y


def opponent_weights(matrix: list[list[float]]) -> list[float]:
    """How likely the final choice takes each of the opponent's strategies: the blend of
    its equilibrium mix and :data:`PRIOR` that :func:`placement_scores` values rows by."""
    prior, _, _, y = _mix(matrix)
    return [BLEND * a + (1.0 - BLEND) * b for a, b in zip(y, prior, strict=True)]


@dataclass(frozen=True, slots=True)
class ExpertBot:
    """``expert`` for Hearts Are Trumps (see the module docstring)."""

    budget: Budget
    level: str = "expert"

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, HeartsTrumpsView):
            raise TypeError("the expert bot plays Hearts Are Trumps from a seat's view")
        deadline = time.perf_counter() + self.budget.seconds * _SAFETY
        k = Knowledge.from_view(view)
        samples = self.budget.samples or (ROUND_SAMPLES if k.is_round_start else HAND_SAMPLES)
        matrix = rate(k, samples, random.Random(seed), deadline)
        allowed = legal_triples(legal)
        try:
            return allowed[choose_triple(k, matrix, allowed)]
        except ValueError:  # ``legal`` holds none of the hand's placements
            return club_choice(k, legal)


def make_expert(budget: Budget) -> Bot:
    return ExpertBot(budget)
