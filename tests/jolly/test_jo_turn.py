"""The deal and the turn (JO-1, JO-2, JO-6 … JO-14), through the round's ``step`` and
``legal`` and the registered game."""

from __future__ import annotations

from dataclasses import replace

import pytest
from jo_tables import deck_for, faces, meld_faces, names, run, situation

from bolola.engine import IllegalAction
from bolola.games.jolly.actions import Discard, Draw, parse_action
from bolola.games.jolly.deck import DECK, face, text
from bolola.games.jolly.match import GAME, dealer_of
from bolola.games.jolly.options import JollyOptions
from bolola.games.jolly.round import deal, legal, step

HANDS4 = [
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
]


def refused(r, action: str, seat: int | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        step(r, r.turn.seat if seat is None else seat, parse_action(action), lambda c, k: c)
    return info.value


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


# -- JO-1, JO-2: cards, seats, the deal -----------------------------------------------------


def test_jo1_two_decks_and_six_jokers_each_card_with_its_own_id():
    assert len(DECK) == 110 and len({text(c) for c in DECK}) == 110
    assert sum(1 for c in DECK if face(c).is_joker) == 6
    assert {text(c) for c in DECK if str(face(c)) == "7H"} == {"7H1", "7H2"}


def test_jo1_two_to_four_players():
    for n in (2, 3, 4):
        state = GAME.new(JollyOptions(players=n), 1)
        assert GAME.seat_count(state.options) == n and len(state.round.hands) == n
    with pytest.raises(IllegalAction) as info:
        GAME.apply(GAME.new(JollyOptions(players=3), 1), 3, Draw())
    assert info.value.rule == "JO-1"


def test_jo2_thirteen_cards_each_one_at_a_time_from_the_dealers_left_the_rest_the_stock():
    deck = deck_for(4, 3, HANDS4, "QH 2C")
    r = deal(4, 3, deck)
    assert [faces(h) for h in r.hands] == [h.split() for h in HANDS4]
    # Seat 0 sits at the dealer's left: it gets the deck's first card.
    assert deck[0] in r.hands[0] and deck[1] in r.hands[1]
    assert len(r.stock) == 110 - 52 and faces(r.stock[:2]) == ["QH", "2C"]
    assert r.pile == ()


def test_jo2_the_last_seat_deals_first_and_the_deal_passes_clockwise():
    assert [dealer_of(k, 3) for k in (1, 2, 3, 4)] == [2, 0, 1, 2]
    state = GAME.new(JollyOptions(players=3), 5)
    assert state.round.dealer == 2 and GAME.to_move(state) == (0,)


# -- JO-6: turn order -------------------------------------------------------------------


def test_jo6_the_player_left_of_the_dealer_starts_and_turns_go_clockwise():
    r = deal(3, 1, DECK)
    assert r.turn.seat == 2
    assert refused(r, "draw", seat=0).rule == "JO-6"
    r, _ = run(r, "draw", f"discard:{face(r.stock[0])}")
    assert r.turn.seat == 0 and r.turn.drew is None


# -- JO-7: drawing ----------------------------------------------------------------------


def test_jo7_a_turn_begins_with_one_draw_from_the_stock_top():
    r = situation(["2S 5H 9D", "3C 4C 8C"], stock="QH KH")
    assert texts(legal(r, 0)) == ["draw"]
    assert refused(r, "discard:2S").rule == "JO-7"
    r, events = run(r, "draw")
    assert "QH" in faces(r.hands[0]) and faces(r.stock[:1]) == ["KH"]
    assert refused(r, "draw").rule == "JO-7"
    # The others see that a card was drawn, only the drawer which one.
    private = [e for e in events if e.audience is not None]
    assert [e.audience for e in private] == [frozenset({0})]


def test_jo7_only_a_player_who_opened_in_an_earlier_turn_takes_from_the_pile():
    r = situation(["2S 5H 9D", "3C 4C 8C"], pile="7S 8S 9S")
    assert texts(legal(r, 0)) == ["draw"]
    assert refused(r, "take:1").rule == "JO-7"
    opened = replace(r, opened=(True, False))
    assert texts(legal(opened, 0)) == ["draw", "take:1", "take:2", "take:3"]


def test_jo7_taking_at_a_depth_takes_that_card_and_every_later_one():
    r = situation(["2S 5H 9D", "3C 4C 8C"], pile="QD 7S 8S 9S", opened=(True, False))
    r, events = run(r, "take:3")
    assert faces(r.pile) == ["QD"]
    assert sorted(faces(r.hands[0])) == sorted(["2S", "5H", "9D", "7S", "8S", "9S"])
    assert str(events[0]) == "take 0 7S1 8S1 9S1"
    assert refused(situation(["2S"], pile="QD"), "take:2").rule == "JO-7"


def test_jo7_nobody_holds_more_than_twenty_cards():
    hand = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2H 3H 4H 5H"
    r = situation([hand, "3C"], pile="7D 8D 9D 2C", opened=(True, False))
    assert texts(legal(r, 0)) == ["draw", "take:1", "take:2", "take:3"]
    assert refused(r, "take:4").rule == "JO-7"


# -- JO-8: the opening ------------------------------------------------------------------


def test_jo8_a_first_meld_must_be_an_opening_of_forty_points_or_more():
    r = situation(["7H 8H 9H TH JH QS QD 2C", "3C"], drew="stock")
    assert refused(r, "meld:7H,8H,9H").rule == "JO-8"
    assert refused(r, "open:7H,8H,9H").rule == "JO-8"  # 24 points
    r2, events = run(r, "open:7H,8H,9H,TH,JH")  # 44 points
    assert r2.opened[0] and meld_faces(r2, 1) == "7H,8H,9H,TH,JH"
    assert str(events[0]).startswith("open 0 1:7H1,8H1,9H1,TH1,JH1")


def test_jo8_an_opening_may_be_several_melds_whose_points_add_up():
    r = situation(["7H 8H 9H QS QD QC 2C", "3C"], drew="stock")
    r2, _ = run(r, "open:7H,8H,9H|QS,QD,QC")  # 24 + 30
    assert [m.id for m in r2.table] == [1, 2] and all(m.owner == 0 for m in r2.table)
    assert "open:7H,8H,9H|QS,QD,QC" in texts(legal(r, 0))
    assert "open:7H,8H,9H" not in texts(legal(r, 0))


def test_jo8_after_opening_only_the_discard_is_left_in_that_turn():
    r = situation(["7H 8H 9H TH JH 5S 5D 5C 6C 2C", "3C"], drew="stock", table=((1, "QS,QD,QC"),))
    r, _ = run(r, "open:7H,8H,9H,TH,JH")
    assert texts(legal(r, 0)) == [
        "discard:5S",
        "discard:5D",
        "discard:2C",
        "discard:5C",
        "discard:6C",
    ]
    assert refused(r, "meld:5S,5D,5C").rule == "JO-8"
    assert refused(r, "lay:1:QH").rule == "JO-8"
    assert refused(r, "open:5S,5D,5C").rule == "JO-8"


# -- JO-9: after opening ----------------------------------------------------------------


def test_jo9_after_opening_melds_of_any_value_and_lay_offs_on_anyones_melds():
    r = situation(
        ["2S 3S 4S QH 9C", "5D"],
        drew="stock",
        table=((1, "QS,QD,QC"), (0, "6C,7C,8C")),
    )
    options = texts(legal(r, 0))
    assert {"meld:2S,3S,4S", "lay:1:QH", "lay:2:9C"} <= set(options)
    r, events = run(r, "meld:2S,3S,4S", "lay:1:QH")
    assert meld_faces(r, 1) == "QS,QH,QD,QC" and r.table[0].slots[1].by == 0
    assert str(events[-1]).startswith("lay 0 QH")
    assert refused(r, "lay:7:9C").rule == "JO-9"
    assert refused(r, "lay:2:TC").rule == "JO-9"


def test_jo9_a_swapped_joker_goes_to_the_hand():
    r = situation(
        ["TH 5S 5C", "5D"], drew="stock", table=((1, "9H,JK=TH,JH"),), opened=(True, True)
    )
    assert "swap:1:TH" in texts(legal(r, 0))
    r, events = run(r, "swap:1:TH")
    assert meld_faces(r, 1) == "9H,TH,JH" and "JK" in faces(r.hands[0])
    assert len(r.hands[0]) == 3 and str(events[0]).startswith("swap 0 TH1 for JK1")
    assert refused(r, "swap:1:JH").rule == "JO-9"


def test_jo9_a_set_joker_waits_for_the_three_other_suits():
    r = situation(
        ["KS KC 5C", "5D"], drew="stock", table=((1, "KD,KH,JK=KS"),), opened=(True, True)
    )
    assert refused(r, "swap:1:KS").rule == "JO-9"
    r, _ = run(r, "lay:1:KS")
    assert meld_faces(r, 1) == "KS,KH,KD,JK=KC"
    r, _ = run(r, "swap:1:KC")
    assert meld_faces(r, 1) == "KS,KH,KD,KC" and "JK" in faces(r.hands[0])


def test_jo9_melds_lay_offs_and_swaps_wait_for_an_opening():
    r = situation(["TH 5S 5C 2S 3S 4S", "5D"], drew="stock", table=((1, "9H,JK=TH,JH"),))
    for action in ("swap:1:TH", "meld:2S,3S,4S", "lay:1:8H"):
        assert refused(r, action).rule == "JO-8"


# -- JO-10, JO-11: the discard ------------------------------------------------------------


def test_jo10_taking_from_the_pile_does_not_oblige_a_meld():
    r = situation(["2S 5H 9D", "3C"], pile="7S 8S", opened=(True, False))
    r, _ = run(r, "take:2", "discard:2S")
    assert r.turn.seat == 1 and faces(r.pile) == ["2S"]


def test_jo11_the_turn_ends_with_one_discard_even_of_the_card_just_taken():
    r = situation(["2S 5H 9D", "3C"], pile="7S", opened=(True, False))
    r, events = run(r, "take:1", "discard:7S")
    assert faces(r.pile) == ["7S"] and r.turn.seat == 1
    assert str(events[-1]) == "discard 0 7S1"
    assert refused(r, "discard:QC").rule == "JO-7"  # seat 1 has not drawn yet


def test_jo11_a_meld_lay_off_or_swap_never_empties_the_hand():
    r = situation(["7H 8H 9H", "3C"], drew="stock", opened=(True, False))
    assert refused(r, "meld:7H,8H,9H").rule == "JO-11"
    assert "meld:7H,8H,9H" not in texts(legal(r, 0))
    r2 = situation(["QH", "3C"], drew="stock", table=((0, "QS,QD,QC"),))
    assert refused(r2, "lay:1:QH").rule == "JO-11"
    assert texts(legal(r2, 0)) == ["discard:QH"]


# -- JO-12: the stock runs out ------------------------------------------------------------


def test_jo12_the_pile_but_its_last_three_becomes_the_stock_before_the_next_draw():
    r = situation(["2S 5H", "3C 4C"], pile="7S 8S 9S TS JS")
    r = replace(r, stock=r.stock[:1])  # one card left
    made = []

    def rebuild(cards, k):
        made.append((names(cards), k))
        return tuple(reversed(cards))

    r, _ = step(r, 0, Draw(), rebuild)
    r, events = step(r, 0, Discard(face(r.hands[0][0])), rebuild)
    assert made == [(["7S1", "8S1", "9S1"], 1)]
    assert faces(r.pile) == ["TS", "JS", "2S"] and faces(r.stock) == ["9S", "8S", "7S"]
    assert r.turn == replace(r.turn, seat=1, drew=None) and str(events[-1]) == "new stock 3"


def test_jo12_an_empty_stock_and_a_pile_of_three_or_fewer_end_the_round_with_no_closer():
    r = situation(["2S 5H", "3C 4C"], pile="7S 8S")
    r = replace(r, stock=r.stock[:1])
    drawn = face(r.stock[0])
    r, _ = run(r, "draw", "discard:2S")
    assert r.score is not None and r.score.closer is None and r.to_move is None
    assert r.score.points == (-5 - drawn.rank, -7)  # 5H and the card drawn; 3C 4C
    assert drawn.rank <= 9


# -- JO-13, JO-14: going out ---------------------------------------------------------------


def test_jo13_a_player_closes_by_discarding_the_last_card_after_a_stock_draw():
    r = situation(["4S 5S 6S 9C", "3C 4C"], stock="7S", table=((0, "QS,QD,QC"),))
    r, events = run(r, "draw", "meld:4S,5S,6S,7S", "discard:9C")
    assert r.score is not None and r.score.closer == 0 and not r.score.mano
    assert str(events[-1]) == "close 0"
    assert r.score.points[0] == 30 + 22 + 30


def test_jo13_after_taking_from_the_pile_a_player_keeps_two_cards_and_cannot_close():
    r = situation(["4S 5S 6S 9C", "3C 4C"], pile="7S", table=((0, "QS,QD,QC"),))
    r, _ = run(r, "take:1")
    assert refused(r, "meld:4S,5S,6S,7S").rule == "JO-13"
    assert "meld:4S,5S,6S" in texts(legal(r, 0))
    r, _ = run(r, "meld:4S,5S,6S")
    assert refused(r, "lay:1:7S").rule == "JO-3"  # no such lay-off: 7S is no queen
    assert refused(r, "lay:2:7S").rule == "JO-13"


def test_jo14_a_mano_jolly_puts_every_card_down_in_the_opening_turn():
    r = situation(["7H 8H 9H TH JH QS QD QC", "3C 4C"], stock="KS")
    r, events = run(r, "draw", "open:7H,8H,9H,TH,JH|QS,QD,QC", "discard:KS")
    assert r.score is not None and r.score.closer == 0 and r.score.mano
    assert str(events[-1]) == "close 0 mano jolly"
    # JO-18: the closer's table points and bonus double, the others' hands too.
    assert r.score.points == (2 * (44 + 30 + 30), -2 * 7)
