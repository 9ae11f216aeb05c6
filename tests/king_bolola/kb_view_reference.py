"""King Bolola's view JSON written a second time, plainly, from the match state.

The engine's view looks texts up and builds what a deal's summary shows once per match;
this version recomputes everything each time, as the view did before it was made cheap,
and the differential test holds the two to the same bytes.
"""

from __future__ import annotations

from typing import Any

from bolola.cards import CARDS, Suit, cards_of
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import ITEM_PRICES, trick_items, trick_points, trick_winner
from bolola.games.king_bolola.match import GAME


def _tricks(tricks: Any, contract: Contract, trump: int) -> list[dict[str, Any]]:
    out = []
    for n, (leader, cards) in enumerate(tricks, start=1):
        mask = 0
        for c in cards:
            mask |= 1 << c
        out.append(
            {
                "leader": leader,
                "cards": [str(CARDS[c]) for c in cards],
                "winner": trick_winner(cards, leader, trump),
                "points": trick_points(contract, mask, n),
            }
        )
    return out


def _why(summary: Any) -> list[list[list[Any]]]:
    """Each seat's scoring items over a finished deal's tricks, in the contract's order."""
    trump = -1 if summary.trump is None else int(summary.trump)
    seats: list[dict[str, list[Any]]] = [{}, {}, {}, {}]
    for n, (leader, cards) in enumerate(summary.raw_tricks, start=1):
        mask = sum(1 << c for c in cards)
        for kind, k, each in trick_items(summary.contract, mask, n):
            seat = seats[trick_winner(cards, leader, trump)]
            seat[kind] = [kind, seat.get(kind, [kind, 0, each])[1] + k, each]
    order = [kind for kind, _ in ITEM_PRICES[summary.contract]]
    return [[s[k] for k in order if k in s] for s in seats]


def view_json(state: Any, seat: int | None) -> dict[str, Any]:
    deal = state.deal
    over = state.deal_no >= 24
    hands = (0, 0, 0, 0) if over else state.dealt if deal is None else deal.hands
    to_move = GAME.to_move(state)
    legal = [str(a) for a in GAME.legal_actions(state, seat)] if seat is not None else []
    declarer = state.declarer
    owed = state.declared[declarer]
    duty = {"negative": 3, "trumps": 2, "bolola": 1}
    index = {"negative": 0, "trumps": 1, "bolola": 2}
    offered = (
        []
        if over
        else [
            str(c)
            for c in Contract
            if state.used[c] < c.quota and owed[index[c.klass.value]] < duty[c.klass.value]
        ]
    )
    return {
        "game": "king-bolola",
        "seat": seat,
        "deal": state.deal_no + 1,
        "declarer": None if over else declarer,
        "phase": "over" if over else "declare" if deal is None else "play",
        "to_move": list(to_move),
        "legal": legal,
        "hand": None if seat is None else [str(c) for c in cards_of(hands[seat])],
        "hand_counts": [h.bit_count() for h in hands],
        "contract": None if deal is None else str(deal.contract),
        "trump": None if deal is None or deal.trump < 0 else Suit(deal.trump).letter,
        "trick": None
        if deal is None or deal.done
        else {
            "leader": deal.leader,
            "cards": [str(CARDS[c]) for c in deal.trick],
            "winner": None,
            "points": 0,
        },
        "tricks": [] if deal is None else _tricks(deal.tricks, deal.contract, deal.trump),
        "points": [0, 0, 0, 0] if deal is None else list(deal.points),
        "tricks_won": [0, 0, 0, 0] if deal is None else list(deal.tricks_won),
        "totals": list(state.totals),
        "offered": offered,
        "quota_left": {str(c): c.quota - state.used[c] for c in Contract},
        "history": [
            {
                "deal": h.deal_no,
                "declarer": h.declarer,
                "contract": str(h.contract),
                "trump": None if h.trump is None else h.trump.letter,
                "points": list(h.points),
                "tricks_played": len(h.raw_tricks),
            }
            for h in state.history
        ],
        "last_why": _why(state.history[-1]) if state.history else None,
        "options": {"king-under-ace": state.options.king_under_ace},
    }
