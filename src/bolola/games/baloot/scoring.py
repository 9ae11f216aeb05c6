"""Scoring a round (BA-21 … BA-25): abnat to game points, projects, failed bids,
doubling and Kaboot.

>>> convert((67, 63), sun=True), convert((86, 76), sun=False)
((14, 12), (8, 8))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bolola.games.baloot.bid import Contract
from bolola.games.baloot.projects import BALOOT_POINTS, Project, best_team, value

SUN_TOTAL, HOKUM_TOTAL = 26, 16
"""Game points of a round's abnat (BA-21), and what a failed bid gives (BA-23)."""
KABOOT, KABOOT_25 = 44, 25
"""BA-25, and the table option ``hokum-kaboot-25``; doubled with an ace bid card."""


def convert(abnat: tuple[int, int], sun: bool) -> tuple[int, int]:
    """Each team's abnat as game points (BA-21)."""
    if sun:
        a, b = (_sun(x) for x in abnat)
        return a, b
    a, b = (x // 10 + (1 if x % 10 > 5 else 0) for x in abnat)
    ra, rb = abnat[0] % 10, abnat[1] % 10
    if a + b in (15, 17):
        ahead = ra > rb if ra != rb else abnat[0] > abnat[1]
        larger = 0 if ahead else 1
        step = -1 if a + b == 17 else 1
        if larger == 0:
            a += step
        else:
            b += step
    return a, b


def conversion_steps(abnat: tuple[int, int], sun: bool) -> list[dict[str, int]]:
    """BA-21 step by step, per team, for people: the abnat, the rounded game points, the
    adjustment that brings the teams' sum to 26 or 16, and the result.

    >>> for team in conversion_steps((86, 76), sun=False):
    ...     print(team)
    {'abnat': 86, 'rounded': 9, 'adjust': -1, 'points': 8}
    {'abnat': 76, 'rounded': 8, 'adjust': 0, 'points': 8}
    >>> conversion_steps((67, 63), sun=True)[0]
    {'abnat': 67, 'rounded': 70, 'adjust': 0, 'points': 14}
    """
    points = convert(abnat, sun)
    out = []
    for x, p in zip(abnat, points, strict=True):
        if sun:
            rounded = x if x % 10 == 5 else (x + 5) // 10 * 10
            out.append({"abnat": x, "rounded": rounded, "adjust": 0, "points": p})
        else:
            rounded = x // 10 + (1 if x % 10 > 5 else 0)
            out.append({"abnat": x, "rounded": rounded, "adjust": p - rounded, "points": p})
    return out


def _sun(x: int) -> int:
    if x % 10 == 5:
        return x * 2 // 10
    return (x + 5) // 10 * 10 * 2 // 10


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A scored round, per team (0: seats 0 and 2, 1: seats 1 and 3)."""

    contract: Contract
    abnat: tuple[int, int]
    converted: tuple[int, int]
    projects: tuple[int, int]  # counted projects' game points (BA-18), Baloot apart
    baloot: tuple[int, int]  # BA-19
    level: int  # 1, 2 (Double), 3 (Triple), 4 (Four or Gahwa)
    gahwa: bool
    kaboot: int | None  # the team that took every trick (BA-25)
    failed: bool  # BA-23: the buyer's team did not make it
    winner: int  # the team that won the round
    points: tuple[int, int]

    @property
    def bought(self) -> str:
        """What was bought, in a line of text: the contract (Hokum with its trump, BA-5), its
        doubling (BA-12: ``x1`` … ``x4``, or ``gahwa``) and the buyer's seat (BA-10), as
        ``hokum:H x2 by 1`` or ``ashkal gahwa by 1``: a row of the match page, which names
        the seat."""
        level = "gahwa" if self.gahwa else f"x{self.level}"
        return f"{self.contract} {level} by {self.contract.buyer}"

    def to_json(self) -> dict[str, object]:
        return {
            "contract": str(self.contract),
            "buyer": self.contract.buyer,
            "abnat": list(self.abnat),
            "converted": list(self.converted),
            "steps": conversion_steps(self.abnat, self.contract.is_sun),
            "projects": list(self.projects),
            "baloot": list(self.baloot),
            "level": self.level,
            "gahwa": self.gahwa,
            "kaboot": self.kaboot,
            "failed": self.failed,
            "winner": self.winner,
            "points": list(self.points),
        }


def score_round(
    contract: Contract,
    abnat: tuple[int, int],
    tricks: tuple[int, int],
    projects: Sequence[Sequence[Project]],
    first_trick_order: Sequence[int],
    baloot_seat: int | None,
    level: int = 1,
    gahwa: bool = False,
    ace_bid_card: bool = False,
    hokum_kaboot_25: bool = False,
) -> RoundScore:
    """The round's game points (BA-21 … BA-25)."""
    sun = contract.is_sun
    best = best_team(projects, first_trick_order)
    counted = [0, 0]
    if best is not None:
        counted[best] = sum(value(p, sun) for s in (best, best + 2) for p in projects[s])
    bal = [0, 0]
    if baloot_seat is not None and not sun:
        bal[baloot_seat % 2] = BALOOT_POINTS
    bt = contract.team
    dt = 1 - bt
    conv = convert(abnat, sun)
    points = [0, 0]
    kaboot = next((t for t in (0, 1) if tricks[t] == 8), None)
    if kaboot is not None:  # BA-25: in place of BA-23, never multiplied
        base = KABOOT_25 if hokum_kaboot_25 and not sun else KABOOT
        base *= 2 if ace_bid_card else 1
        points[kaboot] = base + counted[kaboot] + bal[kaboot]
        points[1 - kaboot] = bal[1 - kaboot]
        failed, winner = kaboot != bt, kaboot
    else:
        totals = [conv[t] + counted[t] + bal[t] for t in (0, 1)]
        failed = not totals[bt] > totals[dt]
        winner = dt if failed else bt
        full = SUN_TOTAL if sun else HOKUM_TOTAL
        if level == 1 and not failed:
            points = totals
        elif level == 1:  # BA-23
            points[dt] = full + sum(counted) + bal[dt]
            points[bt] = bal[bt]
        else:  # BA-24: all or nothing
            points[winner] = (full + sum(counted)) * level + bal[winner]
            points[1 - winner] = bal[1 - winner]
    return RoundScore(
        contract,
        abnat,
        conv,
        (counted[0], counted[1]),
        (bal[0], bal[1]),
        level,
        gahwa,
        kaboot,
        failed,
        winner,
        (points[0], points[1]),
    )


TARGET = 152
"""BA-26."""


def match_winner(totals: tuple[int, int], last: RoundScore) -> int | None:
    """The team that has won the match after a round, if any (BA-24's Gahwa, BA-26)."""
    if last.gahwa:
        return last.winner
    a, b = totals
    if max(a, b) < TARGET or a == b:
        return None
    return 0 if a > b else 1
