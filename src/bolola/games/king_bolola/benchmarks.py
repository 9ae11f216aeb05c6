"""King Bolola's own benchmark units: one random deal of a contract, on the deal's fast
path (bitmasks, no match around it). ``bolola bench engine`` times them."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from bolola.cards import cards_of
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import hands_from_seed, new_deal, play


def random_deal(contracts: tuple[Contract, ...]) -> Callable[[random.Random], int]:
    """A unit: deal at random, pick one of ``contracts``, play random legal cards to
    the end; returns the cards played."""

    def unit(rng: random.Random) -> int:
        pick = rng.random
        contract = contracts[int(pick() * len(contracts))]
        trump = int(pick() * 4) if contract is Contract.TRUMPS else None
        d = new_deal(contract, trump, int(pick() * 4), hands_from_seed(rng.getrandbits(32)))
        plays = 0
        while not d.done:
            legal = cards_of(d.legal)
            card = legal[int(pick() * len(legal))]
            d, _ = play(d, (d.leader + len(d.trick)) & 3, card.index)
            plays += 1
        return plays

    return unit


def benchmarks() -> Mapping[str, Callable[[random.Random], int]]:
    units = {f"deal {c}": random_deal((c,)) for c in Contract}
    units["deal, contracts mixed"] = random_deal(tuple(Contract))
    return units
