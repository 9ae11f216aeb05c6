"""How the ``expert`` declares: simulate each offered contract, weigh the quotas still open.

Each offered contract (and each trump suit) is played out on the same sampled deals of
the 39 hidden cards with the playout policy; its *score* is the declarer's mean there.
Declaring uses up one of the declarer's declarations of that class (KB-8), which a later
hand would fill with the best contract of the class for it: :data:`CLASS_VALUE` is what
that is worth on average. So a declaration's *worth* is its score minus its class's value:
a hand is declared in the class it suits better than a random hand would. Within the
negative class, an easy contract (``king-of-hearts``, :data:`BASELINE`) is charged part of
its easiness while more negative declarations are owed, so it is kept for a hand that
suits nothing else rather than burnt first. On the last declaration only the score
counts::

    worth(view, rate_contracts(view, legal, samples=40, rng=random.Random(7)))
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from bolola.bots.king_bolola.playout import playout
from bolola.bots.king_bolola.sampler import DealSampler
from bolola.cards import SUIT_MASKS, Suit
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.contract import CLASS_DUTY, Contract, ContractClass
from bolola.games.king_bolola.view import KingBololaView

BASELINE: dict[Contract, float] = {
    Contract.TRICKS: -167.6,
    Contract.JACKS_KINGS: -123.7,
    Contract.QUEENS: -103.2,
    Contract.HEARTS: -102.2,
    Contract.LAST_TWO: -98.6,
    Contract.KING_OF_HEARTS: -81.9,
    Contract.BOLOLA_NEGATIVE: -208.9,
    Contract.TRUMPS: 221.7,
    Contract.BOLOLA_POSITIVE: 197.2,
}
"""A declarer's mean score with a random hand, leading trick 1, under the playout policy
(for ``trumps``, in its longest suit): ``measure_baselines(4000, seed=1)``."""

CLASS_VALUE: dict[ContractClass, float] = {
    ContractClass.NEGATIVE: -53.1,
    ContractClass.TRUMPS: 226.7,
    ContractClass.BOLOLA: 207.7,
}
"""A random hand's mean score in the best contract of each class, rated as
:func:`rate_contracts` does with 16 samples: ``measure_class_values(300, 16, seed=1)``.
Weighing declarations against these (rather than declaring the best score) gained 178
points per match over the 6 declarations of one player, in a simulation of 80 matches'
worth of hands rated twice (once to choose, once as the truth)."""
EASY_SHARE = 0.5
"""The share of a negative contract's easiness (baseline above the class mean) charged
for declaring it while another negative declaration is still owed."""
PRUNE_MARGIN = 100.0
"""Points of worth behind the best declaration at which a declaration is dropped early."""
_NEGATIVE_MEAN = sum(v for c, v in BASELINE.items() if c.klass is ContractClass.NEGATIVE) / 6


def owed(view: KingBololaView, seat: int) -> dict[str, int]:
    """Declarations of each class ``seat`` still owes this match (KB-8)."""
    left = {k.value: n for k, n in CLASS_DUTY.items()}
    for deal in view.history:
        if deal.declarer == seat:
            left[deal.contract.klass.value] -= 1
    return left


def rate_contracts(
    view: KingBololaView,
    legal: Sequence[Declare],
    samples: int,
    rng: random.Random,
    deadline: float = float("inf"),
) -> dict[Declare, float]:
    """Each declaration's mean score for the declarer over the same sampled deals.

    After a third of the samples, declarations whose :func:`worth` is already
    :data:`PRUNE_MARGIN` below the best one's stop being played out (their mean so far
    stands), so the samples go to the close calls."""
    assert view.seat is not None and view.hand is not None
    seat = view.seat
    hand = 0
    for card in view.hand:
        hand |= card.bit
    hidden = ((1 << 52) - 1) & ~hand
    possible = tuple(hand if s == seat else hidden for s in range(4))
    sampler = DealSampler(seat, hand, possible, (13, 13, 13, 13))
    totals = dict.fromkeys(legal, 0)
    counts = dict.fromkeys(legal, 0)
    live = list(legal)
    kua = view.king_under_ace
    for n in range(max(1, samples)):
        if n == max(1, samples // 3):
            now = worth(view, {d: totals[d] / counts[d] for d in live})
            top = max(now.values())
            live = [d for d in live if now[d] >= top - PRUNE_MARGIN]
        hands = sampler.sample(rng)
        for d in live:
            trump = -1 if d.trump is None else int(d.trump)
            totals[d] += playout(d.contract, trump, kua, list(hands), seat, [], 0)[seat]
            counts[d] += 1
        if time.perf_counter() > deadline:
            break
    return {d: totals[d] / counts[d] for d in legal}


def worth(view: KingBololaView, rated: dict[Declare, float]) -> dict[Declare, float]:
    """Each declaration's score less what its class's declaration would be worth on a
    later hand (see the module docstring); the score alone on the last declaration."""
    assert view.seat is not None
    left = owed(view, view.seat)
    if sum(left.values()) <= 1:
        return dict(rated)
    out = {}
    for d, score in rated.items():
        klass = d.contract.klass
        value = score - CLASS_VALUE[klass]
        if klass is ContractClass.NEGATIVE and left[klass.value] >= 2:
            value -= EASY_SHARE * (BASELINE[d.contract] - _NEGATIVE_MEAN)
        out[d] = value
    return out


def measure_baselines(deals: int, seed: int) -> dict[Contract, float]:
    """The declarer's mean playout score per contract over ``deals`` random hands."""
    from bolola.games.king_bolola.deal import hands_from_seed

    out = {}
    for contract in Contract:
        total = 0
        for n in range(deals):
            hands = hands_from_seed(f"baseline:{seed}:{n}")
            trump = -1
            if contract is Contract.TRUMPS:  # the longest suit, the strongest on equal length
                trump = max(range(4), key=lambda s: (hands[0] & SUIT_MASKS[s]).bit_count() * 8192
                            + (hands[0] >> (13 * s) & 8191))  # fmt: skip
            total += playout(contract, trump, False, list(hands), 0, [], 0)[0]
        out[contract] = total / deals
    return out


def measure_class_values(hands: int, samples: int, seed: int) -> dict[ContractClass, float]:
    """A random hand's mean score in the best-rated contract of each class."""
    from bolola.games.king_bolola.deal import hands_from_seed

    rng = random.Random(seed)
    full = (1 << 52) - 1
    offers = [Declare(c) for c in Contract if c is not Contract.TRUMPS]
    offers += [Declare(Contract.TRUMPS, s) for s in Suit]
    best: dict[ContractClass, float] = dict.fromkeys(ContractClass, 0.0)
    for n in range(hands):
        hand = hands_from_seed(f"class-value:{seed}:{n}")[0]
        sampler = DealSampler(0, hand, (hand, full & ~hand, full & ~hand, full & ~hand), (13,) * 4)
        totals = dict.fromkeys(offers, 0)
        for _ in range(samples):
            dealt = sampler.sample(rng)
            for d in offers:
                trump = -1 if d.trump is None else int(d.trump)
                totals[d] += playout(d.contract, trump, False, list(dealt), 0, [], 0)[0]
        for k in ContractClass:
            best[k] += max(t for d, t in totals.items() if d.contract.klass is k) / samples
    return {k: v / hands for k, v in best.items()}
