"""King Bolola's judge: exact where the solver reaches, right on a hand-made ending, and
in agreement with the generic engine search; a record played by the solver loses nothing."""

from __future__ import annotations

import random

from bolola import registry
from bolola.analysis.generic import GenericJudge
from bolola.analysis.judgement import JudgeBudget
from bolola.analysis.review import judge_state, review_record
from bolola.bots.king_bolola.judge import EXACT_CARDS
from bolola.bots.king_bolola.solver import Position, Solver
from bolola.cards import CARDS, FULL_DECK, mask_of, parse_cards
from bolola.engine import Record
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import legal_for, new_deal

GAME = registry.find("king-bolola")
BUDGET = JudgeBudget(samples=1, exact_nodes=50_000)


def ending(contract: Contract, *hands: str, leader: int = 0) -> object:
    """A match whose deal is down to these hands, every other card gone, ``leader`` to lead."""
    masks = tuple(mask_of(parse_cards(h.split())) for h in hands)
    assert len(masks) == 4
    held = masks[0] | masks[1] | masks[2] | masks[3]
    deal = new_deal(contract, None, leader, (masks[0], masks[1], masks[2], masks[3]))
    gone = FULL_DECK & ~held
    deal = deal._replace(
        gone=gone, legal=legal_for(contract, -1, False, masks[leader], (), 0, gone)
    )
    match = GAME.new(GAME.default_options(), 1)
    return match._replace(deal=deal)


def test_leading_the_king_of_hearts_gives_it_away_exactly() -> None:
    # Seat 0 leads: the king of hearts, which nobody can cover, takes it back (-320); a
    # spade lets seat 3 win the trick and lead a diamond, on which seat 0, void, must
    # throw the king to the trick's winner (KB-27).
    state = ending(
        Contract.KING_OF_HEARTS,
        "KH 2S 3S",
        "4S 5D 6D",
        "5S 7D 8D",
        "6S 9D TD",
    )
    valuation = judge_state(GAME, state, 0, BUDGET, seed=1)
    values = {v.actions: (v.mean, v.exact) for v in valuation.values}
    assert values == {("2S", "3S"): (0.0, True), ("KH",): (-320.0, True)}


def test_generic_engine_search_agrees_with_the_solver_on_the_last_tricks() -> None:
    rng = random.Random(3)
    factory = registry.entry("king-bolola").judge
    assert factory is not None
    judge = factory()
    checked = 0
    for seed in range(6):
        state = GAME.new(GAME.default_options(), seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            deal = state.deal
            if deal is not None and Position.of_deal(deal).cards_left <= 8 and len(legal) > 1:
                solver = judge.value(state, seat, legal, BUDGET, rng)
                generic = GenericJudge(GAME).value(state, seat, legal, BUDGET, rng)
                assert all(v.exact for v in solver.values + generic.values)
                for v in solver.values:
                    for action in v.actions:
                        assert generic.of(action).mean == v.mean
                checked += 1
                break
            state, _ = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    assert checked == 6


def test_a_deal_ended_by_the_solvers_own_cards_loses_nothing_exactly() -> None:
    state = GAME.new(GAME.default_options(), 5)
    moves = []
    solved = 0
    while not GAME.deal_scores(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = legal[0]
        deal = state.deal
        if deal is not None and Position.of_deal(deal).cards_left <= EXACT_CARDS[deal.contract]:
            pos = Position.of_deal(deal)
            values = Solver(deal.contract, deal.trump, deal.king_under_ace).root_values(pos, seat)
            action = CARDS[max(values, key=lambda c: values[c])]
            solved += 1
        moves.append(f"{seat}:{action}")
        state, _ = GAME.apply(state, seat, action)
    assert solved >= 12
    record = Record("king-bolola", GAME.default_options().to_json(), 5, tuple(moves))
    review = review_record(record, budget=BUDGET, seed=2)
    exact = [j for j in review.judgements if j.exact]
    assert len(exact) >= 8
    assert all(j.loss == 0 for j in exact)
    assert any(not j.exact for j in review.judgements)  # the start of the deal: estimates
