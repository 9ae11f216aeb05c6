"""Hearts Are Trumps' hint says why, not where (docs/hints.md): the client shows the
placement on the action line, so the reason's words never spell it out again; what they
say instead is how often the attacker takes the opponent's loot and the defender keeps
the seat's own (``attacker_wins``, ``defender_holds``, in percent), and the value; its
fact counts the unseen cards that beat the attacker and the defender, and how often the
opponent held one in the same sampled hands, so the two never tell different stories."""

from __future__ import annotations

import random
import re
from itertools import islice
from pathlib import Path

from bolola import registry
from bolola.bots.base import Budget
from bolola.bots.hearts_trumps.hint import (
    CLOSE,
    ODDS,
    PLACE,
    battle_odds,
    battles,
    hint,
    percent,
    sample_battles,
)
from bolola.bots.hearts_trumps.knowledge import JOKER, STRENGTH, Knowledge, card_int
from bolola.cards import Card
from playing import Step, options_of, playout

ROOT = Path(__file__).resolve().parents[2]
HINTS_TS = ROOT / "client/src/lib/lang/hints.ts"
GAME = registry.find("hearts-trumps")


def test_ht10_joker_against_joker_goes_with_the_other_battle() -> None:
    assert battles(10, 3, 5, 4) == (True, False)
    assert battles(3, 10, 5, 4) == (False, True)
    # Own attacker against their defender, both jokers: as the other battle went.
    assert battles(99, 10, 5, 99) == (True, True)
    assert battles(99, 3, 5, 99) == (False, False)
    # Own defender against their attacker, both jokers: likewise.
    assert battles(10, 99, 99, 4) == (True, True)
    assert battles(3, 99, 99, 4) == (False, False)


def test_both_jokers_placed_win_and_keep_every_time() -> None:
    # Both jokers in the own hand: no unseen card beats either (HT-9).
    hand = tuple(sorted((card_int(Card.parse("2S")), JOKER, JOKER)))
    unseen = tuple(c for c in range(52) if c not in hand)
    k = Knowledge(
        seat=0,
        hand=hand,
        unseen=unseen,
        hidden=hand,
        opponent_cards=3,
        lead=0,
        battles_left=2,
        hand_no=9,
    )
    chosen = (card_int(Card.parse("2S")), JOKER, JOKER)
    weights = [0.5, 0.2, 0.1, 0.1, 0.05, 0.05]
    assert battle_odds(k, chosen, weights, 8, random.Random(1)) == (100, 100)
    # The plain card fighting instead loses some of them.
    weaker = (JOKER, card_int(Card.parse("2S")), JOKER)
    wins, holds = battle_odds(k, weaker, weights, 8, random.Random(1))
    assert wins < 100 and holds == 100


def test_a_valued_hint_says_how_often_it_wins_and_keeps_loot() -> None:
    budget = Budget(samples=4, seconds=60.0)
    seen = 0
    for variant in range(3):
        steps = islice(playout(GAME, options_of(GAME, variant), 40 + variant), 60)
        for n, step in enumerate(s for s in steps if isinstance(s, Step) and len(s.legal) > 1):
            got = hint(GAME.view(step.state, step.seat), step.legal, n, budget)
            if got.reason not in (PLACE, CLOSE):
                continue
            seen += 1
            for key in ("attacker_wins", "defender_holds"):
                value = got.vars[key]
                assert isinstance(value, int) and 0 <= value <= 100, got
            # The placement stays in the variables (the server's tests, older clients).
            assert got.vars["action"] == str(got.action)
            loot, attacker, defender = str(got.action).split("/")
            assert (got.vars["loot"], got.vars["attacker"], got.vars["defender"]) == (
                loot,
                attacker,
                defender,
            )
    assert seen >= 5, seen


def _phrases(key: str) -> dict[str, str]:
    """``hint_<key>`` in each language of the client's hint phrases."""
    text = HINTS_TS.read_text(encoding="utf-8")
    blocks = re.split(r"\nconst (es|en|ar)\b", text)[1:]
    out: dict[str, str] = {}
    for lang, block in zip(blocks[::2], blocks[1::2], strict=True):
        found = re.search(rf"\bhint_{key}:\s*(['\"])(.*?)\1,\n", block, re.S)
        assert found, (lang, key)
        out[lang] = found.group(2)
    return out


def test_the_reason_never_names_the_placement_the_action_line_shows() -> None:
    for key in (PLACE, CLOSE):
        phrases = _phrases(key)
        assert set(phrases) == {"es", "en", "ar"}
        for lang, phrase in phrases.items():
            names = set(re.findall(r"\{(\w+)\}", phrase))
            assert not names & {"action", "loot", "attacker", "defender"}, (lang, key, phrase)
            assert {"attacker_wins", "defender_holds", "expected", "next"} <= names, (lang, key)


def test_a_share_is_a_certainty_only_when_it_is_one() -> None:
    assert percent(48, 48) == 100
    assert percent(0, 48) == 0
    # 99.6 % and 0.4 % round to 99 and 1: never said as a certainty either way.
    assert percent(47.8, 48) == 99
    assert percent(0.2, 48) == 1
    assert percent(24, 48) == 50
    # Weights that add up to one only up to float noise still make a certainty.
    assert percent(0.1 + 0.2 + 0.7, 1.0) == 100
    assert percent(3, 0) == 0


def _knowledge(hand: tuple[int, ...], opponent_cards: int = 3) -> Knowledge:
    jokers = (JOKER,) * (2 - hand.count(JOKER))
    unseen = (*(c for c in range(52) if c not in hand), *jokers)
    return Knowledge(
        seat=0,
        hand=hand,
        unseen=unseen,
        hidden=hand,
        opponent_cards=opponent_cards,
        lead=0,
        battles_left=2,
        hand_no=9,
    )


def test_the_fact_counts_the_sampled_hands_that_held_a_stronger_card() -> None:
    weights = [0.5, 0.2, 0.1, 0.1, 0.05, 0.05]
    kc, two, nine = (card_int(Card.parse(c)) for c in ("KC", "2S", "9S"))
    k = _knowledge(tuple(sorted((two, kc, nine))))
    got = sample_battles(k, (two, kc, nine), weights, 40, random.Random(3))
    assert got.samples == 40
    assert 0 < got.attacker_held <= got.defender_held <= got.samples
    # The same hands as battle_odds: the reason's shares and the fact's counts agree.
    assert (got.wins, got.holds) == battle_odds(k, (two, kc, nine), weights, 40, random.Random(3))
    # A joker attacker: no card is stronger (the other joker only ties, HT-10).
    joker = sample_battles(
        _knowledge(tuple(sorted((two, JOKER, nine)))),
        (two, JOKER, nine),
        weights,
        40,
        random.Random(3),
    )
    assert joker.attacker_held == 0


def test_a_certain_attacker_and_the_cards_that_beat_it_tell_one_story() -> None:
    """Over real play: a share of 100 (or less) and the fact's counts agree. Where the
    opponent never held a card stronger than a plain attacker, the attacker wins every
    time; where it loses at all, the opponent held one in some sampled hand; the counts
    are of the same sampled hands, and a card that beats the attacker is among the
    unseen ones the fact counts."""
    budget = Budget(samples=6, seconds=60.0)
    seen = certain_yet_beatable = 0
    for variant in range(3):
        steps = islice(playout(GAME, options_of(GAME, variant), 70 + variant), 80)
        for n, step in enumerate(s for s in steps if isinstance(s, Step) and len(s.legal) > 1):
            got = hint(GAME.view(step.state, step.seat), step.legal, n, budget)
            if got.reason not in (PLACE, CLOSE) or got.fact is None:
                continue
            seen += 1
            assert got.fact.key == ODDS
            f = got.fact.vars
            wins = got.vars["attacker_wins"]
            samples, held, beaten = f["samples"], f["attacker_held"], f["attacker_beaten"]
            assert isinstance(samples, int) and isinstance(held, int)
            assert isinstance(beaten, int) and isinstance(wins, int)
            assert 1 <= samples <= 6 and 0 <= held <= samples
            assert held == 0 or beaten > 0, got
            plain = STRENGTH[card_int(Card.parse(str(f["attacker"])))] < STRENGTH[JOKER]
            if plain and held == 0:
                assert wins == 100, got
            if plain and wins < 100:
                assert held > 0, got
            certain_yet_beatable += wins == 100 and beaten > 0 and held > 0
    assert seen >= 5, seen
    # The case a new player found contradictory is common: the fact now says it.
    assert certain_yet_beatable >= 1, seen
