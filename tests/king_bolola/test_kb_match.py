"""A King Bolola match: notation, 24 deals, declarers, quotas, results (KB-3 … KB-10)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playing
from bolola.cards import FULL_DECK, Card, Suit, cards_of
from bolola.engine import IllegalAction, RecordError, Result, Seated
from bolola.games.king_bolola.actions import Declare, parse_action
from bolola.games.king_bolola.contract import CLASS_DUTY, Contract, ContractClass
from bolola.games.king_bolola.match import (
    DEALS,
    GAME,
    Match,
    deal_hands,
    declare_actions,
    offered,
    outcome_of,
)
from bolola.games.king_bolola.options import KingBololaOptions, first_declarer
from bolola.registry import find

NEGATIVE = [c for c in Contract if c.klass is ContractClass.NEGATIVE]


def new_match(seed: int = 1, **options: object) -> Match:
    return GAME.new(GAME.parse_options(options), seed)


def declare(state: Match, text: str) -> Match:
    state, events = GAME.apply(state, state.declarer, parse_action(text))
    assert str(events[0]).startswith(f"declare {state.deal.declarer} ")
    return state


def finish_deal(state: Match) -> Match:
    """Play the current deal out, each seat playing its lowest legal card."""
    assert state.deal is not None
    deal_no = state.deal_no
    while state.deal_no == deal_no:
        (seat,) = GAME.to_move(state)
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def random_match(seed: int, **options: object) -> tuple[Match, list[tuple[int, Contract]]]:
    """A whole match of random legal actions; also who declared what, in order."""
    state = playing.random_match(GAME, seed, **options)
    return state, [(d.declarer, d.contract) for d in state.history]


# --- KB-3 notation --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("QS", "QS"), ("10h", "TH"), (" td ", "TD"), ("queens", "queens"), ("TRUMPS:s", "trumps:S")],
)
def test_kb3_action_text_is_read_leniently_and_written_canonically(text, canonical):
    action = parse_action(text)
    assert str(action) == canonical
    assert parse_action(canonical) == action


def test_kb3_cards_are_card_values_and_contracts_declarations():
    assert parse_action("QS") == Card.parse("QS")
    assert parse_action("trumps:H") == Declare(Contract.TRUMPS, Suit.HEARTS)
    assert parse_action("last-two") == Declare(Contract.LAST_TWO)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1S", "unknown action"),
        ("QX", "unknown action"),
        ("", "unknown action"),
        ("trumps:X", "suit"),
        ("trumps:", "suit"),
        ("JK", "without jokers"),
    ],
)
def test_kb3_bad_action_text_is_a_record_error(text, words):
    with pytest.raises(RecordError, match=words):
        parse_action(text)


def test_kb3_non_text_action_is_a_record_error():
    with pytest.raises(RecordError):
        parse_action(7)  # type: ignore[arg-type]


def test_kb1_a_joker_is_not_a_king_bolola_card():
    state = declare(new_match(), "tricks")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, state.declarer, Card(52))
    assert info.value.rule == "KB-1"


# --- KB-4 a match of 24 deals -----------------------------------------------------------


def test_kb4_every_deal_gives_13_cards_to_each_seat():
    for deal_no in range(DEALS):
        hands = deal_hands(5, deal_no)
        assert [h.bit_count() for h in hands] == [13] * 4
        union = 0
        for h in hands:
            assert not union & h
            union |= h
        assert union == FULL_DECK
    assert len({deal_hands(5, n) for n in range(DEALS)}) == DEALS


def test_kb4_a_match_is_24_deals():
    state, declared = random_match(11)
    assert len(state.history) == DEALS == 24 and len(declared) == 24
    assert [s.deal_no for s in state.history] == list(range(1, 25))
    assert GAME.to_move(state) == ()
    assert GAME.legal_actions(state, 0) == ()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, parse_action("queens"))
    assert info.value.rule == "KB-4"
    for summary, n in zip(state.history, range(DEALS), strict=True):
        assert summary.dealt == deal_hands(11, n)


def test_kb4_a_card_not_in_the_hand_is_refused():
    state = declare(new_match(), "tricks")
    seat = state.declarer
    not_held = cards_of(FULL_DECK & ~state.deal.hands[seat])[0]
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, not_held)
    assert info.value.rule == "KB-4"


# --- KB-5 declarers -------------------------------------------------------------------


def test_kb5_first_declarer_is_the_highest_rated():
    players = [Seated("ana", 1500), Seated("bo", 1720), Seated("cy", 1600), Seated("dee", 1000)]
    assert first_declarer(players) == 1


def test_kb5_rating_ties_go_to_the_first_name_case_insensitive():
    players = [Seated("bob", 1600), Seated("Carla", 1600), Seated("alice", 1600), Seated("Z", 10)]
    assert first_declarer(players) == 2
    players = [Seated("bob", 1600), Seated("Alice", 1500), Seated("alan", 1600), Seated("B", 1)]
    assert first_declarer(players) == 2  # "alan" < "bob"; Alice is rated lower
    players = [Seated("Bea", 1600), Seated("adam", 1600), Seated("Cy", 1), Seated("dee", 1)]
    assert first_declarer(players) == 1  # not "Bea" (an upper-case B sorts first in ASCII)


@pytest.mark.parametrize("first", range(4))
def test_kb5_declarer_moves_clockwise_and_each_seat_declares_six_times(first):
    state, declared = random_match(3, **{"first-declarer": first})
    seats = [seat for seat, _ in declared]
    assert seats == [(first + n) % 4 for n in range(24)]
    assert Counter(seats) == dict.fromkeys(range(4), 6)
    assert [s.declarer for s in state.history] == seats


def test_kb5_only_the_declarer_may_declare():
    state = new_match(**{"first-declarer": 1})
    assert GAME.to_move(state) == (1,)
    assert GAME.legal_actions(state, 0) == ()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, parse_action("queens"))
    assert info.value.rule == "KB-5"


# --- KB-6 choosing the contract ----------------------------------------------------------


def test_kb6_the_declarer_chooses_then_leads():
    state = new_match(**{"first-declarer": 2})
    state = declare(state, "trumps:D")
    assert state.deal.contract is Contract.TRUMPS and state.deal.trump == Suit.DIAMONDS
    assert GAME.to_move(state) == (2,)


def test_kb6_the_declarer_sees_only_their_own_hand():
    state = new_match(4)
    view = GAME.view(state, 0)
    assert view.phase == "declare" and view.hand == cards_of(state.dealt[0])
    assert view.hand_counts == (13, 13, 13, 13)
    text = json.dumps(view.to_json())
    for seat in (1, 2, 3):
        hidden = [str(c) for c in cards_of(state.dealt[seat])]
        assert not all(c in text for c in hidden)
    assert GAME.view(state, None).hand is None


@pytest.mark.parametrize("text", ["trumps", "queens:S"])
def test_kb6_trump_suit_goes_with_trumps_and_only_with_trumps(text):
    state = new_match()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, parse_action(text))
    assert info.value.rule == "KB-6"


def test_kb6_no_card_before_the_contract_and_no_second_contract():
    state = new_match()
    card = cards_of(state.dealt[0])[0]
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, card)
    assert info.value.rule == "KB-6"
    state = declare(state, "queens")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, parse_action("tricks"))
    assert info.value.rule == "KB-6"


# --- KB-7 / KB-8 quotas ---------------------------------------------------------------------


def test_kb7_quota_table():
    quotas = {str(c): c.quota for c in Contract}
    assert quotas == {
        "tricks": 2,
        "jacks-kings": 2,
        "queens": 2,
        "hearts": 2,
        "last-two": 2,
        "king-of-hearts": 2,
        "bolola-negative": 2,
        "trumps": 8,
        "bolola-positive": 8,
    }
    assert [c for c in Contract if c.is_positive] == [Contract.TRUMPS, Contract.BOLOLA_POSITIVE]
    # The rules' check: the 12 negative deals total -5,200, the 8 trump deals +5,200.
    assert sum(c.total * c.quota for c in NEGATIVE) == -5200
    assert Contract.TRUMPS.total * Contract.TRUMPS.quota == 5200


def test_kb7_a_contract_used_up_is_no_longer_offered():
    state = new_match()
    state = finish_deal(declare(state, "queens"))
    assert Contract.QUEENS in offered(state)
    state = finish_deal(declare(state, "queens"))
    assert state.declarer == 2
    assert Contract.QUEENS not in offered(state)
    assert Declare(Contract.QUEENS) not in GAME.legal_actions(state, 2)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 2, parse_action("queens"))
    assert info.value.rule == "KB-7"


def test_kb8_a_player_may_choose_the_same_contract_twice():
    state = new_match()
    state = finish_deal(declare(state, "hearts"))
    for text in ["tricks", "tricks", "trumps:S"]:
        state = finish_deal(declare(state, text))
    assert state.declarer == 0
    state = declare(state, "hearts")
    assert state.deal.contract is Contract.HEARTS


def test_kb8_offered_contracts_follow_quota_and_class_owed():
    state = new_match()
    everything = list(Contract)
    assert offered(state) == tuple(everything)
    assert len(declare_actions(state)) == len(everything) - 1 + 4  # trumps in four suits
    state = finish_deal(declare(state, "bolola-positive"))
    for text in ["bolola-negative", "bolola-negative", "queens"]:
        state = finish_deal(declare(state, text))
    # seat 0 made its bolola; bolola-negative is used up anyway.
    assert offered(state) == (*NEGATIVE, Contract.TRUMPS)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, parse_action("bolola-positive"))
    assert info.value.rule == "KB-8"
    # seat 3 chose queens and still owes a bolola: only the positive one is left.
    assert offered(state, 3) == (*NEGATIVE, Contract.TRUMPS, Contract.BOLOLA_POSITIVE)


def test_kb8_after_three_negatives_only_trumps_and_bolola_are_offered():
    state = new_match()
    for text in ["tricks", "queens", "hearts"]:
        state = finish_deal(declare(state, text))
        for _ in range(3):
            state = finish_deal(declare(state, str(declare_actions(state)[-1])))
    assert state.declarer == 0
    assert state.declared[0] == (3, 0, 0)
    assert offered(state) == (Contract.BOLOLA_NEGATIVE, Contract.TRUMPS, Contract.BOLOLA_POSITIVE)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, parse_action("last-two"))
    assert info.value.rule == "KB-8"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), first=st.integers(0, 3))
def test_kb8_declarations_per_player_and_kb7_quotas_in_random_matches(seed, first):
    state, declared = random_match(seed, **{"first-declarer": first})
    by_seat: dict[int, Counter[ContractClass]] = {s: Counter() for s in range(4)}
    for seat, contract in declared:
        by_seat[seat][contract.klass] += 1
    for seat in range(4):
        assert by_seat[seat] == CLASS_DUTY
    used = Counter(c for _, c in declared)
    for contract in NEGATIVE:
        assert used[contract] == 2  # 12 negative declarations, 6 contracts of quota 2
    assert used[Contract.TRUMPS] == 8
    assert used[Contract.BOLOLA_NEGATIVE] <= 2
    assert used[Contract.BOLOLA_NEGATIVE] + used[Contract.BOLOLA_POSITIVE] == 4
    assert state.used == tuple(used[c] for c in Contract)


@pytest.mark.parametrize("pick", [0, -1])
def test_kb8_quotas_never_deadlock_for_greedy_declarers(pick):
    """Declarers that always take the first (or last) contract offered still finish."""
    state = new_match(9)
    while GAME.outcome(state) is None:
        if state.deal is None:
            assert offered(state), f"deal {state.deal_no + 1}: nothing left to declare"
            state = declare(state, str(declare_actions(state)[pick]))
        else:
            state = finish_deal(state)
    assert len(state.history) == 24


# --- KB-10 results ---------------------------------------------------------------------


def test_kb10_positive_wins_zero_draws_negative_loses():
    out = outcome_of((120, 0, -300, 120))
    assert out.scores == (120, 0, -300, 120)
    assert out.results == (Result.WIN, Result.DRAW, Result.LOSS, Result.WIN)
    assert out.ranks == (0, 2, 3, 0)


def test_kb10_match_total_is_the_sum_of_deal_scores():
    state, _ = random_match(21)
    totals = [sum(s.points[seat] for s in state.history) for seat in range(4)]
    assert state.totals == tuple(totals)
    out = GAME.outcome(state)
    assert out == outcome_of(state.totals)
    assert sum(totals) == sum(s.contract.total for s in state.history)
    for summary in state.history:
        assert sum(summary.points) == summary.contract.total


def test_kb10_no_outcome_before_the_last_deal_ends():
    state = new_match()
    for _ in range(23):
        state = finish_deal(declare(state, str(declare_actions(state)[0])))
    assert GAME.outcome(state) is None
    state = finish_deal(declare(state, str(declare_actions(state)[0])))
    assert GAME.outcome(state) is not None


# --- options ---------------------------------------------------------------------------


def test_options_defaults_and_json_round_trip():
    # The first declarer is left to the table (KB-5) until it is fixed; unfixed, seat 0.
    assert GAME.default_options() == KingBololaOptions(False, None)
    assert GAME.new(GAME.default_options(), 1).declarer == 0
    opts = GAME.parse_options({"king-under-ace": True, "first-declarer": 3})
    assert opts == KingBololaOptions(True, 3)
    assert GAME.parse_options(opts.to_json()) == opts
    assert GAME.parse_options(GAME.default_options().to_json()) == GAME.default_options()


def test_kb5_seat_options_rank_the_seated_players_unless_the_table_fixed_the_seat():
    ranked = [Seated("ana", 1500), Seated("bo", 1720), Seated("cy", 1600), Seated("dee", 1)]
    assert GAME.seat_options(GAME.default_options(), ranked).first_declarer == 1
    fixed = GAME.parse_options({"first-declarer": 3})
    assert GAME.seat_options(fixed, ranked).first_declarer == 3


@pytest.mark.parametrize(
    "raw",
    [
        {"king-under-ace": "yes"},
        {"first-declarer": 4},
        {"first-declarer": True},
        {"kings-under-aces": True},
        ["king-under-ace"],
    ],
)
def test_bad_options_are_record_errors(raw):
    with pytest.raises(RecordError):
        GAME.parse_options(raw)


def test_unknown_option_error_names_the_known_ones():
    with pytest.raises(RecordError, match="king-under-ace, first-declarer"):
        GAME.parse_options({"jokers": True})


def test_kb45_king_under_ace_option_reaches_every_deal():
    state = new_match(**{"king-under-ace": True})
    state = declare(state, "king-of-hearts")
    assert state.deal.king_under_ace
    assert GAME.view(state, 0).to_json()["options"] == {"king-under-ace": True}


def test_the_game_is_registered():
    assert find("king-bolola") is GAME
