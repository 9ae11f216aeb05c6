"""Hearts Are Trumps' hint says why, not where (docs/hints.md): the client shows the
placement on the action line, so the reason's words never spell it out again; what they
say instead is how often the attacker takes the opponent's loot and the defender keeps
the seat's own (``attacker_wins``, ``defender_holds``, in percent), and the value."""

from __future__ import annotations

import random
import re
from itertools import islice
from pathlib import Path

from bolola import registry
from bolola.bots.base import Budget
from bolola.bots.hearts_trumps.hint import CLOSE, PLACE, battle_odds, battles, hint
from bolola.bots.hearts_trumps.knowledge import JOKER, Knowledge, card_int
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
