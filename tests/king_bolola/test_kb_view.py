"""What a seat of a King Bolola match may see, and resampling what it may not (KB-6)."""

from __future__ import annotations

import json
import random

import kb_view_reference
import orjson
import pytest

from bolola.cards import CARDS, Card, CardError, cards_of
from bolola.games.king_bolola.match import GAME


def states(seed: int, every: int = 37):
    """States along a random match, one in ``every``."""
    rng = random.Random(seed)
    state = GAME.new(GAME.default_options(), seed)
    n = 0
    while GAME.outcome(state) is None:
        if n % every == 0:
            yield state
        (seat,) = GAME.to_move(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        n += 1
    yield state


def card_texts(value) -> set[str]:
    """Every string in a JSON value that names a card."""
    if isinstance(value, dict):
        return set().union(*(card_texts(v) for v in value.values()), set())
    if isinstance(value, list):
        return set().union(*(card_texts(v) for v in value), set())
    if isinstance(value, str) and len(value) == 2:
        try:
            return {str(Card.parse(value))}
        except CardError:
            return set()
    return set()


def shown(state) -> set[str]:
    """The cards every seat has seen played, this deal and in earlier ones."""
    out = {str(c) for d in state.history for c in d.play}
    deal = state.deal
    if deal is not None:
        out |= {str(CARDS[c]) for _, t in deal.tricks for c in t}
        out |= {str(CARDS[c]) for c in deal.trick}
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_kb6_a_view_shows_only_the_seats_own_hand_and_played_cards(seed):
    for state in states(seed):
        hands = state.dealt if state.deal is None else state.deal.hands
        for seat in (None, 0, 1, 2, 3):
            view = GAME.view(state, seat)
            raw = json.loads(json.dumps(view.to_json()))
            own = set() if seat is None else {str(c) for c in cards_of(hands[seat])}
            assert card_texts(raw) <= own | shown(state)
            if seat is None:
                assert view.hand is None and raw["legal"] == []


def test_view_json_of_a_finished_match():
    *_, final = states(3)
    raw = GAME.view(final, 0).to_json()
    assert raw["phase"] == "over" and raw["to_move"] == [] and raw["legal"] == []
    assert len(raw["history"]) == 24 and raw["totals"] == list(final.totals)


@pytest.mark.parametrize("seed", [4, 5])
def test_resample_deals_only_what_the_seat_cannot_see(seed):
    rng = random.Random(seed)
    for state in states(seed, every=53):
        if GAME.outcome(state) is not None:
            continue
        for seat in range(4):
            samples = [GAME.resample(state, seat, rng) for _ in range(8)]
            hidden = state.dealt if state.deal is None else state.deal.hands
            for sample in samples:
                hands = sample.dealt if sample.deal is None else sample.deal.hands
                assert hands[seat] == hidden[seat]
                assert [h.bit_count() for h in hands] == [h.bit_count() for h in hidden]
                if sample.deal is not None:
                    assert sample.deal.tricks == state.deal.tricks
                    assert sample.deal.trick == state.deal.trick
                    assert sample.dealt == sample.deal.dealt
            others = [h for s, h in enumerate(hidden) if s != seat]
            if sum(h.bit_count() for h in others) > 3 and sum(1 for h in others if h) > 1:
                moved = {(s.dealt if s.deal is None else s.deal.hands) != hidden for s in samples}
                assert True in moved, "resampling never moved a hidden card"


@pytest.mark.parametrize("seed", range(6))
def test_kb11_resample_respects_the_voids_a_seat_has_shown(seed):
    from bolola.cards import SUIT_MASKS

    for state in states(seed, every=11):
        deal = state.deal
        if deal is None:
            continue
        void = [0, 0, 0, 0]
        for leader, cards in (*deal.tricks, (deal.leader, deal.trick)):
            for k, c in enumerate(cards[1:], start=1):
                if c // 13 != cards[0] // 13:
                    void[(leader + k) & 3] |= SUIT_MASKS[cards[0] // 13]
        for seat in range(4):
            again = GAME.resample(state, seat, random.Random(seed * 31 + seat))
            assert GAME.view(again, seat) == GAME.view(state, seat)
            for other in range(4):
                assert not again.deal.hands[other] & void[other]


def every_state(seed: int, options=None):
    rng = random.Random(seed)
    state = GAME.new(options or GAME.default_options(), seed)
    out = [state]
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_move(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        out.append(state)
    return out


@pytest.mark.parametrize("seed", [6, 7])
def test_views_are_byte_identical_to_the_plain_reference(seed):
    # Two matches interleaved, views asked for as a server asks (each seat of one state in a
    # row) and out of order, so that the view's memos are both hit and replaced.
    kinds = (GAME.default_options(), GAME.parse_options({"king-under-ace": True}))
    a, b = (every_state(seed + 100 * k, o) for k, o in enumerate(kinds))
    rng = random.Random(seed)
    for sa, sb in zip(a, b, strict=False):
        for state in (sa, sb):
            seats = [0, 1, 2, 3, None]
            if rng.random() < 0.3:
                rng.shuffle(seats)
            for seat in seats:
                got = orjson.dumps(GAME.view(state, seat).to_json())
                assert got == orjson.dumps(kb_view_reference.view_json(state, seat))


def test_a_view_never_carries_the_hands_as_dealt_though_the_match_keeps_them():
    final = every_state(8)[-1]
    view = GAME.view(final, 1)
    assert len(view.history) == 24
    assert all(h.dealt == () for h in view.history)
    assert all(len(h.dealt) == 4 for h in final.history)
    assert view.history == tuple(h.public for h in final.history)
    with_hands = final.history[0].to_json(with_hands=True)
    assert len(with_hands["hands"]) == 4 and "hands" not in final.history[0].to_json()


def test_the_seats_views_of_one_state_share_their_public_part():
    # A server builds every seat's view after each action: all but the seat's own keys
    # (seat, legal, hand) are made once per state, and finished tricks once per trick.
    states = every_state(9)
    state = states[30]
    first, second = (GAME.view(state, seat).to_json() for seat in (0, 1))
    assert first["hand"] != second["hand"]
    assert first["tricks"]
    for key in ("to_move", "hand_counts", "tricks", "totals", "quota_left", "history"):
        assert first[key] is second[key], key
    # The next card of the same trick keeps the finished tricks' JSON.
    later = GAME.view(states[31], 0).to_json()
    assert later["tricks"][0] is first["tricks"][0]


@pytest.mark.parametrize("seed", [5, 23])
def test_a_deals_why_adds_up_to_each_seats_points_kb40_to_kb48(seed):
    """Every finished deal's items (``last_why`` once it is the last) add up, seat by seat,
    to the points it scored, and name only what its contract prices."""
    from bolola.games.king_bolola.deal import ITEM_PRICES

    state = next(s for s in states(seed, every=1) if GAME.outcome(s) is not None)
    assert len(state.history) == 24
    for summary in state.history:
        why = summary.public.why_json()
        priced = dict(ITEM_PRICES[summary.contract])
        for seat, items in enumerate(why):
            assert sum(n * each for _, n, each in items) == summary.points[seat], (summary, why)
            assert all(priced[kind] == each and n > 0 for kind, n, each in items)
    # Bolola minus prices seven things: a deal of it lists more than one kind.
    bolola = next(s for s in state.history if str(s.contract) == "bolola-negative")
    assert any(len(items) > 1 for items in bolola.public.why_json())
    view = GAME.view(state, 0).to_json()
    assert view["last_why"] == state.history[-1].public.why_json()
    assert GAME.view(GAME.new(GAME.default_options(), seed), 0).to_json()["last_why"] is None
