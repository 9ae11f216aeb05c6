"""Play-outs for the expert: a sampled round played on by ``club``'s rules at every seat,
through the engine's own :func:`~bolola.games.jolly.round.step`, and what it is worth.

Each seat decides from what it would see (:func:`~bolola.bots.jolly.position.from_round`),
one whole turn at a time: the draw, the melds of one finder plan, the discard.
"""

from __future__ import annotations

import random

from bolola.bots.jolly import club
from bolola.bots.jolly.plans import best
from bolola.bots.jolly.position import from_round
from bolola.cards import Card
from bolola.engine import IllegalAction
from bolola.games.jolly.actions import parse_action
from bolola.games.jolly.deck import face, penalty
from bolola.games.jolly.round import Rebuild, Round, step

LEFT = 0.25
"""How the cost of the cards still in hand weighs in the reading of a round not over.
A round played on to its end shows it: with the full cost (1) the play-outs preferred
shedding high cards for the next turn's sake, and their choices lost points on the true
hands (at two players rounds last ten turns or more a seat, and a high card has time to
meld, or to feed the next player); at 0.25 they gained (``docs/bots.md``)."""
TAKES_TRIED = 1
"""In play-outs a seat weighs only its shallowest take from the pile whose deepest card
is related to its hand (the finder prices each): a play-out turn costs a few finder
calls, not twenty."""


def rebuilder(rng: random.Random) -> Rebuild:
    """New stocks (JO-12) shuffled with ``rng``."""

    def rebuild(cards: tuple[int, ...], k: int) -> tuple[int, ...]:
        out = list(cards)
        rng.shuffle(out)
        return tuple(out)

    return rebuild


def act(r: Round, text: str, rebuild: Rebuild) -> Round:
    """The round after the seat to move does ``text``."""
    seat = r.turn.seat
    return step(r, seat, parse_action(text), rebuild)[0]


def finish_turn(r: Round, rebuild: Rebuild) -> Round:
    """The seat to move plays the rest of its turn by ``club``'s rules."""
    seat = r.turn.seat
    pos = from_round(r, seat)
    if pos.drew is None:
        r = act(r, club.draw_choice(pos, club.take_counts(pos), TAKES_TRIED), rebuild)
        pos = from_round(r, seat)
    plan = club.meld_plan(pos)
    left = None
    if plan is not None:
        texts = plan.actions if pos.opened[seat] else (club.opening_text(plan),)
        try:
            for text in texts:
                r = act(r, text, rebuild)
        except IllegalAction:  # not expected; the discard still ends the turn
            pass
        pos = from_round(r, seat)
        if pos.opened[seat]:
            left = plan.left
    card = club.discard_choice(pos, club.discard_options(pos), left)
    return act(r, f"discard:{card}", rebuild)


def play_until(r: Round, seat: int, rebuild: Rebuild, own_turns: int) -> Round:
    """Whole turns by ``club``'s rules until ``seat`` has played ``own_turns`` more turns
    of its own (or the round is over)."""
    left = own_turns
    while r.score is None and left:
        if r.turn.seat == seat:
            left -= 1
        r = finish_turn(r, rebuild)
    return r


def table_points(r: Round, seat: int) -> int:
    """Points ``seat`` has on the table now (JO-15)."""
    return sum(m.points_at(i) for m in r.table for i, s in enumerate(m.slots) if s.by == seat)


def outlook(r: Round, seat: int) -> float:
    """What ``seat`` may expect of the round, from its own hand: the points it has down,
    plus what the finder puts down of its hand, less :data:`LEFT` times what the rest
    would cost (the costliest natural card, the next discard, aside)."""
    faces = [face(c) for c in r.hands[seat]]
    table = r.table if r.opened[seat] else ()
    plan = best(faces, table, 1)
    return table_points(r, seat) + plan.points - LEFT * cost(plan.left)


def rough(r: Round, seat: int) -> float:
    """A cheaper reading for the other seats: points down less :data:`LEFT` times the
    hand's cost."""
    return table_points(r, seat) - LEFT * sum(penalty(face(c)) for c in r.hands[seat])


def cost(left: tuple[Card, ...]) -> float:
    """What the cards no meld takes would cost, the costliest natural card (the next
    discard) aside."""
    naturals = [penalty(c) for c in left if not c.is_joker]
    return sum(penalty(c) for c in left) - (max(naturals) if naturals else 0)


def worth(r: Round, me: int, others: float) -> float:
    """``me``'s round less ``others`` times the other seats' average: the round's points
    once it is over, else :func:`outlook` for ``me`` and :func:`rough` for the others."""
    n = r.players
    if r.score is not None:
        pts = r.score.points
        rest = [pts[s] for s in range(n) if s != me]
        return pts[me] - others * sum(rest) / len(rest)
    rest_est = [rough(r, s) for s in range(n) if s != me]
    return outlook(r, me) - others * sum(rest_est) / len(rest_est)
