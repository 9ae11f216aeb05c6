"""What one seat of a Jolly match may see (``view`` is the only way out of a state).

A seat sees its own hand, how many cards the others and the stock hold, the discard
pile in order, every meld on the table (who put each card there, what each joker stands
for), who has opened, the cards each seat is known to hold (taken from the pile, or a
joker taken back by a swap: everyone saw them go there), the cards the stock was last
rebuilt from (what is left of it is among them), the totals and every round's points,
and the last round's scoring card by card. Never the others' hands nor the stock's order.

JSON (cards by id, ``7H1``; a card's face is its id without the last character)::

    {"game": "jolly", "seat": 0, "to_move": [0], "legal": ["draw", "take:1"],
     "players": 4, "target": 100, "round": 1, "dealer": 3,
     "phase": "draw",                 # draw, play (after the draw), scored (between
                                      # rounds: each seat says continue), over (the match)
     "turn": {"seat": 0, "drew": null, "opened": false},   # drew: stock, pile, null
     "hand": ["2S1", "…"], "hand_counts": [13, 13, 13, 13], "stock": 57,
     "pile": ["QD2"],                 # oldest first: take:N takes the last N
     "melds": [[{"id": 1, "kind": "run",
                 "cards": [{"card": "9H1", "as": "9H", "by": 0},
                           {"card": "JK2", "as": "TH", "by": 0}, "…"]}], [], [], []],
     "opened": [true, false, false, false], "totals": [0, 0, 0, 0],
     "known": [[], ["7S1", "8S2"], [], []],   # in each hand, seen taken from the pile
     "rebuilt": null,                 # the cards of the last rebuilt stock (JO-12)
     "history": [{"deal": 1, "points": [19, -40, 0, 0]}],  # each finished round
     "last_round": {"round": 1, "closer": 0, "mano_jolly": false, "points": […],
                    "seats": [{"table": [["9H1", 9], …], "hand": [["QS2", -10], …],
                               "bonus": 30, "points": 57}, …]},
     "winner": null}

``melds`` is grouped by the seat that put each meld down (``by`` names who laid each
card off); ``hand`` is null for a spectator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bolola.cards import Card
from bolola.games.jolly.deck import text, texts
from bolola.games.jolly.finder import OPENING, best
from bolola.games.jolly.meld import TableMeld
from bolola.games.jolly.scoring import RoundScore
from bolola.memo import Last, memo

GAME_NAME = "jolly"


@dataclass(frozen=True, slots=True)
class JollyView:
    seat: int | None
    to_move: tuple[int, ...]
    legal: tuple[str, ...]
    players: int
    target: int
    round_no: int
    dealer: int
    phase: str  # draw, play, over
    turn_seat: int | None
    drew: str | None
    opened_now: bool
    hand: tuple[int, ...] | None
    hand_counts: tuple[int, ...]
    stock: int
    pile: tuple[int, ...]
    table: tuple[TableMeld, ...]
    opened: tuple[bool, ...]
    known: tuple[tuple[int, ...], ...]
    rebuilt: tuple[int, ...] | None
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    last_round: RoundScore | None
    winner: int | None
    finder: Finding | None = None

    def to_json(self) -> dict[str, Any]:
        turn = None
        if self.turn_seat is not None:
            turn = {"seat": self.turn_seat, "drew": self.drew, "opened": self.opened_now}
        last = None
        if self.last_round is not None:
            last = {"round": len(self.history), **self.last_round.to_json()}
        return {
            "game": GAME_NAME,
            "seat": self.seat,
            "to_move": list(self.to_move),
            "legal": list(self.legal),
            "players": self.players,
            "target": self.target,
            "round": self.round_no,
            "deal": self.round_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": turn,
            "hand": None if self.hand is None else texts(self.hand),
            "hand_counts": list(self.hand_counts),
            "stock": self.stock,
            "pile": texts(self.pile),
            "melds": _melds_json(self.table, self.players),
            "opened": list(self.opened),
            "known": [texts(k) for k in self.known],
            "rebuilt": None if self.rebuilt is None else texts(self.rebuilt),
            "totals": list(self.totals),
            "history": [{"deal": k, "points": list(p)} for k, p in enumerate(self.history, 1)],
            "last_round": last,
            "winner": self.winner,
            "finder": None if self.finder is None else self.finder.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """What the meld finder sees in a seat's own hand alone (no lay-offs): its best melds
    for underlining, their points, and the one action that puts them down when the seat
    may ("show cards"): the opening declaration if it reaches 40 (JO-8), else the first
    meld once opened."""

    melds: tuple[str, ...]
    points: int
    can_open: bool
    show: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "melds": list(self.melds),
            "points": self.points,
            "can_open": self.can_open,
            "show": self.show,
        }


@memo(maxsize=4096)
def finding(faces: tuple[Card, ...], opened: bool) -> Finding:
    """The finder's reading of a hand (memoised: every view of a seat asks it again)."""
    plan = best(faces)
    melds = tuple(str(m) for m in plan.melds)
    show = None
    if melds and not opened and plan.points >= OPENING:
        show = "open:" + "|".join(sorted(melds))
    elif melds and opened:
        show = f"meld:{melds[0]}"
    return Finding(melds, plan.points, plan.points >= OPENING, show)


# The melds on the table are the same in every seat's view, and in every state until one
# changes (bolola.memo.Last).
_MELDS_JSON: Last[list[list[dict[str, Any]]]] = Last()


def _melds_json(table: tuple[TableMeld, ...], players: int) -> list[list[dict[str, Any]]]:
    def make() -> list[list[dict[str, Any]]]:
        return [[meld_json(m) for m in table if m.owner == s] for s in range(players)]

    if not table:  # the empty tuple is one object in every match, whatever its players
        return make()
    return [list(owned) for owned in _MELDS_JSON.get(table, make)]


def meld_json(m: TableMeld) -> dict[str, Any]:
    return {
        "id": m.id,
        "kind": m.kind,
        "cards": [{"card": text(s.card), "as": str(s.face), "by": s.by} for s in m.slots],
    }
