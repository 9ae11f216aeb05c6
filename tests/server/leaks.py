"""The truth behind a table, read from its event log, to check what each seat was sent.

Only what can carry a card is searched for cards: a table's view, the events of its
updates, text (chat lines, error messages) and a finished match's record. Tokens, ids and
names are opaque strings that can look like a card (a session token with ``-KS.`` in it)
without telling one.
"""

from __future__ import annotations

import json
import re
from typing import Any

from sqlalchemy import text

from bolola.cards import cards_of
from bolola.games.king_bolola import GAME as KING_BOLOLA
from bolola.server.fair import Fairness
from bolola.store.database import open_engine

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")


class Truth:
    """The state after each version (index = version) and each version's action."""

    def __init__(self, states: list[Any], actions: list[str]) -> None:
        self.states = states
        self.actions = actions  # actions[v] made version v; actions[0] is ""

    def played(self, version: int) -> set[str]:
        """The card version ``version`` played, if it played one: it is public now."""
        return cards_in(self.actions[version])


async def replay_table(database_url: str, table: int) -> Truth:
    """The match as the database logged it."""
    engine = open_engine(database_url)
    try:
        async with engine.connect() as c:
            row = (
                await c.execute(
                    text("select options, seed, seed_top, client_seeds from tables where id = :t"),
                    {"t": table},
                )
            ).one()
            log = (
                await c.execute(
                    text("select seat, action from actions where table_id = :t order by version"),
                    {"t": table},
                )
            ).all()
    finally:
        await engine.dispose()
    game = KING_BOLOLA
    # A fair table deals from its stored chain top and client seeds (docs/fairness.md).
    deals = Fairness(row[2], json.loads(row[3]) if row[3] else None).deals(row[1])
    state = game.new(game.parse_options(json.loads(row[0])), deals)
    states, actions = [state], [""]
    for seat, action in log:
        state, _ = game.apply(state, seat, game.parse_action(action))
        states.append(state)
        actions.append(action)
    return Truth(states, actions)


def holdings(state: Any) -> tuple[int, ...]:
    hands: tuple[int, ...] = state.dealt if state.deal is None else state.deal.hands
    return hands


def hidden_from(state: Any, seat: int | None) -> set[str]:
    """Cards still held by the other seats (every held card for a spectator)."""
    return {str(c) for s, mask in enumerate(holdings(state)) if s != seat for c in cards_of(mask)}


def cards_in(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return set(CARD.findall(obj))
    if isinstance(obj, dict):
        return set().union(*(cards_in(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(cards_in(v) for v in obj)) if obj else set()
    return set()


def has_key(obj: Any, key: str) -> bool:
    if isinstance(obj, dict):
        return key in obj or any(has_key(v, key) for v in obj.values())
    if isinstance(obj, list):
        return any(has_key(v, key) for v in obj)
    return False


def told_in(frame: dict[str, Any]) -> list[Any]:
    """What a frame carries that can name cards, besides its view and events: a chat line,
    the chat lines of a snapshot, an error's message, the record of an ended match."""
    told: list[Any] = [line["text"] for line in frame.get("chat") or []]
    kind = frame.get("type")
    if kind == "chat":
        told.append(frame["text"])
    if kind == "error":
        told.append(frame.get("message"))
    if kind == "over":
        told.append(frame.get("record"))
    return told


def check_frames(frames: list[dict[str, Any]], seat: int | None, truth: Truth) -> int:
    """Assert no frame shows ``seat`` a card it may not see; returns the frames checked.

    Events of version v are checked against the state before v (they tell what v did);
    views and text against the state at the frame's version. No frame may carry dealt
    hands, under any key.
    """
    states = truth.states
    at = 0
    checked = 0
    for frame in frames:
        kind = frame.get("type")
        if kind in ("update", "snapshot", "catchup", "over"):
            at = frame["version"]
        assert at < len(states), f"frame of version {at} beyond the log ({len(states) - 1})"
        assert not has_key(frame, "hands"), f"dealt hands in a frame: {frame}"
        if kind == "update":
            events = cards_in(frame["events"])
            leaked = events & hidden_from(states[at - 1], seat) - truth.played(at)
            assert not leaked, f"seat {seat} told of {leaked} in events of version {at}"
        if kind == "catchup":
            for u in frame["updates"]:
                v = u["version"]
                leaked = cards_in(u["events"]) & hidden_from(states[v - 1], seat)
                leaked -= truth.played(v)
                assert not leaked, f"seat {seat} told of {leaked} in catchup version {v}"
        view = frame.get("view")
        if view is not None:
            state = states[at]
            if seat is None:
                assert view["hand"] is None
            else:
                own = {str(c) for c in cards_of(holdings(state)[seat])}
                assert set(view["hand"]) == own, f"seat {seat} shown a wrong hand at {at}"
            view = {k: v for k, v in view.items() if k != "hand"}
            leaked = cards_in(view) & hidden_from(state, seat)
            assert not leaked, f"seat {seat} shown {leaked} in the view of version {at}"
        leaked = cards_in(told_in(frame)) & hidden_from(states[at], seat)
        assert not leaked, f"seat {seat} shown {leaked} in a {kind} frame at {at}"
        checked += 1
    return checked
