"""Baloot's ``expert`` bot: legal, deterministic, honest, its sampler, a clear endgame,
and a look at its decision time (measured, not asserted: docs/bots.md)."""

from __future__ import annotations

import functools
import random
import time

from test_baloot_bots import play, playing, positions

from bolola.bots.baloot.expert import ExpertBot, make_expert
from bolola.bots.baloot.playout import INDEX
from bolola.bots.baloot.sampler import Knowledge
from bolola.bots.base import Budget, make_bot
from bolola.engine import Action
from bolola.games.baloot.match import GAME, Match
from bolola.games.baloot.projects import Project

BOT = make_expert(Budget(samples=6, seconds=30.0))


@functools.cache
def random_positions() -> list[tuple[Match, int]]:
    """The positions the tests below share, made on first use (not when the module is
    imported: every xdist worker imports every module, and runs only some)."""
    return positions(40, seed=3)


def decide(state: Match, seat: int, seed: int = 0) -> Action:
    return BOT.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), seed)


def test_registered_as_the_expert_level() -> None:
    assert isinstance(make_bot("baloot", "expert"), ExpertBot)


def test_always_legal_in_random_positions() -> None:
    for n, (state, seat) in enumerate(random_positions()):
        action = decide(state, seat, n)
        assert action in GAME.legal_actions(state, seat), (n, action)
        GAME.apply(state, seat, action)


def test_accepts_legal_actions_in_text_form() -> None:
    for n, (state, seat) in enumerate(random_positions()[:10]):
        view = GAME.view(state, seat)
        assert BOT.choose(view, list(view.legal), n) in view.legal


def test_deterministic_for_a_seed() -> None:
    for n, (state, seat) in enumerate(random_positions()[:20]):
        assert decide(state, seat, n) == decide(state, seat, n)


def test_honest_the_decision_ignores_hidden_cards() -> None:
    """Redealing every card hidden from the seat gives the same view and the same choice."""
    rng = random.Random(5)
    moved = 0
    for n, (state, seat) in enumerate(random_positions()):
        for _ in range(2):
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            moved += other.deal.hands != state.deal.hands
            assert decide(other, seat, n) == decide(state, seat, n), n
    assert moved > len(random_positions()) // 2


def test_samples_agree_with_the_view() -> None:
    """Every sample keeps the hand sizes, the unseen cards, the bid card with its buyer
    and the voids shown."""
    rng = random.Random(1)
    for state, seat in random_positions():
        view = GAME.view(state, seat)
        know = Knowledge.of(view)
        for _ in range(5):
            hands = know.sample(rng)
            assert sorted(c for s in (*range(4), 4) if s != seat for c in hands[s]) == sorted(
                know.unseen
            )
            for s in range(4):
                if s != seat:
                    assert len(hands[s]) == view.hand_counts[s]
                    assert not set(hands[s]) & know.bars[s]
            if view.buyer is not None and view.buyer != seat:
                bid = INDEX[view.bid_card]
                if bid in know.unseen:
                    assert bid in hands[view.buyer]


def test_cashes_its_master_before_giving_the_lead_away() -> None:
    """Sun, two tricks left, seat 0 to lead AS (the master) and 7H. Seats 2 and 3 showed
    no hearts, so seat 1 holds AH and KH: 7H first lets it take both tricks (AS thrown
    away); AS first takes one. The opponents took a trick, so there is no Kaboot to hope
    for."""
    hands = [
        "8H AD TD KD QD JD AS 7H",
        "9H TH JH QH KH AH 7D 8D",
        "9D 7C 8C 9C TC JC QC KC",
        "AC 7S 8S 9S TS JS QS KS",
    ]
    moves = "8H 9H 7C 7S 7D 9D 8S AD TD 8D 8C 9S KD JH 9C TS QD TH TC JS JD QH JC QS"
    state = play(playing(hands), moves)
    assert GAME.to_move(state) == (0,)
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    for seed in range(3):
        assert str(decide(state, 0, seed)) == "AS"
        assert str(make_expert(Budget()).choose(view, legal, seed)) == "AS"


def test_declares_its_projects_as_club_does() -> None:
    hands = [
        "7H 8H 9H 7S 8S JS QS AD",
        "TH JH 9S TS 7D 8D 9D TD",
        "QH KH AH KS AS JD QD KD",
        "7C 8C 9C TC JC QC KC AC",
    ]
    state = playing(hands, "hokum", "S")
    declared = []
    while True:
        action = decide(state, 0)
        if not isinstance(action, Project):
            break
        declared.append(str(action))
        state, _ = GAME.apply(state, 0, action)
    assert declared == ["project:sira:7H,8H,9H"]


def test_decision_time_is_measured_not_asserted() -> None:
    """A look at the default budget's cost (the figures are in docs/bots.md)."""
    bot = make_expert(Budget(seconds=30.0))
    spent = []
    for n, (state, seat) in enumerate(random_positions()[:8]):
        started = time.process_time()
        action = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), n)
        spent.append(time.process_time() - started)
        assert action in GAME.legal_actions(state, seat)
    assert all(t >= 0.0 for t in spent)
