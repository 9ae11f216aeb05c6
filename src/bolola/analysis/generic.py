"""The judge every game gets: exact search when the rest of the deal is small, else
play-outs by the game's bots.

Exact: alpha-beta through the engine to the end of the deal, the seat (and its partners,
by the game's ``teams``) maximising its points and everyone else minimising them: the
points the seat is sure of, whatever the others do. It is tried only where one seat acts
at a time and gives up past ``JudgeBudget.exact_nodes`` nodes.

Estimate: after each alternative, the deal is played to its end ``samples`` times by the
game's ``club`` bot (``beginner`` where it has none) in every seat, each choosing from
its own view as bots must, but for one move in ten made at random (:data:`SLIP`); one
seed per play-out, the same seeds for every alternative::

    judge = GenericJudge(registry.find(name))
    judge.value(state, seat=0, legal=legal, budget=JudgeBudget(samples=4), rng=Random(7))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.analysis.judgement import JudgeBudget, Valuation, Value
from bolola.bots.base import Bot, Budget, make_bot
from bolola.engine import Action, Game, Seat

AnyGame = Game[Any, Any, Any, Any]
MEASURE = "the seat's points in the deal"
POLICY_BUDGET = Budget(samples=0, seconds=0.05)
"""What each play-out seat's bot may think (``club`` bots use little of it)."""
SLIP = 0.1
"""The share of play-out moves made at random instead of by the bot. The bots are
deterministic in a known position, so without slips every play-out of an alternative
would be the same one line of play; with them the play-outs spread over the lines a
fallible table might take, and their spread measures something."""
ENGINE_NODE_COST = 20
"""Solver nodes one node of the engine-level search is charged as (an ``apply`` through
the engine costs about that many bitmask moves of a game's own solver)."""
TREE_SHARE = 50
"""How much larger than its node budget a tree may look (Knuth's estimate, before
alpha-beta prunes it) and still be searched."""
MAX_DEPTH = 60
"""Moves an exact search may look ahead: a deal that can start over (four passes in
Baloot's bidding) has no end in sight, and a deal's tail worth solving is far shorter."""


class TooBig(Exception):  # noqa: N818 (an expected outcome, not a failure)
    """The exact search would pass its node limit, or meets seats acting at once."""


@dataclass(frozen=True, slots=True)
class GenericJudge:
    """A judge for any game through the engine contract (see the module docstring);
    ``exact`` off skips the search for games whose deals never get small enough."""

    game: AnyGame
    policy: str = "club"
    exact: bool = True

    def value(
        self,
        state: Any,
        seat: Seat,
        legal: Sequence[Action],
        budget: JudgeBudget,
        rng: random.Random,
        played: Action | None = None,
    ) -> Valuation:
        nodes = budget.exact_nodes // ENGINE_NODE_COST
        if self.exact and nodes > 0 and small_enough(self.game, state, nodes, rng):
            try:
                values = exact_values(self.game, state, seat, legal, nodes)
            except TooBig:
                pass
            else:
                return Valuation(
                    MEASURE,
                    tuple(Value((str(a),), v, True) for a, v in zip(legal, values, strict=True)),
                    len(legal),
                )
        bots = policy_bots(self.game, self.policy)
        shortlist = candidates(self.game, state, seat, legal, bots, budget, rng, played)
        valuation = play_out_values(self.game, state, seat, shortlist, budget, rng, self.policy)
        return Valuation(valuation.measure, valuation.values, len(legal))


def candidates(
    game: AnyGame,
    state: Any,
    seat: Seat,
    legal: Sequence[Action],
    bots: dict[Seat, Bot],
    budget: JudgeBudget,
    rng: random.Random,
    played: Action | None = None,
) -> list[Action]:
    """At most ``budget.alternatives`` of ``legal`` (all when there are few): the move
    played, the policy bot's choice, then others drawn at random (the game's order would
    bunch them: a Hearts Are Trumps placement's first dozen share their loot card)."""
    if len(legal) <= max(1, budget.alternatives):
        return list(legal)
    pick = bots[seat].choose(game.view(state, seat), legal, rng.getrandbits(32))
    first = list(dict.fromkeys(a for a in (played, pick) if a is not None))
    rest = [a for a in legal if a not in first]
    drawn = rng.sample(rest, min(len(rest), max(0, budget.alternatives - len(first))))
    return first + sorted(drawn, key=legal.index)


def small_enough(game: AnyGame, state: Any, nodes: int, rng: random.Random) -> bool:
    """Whether the rest of the deal may fit an exact search of ``nodes`` nodes: Knuth's
    estimate of the tree's size (the product of the branching along one random line of
    play) under :data:`TREE_SHARE` times them, one seat acting at a time on that line,
    and the deal ending within :data:`MAX_DEPTH` moves. The line is cheap (a few dozen
    moves), a failed search is not."""
    line = random.Random(rng.getrandbits(32))
    deal = len(game.deal_scores(state))
    size = 1
    for _ in range(MAX_DEPTH):
        if game.outcome(state) is not None or len(game.deal_scores(state)) > deal:
            return True
        movers = game.to_move(state)
        if len(movers) > 1:
            return False
        legal = game.legal_actions(state, movers[0])
        size *= len(legal)
        if size > TREE_SHARE * nodes:
            return False
        state, _ = game.apply(state, movers[0], legal[line.randrange(len(legal))])
    return False


def play_out_values(
    game: AnyGame,
    state: Any,
    seat: Seat,
    legal: Sequence[Action],
    budget: JudgeBudget,
    rng: random.Random,
    policy: str = "club",
) -> Valuation:
    """Each of ``legal``'s points for ``seat`` over ``budget.samples`` play-outs."""
    seeds = [rng.getrandbits(32) for _ in range(max(1, budget.samples))]
    bots = policy_bots(game, policy)
    deal = len(game.deal_scores(state))
    out = []
    for action in legal:
        after, _ = game.apply(state, seat, action)
        draws = [deal_points(game, play_deal(game, after, bots, s), deal, seat) for s in seeds]
        out.append(Value.estimate((str(action),), draws))
    return Valuation(MEASURE, tuple(out), len(legal))


def policy_bots(game: AnyGame, level: str) -> dict[Seat, Bot]:
    """The play-out bot of every seat (``beginner`` where the game has no ``level``)."""
    from bolola import registry

    if level not in registry.entry(game.name).bots:
        level = "beginner"
    return {s: make_bot(game.name, level, POLICY_BUDGET) for s in range(game.seats)}


def play_deal(game: AnyGame, state: Any, bots: dict[Seat, Bot], seed: int) -> Any:
    """The state once the deal in play has ended (or the game), every seat's bot
    choosing from its own view, except for a :data:`SLIP` of random moves."""
    deal = len(game.deal_scores(state))
    rng = random.Random(seed)
    while game.outcome(state) is None and len(game.deal_scores(state)) == deal:
        mover = game.to_move(state)[0]
        legal = game.legal_actions(state, mover)
        action = legal[0]
        if len(legal) > 1 and rng.random() < SLIP:
            action = legal[rng.randrange(len(legal))]
        elif len(legal) > 1:
            action = bots[mover].choose(game.view(state, mover), legal, rng.getrandbits(32))
        state, _ = game.apply(state, mover, action)
    return state


def deal_points(game: AnyGame, end: Any, deal: int, seat: Seat) -> float:
    """``seat``'s points in deal ``deal`` (0-based) of the finished state ``end``: the
    game's own deal scores, or its final scores for a game that ended without one."""
    scores = game.deal_scores(end)
    if len(scores) > deal:
        return float(scores[deal].points[seat])
    outcome = game.outcome(end)
    return float(outcome.scores[seat]) if outcome is not None else 0.0


def exact_values(
    game: AnyGame, state: Any, seat: Seat, legal: Sequence[Action], max_nodes: int
) -> list[float]:
    """Each alternative's exact points for ``seat`` against everyone else (see the module
    docstring); raises :class:`TooBig`."""
    deal = len(game.deal_scores(state))
    side = next((set(t) for t in game.teams or () if seat in t), {seat})
    nodes = 0

    def search(s: Any, alpha: float, beta: float, depth: int) -> float:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes or depth > MAX_DEPTH:
            raise TooBig
        if game.outcome(s) is not None or len(game.deal_scores(s)) > deal:
            return deal_points(game, s, deal, seat)
        movers = game.to_move(s)
        if len(movers) > 1:
            raise TooBig  # seats acting at once: no order to search in
        mover = movers[0]
        mine = mover in side
        best = -float("inf") if mine else float("inf")
        for a in game.legal_actions(s, mover):
            v = search(game.apply(s, mover, a)[0], alpha, beta, depth + 1)
            if mine:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    if len(game.to_move(state)) > 1:
        raise TooBig
    return [search(game.apply(state, seat, a)[0], -float("inf"), float("inf"), 1) for a in legal]
