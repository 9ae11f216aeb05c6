"""Progression rules (PL-11..PL-14): Elo, levels, leagues and the daily streak, pure."""

from __future__ import annotations

import doctest
import importlib
from dataclasses import replace
from datetime import date, timedelta

import pytest

from bolola.engine import Result
from bolola.progression import daily, leagues, levels, rating, settlement
from bolola.progression.daily import reward_xp, streak_on
from bolola.progression.leagues import League, league_of
from bolola.progression.levels import level_of, start_of, xp_for
from bolola.progression.rating import (
    BOT_RATINGS,
    PROVISIONAL_GAMES,
    PROVISIONAL_K,
    K,
    elo_deltas,
    expected,
    is_provisional,
    k_factor,
    team_deltas,
)
from bolola.progression.settlement import Standing, settle


@pytest.mark.parametrize(
    "name",
    [
        "bolola.progression.rating",
        "bolola.progression.levels",
        "bolola.progression.leagues",
        "bolola.progression.daily",
        "bolola.progression.settlement",
        "bolola.server.progression",
    ],
)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module)
    assert tried > 0 and failed == 0


def test_expected_scores_are_the_elo_curve() -> None:
    assert expected(1500, 1500) == 0.5
    assert expected(1900, 1500) + expected(1500, 1900) == pytest.approx(1.0)
    # 400 points is ten to one.
    assert expected(1900, 1500) / expected(1500, 1900) == pytest.approx(10.0)


def test_four_players_pairwise_with_ties_counting_half() -> None:
    even = [1500.0] * 4
    # First beats three; the two tied second each beat the last and draw each other.
    d = elo_deltas(even, [0, 1, 1, 3], [K] * 4)
    assert d == pytest.approx((12.0, 0.0, 0.0, -12.0))
    assert sum(d) == pytest.approx(0.0)
    # All tied: nobody moves.
    assert elo_deltas(even, [0, 0, 0, 0], [K] * 4) == pytest.approx((0.0,) * 4)
    # A clear order 0 > 1 > 2 > 3: +12, +4, -4, -12.
    assert elo_deltas(even, [0, 1, 2, 3], [K] * 4) == pytest.approx((12.0, 4.0, -4.0, -12.0))


def test_the_favourite_gains_little_and_the_upset_a_lot() -> None:
    win_as_favourite = elo_deltas([1800, 1400], [0, 1], [K, K])[0]
    win_as_underdog = elo_deltas([1400, 1800], [0, 1], [K, K])[0]
    assert 0 < win_as_favourite < 3 < 20 < win_as_underdog < K
    assert win_as_favourite + win_as_underdog == pytest.approx(K)


def test_elo_needs_one_rank_and_k_per_seat() -> None:
    with pytest.raises(ValueError):
        elo_deltas([1500, 1500], [0], [K, K])
    with pytest.raises(ValueError):
        elo_deltas([1500], [0], [K])


def test_team_elo_moves_teammates_together_by_team_strength() -> None:
    teams = [(0, 2), (1, 3)]
    d = team_deltas(teams, [1500.0] * 4, [0, 1, 0, 1], [K] * 4)
    assert d == pytest.approx((12.0, -12.0, 12.0, -12.0))
    # A strong and a weak partner play as their mean: 1700+1300 against 1500+1500.
    mixed = team_deltas(teams, [1700.0, 1500.0, 1300.0, 1500.0], [0, 1, 0, 1], [K] * 4)
    assert mixed == pytest.approx((12.0, -12.0, 12.0, -12.0))
    # A favoured team gains less for the same win.
    strong = team_deltas(teams, [1700.0, 1500.0, 1700.0, 1500.0], [0, 1, 0, 1], [K] * 4)
    assert 0 < strong[0] < 12.0 and strong[1] == pytest.approx(-strong[0])
    # A drawn match moves an even pairing not at all; each member uses their own K.
    assert team_deltas(teams, [1500.0] * 4, [0, 0, 0, 0], [K] * 4) == pytest.approx((0.0,) * 4)
    ks = [PROVISIONAL_K, K, K, K]
    assert team_deltas(teams, [1500.0] * 4, [0, 1, 0, 1], ks)[0] == pytest.approx(24.0)
    with pytest.raises(ValueError):
        team_deltas([(0, 1)], [1500.0] * 2, [0, 1], [K] * 2)
    with pytest.raises(ValueError):
        team_deltas([(0, 1), (1, 2)], [1500.0] * 4, [0, 1, 0, 1], [K] * 4)


def test_provisional_players_move_faster() -> None:
    assert k_factor(0) == k_factor(PROVISIONAL_GAMES - 1) == PROVISIONAL_K
    assert k_factor(PROVISIONAL_GAMES) == K < PROVISIONAL_K
    assert is_provisional(PROVISIONAL_GAMES - 1) and not is_provisional(PROVISIONAL_GAMES)
    new, old = elo_deltas([1500, 1500], [0, 1], [k_factor(0), k_factor(50)])
    assert new == pytest.approx(2 * -old)


def test_bots_have_fixed_ratings_by_level() -> None:
    assert BOT_RATINGS == {"beginner": 1100.0, "club": 1450.0, "expert": 1700.0}
    from bolola.bots import LEVELS

    assert set(BOT_RATINGS) == set(LEVELS)
    # Beating three beginners is worth little, beating three experts much.
    beginners = Standing(None, BOT_RATINGS["beginner"], 0, 0, Result.LOSS, 1, False)
    experts = Standing(None, BOT_RATINGS["expert"], 0, 0, Result.LOSS, 1, False)
    me = Standing(1, 1500.0, 20, 0, Result.WIN, 0, False)
    easy = settle([me, beginners, beginners, beginners], rated=True)
    hard = settle([me, experts, experts, experts], rated=True)
    assert len(easy) == len(hard) == 1  # bots get no progress
    assert 0 < easy[0].rating_change < 3 < 15 < hard[0].rating_change


def test_a_player_who_left_forfeits_even_when_the_bot_in_their_seat_won() -> None:
    """Leaving is no way into a win: the leaver's game is a loss, their rating moves as
    if their seat had come last; the others' changes are the game's as it was played."""
    stayed = Standing(1, 1500.0, 20, 0, Result.LOSS, 1, False)
    bot = Standing(None, BOT_RATINGS["club"], 0, 0, Result.LOSS, 2, False)
    left = Standing(2, 1500.0, 20, 0, Result.WIN, 0, True)
    played = settle([left, stayed, bot, bot], rated=True)
    as_if_last = settle([replace(left, rank=3, abandoned=False), stayed, bot, bot], rated=True)
    assert played[0].result is Result.LOSS and played[0].xp_gained == 0
    assert played[0].rating_change == as_if_last[0].rating_change < 0
    honest = settle([replace(left, abandoned=False), stayed, bot, bot], rated=True)
    assert played[1].rating_change == honest[1].rating_change  # the game as played
    # In teams, the leaver's side counts as beaten for the leaver alone; the partner who
    # stayed keeps the team's win.
    partner = Standing(3, 1500.0, 20, 0, Result.WIN, 0, False)
    teamed = settle([left, bot, partner, bot], rated=True, teams=[(0, 2), (1, 3)])
    assert teamed[0].result is Result.LOSS and teamed[0].rating_change < 0
    assert teamed[1].result is Result.WIN and teamed[1].rating_change > 0
    assert all(p.rating_change == 0 for p in settle([left, stayed, bot, bot], rated=False))


def test_settle_rates_only_rated_games_and_rounds_to_a_tenth() -> None:
    seats = [
        Standing(1, 1500.0, 0, 90, Result.WIN, 0, False),
        Standing(2, 1620.0, 30, 0, Result.LOSS, 2, False),
        Standing(None, 1450.0, 0, 0, Result.DRAW, 1, False),
        Standing(3, 1500.0, 3, 40, Result.LOSS, 3, True),
    ]
    rated = settle(seats, rated=True)
    assert [p.seat for p in rated] == [0, 1, 3]
    assert all(p.rating_after == round(p.rating_after, 1) for p in rated)
    assert rated[0].rating_change > 0 > rated[1].rating_change
    assert rated[2].rating_change < 0  # the one who left still loses rating
    first = rated[0].to_json()
    assert first["level_before"] == 1 and first["level_after"] == 2  # 90 + 30 XP
    assert first["xp"] == 30 and first["league_before"] == "bronze"
    assert rated[2].xp_gained == 0  # left: no XP
    unrated = settle(seats, rated=False)
    assert all(p.rating_after == p.rating_before for p in unrated)
    assert [p.xp_gained for p in unrated] == [30, 10, 0]
    teamed = settle(seats, rated=True, teams=[(0, 2), (1, 3)])
    assert teamed[0].rating_change > 0 and teamed[2].rating_change < 0


def test_xp_per_result() -> None:
    assert xp_for(Result.WIN, abandoned=False) == levels.XP_WIN == 30
    assert xp_for(Result.DRAW, abandoned=False) == levels.XP_DRAW == 20
    assert xp_for(Result.LOSS, abandoned=False) == levels.XP_LOSS == 10
    assert all(xp_for(r, abandoned=True) == 0 for r in Result)


def test_level_curve() -> None:
    assert [start_of(n) for n in range(1, 7)] == [0, 100, 250, 450, 700, 1000]
    for xp in range(0, 5000, 7):
        level = level_of(xp)
        assert start_of(level.number) <= xp < start_of(level.number + 1)
        assert level.xp_in == xp - start_of(level.number)
        assert level.needed == start_of(level.number + 1) - start_of(level.number)
    assert level_of(249).number == 2 and level_of(250).number == 3
    with pytest.raises(ValueError):
        level_of(-1)


def test_league_thresholds() -> None:
    assert league_of(0) is League.BRONZE
    assert league_of(1549.9) is League.BRONZE
    assert league_of(1550) is League.SILVER
    assert league_of(1699.9) is League.SILVER
    assert league_of(1700) is League.GOLD
    assert league_of(rating.START) is League.BRONZE  # everyone starts in Bronze
    assert [str(x) for x in League] == ["bronze", "silver", "gold"]
    assert dict(leagues.THRESHOLDS)[League.GOLD] == BOT_RATINGS["expert"]


def test_daily_streak() -> None:
    d = date(2026, 11, 30)
    assert [reward_xp(n) for n in range(1, 10)] == [20, 30, 40, 50, 60, 70, 80, 80, 80]
    with pytest.raises(ValueError):
        reward_xp(0)
    assert streak_on(d, None, 0) == 1
    assert streak_on(d, d - timedelta(days=1), 1) == 2
    assert streak_on(d, d - timedelta(days=1), 9) == 10
    assert streak_on(d, d - timedelta(days=2), 9) == 1  # a missed day starts again
    assert streak_on(d, d, 4) is None  # claimed today already
    assert streak_on(d, d + timedelta(days=1), 4) is None  # the clock went back: nothing
    assert reward_xp(100) == daily.MAX_XP


def test_progress_json_shape() -> None:
    p = settle(
        [
            Standing(5, 1549.0, 0, 0, Result.WIN, 0, False),
            Standing(None, 1700.0, 0, 0, Result.LOSS, 1, False),
        ],
        rated=True,
    )[0]
    assert set(p.to_json()) == {
        "xp",
        "level_before",
        "level_after",
        "rating_before",
        "rating_after",
        "league_before",
        "league_after",
    }
    assert p.to_json()["league_before"] == "bronze" and p.to_json()["league_after"] == "silver"
    assert settlement.Progress is type(p)


def test_the_pinned_day_and_the_leaderboard_query() -> None:
    from bolola.server.progression import TODAY_ENV, day_source, leaderboard_query, utc_today
    from bolola.server.protocol import ProtocolError

    assert day_source({}) is utc_today
    assert day_source({TODAY_ENV: "2026-12-24"})() == date(2026, 12, 24)
    with pytest.raises(ValueError, match=TODAY_ENV):
        day_source({TODAY_ENV: "tomorrow"})
    assert leaderboard_query({"game": "king-bolola", "limit": "3"}) == ("king-bolola", 3)
    for bad in ({"game": "zebra"}, {"limit": "0"}, {"limit": "x"}, {"limit": "101"}):
        with pytest.raises(ProtocolError) as caught:
            leaderboard_query(bad)
        assert caught.value.code == "bad_request"
