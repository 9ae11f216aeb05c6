"""Invariants every registered game keeps, checked over random seeded playouts.

Parametrized over ``bolola.registry.registered()``: a game registered later is covered
at once, through its own hooks (``option_examples``, ``census``, ``audit``).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bolola.engine import ACTION_TEXT_MAX, IllegalAction, Record, RecordError, parse_move
from bolola.registry import registered, replay
from playing import Step, known_rule_ids, options_of, run

GAMES = registered()
IDS = [g.name for g in GAMES]
SEEDS = st.integers(0, 2**32 - 1)
RUNS = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_at_least_one_game_is_registered():
    assert "king-bolola" in IDS


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_offers_option_examples_that_round_trip(game):
    examples = game.option_examples()
    assert examples and examples[0] == game.default_options()
    for options in examples:
        assert game.parse_options(options.to_json()) == options


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_playouts_never_get_stuck_and_always_end(game, seed, variant):
    steps, final = run(game, seed, variant)
    assert steps, "a game that is over before anyone acts"
    for step in steps:
        assert step.seat in game.to_move(step.state)
        assert step.action in step.legal
    assert game.to_move(final) == ()
    outcome = game.outcome(final)
    seats = game.seat_count(game.parse_options(options_of(game, variant)))
    assert len(outcome.scores) == len(outcome.results) == len(outcome.ranks) == seats
    for seat in range(game.seats):
        assert game.legal_actions(final, seat) == ()
    assert game.audit(final) == ()
    assert len(game.deal_scores(final)) >= 1


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_only_the_seats_to_move_may_act(game, seed, variant):
    steps, final = run(game, seed, variant)
    rules = known_rule_ids()
    for step in steps[::7]:
        movers = game.to_move(step.state)
        for seat in range(game.seats):
            if seat in movers:
                continue
            assert game.legal_actions(step.state, seat) == ()
            for action in step.legal[:3]:
                with pytest.raises(IllegalAction) as info:
                    game.apply(step.state, seat, action)
                assert info.value.rule in rules
    for action in {s.action for s in steps[-20:]}:
        for seat in range(game.seats):
            with pytest.raises(IllegalAction):
                game.apply(final, seat, action)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_illegal_actions_raise_illegal_action_with_a_known_rule(game, seed, variant):
    """Every action seen legal somewhere in the game is tried where it is not legal."""
    steps, _ = run(game, seed, variant)
    universe = sorted({s.action for s in steps} | {a for s in steps for a in s.legal}, key=str)
    rules = known_rule_ids()
    rng = random.Random(seed)
    for step in steps[::3]:
        legal = set(step.legal)
        illegal = [a for a in universe if a not in legal]
        for action in rng.sample(illegal, min(4, len(illegal))):
            with pytest.raises(IllegalAction) as info:
                game.apply(step.state, step.seat, action)
            assert info.value.rule in rules, f"{action}: unknown rule {info.value.rule!r}"
            assert info.value.message


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_apply_leaves_the_old_state_unchanged(game, seed, variant):
    steps, _ = run(game, seed, variant)
    for step in steps[::23]:
        before = copy.deepcopy(step.state)
        game.apply(step.state, step.seat, step.action)
        assert step.state == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_events_have_text_and_an_audience_of_seats(game, seed, variant):
    steps, _ = run(game, seed, variant)
    seats = frozenset(range(game.seats))
    for step in steps[::5]:
        _, events = game.apply(step.state, step.seat, step.action)
        assert isinstance(events, tuple) and events
        for event in events:
            assert str(event)
            assert event.audience is None or event.audience <= seats


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_records_round_trip_and_replay_to_the_same_state(game, seed, variant):
    steps, final = run(game, seed, variant)
    moves = tuple(f"{s.seat}:{s.action}" for s in steps)
    record = Record(game.name, options_of(game, variant), seed, moves)
    text = json.dumps(record.to_json())
    again = Record.from_json(json.loads(text))
    assert again == record
    replayed_game, state = replay(again)
    assert replayed_game is game
    assert state == final
    half = Record(game.name, record.options, seed, moves[: len(moves) // 2])
    assert replay(half)[1] == steps[len(moves) // 2].state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_action_text_round_trips(game, seed, variant):
    steps, _ = run(game, seed, variant)
    for action in {a for s in steps for a in s.legal}:
        text = str(action)
        assert 0 < len(text) <= ACTION_TEXT_MAX  # what the wire and the event log accept
        parsed = game.parse_action(text)
        assert parsed == action
        assert str(parsed) == text
        assert game.parse_action(str(parsed)) == parsed
        last = game.seats - 1
        move = parse_move(game, f"{last}:{text}")
        assert (move.seat, move.action) == (last, action)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=12))
def test_any_action_text_parses_or_is_a_record_error(game, text):
    try:
        action = game.parse_action(text)
    except RecordError as e:
        assert str(e)
    else:
        assert game.parse_action(str(action)) == action


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_same_options_seed_and_actions_give_the_same_states(game, seed, variant):
    steps, final = run(game, seed, variant)
    again_steps, again_final = run(game, seed, variant)
    assert [s.state for s in steps] == [s.state for s in again_steps]
    assert again_final == final
    opts = game.parse_options(options_of(game, variant))
    assert game.new(opts, seed) == game.new(opts, seed)
    state = game.new(opts, seed)
    for step in steps[:60]:
        state, events = game.apply(state, step.seat, step.action)
        again, again_events = game.apply(step.state, step.seat, step.action)
        assert state == again and [str(e) for e in events] == [str(e) for e in again_events]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_view_is_unchanged_when_hidden_cards_are_resampled(game, seed, variant):
    steps, final = run(game, seed, variant)
    rng = random.Random(seed)
    for step in [*steps[::29], Step(final, 0, (), None)]:
        for seat in range(game.seats):
            resampled = game.resample(step.state, seat, rng)
            assert game.view(resampled, seat) == game.view(step.state, seat)
            assert game.to_move(resampled) == game.to_move(step.state)
            assert game.legal_actions(resampled, seat) == game.legal_actions(step.state, seat)
            held = game.census(resampled).held
            assert Counter(held[seat]) == Counter(game.census(step.state).held[seat])
            assert_accounted(game, resampled)
            # A spectator sees no hidden card at all.
            assert game.view(resampled, None) == game.view(step.state, None)


def assert_accounted(game, state) -> None:
    census = game.census(state)
    every = Counter([c for hand in census.held for c in hand] + list(census.elsewhere))
    deck = Counter(census.deck)
    assert not every - deck, f"cards in two places or not in the deck: {every - deck}"
    assert not deck - every, f"cards missing from hands and play: {deck - every}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_every_card_is_accounted_for(game, seed, variant):
    steps, final = run(game, seed, variant)
    for step in steps:
        assert_accounted(game, step.state)
        assert game.audit(step.state) == ()
    assert_accounted(game, final)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@RUNS
@given(seed=SEEDS, variant=st.integers(0, 10))
def test_every_view_json_carries_what_the_table_shell_reads(game, seed, variant):
    steps, final = run(game, seed, variant)
    for step in [*steps[::11], Step(final, 0, (), None)]:
        for seat in (*range(game.seats), None):
            out = game.view(step.state, seat).to_json()
            json.dumps(out)  # the wire form is JSON
            assert out["game"] == game.name and out["seat"] == seat
            assert out["to_move"] == list(game.to_move(step.state))
            legal = game.legal_actions(step.state, seat) if seat is not None else ()
            assert out["legal"] == [str(a) for a in legal]
