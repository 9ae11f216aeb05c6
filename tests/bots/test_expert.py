"""The ``expert``: honest (sees only its view), deterministic, legal, and sound where the
answer is known."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bolola.bots.base import Budget, make_bot
from bolola.bots.king_bolola.club import make_club
from bolola.bots.king_bolola.contract_choice import BASELINE, CLASS_VALUE, owed, worth
from bolola.bots.king_bolola.expert import rate_cards
from bolola.bots.king_bolola.sampler import NoConsistentDeal
from bolola.cards import Card, Suit, cards_of, mask_of, parse_cards
from bolola.games.king_bolola.actions import Declare
from bolola.games.king_bolola.contract import Contract, ContractClass
from bolola.games.king_bolola.deal import legal_mask, new_deal, play
from bolola.games.king_bolola.match import GAME, Match
from bolola.games.king_bolola.view import DealSummary

BUDGET = Budget(samples=6, seconds=1000.0)  # never cut short: decisions depend on the seed only


def mid_deal_states(seed: int) -> list[Match]:
    """States of a match played by ``club`` bots at several points of its first deals."""
    club = make_bot("king-bolola", "club")
    state = GAME.new(GAME.default_options(), seed)
    out = []
    step = 0
    while state.deal_no < 2:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        if step % 9 == 4 and len(legal) > 1:
            out.append(state)
        action = club.choose(GAME.view(state, seat), legal, step)
        state, _ = GAME.apply(state, seat, action)  # type: ignore[arg-type]
        step += 1
    return out


def test_decision_is_the_same_for_every_deal_the_view_allows() -> None:
    expert = make_bot("king-bolola", "expert", BUDGET)
    states = mid_deal_states(seed=11)
    assert len(states) >= 8
    for n, state in enumerate(states):
        seat = GAME.to_move(state)[0]
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state, seat)
        action = expert.choose(view, legal, n)
        assert action in legal
        rng = random.Random(n)
        for _ in range(3):
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == view
            assert (
                expert.choose(GAME.view(other, seat), GAME.legal_actions(other, seat), n) == action
            )


def test_same_seed_same_action_and_every_action_legal_over_a_deal() -> None:
    expert = make_bot("king-bolola", "expert", BUDGET)
    state = GAME.new(GAME.default_options(), 4)
    step = 0
    while state.deal_no < 1:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        action = expert.choose(view, legal, step)
        assert action in legal
        assert expert.choose(view, legal, step) == action
        state, _ = GAME.apply(state, seat, action)
        step += 1


def endgame(contract: Contract, reserved: list[str], leader_wins_last: int) -> Match:
    """A match state whose deal has two tricks left, the hands holding ``reserved`` (two
    cards per seat, seat 0 first) and seat ``leader_wins_last`` to lead: the first 11
    tricks are played at random from the other 44 cards."""
    keep = [mask_of(parse_cards(reserved[2 * s : 2 * s + 2])) for s in range(4)]
    rest = [c for c in range(52) if not (keep[0] | keep[1] | keep[2] | keep[3]) >> c & 1]
    for attempt in range(5000):
        rng = random.Random(attempt)
        rng.shuffle(rest)
        hands = tuple(
            keep[s] | mask_of(Card(c) for c in rest[11 * s : 11 * s + 11]) for s in range(4)
        )
        d = new_deal(contract, None, 0, hands)  # type: ignore[arg-type]
        while not d.done and d.tricks_played < 11:
            seat = d.to_move
            assert seat is not None
            options = legal_mask(d) & ~keep[seat] or legal_mask(d)
            d, _ = play(d, seat, rng.choice([c.index for c in cards_of(options)]))
        if not d.done and d.hands == tuple(keep) and d.leader == leader_wins_last:
            state = GAME.new(GAME.default_options(), 1)
            used = tuple(int(c is contract) for c in Contract)
            return state._replace(dealt=d.dealt, deal=d, used=used,
                                  declared=((1, 0, 0),) + ((0, 0, 0),) * 3)  # fmt: skip
    raise AssertionError("no such endgame found")


def test_takes_no_trick_it_can_avoid_in_last_two() -> None:
    # Seat 0 leads with AS (every other spade is gone) and 2H: the ace wins trick 12
    # whoever holds what (and the others may then shed their hearts on it and hand back
    # trick 13 too); the deuce loses both tricks on every deal the view allows.
    state = endgame(Contract.LAST_TWO, ["AS", "2H", "3H", "4D", "5H", "6D", "7H", "8D"], 0)
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    rated = rate_cards(view, [c for c in legal if isinstance(c, Card)], 8, random.Random(1))
    assert rated[Card.parse("2H")] == 0 and rated[Card.parse("AS")] <= -120
    assert make_bot("king-bolola", "expert", BUDGET).choose(view, legal, 3) == Card.parse("2H")


def test_cards_the_samples_rate_equal_go_to_the_club_rules() -> None:
    # "No tricks": AS and 2S take exactly one trick between them whatever the others hold.
    state = endgame(Contract.TRICKS, ["AS", "2S", "KS", "QS", "JS", "TS", "9S", "8S"], 0)
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    rated = rate_cards(view, [c for c in legal if isinstance(c, Card)], 8, random.Random(1))
    assert rated[Card.parse("AS")] == rated[Card.parse("2S")] == -50
    for seed in range(4):
        expected = make_club(BUDGET).choose(view, legal, seed)
        assert make_bot("king-bolola", "expert", BUDGET).choose(view, legal, seed) == expected


def declare_view(hand: list[str], history: tuple[DealSummary, ...] = ()) -> tuple[Match, int]:
    """A state where seat 0 declares holding ``hand`` after ``history``."""
    state = GAME.new(GAME.default_options(), 1)
    mine = mask_of(parse_cards(hand))
    rest = [c for c in range(52) if not mine >> c & 1]
    h1, h2, h3 = (mask_of(Card(c) for c in rest[13 * s : 13 * s + 13]) for s in range(3))
    used = [0] * 9
    declared = [[0, 0, 0] for _ in range(4)]
    index = {ContractClass.NEGATIVE: 0, ContractClass.TRUMPS: 1, ContractClass.BOLOLA: 2}
    for h in history:
        used[h.contract] += 1
        declared[h.declarer][index[h.contract.klass]] += 1
    return state._replace(
        dealt=(mine, h1, h2, h3),
        deal_no=len(history),
        used=tuple(used),
        declared=tuple((d[0], d[1], d[2]) for d in declared),
        history=history,
    ), 0


def summary(n: int, declarer: int, contract: Contract) -> DealSummary:
    trump = Suit.SPADES if contract is Contract.TRUMPS else None
    return DealSummary(n, declarer, contract, trump, (0, 0, 0, 0), (), (0, 0, 0, 0))


def test_thirteen_hearts_declare_bolola_positive_then_trumps_in_hearts() -> None:
    hearts = [r + "H" for r in "23456789TJQKA"]
    expert = make_bot("king-bolola", "expert", Budget(samples=4, seconds=1000.0))
    state, seat = declare_view(hearts)
    legal = GAME.legal_actions(state, seat)
    assert expert.choose(GAME.view(state, seat), legal, 1) == Declare(Contract.BOLOLA_POSITIVE)
    # With its bolola declaration made (deal 1, seat 0 declares deals 1, 5, 9…), trumps.
    history = tuple(summary(n + 1, n % 4, Contract.BOLOLA_POSITIVE if n == 0 else Contract.TRUMPS)
                    for n in range(4))  # fmt: skip
    state, seat = declare_view(hearts, history)
    assert GAME.view(state, seat).declarer == 0
    action = expert.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), 1)
    assert action == Declare(Contract.TRUMPS, Suit.HEARTS)


def test_owed_counts_the_declarers_own_history() -> None:
    history = (
        summary(1, 0, Contract.QUEENS),
        summary(2, 1, Contract.TRUMPS),
        summary(5, 0, Contract.TRUMPS),
    )
    state, seat = declare_view([r + "S" for r in "23456789TJQKA"], history)
    assert owed(GAME.view(state, seat), 0) == {"negative": 2, "trumps": 1, "bolola": 1}


def test_easy_negative_contract_is_kept_while_more_negatives_are_owed() -> None:
    # Equal scores: with three negatives owed, the harder contract is worth more now;
    # on the very last declaration the score alone decides.
    rated = {Declare(Contract.KING_OF_HEARTS): -90.0, Declare(Contract.TRICKS): -90.0}
    state, seat = declare_view([r + "S" for r in "23456789TJQKA"])
    w = worth(GAME.view(state, seat), rated)
    assert w[Declare(Contract.TRICKS)] > w[Declare(Contract.KING_OF_HEARTS)]
    assert BASELINE[Contract.KING_OF_HEARTS] > BASELINE[Contract.TRICKS]
    last = tuple(
        summary(n + 1, n % 4, c)
        for n, c in enumerate(
            [Contract.QUEENS, Contract.TRUMPS, Contract.TRUMPS, Contract.TRUMPS]
            + [Contract.QUEENS, Contract.HEARTS, Contract.HEARTS, Contract.TRUMPS]
            + [Contract.TRUMPS, Contract.TRUMPS, Contract.TRUMPS, Contract.TRUMPS]
            + [Contract.BOLOLA_POSITIVE] * 4
            + [Contract.TRUMPS] * 4
        )
    )
    state, seat = declare_view([r + "S" for r in "23456789TJQKA"], last)
    assert owed(GAME.view(state, seat), 0) == {"negative": 1, "trumps": 0, "bolola": 0}
    rated = {Declare(Contract.KING_OF_HEARTS): -80.0, Declare(Contract.TRICKS): -90.0}
    w = worth(GAME.view(state, seat), rated)
    assert w == rated
    assert CLASS_VALUE[ContractClass.TRUMPS] > 0 > CLASS_VALUE[ContractClass.NEGATIVE]


def test_a_view_no_deal_agrees_with_still_gets_the_club_card() -> None:
    # Hand counts that cannot be filled (a corrupt view): the expert must not crash.
    state = mid_deal_states(seed=11)[3]
    seat = GAME.to_move(state)[0]
    view = GAME.view(state, seat)
    counts = list(view.hand_counts)
    counts[(seat + 1) & 3] += 5
    broken = dataclasses.replace(view, hand_counts=tuple(counts))
    legal = GAME.legal_actions(state, seat)
    cards = [c for c in legal if isinstance(c, Card)]
    with pytest.raises(NoConsistentDeal):
        rate_cards(broken, cards, 4, random.Random(1))
    expected = make_club(BUDGET).choose(broken, legal, 2)
    assert make_bot("king-bolola", "expert", BUDGET).choose(broken, legal, 2) == expected
