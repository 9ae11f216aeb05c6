"""Scoring a deal and ending the match: HT-13 … HT-16."""

from __future__ import annotations

import random

import pytest
from ht_deals import ints, play_random, random_match

from bolola.engine import IllegalAction, Result
from bolola.games.hearts_trumps.deal import HandPlayed, bonuses, loot_points, score_deal
from bolola.games.hearts_trumps.match import GAME, match_winner


def test_ht13_loot_scores_joker_25_and_a_heart_its_rank():
    assert loot_points(ints("JK")) == 25
    assert loot_points(ints("AH KH 7H")) == 1 + 13 + 7
    assert loot_points(ints("KS QD AC TC")) == 0
    assert loot_points(ints("JK JK")) == 50


def test_ht14_more_loot_cards_score_59_equal_counts_29_each():
    assert bonuses((10, 8)) == (59, 0)
    assert bonuses((3, 15)) == (0, 59)
    assert bonuses((9, 9)) == (29, 29)


def hand(k: int, p0: str, p1: str, a: int, b: int) -> HandPlayed:
    x, y = ints(p0), ints(p1)
    return HandPlayed(1, k, ((x[0], x[1], x[2]), (y[0], y[1], y[2])), (a, b))


def test_ht13_ht14_a_deal_scores_the_loot_each_seat_took_plus_the_bonus():
    hands = [hand(1, "AH 2S 3S", "KH 4S 5S", 0, 0)]  # seat 0 takes KH and AH
    hands += [hand(k, "2D 3D 4D", "5D 6D 7D", 1, 1) for k in range(2, 10)]  # seat 1: 16 cards
    summary = score_deal(1, tuple(hands))
    assert summary.score.loot_counts == (2, 16)
    assert summary.score.loot_points == (14, 0)
    assert summary.score.bonus == (0, 59)
    assert summary.points == (14, 59)


def test_ht15_one_deal_gives_at_most_200_points():
    # Every heart and both jokers as loot, all taken by seat 0: 91 + 50 + 59 = 200.
    loot = ints("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK JK 2S 3S 4S")
    hands = [
        HandPlayed(1, k + 1, ((loot[2 * k], 0, 1), (loot[2 * k + 1], 2, 3)), (0, 0))
        for k in range(9)
    ]
    assert score_deal(1, tuple(hands)).points == (200, 0)
    for seed in range(6):
        final = random_match(seed)[-1][0]
        for deal in final.history:
            assert sum(deal.points) <= 200


def test_ht16_the_first_seat_to_reach_the_target_after_a_deal_wins():
    assert match_winner((499, 100), 500) is None
    assert match_winner((500, 100), 500) == 0
    assert match_winner((520, 530), 500) == 1  # both passed: the higher total
    assert match_winner((510, 510), 500) is None  # an exact tie plays another deal
    assert match_winner((510, 480), 500) == 0


@pytest.mark.parametrize("seed", [1, 2])
def test_ht16_the_match_ends_with_an_outcome_and_refuses_more_placements(seed):
    steps = random_match(seed, target=300)
    final, events = steps[-1]
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.scores == final.totals
    winner = 0 if final.totals[0] > final.totals[1] else 1
    assert max(final.totals) >= 300
    assert outcome.results[winner] is Result.WIN and outcome.ranks == (
        (0, 1) if winner == 0 else (1, 0)
    )
    assert str(events[-1]) == f"over {final.totals[0]} {final.totals[1]}"
    assert GAME.to_move(final) == ()
    assert GAME.view(final, 0).phase == "over"
    for state, _ in steps[:-1]:
        assert GAME.outcome(state) is None
    before, _ = steps[-3]
    legal = GAME.legal_actions(before, 0) or GAME.legal_actions(before, 1)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(final, 0, legal[0])
    assert info.value.rule == "HT-16"


def last_hand_of_deal_1(seed: int):
    """A state about to place deal 1's 9th hand, the placements, and the deal's points."""
    rng = random.Random(seed)
    state = play_random(GAME.new(GAME.default_options(), seed), rng, 8)
    assert state.hand_no == 9
    p0, p1 = GAME.legal_actions(state, 0)[0], GAME.legal_actions(state, 1)[0]
    after, _ = GAME.apply(GAME.apply(state, 0, p0)[0], 1, p1)
    return state, p0, p1, after.history[0].points


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ht16_an_exact_tie_past_the_target_plays_another_deal(seed):
    state, p0, p1, points = last_hand_of_deal_1(seed)
    tie = state._replace(totals=(1000 - points[0], 1000 - points[1]))
    after, events = GAME.apply(GAME.apply(tie, 0, p0)[0], 1, p1)
    assert after.totals == (1000, 1000)
    assert GAME.outcome(after) is None and after.deal_no == 2
    assert [str(e) for e in events][-2:] == ["deal 2", "round 1"]
    ahead = state._replace(totals=(1001 - points[0], 1000 - points[1]))
    after, events = GAME.apply(GAME.apply(ahead, 0, p0)[0], 1, p1)
    assert GAME.outcome(after).results == (Result.WIN, Result.LOSS)
    assert str(events[-1]) == "over 1001 1000"


def test_ht16_the_target_is_an_option():
    assert GAME.default_options().target == 500
    assert GAME.parse_options({"target": 250}).target == 250
    state = GAME.new(GAME.parse_options({"target": 250}), 3)
    assert GAME.view(state, 0).to_json()["options"] == {"target": 250}
