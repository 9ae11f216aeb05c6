"""Practice hints from each game's hook (issue 18, docs/hints.md): the hint is the
``expert``'s own choice for the same view, legal actions and seed, over random positions
of random play-outs; what its reason and its fact name is the seat's own or public; a
fact is the same whatever the hidden cards are; every key it may send is translated.

Budgets are counts of samples, never of time (a minute's cap the machine never hits),
so the hint and the bot do exactly the same work."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from bolola import registry
from bolola.bots import Budget, make_bot
from bolola.bots import trick_facts as tf
from bolola.bots.baloot.hint import seen as baloot_seen
from bolola.bots.hint import EXPERT_CHOICE, ONLY_ACTION, Fact, Hint
from bolola.bots.jolly.position import from_view
from bolola.bots.king_bolola.hint import seen as kb_seen
from bolola.bots.trick_facts import Seen, fact, voids
from bolola.cards import CARDS, Card, Suit, parse_cards
from playing import Step, options_of, playout

ROOT = Path(__file__).resolve().parents[2]
HINT_MODULES = [
    ROOT / "src/bolola/bots/trick_facts.py",
    *sorted((ROOT / "src/bolola/bots").glob("*/hint.py")),
]

# Positions asked per game and the samples each decision gets: a few seconds a game.
CASES = {
    "king-bolola": (30, Budget(samples=4, seconds=60.0)),
    "baloot": (40, Budget(samples=6, seconds=60.0)),
    "hearts-trumps": (30, Budget(samples=6, seconds=60.0)),
    "jolly": (12, Budget(samples=2, seconds=60.0)),
}
TRICK_GAMES = ("king-bolola", "baloot")


def positions(name: str, count: int, seed: int) -> Iterator[Step]:
    """Decisions with a choice, picked at random along random play-outs (the first
    steps of several matches, every option example in turn)."""
    game = registry.find(name)
    rng = random.Random(seed)
    found = 0
    variant = 0
    while found < count:
        steps = islice(playout(game, options_of(game, variant), seed * 100 + variant), 400)
        live = [s for s in steps if isinstance(s, Step) and len(s.legal) > 1]
        variant += 1
        for step in rng.sample(live, min(len(live), 8)):
            yield step
            found += 1
            if found == count:
                return


def hint_of(name: str, step: Step, seed: int, budget: Budget) -> tuple[Any, Hint]:
    game = registry.find(name)
    view = game.view(step.state, step.seat)
    hook = registry.entry(name).hint
    assert hook is not None, f"{name} has no hint hook"
    return view, hook(view, step.legal, seed, budget)


@pytest.mark.parametrize("name", list(CASES))
def test_the_hint_is_the_experts_choice(name: str) -> None:
    count, budget = CASES[name]
    expert = make_bot(name, "expert", budget)
    keys: set[str] = set()
    for n, step in enumerate(positions(name, count, 3)):
        view, hint = hint_of(name, step, n, budget)
        assert hint.action == expert.choose(view, step.legal, n), (name, n)
        keys.add(hint.reason)
    # The hook explains with its own reasons, not the generic one.
    assert keys - {EXPERT_CHOICE, ONLY_ACTION}, keys


@pytest.mark.parametrize("name", list(CASES))
def test_a_hint_names_only_the_seats_own_actions_and_cards(name: str) -> None:
    count, budget = CASES[name]
    game = registry.find(name)
    numbers = 0
    for n, step in enumerate(positions(name, count, 5)):
        view, hint = hint_of(name, step, n, budget)
        legal = {str(a) for a in step.legal}
        own = _own(name, view)
        assert str(hint.action) in legal
        for key in ("action", "next"):
            if key in hint.vars:
                assert hint.vars[key] in legal, (key, hint)
        for key in ("loot", "attacker", "defender"):  # Hearts Are Trumps: its placement
            if key in hint.vars:
                assert hint.vars[key] in own, (key, hint)
        if hint.expected is not None:
            numbers += 1
            assert hint.vars.get("expected", hint.expected) == hint.expected
        if hint.fact is not None and name not in TRICK_GAMES:
            for key in ("card", "attacker", "defender"):
                if key in hint.fact.vars:
                    assert hint.fact.vars[key] in own, hint.fact
        assert game.view(step.state, step.seat) == view
    assert numbers, "no hint valued its choice"


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_kb11_ba15_a_card_fact_names_own_cards_and_unseen_ones_only_as_out(name: str) -> None:
    """Across random positions: a fact's ``card`` is in the seat's own hand (never in
    another seat's), its ``out`` neither in the hand nor played, a void stands on a card
    the seat played off the led suit; and redealing every card hidden from the seat
    leaves the fact as it was (it cannot tell where any hidden card lies)."""
    game = registry.find(name)
    count, budget = CASES[name]
    rng = random.Random(9)
    kinds: set[str] = set()
    for n, step in enumerate(positions(name, 3 * count, 7)):
        view = game.view(step.state, step.seat)
        if getattr(view, "phase", "play") != "play" or not isinstance(step.legal[0], Card):
            continue
        seen = _seen(name, view)
        found = [fact(seen, c) for c in step.legal if isinstance(c, Card)]
        for f in (f for f in found if f is not None):
            kinds.add(f.key)
            _check(seen, f, game, step)
        # The same view from a redeal: the same facts, card by card.
        other = game.resample(step.state, step.seat, rng)
        assert game.view(other, step.seat) == view
        assert [fact(_seen(name, view), c) for c in step.legal if isinstance(c, Card)] == found
        hint = hint_of(name, Step(other, step.seat, step.legal, None), n, budget)[1]
        assert hint == hint_of(name, step, n, budget)[1]
    assert {tf.TOP, tf.OUT} <= kinds, kinds


def _seen(name: str, view: Any) -> Seen:
    return kb_seen(view) if name == "king-bolola" else baloot_seen(view)


def _own(name: str, view: Any) -> set[str]:
    """The seat's own cards as text (Jolly's view holds card ids: their faces)."""
    hand = from_view(view).hand if name == "jolly" else view.hand
    return {str(c) for c in hand}


def _check(seen: Seen, f: Fact, game: Any, step: Step) -> None:
    hidden = _others_hands(game, step)
    played = seen.played
    if "card" in f.vars:
        card = Card.parse(str(f.vars["card"]))
        assert card in seen.hand and card not in hidden, f
    if "out" in f.vars:
        out = Card.parse(str(f.vars["out"]))
        assert out not in seen.hand and out not in played, f
    if f.key == tf.VOID:
        seat, suit = int(f.vars["seat"]), Suit.parse(str(f.vars["suit"]))
        assert suit in voids((*seen.tricks, seen.trick)).get(seat, ())
        assert seat not in {s for s, _ in seen.trick} and seat != seen.seat


def _others_hands(game: Any, step: Step) -> set[Card]:
    """Every card in another seat's hand (read from the state: the test's eyes only)."""
    out: set[Card] = set()
    for seat in range(4):
        if seat != step.seat:
            out |= set(game.view(step.state, seat).hand)
    return out


# -- the facts, one position each -------------------------------------------------------


def _kb(
    hand: str, trick: str = "", tricks: tuple[str, ...] = (), trump: Suit | None = None
) -> Seen:
    """Seat 0 of King Bolola's ranks, with ``trick`` played so far by the seats before it
    (its leader first) and finished ``tricks`` led by seat 1."""

    def played(text: str, leader: int) -> tuple[tuple[int, Card], ...]:
        return tuple(((leader + k) % 4, c) for k, c in enumerate(parse_cards(text.split())))

    cards = parse_cards(trick.split())
    return Seen(
        seat=0,
        players=4,
        hand=parse_cards(hand.split()),
        tricks=tuple(played(t, 1) for t in tricks),
        trick=played(trick, (4 - len(cards)) % 4),
        deck=CARDS,
        power=lambda c: c.rank,
        trump=trump,
        follow_rule="KB-11",
    )


def test_keep_the_king_the_ace_of_hearts_is_still_out() -> None:
    seen = _kb("KH 5H 2C", trick="TH")
    assert fact(seen, Card.parse("5H")) == Fact(tf.KEEP, {"card": "KH", "out": "AH"})


def test_the_highest_card_left_of_its_suit() -> None:
    seen = _kb("KH 5H 2C", trick="TH", tricks=("AH 2H 3H 4H",))
    assert fact(seen, Card.parse("KH")) == Fact(tf.TOP, {"card": "KH", "suit": "H"})
    # Ducking under it keeps the best heart left.
    assert fact(seen, Card.parse("5H")) == Fact(tf.KEEP_TOP, {"card": "KH", "suit": "H"})


def test_cards_above_still_out_are_counted() -> None:
    seen = _kb("5H 2C", trick="TH")
    got = fact(seen, Card.parse("5H"))
    assert got == Fact(tf.OUT, {"card": "5H", "out": "AH", "count": 8})


def test_kb11_a_void_shown_by_a_seat_still_to_play() -> None:
    # Seat 3 threw a diamond on a spade led by seat 1: it has no spades (KB-11).
    seen = _kb("9S 2C", tricks=("2S 3S 4D 5S",))
    got = fact(seen, Card.parse("9S"))
    assert got == Fact(tf.VOID, {"after": 3, "seat": 3, "suit": "S", "rule": "KB-11"})
    # Once that seat has played to the trick, its void no longer bears on it.
    late = _kb("9S 2C", trick="TS JS 2D", tricks=("2S 3S 4D 5S",))
    assert fact(late, Card.parse("9S")) is not None
    assert fact(late, Card.parse("9S")).key != tf.VOID  # type: ignore[union-attr]


def test_a_discard_has_no_fact_but_the_best_trump_left_has() -> None:
    seen = _kb("AH 5H 2C", trick="TS", trump=Suit.HEARTS)
    assert fact(seen, Card.parse("2C")) is None
    assert fact(seen, Card.parse("AH")) == Fact(tf.TOP, {"card": "AH", "suit": "H"})
    assert fact(seen, Card.parse("5H")) is None


# -- the shape and the words ------------------------------------------------------------


def test_the_json_carries_the_fact_inside_the_reason_only_when_there_is_one() -> None:
    card = Card.parse("7H")
    plain = Hint(card, "kb_card", {"action": "7H", "expected": 3.0}, 3.0)
    assert plain.to_json() == {
        "action": "7H",
        "reason": {"key": "kb_card", "vars": {"action": "7H", "expected": 3.0}},
        "expected": 3.0,
    }
    told = plain.with_fact(Fact(tf.KEEP, {"card": "KH", "out": "AH"}))
    assert told.to_json()["reason"]["fact"] == {
        "key": "card_keep",
        "vars": {"card": "KH", "out": "AH"},
    }
    assert {k: v for k, v in told.to_json()["reason"].items() if k != "fact"} == (
        plain.to_json()["reason"]
    )


def reason_keys() -> set[str]:
    """Every reason and fact key the hint modules define (their module-level strings
    that look like one)."""
    keys = {EXPERT_CHOICE, ONLY_ACTION}
    for path in HINT_MODULES:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                value = node.value.value
                if isinstance(value, str) and re.fullmatch(r"(kb|ba|ht|jo|card)_[a-z_]+", value):
                    keys.add(value)
    return keys


def test_every_reason_key_has_its_words_in_every_language() -> None:
    text = (ROOT / "client/src/lib/lang/hints.ts").read_text(encoding="utf-8")
    blocks = re.split(r"\nconst (?:es|en|ar)\b", text)[1:]
    assert len(blocks) == 3
    keys = reason_keys()
    assert len(keys) > 20, keys
    for block in blocks:
        missing = {k for k in keys if not re.search(rf"\bhint_{k}:", block)}
        assert not missing, missing
