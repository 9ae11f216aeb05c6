"""A Baloot view as plain text, for the terminal (``bolola play``)."""

from __future__ import annotations

from bolola.cards import Suit
from bolola.games.baloot.view import BalootView


def describe(view: BalootView) -> str:
    """The deal, the bidding or the trick, and the seat's hand.

    >>> from bolola.games.baloot.match import GAME
    >>> print(describe(GAME.view(GAME.new(GAME.default_options(), 1), 0)).splitlines()[0])
    Deal 1, dealer seat 3. Totals: us (0, 2) 0, them (1, 3) 0
    """
    t = view.totals
    if view.winner is not None:
        return f"The match is over: team {TEAM_NAMES[view.winner]} wins, {t[0]} to {t[1]}."
    lines = [
        f"Deal {view.deal_no}, dealer seat {view.dealer}. "
        f"Totals: us (0, 2) {t[0]}, them (1, 3) {t[1]}"
    ]
    if view.contract is None:
        said = ", ".join(f"seat {b.seat} {b.text}" for b in view.bids) or "nothing yet"
        lines.append(f"Bid card {view.bid_card.pretty}; bidding round {view.bid_round}: {said}")
    else:
        level = (
            "gahwa" if view.gahwa else {1: "", 2: "doubled", 3: "tripled", 4: "four"}[view.level]
        )
        lines.append(
            f"Contract {view.contract} bought by seat {view.buyer} "
            f"(bid card {view.bid_card.pretty}) {level}".rstrip()
        )
        if view.trick:
            lines.append(
                "On the table: " + ", ".join(f"seat {s} {c.pretty}" for s, c in view.trick)
            )
        if view.projects is not None and any(view.projects):
            shown = [f"seat {s}: {p}" for s, ps in enumerate(view.projects) for p in ps]
            lines.append("Projects: " + "; ".join(shown))
        lines.append(f"Tricks played: {len(view.tricks)}; abnat {view.abnat[0]} to {view.abnat[1]}")
    if view.hand is not None:
        groups = [
            " ".join(c.pretty for c in view.hand if c.suit == suit)
            for suit in Suit
            if any(c.suit == suit for c in view.hand)
        ]
        lines.append("Hand: " + "   ".join(groups))
    return "\n".join(lines)


TEAM_NAMES = ("0 and 2", "1 and 3")
