"""Random seeded playouts of any registered game: the one helper every test that needs a
random game uses (the invariant suite, the referee's, each game's own).

Everything game-specific comes from the game's own hooks (``option_examples``,
``census``, ``audit``): a game registered later is covered with no edit here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bolola.engine import Game

MAX_ACTIONS = 20_000  # far beyond any real game: a game still going here never ends
ROOT = Path(__file__).resolve().parents[1]


@cache
def known_rule_ids() -> frozenset[str]:
    """Every rule id defined in the project's rules files (and a test game's own)."""
    ids: set[str] = set()
    for path in [*(ROOT / "docs" / "rules").glob("*.md"), *(ROOT / "tests").rglob("rules*.md")]:
        ids |= set(re.findall(r"\*\*([A-Z]{2,4}-\d+)\.\*\*", path.read_text(encoding="utf-8")))
    assert ids, "no rule ids found under docs/rules"
    return frozenset(ids)


@dataclass(frozen=True)
class Step:
    state: Any
    seat: int
    legal: tuple[Any, ...]
    action: Any


def options_of(game: Game[Any, Any, Any, Any], variant: int) -> dict[str, Any]:
    """The game's ``variant``-th option example (cycling), in its JSON form."""
    examples = game.option_examples()
    return examples[variant % len(examples)].to_json()


def playout(
    game: Game[Any, Any, Any, Any], options: dict[str, Any], seed: int
) -> Iterator[Step | Any]:
    """Random legal play from ``new(options, seed)``: yields each Step, then the final state.

    Fails if a live state has no seat to move, a seat to move has no legal action, or the
    game outlasts ``MAX_ACTIONS``.
    """
    rng = random.Random(seed)
    state = game.new(game.parse_options(options), seed)
    for _ in range(MAX_ACTIONS + 1):
        if game.outcome(state) is not None:
            yield state
            return
        movers = game.to_move(state)
        assert movers, "a live state with no seat to move"
        seat = rng.choice(movers)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is to move with no legal action"
        action = rng.choice(legal)
        yield Step(state, seat, legal, action)
        state, _ = game.apply(state, seat, action)
    raise AssertionError(f"{game.name} still going after {MAX_ACTIONS} actions")


def run(game: Game[Any, Any, Any, Any], seed: int, variant: int) -> tuple[list[Step], Any]:
    """The steps and the final state of one random playout."""
    steps = list(playout(game, options_of(game, variant), seed))
    return steps[:-1], steps[-1]


def random_match(game: Game[Any, Any, Any, Any], seed: int, **options: Any) -> Any:
    """The final state of a whole random match (options by their JSON names)."""
    return list(playout(game, dict(options), seed))[-1]


def random_steps(
    game: Game[Any, Any, Any, Any], seed: int, **options: Any
) -> list[tuple[Any, tuple[Any, ...]]]:
    """Every state of a whole random match with the events that led to it (none for the
    first): ``[(state, events), …]``."""
    out: list[tuple[Any, tuple[Any, ...]]] = []
    for step in playout(game, dict(options), seed):
        if isinstance(step, Step):
            if not out:
                out.append((step.state, ()))
            state, events = game.apply(step.state, step.seat, step.action)
            out.append((state, events))
    return out


def transitions(
    game: Game[Any, Any, Any, Any], seed: int, options: Any = None
) -> Iterator[tuple[Any, int, Any, Any, tuple[Any, ...]]]:
    """Every ``(state before, seat, action, state after, events)`` of a whole random match
    (``options`` typed, or the game's defaults); where several seats may act, the first."""
    rng = random.Random(seed)
    state = game.new(options or game.default_options(), seed)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        after, events = game.apply(state, seat, action)
        yield state, seat, action, after, events
        state = after
