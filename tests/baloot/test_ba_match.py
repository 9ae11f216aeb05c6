"""The whole match through the engine contract: views and events that leak nothing,
resampling, records and the referee."""

from __future__ import annotations

import json
import random
import re

import pytest
from ba_deals import SUIT_HANDS, deck_for

from bolola.engine import IllegalAction, RecordError, Result, random_play_out
from bolola.games.baloot import GAME
from bolola.games.baloot.hidden import barred, known
from bolola.games.baloot.options import BalootOptions
from playing import transitions

CARD = re.compile(r"\b[789TJQKA][SHDC]\b")


def steps(seed: int, options: BalootOptions | None = None):
    """Every (state before, seat, action, state after, events) of a random match."""
    return transitions(GAME, seed, options)


def public_cards(state) -> set[str]:
    d = state.deal
    out = {str(c) for t in d.tricks for _, c in t.cards} | {str(c) for _, c in d.trick}
    out.add(str(d.bid_card))
    if d.shown:
        out |= {str(c) for ps in d.projects for p in ps for c in p.cards}
    return out


def test_ba17_no_view_shows_another_seats_cards_or_unrevealed_projects():
    for state, _, _, after, _ in steps(3, BalootOptions(strict_trumping=True)):
        for s in (0, 1, 2, 3, None):
            shown = set(CARD.findall(json.dumps(GAME.view(after, s).to_json())))
            mine = set() if s is None else {str(c) for c in after.deal.hands[s]}
            own = set() if s is None else {str(c) for p in after.deal.projects[s] for c in p.cards}
            assert shown <= public_cards(after) | mine | own | public_cards(state), s


def test_ba17_events_show_projects_only_to_their_seat_until_the_first_trick_ends():
    seen_hidden = 0
    for seed in range(6):
        for state, seat, action, after, events in steps(seed):
            for e in events:
                if e.audience is None:
                    public = public_cards(state) | public_cards(after) | {str(action)}
                    assert set(CARD.findall(str(e))) <= public, str(e)
                else:
                    seen_hidden += 1
                    assert e.audience == frozenset({seat}) and str(action) in str(e)
    assert seen_hidden > 0


def test_ba1_outcome_partners_score_alike_and_results_by_team():
    final = list(steps(2))[-1][3]
    out = GAME.outcome(final)
    assert out is not None
    assert out.scores[0] == out.scores[2] and out.scores[1] == out.scores[3]
    w = final.winner
    assert out.results[w] == out.results[w + 2] == Result.WIN
    assert out.results[1 - w] == Result.LOSS
    assert [d.label for d in GAME.deal_scores(final)] and all(
        d.label in ("hokum", "sun") for d in GAME.deal_scores(final)
    )
    assert sum(d.points[0] for d in GAME.deal_scores(final)) == out.scores[0]


def test_ba15_resample_keeps_voids_the_bid_card_and_shown_projects():
    rng = random.Random(1)
    options = BalootOptions(strict_trumping=True)
    for state, _, _, _, _ in list(steps(9, options))[::5]:
        d = state.deal
        for seat in range(4):
            again = GAME.resample(state, seat, rng)
            assert GAME.view(again, seat) == GAME.view(state, seat)
            bars = barred(d, options)
            for s in range(4):
                assert not set(again.deal.hands[s]) & bars[s]
                assert known(d, s) <= set(again.deal.hands[s])


def test_ba14_view_json_names_the_game_seat_and_legal_actions():
    state = GAME.new(GAME.default_options(), 5)
    out = GAME.view(state, 0).to_json()
    assert out["game"] == "baloot" and out["seat"] == 0 and out["to_move"] == [0]
    assert out["legal"] == ["pass", "hokum", "sun"]
    assert GAME.view(state, None).to_json()["hand"] is None
    assert "Deal 1" in GAME.describe(GAME.view(state, 0))


def test_ba26_a_whole_random_match_ends_and_replays():
    state = GAME.new(GAME.default_options(), 8)
    moves: list[str] = []
    final = random_play_out(GAME, state, random.Random(8), moves)
    assert GAME.outcome(final) is not None and GAME.audit(final) == ()
    assert max(final.totals) >= 152 or any(d.gahwa for d in final.finished)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(final, 0, GAME.parse_action("pass"))
    assert e.value.rule == "BA-26"


@pytest.mark.parametrize(
    "text", ["", "hokum:X", "sun:S", "1S", "project:sira", "project:nine:7S,8S,9S", "XX"]
)
def test_ba5_malformed_action_texts_are_record_errors(text: str):
    with pytest.raises(RecordError):
        GAME.parse_action(text)


# -- the referee ---------------------------------------------------------------------------


def deal_record(actions: list[str], **extra) -> dict:
    deck = deck_for(3, SUIT_HANDS, 0, "AS")
    return {
        "game": "baloot",
        "dealer": 3,
        "deck": [str(c) for c in deck],
        "actions": actions,
        **extra,
    }


def test_ba5_referee_legal_for_a_fresh_deal_record():
    assert GAME.check_record(deal_record([])) == {"to_move": 0, "legal": ["pass", "hokum", "sun"]}
    answer = GAME.check_record(deal_record(["hokum", "pass", "pass", "pass", "hokum"]))
    assert answer == {"to_move": 1, "legal": ["pass", "double"]}


def test_ba25_referee_scores_a_complete_deal_record():
    # Seat 0 holds every spade and buys Hokum in spades: Kaboot.
    bids = ["hokum", "pass", "pass", "pass", "hokum", "pass", "pass"]
    play = []
    for r in "AJ9TKQ87"[:8]:
        play += [f"{r}S", f"{r}H", f"{r}D", f"{r}C"]
    answer = GAME.score_record(deal_record(bids + play))
    assert answer["complete"] and answer["kaboot"] == 0 and answer["points"] == [88 + 2, 0]
    assert answer["buyer"] == 0 and answer["failed"] is False and answer["abnat"] == [162, 0]
    assert GAME.check_record(deal_record(bids + play)) == {"to_move": None, "legal": []}


def test_ba15_referee_illegal_actions_name_their_rule():
    with pytest.raises(IllegalAction) as e:
        GAME.check_record(deal_record(["hokum", "hokum"]))
    assert e.value.rule == "BA-6" and "actions[1]" in e.value.message
    bids = ["hokum", "pass", "pass", "pass", "hokum", "pass", "pass"]
    with pytest.raises(IllegalAction) as e:
        GAME.check_record(deal_record([*bids, "AS", "AS"]))
    assert e.value.rule == "BA-15"


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"game": "baloot", "dealer": 3, "deck": ["7S"] * 32, "actions": []}, "twice"),
        ({"game": "baloot", "dealer": 3, "deck": ["7S"], "actions": []}, "32 cards"),
        ({"game": "baloot", "dealer": 9, "deck": [], "actions": []}, "seat"),
        ({"game": "baloot", "deck": [], "actions": []}, "dealer"),
        ("nope", "JSON object"),
        ({"game": "chess"}, "record.game"),
    ],
)
def test_ba1_referee_malformed_records_are_record_errors(record, words: str):
    with pytest.raises(RecordError) as e:
        GAME.score_record(record)
    assert words in str(e.value)


def test_ba21_referee_match_records_score_as_the_engine():
    final = list(steps(4))[-1][3]
    record = GAME.match_record(final, ["ana", "bo", "cy", "dee"])
    answer = GAME.score_record(json.loads(json.dumps(record)))
    assert answer["totals"] == list(GAME.outcome(final).scores)
    assert answer["complete"] and answer["winner"] == final.winner
    assert GAME.check_record(record)["legal"] == []
    first = GAME.deal_record(final, 1)
    assert GAME.score_record(first)["points"] == [
        GAME.deal_scores(final)[0].points[s] for s in (0, 1)
    ]
    # A deal dealt by the wrong seat.
    bad = {**record, "deals": [{**record["deals"][0], "dealer": 0}]}
    with pytest.raises(IllegalAction) as e:
        GAME.score_record(bad)
    assert e.value.rule == "BA-1"
    # An unfinished last deal answers its legal actions.
    cut = {
        **record,
        "deals": [{**record["deals"][0], "actions": record["deals"][0]["actions"][:3]}],
    }
    assert GAME.check_record(cut)["deal"] == 1 and GAME.check_record(cut)["legal"]


def test_ba12_referee_deal_records_carry_the_totals_for_sun_doubling():
    answer = GAME.check_record(deal_record(["sun"], totals=[120, 40]))
    assert answer == {"to_move": 1, "legal": ["pass", "double"]}
    assert GAME.check_record(deal_record(["sun"]))["to_move"] == 0


def test_the_seats_views_of_one_state_share_their_public_part_and_keep_their_own():
    # A server builds every seat's view after each action: the public part is made once
    # per state, and each seat's own keys (its hand, projects, legal actions) stay its own.
    moves = list(steps(4))
    for _, _, _, after, _ in moves[:: max(1, len(moves) // 12)]:
        views = [GAME.view(after, s).to_json() for s in (0, 1, 2, 3, None)]
        for key in ("to_move", "hand_counts", "tricks", "totals", "history"):
            assert all(v[key] is views[0][key] for v in views), key
        for s, v in enumerate(views[:4]):
            assert v["seat"] == s
            assert v["hand"] == [str(c) for c in after.deal.hands[s]]
            assert v["my_projects"] == [str(p) for p in after.deal.projects[s]]
        assert views[4]["hand"] is None and views[4]["my_projects"] == []
