"""The solver against a naive minimax over the engine itself (deal.play / legal_mask)."""

from __future__ import annotations

import random

import pytest

from bolola.bots.king_bolola.solver import Position, Solver
from bolola.cards import indices
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import Deal, hands_from_seed, legal_mask, new_deal, play
from bolola.games.king_bolola.deal import legal_for as legal


def naive(d: Deal, me: int) -> int:
    """``me``'s points from here on, ``me`` maximising and the others minimising."""
    if d.done:
        return 0
    seat = d.to_move
    assert seat is not None
    values = []
    for c in indices(legal_mask(d)):
        nd, _ = play(d, seat, c)
        values.append(nd.points[me] - d.points[me] + naive(nd, me))
    return max(values) if seat == me else min(values)


def position(contract: Contract, seed: int, tricks_left: int) -> Deal | None:
    """A deal of ``contract`` played at random until ``tricks_left`` tricks remain, plus
    a random part of the current trick; None if the deal ended before."""
    rng = random.Random(seed)
    trump = rng.randrange(4) if contract is Contract.TRUMPS else None
    d = new_deal(contract, trump, rng.randrange(4), hands_from_seed(seed),
                 king_under_ace=rng.random() < 0.5)  # fmt: skip
    target = (13 - tricks_left) * 4 + rng.randrange(4)
    for _ in range(target):
        if d.done:
            return None
        seat = d.to_move
        assert seat is not None
        d, _ = play(d, seat, rng.choice(list(indices(legal_mask(d)))))
    return None if d.done else d


def positions(contract: Contract, count: int, tricks_left: int) -> list[Deal]:
    out: list[Deal] = []
    seed = 0
    while len(out) < count:
        seed += 1
        d = position(contract, seed * 101 + int(contract), tricks_left)
        if d is not None:
            out.append(d)
    return out


@pytest.mark.parametrize("contract", list(Contract))
def test_legal_matches_engine_on_random_deals(contract: Contract) -> None:
    for tricks_left in (13, 9, 5, 2):
        for d in positions(contract, 6, tricks_left):
            seat = d.to_move
            assert seat is not None
            tm = 0
            for c in d.trick:
                tm |= 1 << c
            got = legal(contract, d.trump, d.king_under_ace, d.hands[seat], d.trick, tm, d.gone)
            assert got == legal_mask(d)


@pytest.mark.parametrize("contract", list(Contract))
@pytest.mark.parametrize("tricks_left", [2, 3])
def test_solver_equals_naive_minimax(contract: Contract, tricks_left: int) -> None:
    for d in positions(contract, 4, tricks_left):
        pos = Position.of_deal(d)
        for me in range(4):
            solver = Solver(contract, d.trump, d.king_under_ace)
            assert solver.solve(pos, me) == naive(d, me), (contract, me, d.hands)


@pytest.mark.parametrize("contract", list(Contract))
def test_root_values_equal_naive_value_of_each_card(contract: Contract) -> None:
    for d in positions(contract, 3, 3):
        seat = d.to_move
        assert seat is not None
        me = (seat + 1) & 3 if d.gone.bit_count() % 8 else seat
        solver = Solver(contract, d.trump, d.king_under_ace)
        values = solver.root_values(Position.of_deal(d), me)
        assert set(values) == set(indices(legal_mask(d)))
        for c, v in values.items():
            nd, _ = play(d, seat, c)
            assert v == nd.points[me] - d.points[me] + naive(nd, me), (contract, c)


@pytest.mark.parametrize("contract", list(Contract))
def test_four_tricks_left(contract: Contract) -> None:
    for d in positions(contract, 1, 4):
        me = d.declarer
        solver = Solver(contract, d.trump, d.king_under_ace)
        assert solver.solve(Position.of_deal(d), me) == naive(d, me), (contract, d.hands)


def test_bench_solver_reports_json_and_refuses_bad_stages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import argparse
    import json

    from bolola.bots import solver_bench

    parser = argparse.ArgumentParser()
    solver_bench.configure(parser, "solver")
    args = parser.parse_args(
        ["--json", "--positions", "1", "--stages", "3", "--deals", "0", "--playout-seconds", "0.01"]
    )
    assert solver_bench.run(args) == 0
    report = json.loads(capsys.readouterr().out)
    stage = report["solver"]["3"]
    assert stage["solved"] == stage["positions"] == 9  # one per contract, all exact
    assert set(report["playouts"]) == {str(c) for c in Contract}
    assert solver_bench.run(parser.parse_args(["--stages", "3,x"])) == 2
    assert "--stages" in capsys.readouterr().err


@pytest.mark.parametrize("contract", list(Contract))
def test_playout_plays_legal_cards_and_hands_out_the_contract_total(contract: Contract) -> None:
    from bolola.bots.king_bolola.playout import choose, playout

    for seed in range(20):
        trump = seed % 4 if contract is Contract.TRUMPS else None
        d = new_deal(contract, trump, seed % 4, hands_from_seed(seed))
        points = playout(contract, d.trump, False, list(d.hands), d.leader, [], 0)
        assert sum(points) == contract.total
        while not d.done:  # the same policy through the engine: never an illegal card
            seat = d.to_move
            assert seat is not None
            tm = 0
            for c in d.trick:
                tm |= 1 << c
            card = choose(
                contract, d.trump, d.hands[seat], legal_mask(d), list(d.trick), tm, d.gone
            )
            d, _ = play(d, seat, card)
        assert list(d.points) == points
