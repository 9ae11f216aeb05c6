"""A Hearts Are Trumps view as plain text, for the terminal (``bolola play``)."""

from __future__ import annotations

from bolola.games.hearts_trumps.view import HeartsTrumpsView


def describe(view: HeartsTrumpsView) -> str:
    """The deal, the last hand's battles, loot counts, and the seat's cards.

    >>> from bolola.games.hearts_trumps.match import GAME
    >>> print(describe(GAME.view(GAME.new(GAME.default_options(), 1), 0)).splitlines()[0])
    Deal 1, round 1, hand 1/9. Totals: 0 to 0 (target 500)
    """
    t = view.totals
    if view.phase == "over":
        return f"The match is over: {t[0]} to {t[1]}."
    lines = [
        f"Deal {view.deal_no}, round {view.round_no}, hand {view.hand_no}/9. "
        f"Totals: {t[0]} to {t[1]} (target {view.target})"
    ]
    last = view.last_hand
    if last is not None and last.deal_no == view.deal_no:
        for b in last.battles:
            lines.append(
                f"Battle {b.name} of hand {last.hand_no}: seat {b.attacker_seat}'s "
                f"{b.attacker.pretty} against seat {b.defender_seat}'s {b.defender.pretty}; "
                f"seat {b.winner} takes the loot ({b.rule})"
            )
    lines.append(f"Loot taken this deal (face down): {view.loot_taken[0]} and {view.loot_taken[1]}")
    if view.hand is not None:
        lines.append("Your cards: " + " ".join(c.pretty for c in view.hand))
    if view.my_placement is not None:
        lines.append(f"You placed {view.my_placement}; waiting for the other seat")
    elif view.legal:
        lines.append("Place three cards as LOOT/ATTACKER/DEFENDER, like 7H/KS/2C")
    return "\n".join(lines)
