"""A King Bolola view as plain text, for the terminal (``bolola play``)."""

from __future__ import annotations

from bolola.cards import Suit
from bolola.games.king_bolola.view import KingBololaView

DEALS = 24


def describe(view: KingBololaView) -> str:
    """The deal, the trick on the table, the seat's hand (``*`` marks a card it may not
    play now) and, for a declarer, the contracts open with their quotas.

    >>> from bolola.games.king_bolola.match import GAME
    >>> print(describe(GAME.view(GAME.new(GAME.default_options(), 1), 0)).splitlines()[0])
    Deal 1/24: seat 0 declares. Totals: 0 0 0 0
    """
    lines: list[str] = []
    totals = " ".join(f"{t:+d}" if t else "0" for t in view.totals)
    if view.phase == "over":
        return f"The match is over. Totals: {totals}"
    if view.contract is None:
        lines.append(
            f"Deal {view.deal_no}/{DEALS}: seat {view.declarer} declares. Totals: {totals}"
        )
    else:
        trump = f", trumps {view.trump.symbol}" if view.trump is not None else ""
        points = " ".join(f"{p:+d}" if p else "0" for p in view.points)
        lines.append(
            f"Deal {view.deal_no}/{DEALS}: {view.contract} ({view.contract.spanish}){trump}, "
            f"declared by seat {view.declarer}; trick {len(view.tricks) + 1}; "
            f"points this deal: {points}"
        )
        if view.trick is not None and view.trick.cards:
            played = ", ".join(
                f"seat {view.trick.seat_of(k)} {c.pretty}" for k, c in enumerate(view.trick.cards)
            )
            lines.append(f"On the table: {played}")
    if view.hand is not None:
        playable = set(view.legal) if view.phase == "play" else set()
        groups = []
        for suit in Suit:
            cards = [c for c in view.hand if c.suit == suit]
            if cards:
                groups.append(
                    " ".join(
                        c.pretty + ("" if str(c) in playable or not playable else "*")
                        for c in cards
                    )
                )
        lines.append("Hand: " + "   ".join(groups))
    if view.phase == "declare" and view.legal:
        lines.append(
            "Open: "
            + ", ".join(f"{c} ({c.quota - view.used[c]} left)" for c in view.offered)
            + "; trumps takes a suit: trumps:S"
        )
    return "\n".join(lines)


def sheet(view: KingBololaView) -> str:
    """The score sheet so far: one line a deal, then the totals."""
    lines = []
    for d in view.history:
        trump = f" {d.trump.symbol}" if d.trump is not None else ""
        points = " ".join(f"{p:+5d}" for p in d.points)
        lines.append(f"{d.deal_no:>2}  seat {d.declarer}  {str(d.contract) + trump:<16}{points}")
    lines.append(f"{'total':<26}" + " ".join(f"{t:+5d}" for t in view.totals))
    return "\n".join(lines)
