"""What happens in a Baloot match, as frozen values with one text form.

Everything is public except a project while the first trick is on: :class:`Declared`
reaches only the declaring seat, and :class:`ProjectsShown` reveals every declaration
to all when the first trick ends (BA-17). Hands reach a seat only through its view.
"""

from __future__ import annotations

from typing import NamedTuple

from bolola.cards import Card
from bolola.games.baloot.bid import Contract
from bolola.games.baloot.projects import Project


class DealStarted(NamedTuple):
    deal_no: int
    dealer: int
    bid_card: Card
    audience: None = None

    def __str__(self) -> str:
        return f"deal {self.deal_no} dealer {self.dealer} bid card {self.bid_card}"


class Spoke(NamedTuple):
    """A bid, claim or confirmation (BA-5 … BA-8), or a doubling step or pass (BA-11)."""

    seat: int
    said: str
    audience: None = None

    def __str__(self) -> str:
        return f"say {self.seat} {self.said}"


class PassedOut(NamedTuple):
    """All passed in both rounds (BA-9)."""

    dealer: int
    audience: None = None

    def __str__(self) -> str:
        return f"passed out, dealer {self.dealer}"


class Bought(NamedTuple):
    contract: Contract
    audience: None = None

    def __str__(self) -> str:
        c = self.contract
        return f"bought {c} by {c.buyer}"


class Raised(NamedTuple):
    level: int
    gahwa: bool
    audience: None = None

    def __str__(self) -> str:
        return "level gahwa" if self.gahwa else f"level {self.level}"


class Declared(NamedTuple):
    """A project, for the declaring seat's eyes only until the first trick ends."""

    seat: int
    project: Project
    audience: frozenset[int]

    def __str__(self) -> str:
        return f"declare {self.seat} {self.project}"


class Played(NamedTuple):
    seat: int
    card: Card
    audience: None = None

    def __str__(self) -> str:
        return f"play {self.seat} {self.card}"


class TrickTaken(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    abnat: int
    trick_no: int
    audience: None = None

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"trick {self.trick_no} to {self.seat} [{cards}] {self.abnat}"


class ProjectsShown(NamedTuple):
    """Every declaration, revealed at the end of the first trick (BA-17)."""

    projects: tuple[tuple[Project, ...], ...]
    audience: None = None

    def __str__(self) -> str:
        shown = [f"{s}:{p}" for s, ps in enumerate(self.projects) for p in ps]
        return "projects " + (" ".join(shown) if shown else "none")


class BalootShown(NamedTuple):
    """BA-19: the second of the trump king and queen was played by the same seat."""

    seat: int
    audience: None = None

    def __str__(self) -> str:
        return f"baloot {self.seat}"


class DealScored(NamedTuple):
    deal_no: int
    contract: Contract
    points: tuple[int, int]
    totals: tuple[int, int]
    audience: None = None

    def __str__(self) -> str:
        p, t = self.points, self.totals
        return f"score {self.deal_no} {self.contract} {p[0]} {p[1]} totals {t[0]} {t[1]}"


class MatchEnded(NamedTuple):
    winner: int  # the team
    totals: tuple[int, int]
    audience: None = None

    def __str__(self) -> str:
        return f"over team {self.winner} {self.totals[0]} {self.totals[1]}"
