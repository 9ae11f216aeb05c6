"""Replays: the same options, seed and placements give the same match (HT-4 deals from
the seed, no other randomness)."""

from __future__ import annotations

import random

from ht_deals import random_match

from bolola.engine import Record
from bolola.games.hearts_trumps.match import GAME
from bolola.registry import replay


def moves_of(seed: int) -> tuple[Record, object]:
    rng = random.Random(seed)
    state = GAME.new(GAME.parse_options({"target": 300}), seed)
    moves = []
    while GAME.outcome(state) is None:
        seat = rng.choice(GAME.to_move(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        moves.append(f"{seat}:{action}")
        state, _ = GAME.apply(state, seat, action)
    return Record("hearts-trumps", {"target": 300}, seed, tuple(moves)), state


def test_ht04_replaying_a_record_gives_the_same_state():
    for seed in (1, 2):
        record, final = moves_of(seed)
        game, state = replay(Record.from_json(record.to_json()))
        assert game is GAME and state == final


def test_ht04_same_seed_and_actions_give_the_same_states_and_events():
    a = random_match(8)
    b = random_match(8)
    assert [s for s, _ in a] == [s for s, _ in b]
    assert [[str(e) for e in ev] for _, ev in a] == [[str(e) for e in ev] for _, ev in b]
    assert GAME.new(GAME.default_options(), 8) != GAME.new(GAME.default_options(), 9)
