"""Scoring a round (JO-15 … JO-19) and the match (JO-20)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from jo_tables import Ids, run, situation

from bolola.engine import IllegalAction, Result
from bolola.games.jolly.actions import parse_action
from bolola.games.jolly.match import GAME, winner_of
from bolola.games.jolly.meld import Spec, put_down
from bolola.games.jolly.options import JollyOptions
from bolola.games.jolly.scoring import score_round


def table_of(ids: Ids, *melds: tuple[int, str]):
    out = []
    for k, (owner, text) in enumerate(melds, start=1):
        spec = Spec.parse(text)
        cards = tuple(ids.take("JK" if p.joker else str(p.face)) for p in spec.pieces)
        out.append(put_down(spec, cards, k, owner))
    return tuple(out)


def hand_of(ids: Ids, text: str) -> tuple[int, ...]:
    return tuple(ids.take(f) for f in text.split())


# -- JO-15 … JO-17 -------------------------------------------------------------------------


def test_jo15_cards_on_the_table_score_for_whoever_put_them_there():
    r = situation(["QH 5C 2S", "3C"], drew="stock", table=((1, "QS,QD,QC"),), opened=(True, True))
    r, _ = run(r, "lay:1:QH", "discard:2S", "draw", "discard:3C", "draw")
    score = score_round(r.table, r.hands, None, False)
    assert [p for _, p in score.seats[0].table] == [10]  # the queen laid on seat 1's set
    assert [p for _, p in score.seats[1].table] == [10, 10, 10]


def test_jo15_an_ace_scores_1_in_a_low_run_10_in_a_high_run_25_in_a_set():
    ids = Ids()
    table = table_of(ids, (0, "AH,2H,3H"), (0, "QS,KS,AS"), (0, "AD,AC,JK=AH"))
    score = score_round(table, [()], None, False)
    assert [p for _, p in score.seats[0].table] == [1, 2, 3, 10, 10, 10, 25, 25, 25]


def test_jo15_a_joker_is_worth_the_card_it_stands_for_and_nothing_once_taken_back():
    r = situation(
        ["TH 2C 3C", "4D 5D"],
        drew="stock",
        table=((1, "8H,9H,JK=TH"), (1, "2S,JK=3S,4S")),
        opened=(True, True),
    )
    before = score_round(r.table, r.hands, None, False)
    assert [p for _, p in before.seats[1].table] == [8, 9, 10, 2, 3, 4]
    r, _ = run(r, "swap:1:TH")
    after = score_round(r.table, r.hands, None, False)
    assert [p for _, p in after.seats[1].table] == [8, 9, 2, 3, 4]
    assert [p for _, p in after.seats[0].table] == [10]  # the TH that took its place
    assert [p for _, p in after.seats[0].hand] == [2, 3, 50]  # the joker now in hand


def test_jo16_cards_left_in_hand_count_against_their_holder():
    ids = Ids()
    hand = hand_of(ids, "2S 9H TD JC QS KH AD JK")
    score = score_round((), [hand], None, False)
    assert [p for _, p in score.seats[0].hand] == [2, 9, 10, 10, 10, 10, 25, 50]
    assert score.points == (-126,)


def test_jo17_the_closer_scores_30_more():
    ids = Ids()
    table = table_of(ids, (0, "7H,8H,9H"), (1, "2S,3S,4S"))
    score = score_round(table, [(), hand_of(ids, "5C")], 0, False)
    assert score.seats[0].bonus == 30 and score.seats[1].bonus == 0
    assert score.points == (24 + 30, 9 - 5)


def test_jo18_a_mano_jolly_doubles_the_closers_points_and_the_others_hands():
    ids = Ids()
    table = table_of(ids, (0, "7H,8H,9H,TH,JH"), (1, "2S,3S,4S"))
    score = score_round(table, [(), hand_of(ids, "5C KC")], 0, True)
    assert score.points == (2 * (44 + 30), 9 - 2 * 15)
    # Card by card, the figures add up to the points.
    for s in score.seats:
        assert sum(p for _, p in s.table) + s.bonus - sum(p for _, p in s.hand) == s.points


def test_jo19_the_sources_worked_examples():
    ids = Ids()
    table = table_of(ids, (0, "8D,9D,TD"), (0, "JH,QH,KH"), (1, "AD,AH,AS"))
    hands = [hand_of(ids, "3C 4C 5S 6S QC KC"), hand_of(ids, "JK 5C 5D 7C 8C TC JC JS QD")]
    score = score_round(table, hands, None, False)
    assert [sum(p for _, p in s.hand) for s in score.seats] == [38, 115]
    assert [sum(p for _, p in s.table) for s in score.seats] == [57, 75]
    assert score.points == (19, -40)


# -- JO-20: the match ---------------------------------------------------------------------


def test_jo20_the_target_is_100_250_or_500_and_the_highest_total_then_wins():
    assert JollyOptions().target == 100
    assert winner_of((90, 99), 100) is None
    assert winner_of((120, 101, 40), 100) == 0
    assert winner_of((80, 130, 120), 100) == 1
    assert winner_of((120, 120, 40), 100) is None  # a tie for the highest plays on


def test_jo20_a_round_that_takes_a_total_to_the_target_ends_the_match():
    state = GAME.new(JollyOptions(players=2), 3)
    r = situation(["4S 5S 6S 9C", "3C 4C"], stock="7S", table=((0, "QS,QD,QC"),))
    state = replace(state, round=r, totals=(40, 90))
    for text in ("draw", "meld:4S,5S,6S,7S", "discard:9C"):
        state, events = GAME.apply(state, 0, parse_action(text))
    outcome = GAME.outcome(state)
    assert state.totals == (40 + 82, 90 - 7)
    assert outcome is not None and outcome.results == (Result.WIN, Result.LOSS)
    assert [str(e) for e in events[-2:]] == [
        "score 1 closer 0 82 -7 totals 122 83",
        "over seat 0 122 83",
    ]
    assert GAME.to_move(state) == ()


def test_jo20_a_tie_for_the_highest_total_plays_another_round():
    state = GAME.new(JollyOptions(players=2), 3)
    r = situation(["4S 5S 6S 9C", "3C 4C"], stock="7S", table=((0, "QS,QD,QC"),))
    state = replace(state, round=r, totals=(40, 129))
    for text in ("draw", "meld:4S,5S,6S,7S", "discard:9C"):
        state, events = GAME.apply(state, 0, parse_action(text))
    assert state.totals == (122, 122) and GAME.outcome(state) is None
    # Both seats read the scores first, each saying continue (in either order).
    assert GAME.to_move(state) == (0, 1)
    assert [str(a) for a in GAME.legal_actions(state, 1)] == ["continue"]
    state, events = GAME.apply(state, 1, parse_action("continue"))
    assert GAME.to_move(state) == (0,) and [str(e) for e in events] == ["continue 1"]
    with pytest.raises(IllegalAction, match="already said continue"):
        GAME.apply(state, 1, parse_action("continue"))
    with pytest.raises(IllegalAction, match="say continue"):
        GAME.apply(state, 0, parse_action("draw"))
    state, events = GAME.apply(state, 0, parse_action("continue"))
    assert state.round_no == 2 and state.round.dealer == 0 and GAME.to_move(state) == (1,)
    assert str(events[-1]) == "round 2 dealer 0 players 2"
