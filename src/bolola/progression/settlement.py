"""What a finished game gives each human seat: XP, a new rating, maybe a new league.

>>> seats = [Standing(7, 1500.0, 0, 0, Result.WIN, 0, False),
...          Standing(None, 1100.0, 0, 0, Result.LOSS, 1, False)]
>>> [p.to_json() for p in settle(seats, rated=True)][0]["rating_after"]
1504.4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.engine import Result
from bolola.progression.leagues import league_of
from bolola.progression.levels import level_of, xp_for
from bolola.progression.rating import elo_deltas, k_factor, team_deltas


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat at the end of a game. ``player_id`` None: a bot, whose ``rating`` is fixed.
    ``rated_games``/``xp``: the player's totals before this game. ``abandoned``: a bot was
    playing for the human at the end."""

    player_id: int | None
    rating: float
    rated_games: int
    xp: int
    result: Result
    rank: int
    abandoned: bool


@dataclass(frozen=True, slots=True)
class Progress:
    """One human seat's gains from one game."""

    seat: int
    player_id: int
    result: Result
    rank: int
    rated: bool
    xp_before: int
    xp_gained: int
    rating_before: float
    rating_after: float
    left: bool = False  # a bot played the seat at the end: the result is a forfeit

    @property
    def rating_change(self) -> float:
        return self.rating_after - self.rating_before

    def to_json(self) -> dict[str, Any]:
        """The over frame's ``progress`` entry (without the name, which the table knows)."""
        return {
            "xp": self.xp_gained,
            "level_before": level_of(self.xp_before).number,
            "level_after": level_of(self.xp_before + self.xp_gained).number,
            "rating_before": round(self.rating_before, 1),
            "rating_after": round(self.rating_after, 1),
            "league_before": str(league_of(self.rating_before)),
            "league_after": str(league_of(self.rating_after)),
        }


def settle(
    seats: Sequence[Standing],
    *,
    rated: bool,
    teams: Sequence[Sequence[int]] | None = None,
) -> tuple[Progress, ...]:
    """Every human seat's progress; ratings move only in a rated game (bots never move).

    A player who left (``abandoned``) forfeits: the game counts for them as lost, and
    their rating moves as if their seat had finished last, whatever the bot playing it
    made of it (leaving is neither a way out of a loss nor a way into a win). The other
    seats' changes are those of the game as it was played."""
    ratings = [s.rating for s in seats]
    ranks = [s.rank for s in seats]
    ks = [k_factor(s.rated_games) for s in seats]
    deltas = list(_deltas(ratings, ranks, ks, rated=rated, teams=teams))
    last = max(ranks) + 1
    for n, s in enumerate(seats):
        if s.abandoned and s.player_id is not None:
            forfeit = [last if m == n else r for m, r in enumerate(ranks)]
            if teams is not None:  # the leaver's side last, for the leaver's change only
                side = next(team for team in teams if n in team)
                forfeit = [last if m in side else r for m, r in enumerate(ranks)]
            deltas[n] = _deltas(ratings, forfeit, ks, rated=rated, teams=teams)[n]
    out = []
    for n, (s, delta) in enumerate(zip(seats, deltas, strict=True)):
        if s.player_id is None:
            continue
        # Stored to a tenth of a point: what the player sees adds up exactly.
        after = round(s.rating + delta, 1)
        out.append(
            Progress(
                n,
                s.player_id,
                Result.LOSS if s.abandoned else s.result,
                s.rank,
                rated,
                s.xp,
                xp_for(s.result, abandoned=s.abandoned),
                s.rating,
                after,
                s.abandoned,
            )
        )
    return tuple(out)


def _deltas(
    ratings: Sequence[float],
    ranks: Sequence[int],
    ks: Sequence[float],
    *,
    rated: bool,
    teams: Sequence[Sequence[int]] | None,
) -> Sequence[float]:
    if not rated:
        return [0.0] * len(ratings)
    if teams is not None:
        return team_deltas(teams, ratings, ranks, ks)
    return elo_deltas(ratings, ranks, ks)
