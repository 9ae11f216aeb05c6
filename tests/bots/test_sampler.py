"""Sampled deals agree with what the seat knows, and every consistent deal is as likely."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bolola.bots.base import make_bot
from bolola.bots.king_bolola.knowledge import Knowledge
from bolola.bots.king_bolola.sampler import DealSampler, NoConsistentDeal
from bolola.cards import FULL_DECK
from bolola.games.king_bolola.match import GAME, Match


def club_states(seed: int, plays: int) -> list[Match]:
    """States of a match played by ``club`` bots, one every ``plays`` actions."""
    club = make_bot("king-bolola", "club")
    state = GAME.new(GAME.default_options(), seed)
    out = []
    step = 0
    while state.deal_no < 3:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = club.choose(GAME.view(state, seat), legal, step)
        state, _ = GAME.apply(state, seat, action)  # type: ignore[arg-type]
        step += 1
        if step % plays == 0 and state.deal is not None and not state.deal.done:
            out.append(state)
    return out


def test_every_sample_agrees_with_the_knowledge_and_deals_each_card_once() -> None:
    checked = 0
    for state in club_states(seed=5, plays=7):
        seat = GAME.to_move(state)[0]
        k = Knowledge.from_view(GAME.view(state, seat))
        sampler = DealSampler.from_knowledge(k)
        rng = random.Random(1)
        for _ in range(20):
            hands = sampler.sample(rng)
            assert k.consistent(hands)
            assert hands[seat] == k.hand
            assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK & ~k.played
            assert sum(h.bit_count() for h in hands) == FULL_DECK.bit_count() - k.played.bit_count()
        assert state.deal is not None
        assert k.consistent(state.deal.hands)  # the true deal is one of them
        checked += 1
    assert checked > 10


def brute_force(possible: list[int], counts: list[int], seat: int) -> list[tuple[int, ...]]:
    others = [s for s in range(4) if s != seat]
    cards = sorted({c for s in others for c in range(52) if possible[s] >> c & 1})
    deals = []
    for owners in itertools.product(others, repeat=len(cards)):
        if any(owners.count(s) != counts[s] for s in others):
            continue
        if all(possible[s] >> c & 1 for c, s in zip(cards, owners, strict=True)):
            hands = [0, 0, 0, 0]
            for c, s in zip(cards, owners, strict=True):
                hands[s] |= 1 << c
            deals.append(tuple(hands[s] for s in others))
    return deals


def test_uniform_over_consistent_deals_on_a_small_case() -> None:
    # Seat 0 knows: seat 1 is void in card 0's group, seat 3 may hold only cards 4..7.
    possible = [0, 0b0111_1110, 0b1111_1101, 0b1111_0000]
    counts = [0, 3, 3, 2]
    sampler = DealSampler(0, 0, possible, counts)
    expected = brute_force(possible, counts, 0)
    assert sampler.deals == len(expected) > 10
    rng = random.Random(3)
    draws = 200 * len(expected)
    seen = Counter(tuple(sampler.sample(rng)[1:]) for _ in range(draws))
    assert set(seen) == set(expected)
    assert max(seen.values()) < 1.35 * 200
    assert min(seen.values()) > 0.65 * 200


def test_same_seed_same_samples() -> None:
    sampler = DealSampler(2, 0b111, [FULL_DECK & ~0b111] * 2 + [0b111, FULL_DECK & ~0b111],
                          [16, 16, 3, 17])  # fmt: skip
    a = [sampler.sample(random.Random(9)) for _ in range(3)]
    b = [sampler.sample(random.Random(9)) for _ in range(3)]
    assert a == b


def test_knowledge_no_deal_can_satisfy_is_refused() -> None:
    with pytest.raises(NoConsistentDeal):  # seats 1 and 2 may both hold only card 1
        DealSampler(0, 1, [1, 0b10, 0b10, 0b1100], [1, 1, 1, 2])
    with pytest.raises(NoConsistentDeal):  # more places than cards
        DealSampler(0, 1, [1, 0b110, 0b110, 0b110], [1, 1, 1, 2])
