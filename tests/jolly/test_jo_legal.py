"""``legal_actions`` lists exactly the actions ``apply`` accepts: over random matches,
every draw, take, discard, lay-off and swap there is, and every meld and opening the
hand (and a bigger one) could name, is accepted if and only if it is listed."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from jo_tables import situation

from bolola.cards import CARDS, JOKER
from bolola.engine import IllegalAction
from bolola.games.jolly import GAME, JollyOptions
from bolola.games.jolly.actions import DRAW, Discard, Lay, Meld, Open, Swap, Take
from bolola.games.jolly.deck import face
from bolola.games.jolly.meld import Piece, melds_in

FACES = [*CARDS, JOKER]


def universe(state, rng: random.Random) -> list[object]:
    r = state.round
    hand = [face(c) for c in r.hands[r.turn.seat]]
    out: list[object] = [DRAW, *(Take(n) for n in range(1, 25))]
    out += [Discard(f) for f in FACES]
    for meld_id in range(1, len(r.table) + 2):
        out += [Lay(meld_id, Piece(f, j)) for f in CARDS for j in (False, True)]
        out += [Swap(meld_id, f) for f in CARDS]
    bigger = Counter(c for c in hand if not c.is_joker)
    bigger.update(rng.sample(CARDS, 4))
    melds = melds_in(bigger, sum(c.is_joker for c in hand) + 1)
    out += [Meld(m) for m in melds]
    out += [Open((m,)) for m in melds]
    for _ in range(30):
        pair = sorted(rng.sample(melds, 2), key=str) if len(melds) > 1 else []
        if pair:
            out.append(Open(tuple(pair)))
    return out


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 4)])
def test_jo9_legal_actions_are_exactly_what_the_rules_accept(seed, players):
    rng = random.Random(seed)
    state = GAME.new(JollyOptions(players=players), seed)
    checked = 0
    while GAME.outcome(state) is None and checked < 40:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        if state.round.turn.drew is not None or rng.random() < 0.1:
            listed = set(legal)
            for action in universe(state, rng):
                try:
                    GAME.apply(state, seat, action)
                except IllegalAction:
                    assert action not in listed, f"{action} is listed but refused"
                else:
                    assert action in listed, f"{action} is accepted but not listed"
            checked += 1
        state, _ = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    assert checked


def test_jo9_a_set_lists_each_lay_off_it_takes():
    # The universe above in small: a set of spades, hearts, diamonds lacks clubs only.
    r = situation(["QC QH JK 2S", "3C"], drew="stock", table=((0, "QS,QH,QD"),))
    state = replace(GAME.new(JollyOptions(players=2), 1), round=r)
    lays = [str(a) for a in GAME.legal_actions(state, 0) if isinstance(a, Lay)]
    assert lays == ["lay:1:QC", "lay:1:JK=QC"]
