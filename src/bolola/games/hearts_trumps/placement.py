"""The one action of Hearts Are Trumps: place three cards as loot, attacker and defender (HT-6).

>>> str(parse_action("2s/jk/10h"))
'2S/JK/TH'
>>> len(placements((0, 1, 2, 3, 4, 5)))
120
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations

from bolola.cards import Card, CardError
from bolola.engine import RecordError
from bolola.games.hearts_trumps.deck import card_of
from bolola.memo import forgettable, memo

Placement = tuple[int, int, int]
"""A placement inside the engine: (loot, attacker, defender) as deck ints."""

ROLES = ("loot", "attacker", "defender")


@dataclass(frozen=True, slots=True)
class Place:
    """Three cards in their roles. Text form: ``LOOT/ATTACKER/DEFENDER``, e.g. ``2S/JK/KH``."""

    loot: Card
    attacker: Card
    defender: Card
    # The text, made once for the placements of the flat table below: a seat's view lists
    # dozens of them for every state of a hand. Not part of what the placement is.
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text or f"{self.loot}/{self.attacker}/{self.defender}"

    @property
    def cards(self) -> tuple[Card, Card, Card]:
        return (self.loot, self.attacker, self.defender)

    def to_json(self) -> dict[str, str]:
        return {
            "loot": str(self.loot),
            "attacker": str(self.attacker),
            "defender": str(self.defender),
        }


Action = Place

# Every Place built once, in a flat table by (loot, attacker, defender) with both jokers
# as 52: listing legal placements is the hot path of every search bot. Built as play
# needs it, emptied with the other caches when the server has no table (bolola.memo).
_KEY: tuple[int, ...] = (*range(53), 52)
_PLACES: list[Place | None] = [None] * 53**3


def _forget_places() -> None:
    _PLACES[:] = [None] * 53**3


forgettable(_forget_places)
_PERMUTATIONS = {n: tuple(permutations(range(n), 3)) for n in range(3, 7)}


def _place_at(k: int) -> Place:
    place = _PLACES[k]
    if place is None:
        cards = (card_of(k // 2809), card_of(k // 53 % 53), card_of(k % 53))
        place = _PLACES[k] = Place(*cards, text="/".join(str(c) for c in cards))
    return place


def place_of(p: Placement) -> Place:
    """The action for an engine placement (either joker int gives ``JK``)."""
    return _place_at(_KEY[p[0]] * 2809 + _KEY[p[1]] * 53 + _KEY[p[2]])


@memo(maxsize=4096)
def placements(hand: tuple[int, ...]) -> tuple[Place, ...]:
    """Every placement of 3 cards of ``hand`` (sorted deck ints), each once (the two
    jokers are alike), in a fixed order: by loot, then attacker, then defender."""
    k = [_KEY[c] for c in hand]
    table = _PLACES
    out = []
    for i, j, m in _PERMUTATIONS[len(hand)]:
        key = k[i] * 2809 + k[j] * 53 + k[m]
        out.append(table[key] or _place_at(key))
    if len(hand) > 1 and hand[-2] == 52:  # both jokers: the same placement shows up twice
        return tuple(dict.fromkeys(out))
    return tuple(out)


def parse_action(text: str) -> Place:
    if not isinstance(text, str):
        raise RecordError(f"a placement is text like '2S/JK/KH', not {text!r}")
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise RecordError(
            f"a placement is three cards LOOT/ATTACKER/DEFENDER like '2S/JK/KH', not {text!r}"
        )
    try:
        loot, attacker, defender = (Card.parse(p) for p in parts)
    except CardError as e:
        raise RecordError(f"{e} in placement {text!r}") from None
    return Place(loot, attacker, defender)


def placement_of(raw: object, where: str) -> Place:
    """A placement from its record form ``{"loot": "2S", "attacker": "JK", "defender": "KH"}``
    (the text form ``2S/JK/KH`` is accepted too)."""
    if isinstance(raw, str):
        try:
            return parse_action(raw)
        except RecordError as e:
            raise RecordError(f"{where}: {e}") from None
    if not isinstance(raw, dict):
        raise RecordError(
            f'{where}: a placement is {{"loot": …, "attacker": …, "defender": …}}, not {raw!r}'
        )
    unknown = set(raw) - set(ROLES)
    if unknown:
        raise RecordError(f"{where}: unknown role(s) {sorted(unknown)} (roles: {', '.join(ROLES)})")
    cards = []
    for role in ROLES:
        if role not in raw:
            raise RecordError(f"{where}: missing {role!r}")
        text = raw[role]
        if not isinstance(text, str):
            raise RecordError(f"{where}: {role} must be a card like 'QS', not {text!r}")
        try:
            cards.append(Card.parse(text))
        except CardError as e:
            raise RecordError(f"{where}: {role}: {e}") from None
    return Place(cards[0], cards[1], cards[2])
