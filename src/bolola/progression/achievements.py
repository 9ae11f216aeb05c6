"""Achievements (issue 17): milestones a player unlocks by playing, each with its goal,
its progress and the day it was reached.

They are computed, never stored: from a player's finished matches (their results, the
rating after each, the feats each game saw in the match record) and their daily claims,
so a new achievement or a fixed condition applies to every match ever played.

>>> from datetime import datetime, timezone
>>> at = datetime(2026, 11, 30, tzinfo=timezone.utc)
>>> won = MatchFacts("rummy", at, "win", 1512.0, frozenset({"lucky"}))
>>> book = catalogue({"rummy": ("lucky",)})
>>> done = {p.achievement.key for p in progress(book, [won], []) if p.unlocked_at}
>>> sorted(done)
['first-win', 'rummy:first-win', 'rummy:lucky']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from bolola.progression.leagues import THRESHOLDS, League

MATCH_GOALS = (10, 50, 100)
STREAK_DAYS = 7


class Kind(StrEnum):
    """What an achievement counts."""

    WINS = "wins"  # matches won
    MATCHES = "matches"  # matches finished
    LEAGUE = "league"  # a rating at or above the league's threshold after a match
    FEAT = "feat"  # matches in which the game saw the feat (its feats hook)
    STREAK = "streak"  # days in a row of daily rewards


@dataclass(frozen=True, slots=True)
class Achievement:
    """``key`` is stable (it names the words in every language: ``ach.<key>``); ``game``
    is None for one that counts every game."""

    key: str
    kind: Kind
    goal: int
    game: str | None = None
    feat: str | None = None
    league: League | None = None


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """One finished match of the player: what the achievements read of it."""

    game: str
    finished_at: datetime
    result: str  # "win" | "draw" | "loss"
    rating_after: float
    feats: frozenset[str]
    table_id: int = 0
    # A bot played the player's seat at the end (they left, timed out, or never came back
    # in time): its wins, matches and feats are the bot's; its rating is still theirs.
    left: bool = False


@dataclass(frozen=True, slots=True)
class DayClaim:
    day: date
    streak: int
    claimed_at: datetime


@dataclass(frozen=True, slots=True)
class Progress:
    achievement: Achievement
    count: int  # towards the goal, capped at it
    unlocked_at: datetime | None

    def to_json(self) -> dict[str, object]:
        a = self.achievement
        return {
            "key": a.key,
            "kind": str(a.kind),
            "game": a.game,
            "goal": a.goal,
            "count": self.count,
            "unlocked_at": None if self.unlocked_at is None else self.unlocked_at.isoformat(),
        }


def catalogue(feats: Mapping[str, Sequence[str]]) -> tuple[Achievement, ...]:
    """Every achievement, given each game's feats (``{game: (feat, …)}``): across games
    first, then each game's in name order."""
    across: list[Achievement] = [Achievement("first-win", Kind.WINS, 1)]
    across += [Achievement(f"matches-{n}", Kind.MATCHES, n) for n in MATCH_GOALS]
    across.append(Achievement(f"streak-{STREAK_DAYS}", Kind.STREAK, STREAK_DAYS))
    per_game: list[Achievement] = []
    for game in sorted(feats):
        per_game.append(Achievement(f"{game}:first-win", Kind.WINS, 1, game))
        for league, _ in reversed(THRESHOLDS):
            per_game.append(Achievement(f"{game}:{league}", Kind.LEAGUE, 1, game, league=league))
        for feat in feats[game]:
            per_game.append(Achievement(f"{game}:{feat}", Kind.FEAT, 1, game, feat))
    return (*across, *per_game)


def progress(
    book: Iterable[Achievement], matches: Iterable[MatchFacts], claims: Iterable[DayClaim]
) -> tuple[Progress, ...]:
    """Each achievement's progress from the player's matches and daily claims (any order)."""
    ordered = sorted(matches, key=lambda m: m.finished_at)
    days = sorted(claims, key=lambda c: c.claimed_at)
    return tuple(_progress(a, ordered, days) for a in book)


def _progress(
    a: Achievement, matches: Sequence[MatchFacts], claims: Sequence[DayClaim]
) -> Progress:
    if a.kind is Kind.STREAK:
        best = 0
        for claim in claims:
            best = max(best, claim.streak)
            if claim.streak >= a.goal:
                return Progress(a, a.goal, claim.claimed_at)
        return Progress(a, best, None)
    count = 0
    for match in matches:
        if (a.game is None or match.game == a.game) and _counts(a, match):
            count += 1
            if count >= a.goal:
                return Progress(a, a.goal, match.finished_at)
    return Progress(a, count, None)


def _counts(a: Achievement, match: MatchFacts) -> bool:
    if match.left and a.kind is not Kind.LEAGUE:
        return False
    if a.kind is Kind.WINS:
        return match.result == "win"
    if a.kind is Kind.MATCHES:
        return True
    if a.kind is Kind.FEAT:
        return a.feat in match.feats
    if a.kind is Kind.LEAGUE:
        lowest = dict(THRESHOLDS)[a.league] if a.league is not None else 0.0
        return match.rating_after >= lowest
    return False


def unlocked_between(
    before: Sequence[Progress], after: Sequence[Progress]
) -> tuple[Achievement, ...]:
    """The achievements ``after`` has unlocked that ``before`` had not (for the dialog a
    player sees when a match unlocks something)."""
    had = {p.achievement.key for p in before if p.unlocked_at is not None}
    return tuple(
        p.achievement for p in after if p.unlocked_at is not None and p.achievement.key not in had
    )
