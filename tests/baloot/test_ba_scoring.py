"""Projects and scoring: BA-17 … BA-26, and the rules file's worked conversions."""

from __future__ import annotations

import pytest
from ba_deals import SUIT_HANDS, cards, playing, run

from bolola.cards import Suit
from bolola.engine import IllegalAction
from bolola.games.baloot.bid import Contract
from bolola.games.baloot.deck import DECK, LAST_TRICK, abnat
from bolola.games.baloot.options import BalootOptions
from bolola.games.baloot.projects import Project, all_projects, best_team, declarable, value
from bolola.games.baloot.scoring import RoundScore, convert, match_winner, score_round

HOKUM = Contract("hokum", Suit.SPADES, 0, 0)
SUN = Contract("sun", None, 0, 0)
ORDER = (0, 1, 2, 3)
NONE: tuple[tuple[Project, ...], ...] = ((), (), (), ())


def p(text: str) -> Project:
    return Project.parse(text)


def test_ba2_ba3_card_points_total_130_in_sun_and_162_in_hokum():
    assert sum(abnat(c, None) for c in DECK) + LAST_TRICK == 130
    assert sum(abnat(c, Suit.HEARTS) for c in DECK) + LAST_TRICK == 162
    assert [abnat(c, Suit.HEARTS) for c in cards("JH 9H AH TH KH QH 8H 7H")] == [
        20,
        14,
        11,
        10,
        4,
        3,
        0,
        0,
    ]
    assert [abnat(c, None) for c in cards("AS TS KS QS JS 9S 8S 7S")] == [11, 10, 4, 3, 2, 0, 0, 0]


@pytest.mark.parametrize(
    ("sun", "abnat_", "points"),
    [
        (True, (67, 63), (14, 12)),
        (True, (65, 65), (13, 13)),
        (True, (54, 76), (10, 16)),
        (False, (85, 77), (8, 8)),
        (False, (86, 76), (8, 8)),
        (False, (96, 66), (9, 7)),
        (False, (75, 87), (7, 9)),
    ],
)
def test_ba21_worked_conversion_checks(sun: bool, abnat_: tuple[int, int], points: tuple[int, int]):
    assert convert(abnat_, sun) == points
    assert convert(abnat_[::-1], sun) == points[::-1]


def test_ba21_conversions_total_26_in_sun_and_16_in_hokum():
    for a in range(131):
        assert sum(convert((a, 130 - a), True)) == 26
    for a in range(163):
        assert sum(convert((a, 162 - a), False)) == 16


def test_ba17_projects_sequences_whole_and_four_of_a_kind():
    hand = cards("7H 8H 9H TH JH QS KS AS")
    assert [str(x) for x in all_projects(hand, sun=True)] == [
        "project:sira:QS,KS,AS",
        "project:hundred:7H,8H,9H,TH,JH",
    ]
    assert all_projects(cards("AS AH AD AC 7S 9S JH KD"), sun=True)[0].kind == "four-hundred"
    assert all_projects(cards("AS AH AD AC 7S 9S JH KD"), sun=False)[0].kind == "hundred"
    assert all_projects(cards("9S 9H 9D 9C 7S JS JH KD"), sun=True) == []
    # A card serves in one project only; at most two projects.
    jacks = cards("JS JH JD JC QH KH 7D 8D")
    jh = p("project:hundred:JS,JH,JD,JC")
    assert [str(x) for x in declarable(jacks, True, (jh,))] == []
    assert declarable(jacks, True, (jh, p("project:sira:JH,QH,KH"))) == []


def test_ba17_projects_are_declared_before_the_first_card_hidden_then_shown():
    hands = [
        "7S 8S 9S JH QH KH 7D 7C",
        "TS JS QS KS 8H 9H 8D 8C",
        "AS 7H TH AH 9D TD JD 9C",
        "QD KD AD TC JC QC KC AC",
    ]
    d = playing(hands, kind="sun", trump=None)
    legal = [str(a) for a in d.legal(0, BalootOptions())]
    assert "project:sira:7S,8S,9S" in legal and "project:sira:JH,QH,KH" in legal
    with pytest.raises(IllegalAction) as e:
        run(d, "project:sira:7S,8S")
    assert e.value.rule == "BA-17"
    with pytest.raises(IllegalAction) as e:
        run(d, "project:sira:TS,JS,QS")
    assert e.value.rule == "BA-17"
    d, events = run(d, "project:sira:7S,8S,9S")
    assert events[0].audience == frozenset({0})
    d, events = run(d, "7S project:fifty:TS,JS,QS,KS")
    assert events[-1].audience == frozenset({1})
    d, events = run(d, "TS AS QD")
    shown = [e for e in events if type(e).__name__ == "ProjectsShown"]
    assert len(shown) == 1 and shown[0].audience is None
    assert "0:project:sira:7S,8S,9S" in str(shown[0]) and "1:project:fifty" in str(shown[0])
    # After the first trick: no more projects.
    assert not any(str(a).startswith("project") for a in d.legal(d.to_move or 0, BalootOptions()))
    with pytest.raises(IllegalAction) as e:
        run(d, "project:sira:JH,QH,KH")
    assert e.value.rule == "BA-17"


def test_ba18_only_the_best_projects_team_scores_all_of_its_projects():
    projects = (
        (p("project:sira:7S,8S,9S"),),
        (p("project:fifty:7H,8H,9H,TH"),),
        (p("project:sira:QD,KD,AD"),),
        (),
    )
    assert best_team(projects, ORDER) == 1
    # Equal kind: the higher top card.
    projects = ((p("project:sira:7S,8S,9S"),), (), (), (p("project:sira:TH,JH,QH"),))
    assert best_team(projects, ORDER) == 1
    # Still equal: the first in the first trick's order.
    projects = ((p("project:sira:7S,8S,9S"),), (p("project:sira:7H,8H,9H"),), (), ())
    assert best_team(projects, (1, 2, 3, 0)) == 1 and best_team(projects, ORDER) == 0
    assert best_team(NONE, ORDER) is None
    s = score_round(SUN, (67, 63), (4, 4), projects, ORDER, None)
    assert s.projects == (4, 0) and s.points == (18, 12)


def test_ba19_baloot_is_announced_when_the_second_is_played_and_always_scores():
    hands = [
        "KS QS 7H 8H 9H TH JH QH",
        "7S 8S 9S TS KH AH 7D 8D",
        "JS AS 9D TD JD QD KD AD",
        SUIT_HANDS[3],
    ]
    d = playing(hands, trump="S")
    d, events = run(d, "KS 7S JS 7C")
    assert d.baloot is None
    d, events = run(d, "AD 8C QS")  # seat 2 leads: 2, 3, 0
    assert str(events[-1]) == "baloot 0" and events[-1].audience is None and d.baloot == 0
    # Scored even when the bid fails, never multiplied.
    s = score_round(HOKUM, (40, 122), (2, 6), NONE, ORDER, 0, level=3)
    assert s.failed and s.points == (2, 48)
    s = score_round(HOKUM, (40, 122), (2, 6), NONE, ORDER, 2)
    assert s.baloot == (2, 0) and s.points == (2, 16)


def test_ba20_project_values_in_sun_and_hokum():
    sira, fifty = p("project:sira:7S,8S,9S"), p("project:fifty:7S,8S,9S,TS")
    hundred, four = p("project:hundred:KS,KH,KD,KC"), p("project:four-hundred:AS,AH,AD,AC")
    assert [value(x, True) for x in (sira, fifty, hundred, four)] == [4, 10, 20, 40]
    assert [value(x, False) for x in (sira, fifty, hundred)] == [2, 5, 10]


def test_ba22_projects_add_to_the_converted_points():
    projects = ((), (p("project:hundred:KS,KH,KD,KC"),), (), ())
    s = score_round(HOKUM, (100, 62), (5, 3), projects, ORDER, 0)
    assert s.converted == (10, 6) and s.projects == (0, 10) and s.baloot == (2, 0)
    assert s.points == (2, 26) and s.failed  # BA-23: the defenders take the hundred too
    projects = ((p("project:hundred:KS,KH,KD,KC"),), (), (), ())
    s = score_round(HOKUM, (100, 62), (5, 3), projects, ORDER, None)
    assert not s.failed and s.points == (20, 6)


def test_ba23_the_buyer_must_score_more_than_the_defenders():
    s = score_round(SUN, (67, 63), (4, 4), NONE, ORDER, None)
    assert not s.failed and s.points == (14, 12)
    s = score_round(SUN, (65, 65), (4, 4), NONE, ORDER, None)  # equal: failed
    assert s.failed and s.points == (0, 26)
    projects = ((p("project:sira:7S,8S,9S"),), (), (), ())
    s = score_round(SUN, (54, 76), (3, 5), projects, ORDER, None)
    assert s.failed and s.points == (0, 30)  # 26 + the buyers' counted sira
    s = score_round(HOKUM, (86, 76), (5, 3), NONE, ORDER, None)
    assert s.failed and s.points == (0, 16)


def test_ba24_doubled_rounds_are_all_or_nothing_times_the_level():
    s = score_round(HOKUM, (100, 62), (5, 3), NONE, ORDER, None, level=2)
    assert s.points == (32, 0)
    s = score_round(HOKUM, (60, 102), (3, 5), NONE, ORDER, None, level=3)
    assert s.points == (0, 48) and s.winner == 1
    s = score_round(
        SUN, (80, 50), (5, 3), ((p("project:sira:7S,8S,9S"),), (), (), ()), ORDER, None, level=4
    )
    assert s.points == ((26 + 4) * 4, 0)


def test_ba24_a_gahwa_wins_the_match_for_the_rounds_winner():
    s = score_round(HOKUM, (60, 102), (3, 5), NONE, ORDER, None, level=4, gahwa=True)
    assert s.points == (0, 64) and match_winner((140, 64), s) == 1
    s = score_round(HOKUM, (100, 62), (5, 3), NONE, ORDER, None, level=4, gahwa=True)
    assert match_winner((64, 30), s) == 0


def test_ba25_kaboot_44_or_88_with_an_ace_and_the_hokum_25_option():
    projects = ((p("project:sira:7S,8S,9S"),), (), (), ())
    s = score_round(SUN, (130, 0), (8, 0), projects, ORDER, None)
    assert s.kaboot == 0 and s.points == (48, 0)
    s = score_round(SUN, (130, 0), (8, 0), NONE, ORDER, None, ace_bid_card=True)
    assert s.points == (88, 0)
    s = score_round(HOKUM, (162, 0), (8, 0), NONE, ORDER, 0, level=2)
    assert s.points == (46, 0)  # never multiplied; the Baloot added
    s = score_round(HOKUM, (162, 0), (8, 0), NONE, ORDER, None, hokum_kaboot_25=True)
    assert s.points == (25, 0)
    s = score_round(
        HOKUM,
        (162, 0),
        (8, 0),
        NONE,
        ORDER,
        None,
        False,
        ace_bid_card=True,
        hokum_kaboot_25=True,
    )
    assert s.points == (50, 0)
    s = score_round(SUN, (0, 130), (0, 8), NONE, ORDER, None, hokum_kaboot_25=True)
    assert s.kaboot == 1 and s.failed and s.points == (0, 44)


def _score(points: tuple[int, int], gahwa: bool = False) -> RoundScore:
    return RoundScore(SUN, (0, 0), (0, 0), (0, 0), (0, 0), 1, gahwa, None, False, 0, points)


def test_ba26_the_match_ends_at_152_the_higher_total_wins_a_tie_plays_on():
    assert match_winner((151, 140), _score((10, 5))) is None
    assert match_winner((152, 140), _score((10, 5))) == 0
    assert match_winner((160, 170), _score((10, 5))) == 1
    assert match_winner((160, 160), _score((10, 5))) is None
    assert match_winner((10, 20), _score((10, 5), gahwa=True)) == 0
