"""A Jolly view as plain text, for the terminal (``bolola play``)."""

from __future__ import annotations

from bolola.games.jolly.deck import face
from bolola.games.jolly.meld import TableMeld
from bolola.games.jolly.view import JollyView


def describe(view: JollyView) -> str:
    """The round, the table, the pile and the seat's hand.

    >>> from bolola.games.jolly.match import GAME
    >>> text = describe(GAME.view(GAME.new(GAME.default_options(), 1), 0))
    >>> print(text.splitlines()[0])
    Round 1 to 100, dealer seat 3. Totals: 0 0 0 0
    >>> text.splitlines()[-1].startswith("Hand (13): ")
    True
    """
    totals = " ".join(str(t) for t in view.totals)
    if view.winner is not None:
        return f"The match is over: seat {view.winner} wins. Totals: {totals}"
    lines = [f"Round {view.round_no} to {view.target}, dealer seat {view.dealer}. Totals: {totals}"]
    if view.history:
        last = " ".join(f"{p:+d}" for p in view.history[-1])
        lines.append(f"Last round: {last}")
    opened = [str(s) for s, o in enumerate(view.opened) if o]
    lines.append(
        f"Stock {view.stock}; hands "
        + " ".join(str(n) for n in view.hand_counts)
        + f"; opened: {', '.join(opened) or 'nobody'}"
    )
    pile = " ".join(face(c).pretty for c in view.pile) or "empty"
    lines.append(f"Pile (oldest first, take:N takes the last N): {pile}")
    for m in view.table:
        lines.append(f"  meld {m.id} (seat {m.owner}): {meld_text(m)}")
    if view.turn_seat is not None:
        where = {None: "to draw", "stock": "drew from the stock", "pile": "took from the pile"}
        lines.append(f"Seat {view.turn_seat} to play, {where[view.drew]}")
    if view.hand is not None:
        cards = " ".join(face(c).pretty for c in view.hand)
        lines.append(f"Hand ({len(view.hand)}): {cards}")
    return "\n".join(lines)


def meld_text(m: TableMeld) -> str:
    return " ".join(f"🃏={s.face.pretty}" if s.joker else s.face.pretty for s in m.slots)
