"""What every seat saw go into a hand, and what a rebuilt stock was made of, are in the
view: ``resample`` keeps them, so a bot that sees only views may count on them too."""

from __future__ import annotations

import random
from dataclasses import replace

from jo_tables import run, situation

from bolola.games.jolly import GAME, JollyOptions, parse_action
from bolola.games.jolly.deck import face


def test_jo7_every_view_shows_the_cards_taken_from_the_pile_in_their_hand():
    r = situation(["2S 5H", "3C 4C 8C", "9D 9S"], pile="7S 8S", opened=(False, True, False), seat=1)
    r, _ = run(r, "take:2")
    state = replace(GAME.new(JollyOptions(players=3), 1), round=r)
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert [[str(face(c)) for c in k] for k in view.known] == [[], ["7S", "8S"], []]
        assert view.to_json()["known"] == [[], ["7S1", "8S1"], []]
    r, _ = run(r, "discard:7S")
    state = replace(state, round=r)
    assert [str(face(c)) for c in GAME.view(state, 0).known[1]] == ["8S"]


def test_jo9_a_joker_swapped_out_is_known_in_its_hand():
    r = situation(
        ["2S 5H", "TH 4C 8C"],
        table=((0, "9H,JK=TH,JH"),),
        opened=(True, True),
        seat=1,
        drew="stock",
    )
    r, _ = run(r, "swap:1:TH")
    state = replace(GAME.new(JollyOptions(players=2), 1), round=r)
    assert [str(face(c)) for c in GAME.view(state, 0).known[1]] == ["JK"]


def test_jo12_the_view_names_the_cards_of_the_rebuilt_stock():
    r = situation(["2S 5H 9C", "3C 4C"], pile="7S 8S 9S TS JS QS KS")
    state = replace(GAME.new(JollyOptions(players=2), 5), round=replace(r, stock=r.stock[:1]))
    assert GAME.view(state, 0).rebuilt is None
    for action in ("draw", "discard:2S", "draw"):
        state, _ = GAME.apply(state, GAME.to_move(state)[0], parse_action(action))
    view = GAME.view(state, 0)
    assert view.rebuilt is not None and set(view.rebuilt) == state.round.fresh
    assert sorted(view.to_json()["rebuilt"]) == sorted(["7S1", "8S1", "9S1", "TS1", "JS1"])
    rng = random.Random(2)
    for _ in range(5):
        assert GAME.view(GAME.resample(state, 0, rng), 0) == view


def test_jo9_a_card_seen_taken_then_swapped_onto_the_table_is_no_longer_known_in_hand():
    r = situation(
        ["2S 5H", "4C 8C 9C"],
        pile="TH",
        table=((0, "9H,JK=TH,JH"),),
        opened=(True, True),
        seat=1,
    )
    r, _ = run(r, "take:1", "swap:1:TH")
    assert [str(face(c)) for c in r.hands[1] if c in r.known[1]] == ["JK"]
    assert r.known[1] <= set(r.hands[1])
    state = replace(GAME.new(JollyOptions(players=2), 1), round=r)
    assert [str(face(c)) for c in GAME.view(state, 0).known[1]] == ["JK"]
