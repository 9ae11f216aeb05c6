"""Achievements (issue 17): the catalogue, progress from matches and daily claims, and
each game's feats found in match records."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from bolola import registry
from bolola.cards import Card
from bolola.engine import Record, random_play_out
from bolola.games.baloot import events as ba
from bolola.games.baloot import feats as ba_feats
from bolola.games.hearts_trumps import feats as ht_feats
from bolola.games.jolly import events as jo
from bolola.games.jolly import feats as jo_feats
from bolola.games.king_bolola import events as kb
from bolola.games.king_bolola import feats as kb_feats
from bolola.games.king_bolola.contract import Contract
from bolola.progression.achievements import (
    DayClaim,
    Kind,
    MatchFacts,
    Progress,
    catalogue,
    progress,
    unlocked_between,
)
from bolola.progression.feats import match_feats
from bolola.progression.leagues import League

T0 = datetime(2026, 11, 1, tzinfo=UTC)
BOOK = catalogue({"jolly": ("mano-jolly",), "king-bolola": ("bolola-positive-10",)})


def facts(
    n: int,
    game: str = "jolly",
    result: str = "loss",
    rating: float = 1500.0,
    feats: frozenset[str] = frozenset(),
) -> list[MatchFacts]:
    return [MatchFacts(game, T0 + timedelta(hours=i), result, rating, feats) for i in range(n)]


def by_key(matches: list[MatchFacts], claims: list[DayClaim] | None = None) -> dict[str, Progress]:
    return {p.achievement.key: p for p in progress(BOOK, matches, claims or [])}


def test_a_match_the_player_left_unlocks_nothing_but_its_rating() -> None:
    """A bot finished the match for the player (PL-5): a win, a match played or a feat is
    the bot's, not theirs; the rating they keep (leaving is no way out of a loss) still
    counts for a league."""
    won = MatchFacts("jolly", T0, "win", 1800.0, frozenset({"mano-jolly"}), left=True)
    got = by_key([won, *facts(9)])
    assert got["first-win"].unlocked_at is None and got["jolly:first-win"].unlocked_at is None
    assert got["matches-10"].count == 9 and got["jolly:mano-jolly"].unlocked_at is None
    assert got["jolly:silver"].unlocked_at == T0
    assert by_key([replace(won, left=False)])["first-win"].unlocked_at == T0


def test_catalogue_has_across_and_per_game_achievements_with_unique_keys() -> None:
    keys = [a.key for a in BOOK]
    assert len(keys) == len(set(keys))
    assert keys[:5] == ["first-win", "matches-10", "matches-50", "matches-100", "streak-7"]
    assert "jolly:silver" in keys and "jolly:gold" in keys and "king-bolola:first-win" in keys
    assert {a.kind for a in BOOK} == set(Kind)


def test_match_counts_unlock_on_the_match_that_reaches_the_goal() -> None:
    got = by_key(facts(12))
    ten = got["matches-10"]
    assert ten.count == 10 and ten.unlocked_at == T0 + timedelta(hours=9)
    fifty = got["matches-50"]
    assert fifty.count == 12 and fifty.unlocked_at is None
    assert got["first-win"].unlocked_at is None


def test_first_win_per_game_counts_only_that_game() -> None:
    matches = facts(1, "king-bolola", "win") + facts(1, "jolly", "draw")
    got = by_key(matches)
    assert got["first-win"].unlocked_at == T0
    assert got["king-bolola:first-win"].unlocked_at == T0
    assert got["jolly:first-win"].unlocked_at is None


def test_leagues_are_reached_by_the_rating_after_a_match() -> None:
    matches = [
        MatchFacts("jolly", T0, "win", 1540.0, frozenset()),
        MatchFacts("jolly", T0 + timedelta(days=1), "win", 1560.0, frozenset()),
        MatchFacts("king-bolola", T0 + timedelta(days=2), "win", 1720.0, frozenset()),
    ]
    got = by_key(matches)
    assert got["jolly:silver"].unlocked_at == T0 + timedelta(days=1)
    assert got["jolly:gold"].unlocked_at is None
    assert got["king-bolola:gold"].unlocked_at == T0 + timedelta(days=2)
    assert next(a for a in BOOK if a.key == "jolly:gold").league is League.GOLD


def test_feats_unlock_per_game() -> None:
    matches = facts(1, "jolly", feats=frozenset({"mano-jolly"}))
    got = by_key(matches)
    assert got["jolly:mano-jolly"].unlocked_at == T0
    assert got["king-bolola:bolola-positive-10"].unlocked_at is None


def test_a_seven_day_streak_unlocks_on_its_seventh_claim_and_keeps_the_best_run() -> None:
    start = date(2026, 11, 1)
    claims = [
        DayClaim(start + timedelta(days=i), s, T0 + timedelta(days=i))
        for i, s in enumerate([1, 2, 3, 1, 2])
    ]
    assert by_key([], claims)["streak-7"].count == 3
    claims = [DayClaim(start + timedelta(days=i), i + 1, T0 + timedelta(days=i)) for i in range(8)]
    got = by_key([], claims)["streak-7"]
    assert got.count == 7 and got.unlocked_at == T0 + timedelta(days=6)


def test_progress_does_not_depend_on_the_order_matches_come_in() -> None:
    matches = facts(11, result="win")
    shuffled = matches[:]
    random.Random(3).shuffle(shuffled)
    assert progress(BOOK, matches, []) == progress(BOOK, shuffled, [])


def test_unlocked_between_names_only_what_is_new() -> None:
    before = progress(BOOK, facts(9), [])
    after = progress(BOOK, facts(10), [])
    assert [a.key for a in unlocked_between(before, after)] == ["matches-10"]
    assert unlocked_between(after, after) == ()


# -- each game's feats ---------------------------------------------------------------------


def test_kb_ten_tricks_of_a_bolola_positive_deal() -> None:
    def trick(seat: int, no: int) -> kb.TrickTaken:
        return kb.TrickTaken(seat, (Card.parse("2S"),), 50, no)

    deal = [kb.DealStarted(1, 0), kb.ContractDeclared(0, Contract.BOLOLA_POSITIVE, None)]
    ten = [*deal, *(trick(2, n) for n in range(1, 11)), *(trick(1, n) for n in range(11, 14))]
    assert kb_feats.feats(None, ten) == (
        frozenset(),
        frozenset(),
        frozenset({"bolola-positive-10"}),
        frozenset(),
    )
    nine = [*deal, *(trick(2, n) for n in range(1, 10)), *(trick(1, n) for n in range(10, 14))]
    assert kb_feats.feats(None, nine) == (frozenset(),) * 4
    other = [
        kb.DealStarted(1, 0),
        kb.ContractDeclared(0, Contract.TRUMPS, None),
        *(trick(2, n) for n in range(1, 14)),
    ]
    assert kb_feats.feats(None, other) == (frozenset(),) * 4


def test_baloot_kaboot_is_all_eight_tricks_to_one_team() -> None:
    kaboot = frozenset({"kaboot"})
    card = Card.parse("7S")
    start = ba.DealStarted(1, 0, card)
    score = ba.DealScored(1, None, (44, 0), (44, 0))  # type: ignore[arg-type]
    all_eight = [
        start,
        *(ba.TrickTaken(2 if n % 2 else 0, (card,), 0, n) for n in range(1, 9)),
        score,
    ]
    assert ba_feats.feats(None, all_eight) == (kaboot, frozenset(), kaboot, frozenset())
    seven = [
        start,
        *(ba.TrickTaken(0, (card,), 0, n) for n in range(1, 8)),
        ba.TrickTaken(1, (card,), 0, 8),
        score,
    ]
    assert ba_feats.feats(None, seven) == (frozenset(),) * 4


def test_jolly_mano_jolly_from_the_close() -> None:
    class Over:
        totals = (0, 0, 0)

    events = [jo.Closed(1, False), jo.Closed(2, True)]
    assert jo_feats.feats(Over(), events) == (frozenset(), frozenset(), frozenset({"mano-jolly"}))


def test_every_game_registers_its_feats() -> None:
    names = {g.name: registry.entry(g.name).feats.names for g in registry.registered()}
    assert names.pop("test-toy") == ()  # a game may have none
    assert names == {
        "king-bolola": kb_feats.FEATS,
        "baloot": ba_feats.FEATS,
        "jolly": jo_feats.FEATS,
        "hearts-trumps": ht_feats.FEATS,
    }


@pytest.mark.parametrize("game", registry.registered(), ids=lambda g: g.name)
def test_feats_of_a_random_match_replay_from_its_record(game: Any) -> None:
    options = game.default_options()
    moves: list[str] = []
    random_play_out(game, game.new(options, 5), random.Random(5), moves)
    record = Record(game.name, options.to_json(), 5, tuple(moves))
    feats = registry.entry(game.name).feats
    found = match_feats(game, record, feats)
    assert len(found) == game.seat_count(options)
    assert set().union(*found) <= set(feats.names)
    assert all(isinstance(f, frozenset) for f in found)
    if game.name == "hearts-trumps":  # someone takes more loot cards in some deal of a match
        assert any(found)
