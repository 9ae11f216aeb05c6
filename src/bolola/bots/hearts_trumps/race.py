"""The loot-count race of a deal (HT-14): 59 points to the seat that takes more loot
cards, 29 each on equal counts, so in points *difference* the race is worth +59, 0 or -59.

Each battle gives its loot card to its winner, 18 battles a deal, so how much one battle
is worth for the race depends on the count so far and on the battles left:
:func:`race_value` is the expected race difference for the seat ahead by ``lead`` cards
with ``left`` battles to go, each taken as a coin flip (future cards are unknown).

>>> race_value(0, 0), race_value(1, 0), race_value(-3, 2)
(0.0, 59.0, -59.0)
>>> round(battle_worth(0, 18), 1)
10.9
"""

from __future__ import annotations

from bolola.games.hearts_trumps.deal import HANDS_PER_DEAL, MORE_LOOT_BONUS
from bolola.memo import memo

BATTLES_PER_DEAL = 2 * HANDS_PER_DEAL


@memo(maxsize=None)
def race_value(lead: int, left: int) -> float:
    """Expected bonus difference (own minus the opponent's) with ``lead`` more loot cards
    taken and ``left`` battles to go, each battle won half the time."""
    if left <= 0 or abs(lead) > left:
        return float(MORE_LOOT_BONUS) if lead > 0 else -float(MORE_LOOT_BONUS) if lead < 0 else 0.0
    return 0.5 * (race_value(lead + 1, left - 1) + race_value(lead - 1, left - 1))


def battle_worth(lead: int, left: int) -> float:
    """Half the race's swing between winning and losing the next battle: what one battle
    is worth on top of the loot card it decides (``left`` counts this battle)."""
    return 0.5 * (race_value(lead + 1, left - 1) - race_value(lead - 1, left - 1))
