"""Jolly's hint: the ``expert``'s step of the turn, with what drove it.

Most steps are ``club``'s exact meld finder at work (the expert follows it: opening,
melds, lay-offs, swaps), each with a reason of its own (a lay-off and a swap name the
card and the table's meld they go to); the reason counts what the finder counts: the
points the turn puts down (JO-8: 40 to open) and whether the turn goes out (JO-13, a
mano jolly JO-14). At the
draw and the discard the expert plays its few candidates out on sampled worlds
(:func:`~bolola.bots.jolly.expert.rate`) and keeps ``club``'s unless another is surely
better (:func:`~bolola.bots.jolly.expert.pick`); the hint runs the same steps from the same
seed, so it names the same action, with its mean worth (own points less the others'
average) against the runner-up's. A discard adds what the finder says of the card: that
no meld of the hand and no meld on the table takes it, and what it costs if the round
ends in hand (JO-16). Everything is read from the seat's view: its hand, the table, the
pile.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from bolola.bots.base import Budget
from bolola.bots.hint import EXPERT_CHOICE, ONLY_ACTION, Fact, Hint, Var
from bolola.bots.jolly import club
from bolola.bots.jolly.expert import _SAFETY, candidates, going_out, pick, rate, world_count
from bolola.bots.jolly.plans import best
from bolola.bots.jolly.position import Position, from_view
from bolola.cards import Card
from bolola.engine import Action
from bolola.games.jolly.deck import penalty
from bolola.games.jolly.finder import OPENING
from bolola.games.jolly.view import JollyView

OPEN = "jo_open"
"""Open with these melds: ``points`` on the table, 40 needed (JO-8)."""
MELD = "jo_meld"
"""Put down ``meld`` (its cards, ``2S,3S,4S``): ``points`` still to go down this turn (JO-9)."""
LAY = "jo_lay"
"""Lay ``card`` (a joker: ``JK=TH``) off on the table's ``meld`` (its cards, ``9H,TH,JH``):
``points`` still to go down this turn (JO-9)."""
SWAP = "jo_swap"
"""Put ``card`` in the place of the joker standing for it in the table's ``meld``, and take
the joker: ``points`` still to go down this turn (JO-9)."""
DRAW = "jo_draw"
"""Draw from the stock: no card of the discard pile melds at once."""
RATED = "jo_rated"
"""The play-outs' best: its mean worth over ``deals`` worlds, and the runner-up's."""
CLOSE = "jo_close"
"""``club``'s choice: the play-outs found nothing surely better (the runner-up's mean
may be a little higher, within the noise)."""
GOES_OUT = "jo_goes_out"
"""The fact: this turn's melds leave one card, to discard and close (JO-13; JO-14 when
the player had not opened)."""
LOOSE = "jo_loose"
"""The fact: the discard fits no meld of the hand nor any on the table, and costs
``penalty`` if the round ends in hand (JO-16)."""


def hint(view: Any, legal: Sequence[Action], seed: int, budget: Budget) -> Hint:
    if len(legal) == 1:
        return Hint(legal[0], ONLY_ACTION)
    if not isinstance(view, JollyView) or view.seat is None:
        raise TypeError("a Jolly hint is for a seat's view")
    texts = [str(a) for a in legal]

    def action(text: str) -> Action:
        return legal[texts.index(text)]

    pos = from_view(view)
    fallback = club.decide(pos, texts)
    options = candidates(pos, texts, fallback)
    if len(options) < 2:
        return _rule(action(fallback), pos, options)
    worlds = budget.samples or world_count(view.players, len(options))
    deadline = time.perf_counter() + budget.seconds * _SAFETY
    values = rate(view, options, worlds, random.Random(seed), deadline)
    chosen = pick(values, fallback)
    means = {t: sum(v) / len(v) for t, v in values.items()}
    runner = max((t for t in means if t != chosen), key=lambda t: (means[t], t))
    expected = round(means[chosen], 1)
    vars_: dict[str, Var] = {
        "action": chosen,
        "expected": expected,
        "next": runner,
        "next_expected": round(means[runner], 1),
        "deals": len(values[chosen]),
    }
    key = CLOSE if means[runner] > means[chosen] else RATED
    return Hint(action(chosen), key, vars_, expected, _discard_fact(pos, chosen))


def _rule(chosen: Action, pos: Position, options: Sequence[str]) -> Hint:
    """A step the expert leaves to ``club``: the meld finder's count for it."""
    text = str(chosen)
    plan = club.meld_plan(pos)
    out = None
    if plan is not None and going_out(pos):
        rule = "JO-13" if pos.opened[pos.seat] else "JO-14"
        out = Fact(GOES_OUT, {"rule": rule})
    if text.startswith("open:") and plan is not None:
        vars_: dict[str, Var] = {"action": text, "points": plan.points, "needed": OPENING}
        return Hint(chosen, OPEN, vars_, fact=out)
    if text.startswith("meld:") and plan is not None:
        vars_ = {"action": text, "meld": text[5:], "points": plan.points}
        return Hint(chosen, MELD, vars_, fact=out)
    if text.startswith(("lay:", "swap:")) and plan is not None:
        word, meld_id, card = text.split(":")
        meld = next(m for m in pos.table if m.id == int(meld_id))
        vars_ = {
            "action": text,
            "card": card,
            "meld": ",".join(str(p) for p in meld.pieces()),
            "points": plan.points,
        }
        return Hint(chosen, LAY if word == "lay" else SWAP, vars_, fact=out)
    if text == "draw" and options == ["draw"]:
        return Hint(chosen, DRAW)
    return Hint(chosen, EXPERT_CHOICE, fact=_discard_fact(pos, text))


def _discard_fact(pos: Position, text: str) -> Fact | None:
    """For a discard: whether any meld takes the card (the finder's plan for the hand,
    with the table's melds once the seat has opened; a lay-off spot on the table, which
    it may use once opened), and its cost in hand."""
    if not text.startswith("discard:"):
        return None
    card = Card.parse(text[8:])
    opened = pos.opened[pos.seat]
    if card.is_joker or card not in best(pos.hand, pos.table if opened else (), 1).left:
        return None
    if card in club.lay_faces(pos.table):
        return None
    return Fact(LOOSE, {"card": str(card), "penalty": penalty(card), "rule": "JO-16"})
