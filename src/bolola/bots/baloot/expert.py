"""Baloot's ``expert``: play-outs over hidden hands sampled to agree with its view.

- **Knowledge** (:mod:`.sampler`): the cards unseen, each seat's hand size, the bid card
  with its buyer, projects shown, and the voids (and, under ``strict-trumping``, the
  missing trumps) that play has shown, as the engine's ``resample`` respects them.
- **What the bidding revealed**: a sample is kept only if the ``club`` rules, which the
  room's other bots follow, would have said what each other seat said on it (bidding),
  or if the buyer's hand would have bought its contract (play, doubling); a few draws are
  tried before one is taken anyway.
- **Cards**: every legal card is played on the same sampled worlds and the round played
  out with the club's rules of thumb at every seat (:mod:`.playout`), scored by the
  engine's own scoring for the bot's team; the best mean wins, ties go to ``club``.
- **Bidding and doubling**: the club's rules. A simulation is written (:func:`rate_bids`:
  every legal bid tried on sampled deals through the engine, a deal built from the sample
  with :meth:`Deal.new` and the public bids replayed, the rest said by the club rules,
  then played out; :func:`rate_double`: each step against passing on the same samples)
  but off (:data:`SIMULATE_BIDS`): it measured worse than the club's bidding.
- **Projects**: declared as ``club`` does (every project held, the best first).

Deterministic for a seed (every random draw comes from it); ``Budget.samples`` fixes the
work; ``Budget.seconds`` only cuts sampling short on a slow machine.

>>> bot = make_expert(Budget(samples=8))
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.bots.baloot import club
from bolola.bots.baloot import hand_strength as hs
from bolola.bots.baloot.playout import (
    INDEX,
    Round,
    World,
    finish,
    play,
    suit_index,
)
from bolola.bots.baloot.sampler import Knowledge, NoConsistentDeal
from bolola.bots.base import Bot, Budget
from bolola.cards import Card, Suit
from bolola.engine import Action, IllegalAction
from bolola.games.baloot.actions import parse_action
from bolola.games.baloot.bid import Contract
from bolola.games.baloot.deal import Deal, step
from bolola.games.baloot.deck import DECK
from bolola.games.baloot.options import BalootOptions
from bolola.games.baloot.projects import Project, declarable
from bolola.games.baloot.view import BalootView, make_view

PLAYOUTS = 240
"""Play-outs per card decision at the default budget, shared among the legal cards (at
least :data:`MIN_SAMPLES` worlds each)."""
MIN_SAMPLES = 24
BID_SAMPLES = 20
"""Deals sampled per bidding decision at the default budget (each bid tried on all)."""
DOUBLE_SAMPLES = 40
DOUBLE_MARGIN = 3.0
"""A doubling step is taken only if it is worth this many points more than passing."""
TIE = 0.05
"""Mean scores this close count as equal and go to the ``club`` tie-break."""
_SAFETY = 0.85
SIMULATE_BIDS = False
"""Bid by simulation (:func:`rate_bids`)? Off: measured worse than the club's bidding
(arena, 100 deals, seed 1: -0.2 [-2.1, +1.7] with bids and doubles simulated, +2.2
[+1.2, +3.2] with the club's)."""
SIMULATE_DOUBLES = False
"""Double by simulation (:func:`rate_double`)? Off with the bidding (not measured apart)."""


@dataclass(frozen=True, slots=True)
class ExpertBot:
    budget: Budget
    level: str = "expert"

    def choose(self, view: Any, legal: Sequence[Action], seed: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, BalootView) or view.seat is None:
            raise TypeError("the Baloot expert plays from a seat's Baloot view")
        texts = [str(a) for a in legal]
        pick = self.decide(view, texts, seed)
        return legal[texts.index(pick)]

    def decide(self, view: BalootView, legal: Sequence[str], seed: int) -> str:
        rng = random.Random(seed)
        deadline = time.perf_counter() + self.budget.seconds * _SAFETY
        fallback = club.decide(view, legal)
        try:
            if view.phase == "bid" and SIMULATE_BIDS:
                return rate_bids(view, legal, self.budget.samples or BID_SAMPLES, rng, deadline)
            if view.phase == "double" and SIMULATE_DOUBLES:
                samples = self.budget.samples * 2 or DOUBLE_SAMPLES
                return rate_double(view, legal, fallback, samples, rng, deadline)
            if view.phase != "play" or any(t.startswith("project:") for t in legal):
                return fallback
            return rate_cards(view, legal, fallback, self.budget.samples, rng, deadline)
        except NoConsistentDeal:
            return fallback


def make_expert(budget: Budget) -> Bot:
    return ExpertBot(budget)


# --- the round as the view shows it -------------------------------------------------------


def contract_of(view: BalootView) -> Contract:
    assert view.contract is not None and view.buyer is not None and view.caller is not None
    text = view.contract
    trump = Suit.parse(text[6:]) if text.startswith("hokum:") else None
    kind = "hokum" if trump is not None else "sun"
    return Contract(kind, trump, view.caller, view.buyer, text == "ashkal")


def _greedy_projects(hand: Sequence[Card], sun: bool) -> tuple[Project, ...]:
    """What ``club`` declares: every project, the best first, at most two."""
    out: list[Project] = []
    while True:
        options = declarable(hand, sun, out)
        if not options:
            return tuple(out)
        out.append(max(options, key=lambda p: p.strength))


def _accept_buyer(view: BalootView, contract: Contract) -> Any:
    """A soft inference: the caller's hand (as dealt, cards played put back) would have
    bought its contract by the club's rules."""
    seat = view.seat
    caller = contract.caller
    if caller == seat or contract.ashkal:
        return None
    played = [INDEX[c] for t in view.tricks for s, c in t.cards if s == caller]
    played += [INDEX[c] for s, c in view.trick if s == caller]

    def accept(hands: list[list[int]]) -> bool:
        cards = [DECK[i] for i in (*hands[caller], *played)]
        if contract.trump is None:
            return hs.sun_score(cards) >= hs.SUN_BID - 1.0
        return hs.hokum_score(cards, contract.trump) >= hs.HOKUM_BID

    return accept


def world_of(view: BalootView, hands: list[list[int]], contract: Contract) -> tuple[World, Round]:
    assert view.seat is not None
    trump = suit_index(contract.trump)
    if view.trick:
        leader = view.trick[0][0]
    elif view.tricks:
        leader = view.tricks[-1].winner
    else:
        leader = contract.buyer
    won = [0, 0]
    for t in view.tricks:
        won[t.winner % 2] += 1
    w = World(
        [list(hands[s]) for s in range(4)],
        leader,
        trump,
        [(s, INDEX[c]) for s, c in view.trick],
        view.level in (2, 4) and not view.gahwa,
        bool(view.options.get("strict-trumping", False)),
        contract.team,
        [view.abnat[0], view.abnat[1]],
        won,
        len(view.tricks),
    )
    first = view.tricks[0].leader if view.tricks else contract.buyer
    if view.projects is not None:
        projects = view.projects
    else:
        in_trick = dict(view.trick)
        lst: list[tuple[Project, ...]] = []
        for s in range(4):
            if s == view.seat:
                lst.append(view.my_projects)
                continue
            cards = [DECK[i] for i in hands[s]] + ([in_trick[s]] if s in in_trick else [])
            lst.append(_greedy_projects(cards, contract.is_sun))
        projects = tuple(lst)
    baloot = view.baloot
    if baloot is None and contract.trump is not None:
        k, q = (INDEX[Card.parse(r + contract.trump.letter)] for r in "KQ")
        for s in range(4):
            had = set(hands[s]) | {INDEX[c] for t in view.tricks for x, c in t.cards if x == s}
            had |= {INDEX[c] for x, c in view.trick if x == s}
            if k in had and q in had:
                baloot = s
    rnd = Round(
        contract,
        tuple(projects),
        tuple((first + k) % 4 for k in range(4)),
        baloot,
        view.level,
        view.gahwa,
        str(view.bid_card)[0] == "A",
        bool(view.options.get("hokum-kaboot-25", False)),
    )
    return w, rnd


def _value(points: tuple[int, int], abnat: Sequence[int], team: int) -> float:
    """The team's game points, its abnat a tie-break between equal points."""
    return points[team] + abnat[team] / 1000.0


# --- cards ---------------------------------------------------------------------------------


def rate_cards(
    view: BalootView,
    legal: Sequence[str],
    fallback: str,
    samples: int,
    rng: random.Random,
    deadline: float,
) -> str:
    return pick_card(card_means(view, legal, samples, rng, deadline), fallback)


def card_means(
    view: BalootView,
    legal: Sequence[str],
    samples: int,
    rng: random.Random,
    deadline: float,
) -> dict[str, float]:
    """Each legal card's mean game points for the seat's team over the same sampled
    worlds, its abnat a tie-break (``samples`` 0: the default share of :data:`PLAYOUTS`)."""
    assert view.seat is not None
    cards = [INDEX[parse_card(t)] for t in legal]
    n = samples or max(MIN_SAMPLES, PLAYOUTS // len(cards))
    contract = contract_of(view)
    know = Knowledge.of(view)
    accept = _accept_buyer(view, contract)
    team = view.seat % 2
    totals = dict.fromkeys(cards, 0.0)
    done = 0
    for k in range(n):
        if k and time.perf_counter() > deadline:
            break
        hands = know.sample(rng, accept)
        world, rnd = world_of(view, hands, contract)
        for c in cards:
            w = world.copy()
            play(w, c)
            finish(w)
            totals[c] += _value(rnd.points(w), w.abnat, team)
        done += 1
    return {t: totals[c] / done for t, c in zip(legal, cards, strict=True)}


def pick_card(means: dict[str, float], fallback: str) -> str:
    """The card of best mean; ``club``'s own if it is within :data:`TIE` of it (ties
    between others: the lowest card index)."""
    best = max(means.values())
    if means[fallback] >= best - TIE:
        return fallback
    return max(means, key=lambda t: (means[t], -INDEX[parse_card(t)]))


def parse_card(text: str) -> Card:
    a = parse_action(text)
    assert isinstance(a, Card)
    return a


# --- doubling ------------------------------------------------------------------------------

_LEVEL = {"double": 2, "triple": 3, "four": 4}


def rate_double(
    view: BalootView,
    legal: Sequence[str],
    fallback: str,
    samples: int,
    rng: random.Random,
    deadline: float,
) -> str:
    means = double_means(view, legal, samples, rng, deadline)
    raise_ = next((t for t in means if t != "pass"), None)
    if raise_ is None:
        return "pass"  # never Gahwa
    return raise_ if means[raise_] - means["pass"] > DOUBLE_MARGIN else "pass"


def double_means(
    view: BalootView,
    legal: Sequence[str],
    samples: int,
    rng: random.Random,
    deadline: float,
) -> dict[str, float]:
    """The team's mean game points on passing and on the doubling step offered, on the
    same sampled deals (Gahwa is never weighed: only ``pass`` then)."""
    assert view.seat is not None
    raise_ = next((t for t in legal if t != "pass"), None)
    if raise_ is None or raise_ not in _LEVEL:
        return {}
    contract = contract_of(view)
    know = Knowledge.of(view)
    accept = _accept_buyer(view, contract)
    team = view.seat % 2
    level = _LEVEL[raise_]
    totals = {"pass": 0.0, raise_: 0.0}
    done = 0
    for k in range(samples):
        if k and time.perf_counter() > deadline:
            break
        hands = know.sample(rng, accept)
        world, rnd = world_of(view, hands, contract)
        for said, lv in (("pass", view.level), (raise_, level)):
            w = world.copy()
            w.locked = lv in (2, 4)
            finish(w)
            totals[said] += _value(rnd.points(w, lv), w.abnat, team)
        done += 1
    return {t: v / max(1, done) for t, v in totals.items()}


# --- bidding -------------------------------------------------------------------------------


def _deal_from(view: BalootView, hands: list[list[int]], options: BalootOptions) -> Deal | None:
    """The engine's deal with the sampled hands, the public bids replayed (``None`` if
    they cannot be: never with the engine's views)."""
    dealer = view.dealer
    deck: list[Card] = []
    for k in range(4):
        deck += [DECK[i] for i in hands[(dealer + 1 + k) % 4]]
    deck.append(view.bid_card)
    deck += [DECK[i] for i in hands[4]]
    deal = Deal.new(dealer, tuple(deck))
    try:
        for said in view.bids:
            deal, _ = step(deal, said.seat, parse_action(said.text), options, view.totals)
    except IllegalAction:
        return None
    return deal


def _club_says(deal: Deal, view: BalootView, options: BalootOptions) -> str:
    seat = deal.to_move
    assert seat is not None
    legal = tuple(str(a) for a in deal.legal(seat, options))
    if len(legal) == 1:
        return legal[0]
    v = make_view(
        deal,
        seat,
        (seat,),
        legal,
        view.deal_no,
        view.totals,
        view.history,
        None,
        options.to_json(),
    )
    return club.decide(v, legal)


def _bids_agree(view: BalootView, hands: list[list[int]], options: BalootOptions) -> bool:
    """Whether the club rules, on these hands, say what every other seat said."""
    dealer = view.dealer
    deck: list[Card] = []
    for k in range(4):
        deck += [DECK[i] for i in hands[(dealer + 1 + k) % 4]]
    deck.append(view.bid_card)
    deck += [DECK[i] for i in hands[4]]
    deal = Deal.new(dealer, tuple(deck))
    for said in view.bids:
        if said.seat != view.seat and _club_says(deal, view, options) != said.text:
            return False
        deal, _ = step(deal, said.seat, parse_action(said.text), options, view.totals)
    return True


def rate_bids(
    view: BalootView,
    legal: Sequence[str],
    samples: int,
    rng: random.Random,
    deadline: float,
) -> str:
    means, _ = bid_means(view, legal, samples, rng, deadline)
    fb = club.decide(view, legal)
    if not means:
        return fb
    best = max(means.values())
    if means[fb] >= best - TIE:
        return fb
    return max(legal, key=lambda t: (means[t], t))


def bid_means(
    view: BalootView,
    legal: Sequence[str],
    samples: int,
    rng: random.Random,
    deadline: float,
) -> tuple[dict[str, float], int]:
    """Each legal bid's mean game points for the team over deals sampled to agree with
    the bidding so far, and how many deals (none: an empty dict)."""
    assert view.seat is not None
    options = BalootOptions.from_json(view.options)
    know = Knowledge.of(view)
    team = view.seat % 2
    totals = dict.fromkeys(legal, 0.0)
    done = 0
    for k in range(samples):
        if k and time.perf_counter() > deadline:
            break
        hands = know.sample(rng, lambda h: _bids_agree(view, h, options))
        deal = _deal_from(view, hands, options)
        if deal is None:
            continue
        for t in legal:
            totals[t] += _simulate(deal, view, t, options, team)
        done += 1
    if not done:
        return {}, 0
    return {t: v / done for t, v in totals.items()}, done


def _simulate(deal: Deal, view: BalootView, first: str, options: BalootOptions, team: int) -> float:
    """The team's points when the seat says ``first`` and every seat then follows the
    club rules to the play, which is played out."""
    assert view.seat is not None
    deal, _ = step(deal, view.seat, parse_action(first), options, view.totals)
    while deal.phase in ("bid", "double"):
        seat = deal.to_move
        assert seat is not None
        deal, _ = step(
            deal, seat, parse_action(_club_says(deal, view, options)), options, view.totals
        )
    if deal.contract is None:
        return 0.0  # passed out: the next deal
    c = deal.contract
    hands = [[INDEX[x] for x in h] for h in deal.hands]
    w = World(
        hands,
        c.buyer,
        suit_index(c.trump),
        [],
        deal.locked,
        options.strict_trumping,
        c.team,
    )
    projects = tuple(_greedy_projects(h, c.is_sun) for h in deal.hands)
    baloot = None
    if c.trump is not None:
        kq = {Card.parse(r + c.trump.letter) for r in "KQ"}
        baloot = next((s for s in range(4) if kq <= set(deal.hands[s])), None)
    rnd = Round(
        c,
        projects,
        tuple((c.buyer + k) % 4 for k in range(4)),
        baloot,
        deal.level,
        deal.gahwa,
        str(deal.bid_card)[0] == "A",
        options.hokum_kaboot_25,
    )
    finish(w)
    return _value(rnd.points(w), w.abnat, team)
