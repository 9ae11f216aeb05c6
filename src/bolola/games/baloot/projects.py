"""Projects (BA-17 … BA-20): sequences and four of a kind, declared in the first trick.

>>> from bolola.cards import Card
>>> hand = [Card.parse(t) for t in "7H 8H 9H JS JH JD JC AS".split()]
>>> [str(p) for p in declarable(hand, sun=True)]
['project:sira:7H,8H,9H', 'project:hundred:JS,JH,JD,JC']
>>> value(Project("hundred", tuple(hand[3:7])), sun=False)
10
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bolola.cards import Card, Suit
from bolola.engine import RecordError
from bolola.games.baloot.deck import hand_order, parse_card, seq

KINDS = ("sira", "fifty", "hundred", "four-hundred")
"""Weakest first (BA-18)."""
_RUN_KIND = {3: "sira", 4: "fifty"}  # 5 or more: hundred
_VALUES = {
    True: {"sira": 4, "fifty": 10, "hundred": 20, "four-hundred": 40},  # Sun (BA-20)
    False: {"sira": 2, "fifty": 5, "hundred": 10, "four-hundred": 0},  # Hokum (BA-20)
}
BALOOT_POINTS = 2
"""BA-19, BA-20: the trump king and queen in one hand, Hokum only."""
MAX_PROJECTS = 2


@dataclass(frozen=True, slots=True)
class Project:
    """A declaration: its kind and its cards, in suit then sequence order.

    Its text form is the action that declares it: ``project:sira:7H,8H,9H``."""

    kind: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"project:{self.kind}:{','.join(str(c) for c in self.cards)}"

    @property
    def strength(self) -> tuple[int, int]:
        """Kind first, then the top card (BA-18)."""
        return KINDS.index(self.kind), max(seq(c) for c in self.cards)

    @classmethod
    def parse(cls, text: str) -> Project:
        """``project:KIND:C,C,C``; the cards in any order."""
        head, _, rest = text.partition(":")
        kind, sep, cards = rest.partition(":")
        if head.strip().lower() != "project" or not sep or kind.strip().lower() not in KINDS:
            raise RecordError(
                f"a project is written project:KIND:CARDS with KIND one of "
                f"{', '.join(KINDS)}, like project:sira:7H,8H,9H; not {text!r}"
            )
        parsed = tuple(parse_card(t) for t in cards.split(","))
        if len(set(parsed)) != len(parsed):
            raise RecordError(f"{text!r} names a card twice")
        return cls(kind.strip().lower(), hand_order(parsed))


def runs(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every maximal sequence of three or more cards of one suit in the hand."""
    held = set(hand)
    out = []
    for suit in Suit:
        cards = sorted((c for c in held if c.suit == suit), key=seq)
        run: list[Card] = []
        for card in cards:
            if run and seq(card) != seq(run[-1]) + 1:
                if len(run) >= 3:
                    out.append(tuple(run))
                run = []
            run.append(card)
        if len(run) >= 3:
            out.append(tuple(run))
    return out


def kind_of(cards: Sequence[Card], sun: bool) -> str | None:
    """What these cards declare as one project, if anything (BA-17)."""
    if len(cards) == 4 and len({str(c)[0] for c in cards}) == 1:
        rank = str(cards[0])[0]
        if rank in "TJQK":
            return "hundred"
        if rank == "A":
            return "four-hundred" if sun else "hundred"
        return None
    suits = {c.suit for c in cards}
    order = sorted(seq(c) for c in cards)
    if len(cards) < 3 or len(suits) != 1 or order != list(range(order[0], order[0] + len(cards))):
        return None
    return _RUN_KIND.get(len(cards), "hundred")


def all_projects(hand: Iterable[Card], sun: bool) -> list[Project]:
    """Every project this hand could declare, before any is declared."""
    held = list(hand)
    out = [Project(kind_of(run, sun) or "", hand_order(run)) for run in runs(held)]
    for rank in "TJQKA":
        four = [c for c in held if str(c)[0] == rank]
        if len(four) == 4:
            out.append(Project(kind_of(four, sun) or "", hand_order(four)))
    return out


def declarable(hand: Iterable[Card], sun: bool, declared: Sequence[Project] = ()) -> list[Project]:
    """The projects a seat may still declare: at most two, no card in two (BA-17)."""
    if len(declared) >= MAX_PROJECTS:
        return []
    used = {c for p in declared for c in p.cards}
    return [p for p in all_projects(hand, sun) if p not in declared and not used & set(p.cards)]


def why_not(project: Project, hand: Iterable[Card], sun: bool, declared: Sequence[Project]) -> str:
    """Why ``project`` cannot be declared now (``''`` if it can)."""
    held = set(hand)
    if project in declarable(held, sun, declared):
        return ""
    if len(declared) >= MAX_PROJECTS:
        return "a player declares at most two projects"
    missing = [str(c) for c in project.cards if c not in held]
    if missing:
        return f"{', '.join(missing)} not in your hand"
    if {c for p in declared for c in p.cards} & set(project.cards):
        return "a card serves in one project only"
    actual = kind_of(project.cards, sun)
    if actual is None:
        return f"{', '.join(str(c) for c in project.cards)} is not a project"
    if actual != project.kind:
        return f"those cards are a {actual}, not a {project.kind}"
    return "a sequence is declared whole: all the consecutive cards of that suit you hold"


def value(project: Project, sun: bool) -> int:
    """Game points of a project (BA-20)."""
    return _VALUES[sun][project.kind]


def best_team(
    projects: Sequence[Sequence[Project]], first_trick_order: Sequence[int]
) -> int | None:
    """The team (0: seats 0 and 2, 1: seats 1 and 3) whose projects count (BA-18), or
    ``None`` when nobody declared. Ties on kind and top card go to the seat that comes
    first in the first trick's order."""
    candidates = [
        (p.strength, -place, seat)
        for place, seat in enumerate(first_trick_order)
        for p in projects[seat]
    ]
    if not candidates:
        return None
    return max(candidates)[2] % 2
